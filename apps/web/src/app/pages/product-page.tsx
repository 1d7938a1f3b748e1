import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import { Link, useParams } from 'react-router'
import { ProductPageSkeleton } from '../../components/skeleton'
import { productQuery } from '../../data/catalog'
import { ProductDetails } from '../../features/catalog/product-details'
import { ReviewSection } from '../../features/reviews/review-section'
import { useTitle } from '../../lib/use-title'

/** A product page: the catalogue's details with the reviews under them. */
export function ProductPage() {
  const { t } = useLingui()
  const id = Number(useParams().productId)
  const product = useQuery(productQuery(id))
  // The same title as the server's HTML for this address, so the tab does not flicker.
  useTitle(product.data?.name ?? (product.isPending ? null : t`Product not found`))

  if (product.isPending && Number.isInteger(id) && id > 0)
    return <ProductPageSkeleton label={t`Loading product...`} />
  if (!product.data) {
    return (
      <div className="container py-5">
        <Alert variant="danger">
          <Trans>Product not found or an error occurred.</Trans>
        </Alert>
        <Link to="/products">
          <Trans>Browse all products</Trans>
        </Link>
      </div>
    )
  }
  return (
    <div className="container py-4">
      <nav aria-label={t`Breadcrumb`} className="mb-3">
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to="/">
              <Trans>Home</Trans>
            </Link>
          </li>
          <li className="breadcrumb-item">
            <Link to="/products">
              <Trans>Products</Trans>
            </Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            <bdi>{product.data.name}</bdi>
          </li>
        </ol>
      </nav>
      {/* A new product starts with no choices, no inquiry and no open review form. */}
      <ProductDetails key={product.data.id} product={product.data} />
      <ReviewSection key={product.data.id} productId={id} reviews={product.data.reviews} />
    </div>
  )
}
