import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Alert } from 'react-bootstrap'
import { useParams } from 'react-router'
import { Loading } from '../../../components/loading'
import { locationsQuery, stockLevelsQuery } from '../../../data/stock'
import { BackToList } from '../common/back-to-list'
import { categoriesToEditQuery, productToEditQuery } from '../common/catalog-to-edit'
import { HistoryLink } from '../common/history-link'
import { PageHeader } from '../common/page-header'
import { StockPanel } from '../stock/stock-panel'
import { ProductForm } from './product-form'

const useCategoryChoices = () =>
  useQuery({
    ...categoriesToEditQuery(),
    select: (categories) => categories.map(({ name, name_ur }) => ({ name, name_ur })),
  })

/**
 * Where the product form's stock box makes its change (the first location: docs/api.md "Stock you can
 * trust"), named only when the product is kept at another location too.
 */
function useStockChangedAt(productId: number): string | undefined {
  const levels = useQuery(stockLevelsQuery(productId))
  const locations = useQuery(locationsQuery())
  const [first] = [...(locations.data ?? [])].sort((a, b) => a.id - b.id)
  const elsewhere = levels.data?.by_location.some(
    (place) => place.location_id !== first?.id && place.quantity > 0,
  )
  return first && elsewhere ? first.name : undefined
}

function Frame({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="admin-narrow">
      <BackToList to="/adminuser/products">
        <Trans>← Back to Products List</Trans>
      </BackToList>
      <PageHeader title={title} action={action} />
      {children}
    </div>
  )
}

function LoadFailed() {
  return (
    <Alert variant="danger">
      <Trans>Failed to load product data.</Trans>
    </Alert>
  )
}

function CreateProduct() {
  const { t } = useLingui()
  const categories = useCategoryChoices()
  return (
    <Frame title={t`Create New Product`}>
      {categories.isError ? (
        <LoadFailed />
      ) : categories.data ? (
        <ProductForm categories={categories.data} />
      ) : (
        <Loading />
      )}
    </Frame>
  )
}

function EditProduct({ productId }: { productId: number }) {
  const { t } = useLingui()
  const categories = useCategoryChoices()
  // Staff edit what the server holds now, not a cached copy (options may have changed), in its own
  // texts whatever the reader's language.
  const product = useQuery({ ...productToEditQuery(productId), refetchOnMount: 'always' })
  const stockChangedAt = useStockChangedAt(productId)
  return (
    <Frame
      title={t`Edit Product`}
      action={<HistoryLink entity="product" id={productId} label={t`History of this product`} />}
    >
      {categories.isError || product.isError ? (
        <LoadFailed />
      ) : categories.data && product.data && product.isFetchedAfterMount ? (
        <>
          <ProductForm categories={categories.data} product={product.data} stockChangedAt={stockChangedAt} />
          <StockPanel productId={productId} />
        </>
      ) : (
        <Loading />
      )}
    </Frame>
  )
}

/** docs/product.md §4: create mode without a productId, edit mode with one. */
export function ProductFormPage() {
  const { productId } = useParams()
  return productId === undefined ? (
    <CreateProduct />
  ) : (
    <EditProduct key={productId} productId={Number(productId)} />
  )
}
