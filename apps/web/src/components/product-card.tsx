import { Trans, useLingui } from '@lingui/react/macro'
import { IMAGE_SIZES, type Product } from '@store/contract'
import { Link } from 'react-router'
import { useAddToCart } from '../data/cart'
import { Price } from './price'
import { ProductImage } from './product-image'
import { RatingStars } from './rating-stars'

interface ProductCardProps {
  product: Product
  /** The heading level that keeps the page's outline in order */
  titleAs?: 'h2' | 'h3'
  /** Cards in the first row load at once; the rest wait until scrolled near */
  eager?: boolean
  /** The first card of a page: its picture is likely the page's largest paint */
  priority?: boolean
}

export function ProductCard({
  product,
  titleAs: Title = 'h3',
  eager = false,
  priority = false,
}: ProductCardProps) {
  const { t } = useLingui()
  const { add: addToCart, adding } = useAddToCart()
  // Made-to-order pieces can be bought with none in stock; a piece with options is chosen on its page.
  const unavailable = product.stock <= 0 && product.lead_time_days === 0
  const hasOptions = product.options.length > 0
  const href = `/product/${product.id}`
  const { name } = product

  const add = () => addToCart(product.id)

  return (
    <article className="card product-card h-100">
      <Link to={href} className="product-card-media" tabIndex={-1} aria-hidden="true">
        <ProductImage
          image={product.images[0]}
          alt=""
          sizes={IMAGE_SIZES.card}
          lazy={!eager}
          priority={priority}
        />
        {product.is_on_sale && (
          <span className="product-card-flag">
            <Trans>Sale</Trans>
          </span>
        )}
      </Link>
      <div className="card-body d-flex flex-column">
        <p className="product-card-category">
          <bdi>{product.category}</bdi>
        </p>
        <Title className="product-card-title">
          <Link to={href}>
            <bdi>{product.name}</bdi>
          </Link>
        </Title>
        {product.review_count > 0 && (
          <p className="product-card-rating">
            <RatingStars rating={product.average_rating} />
            <span className="text-muted small ms-1">({product.review_count})</span>
          </p>
        )}
        <div className="mt-auto d-flex align-items-center justify-content-between gap-2 flex-wrap">
          {/* The base price, as the price filters and sorting read it; options may add or take some off. */}
          <Price amount={product.price} className="product-card-price" />
          {hasOptions && !unavailable ? (
            <Link
              to={href}
              className="btn btn-sm btn-outline-primary"
              aria-label={t`Choose options: ${name}`}
            >
              <Trans>Choose options</Trans>
            </Link>
          ) : (
            <button
              type="button"
              className={unavailable ? 'btn btn-sm btn-outline-secondary' : 'btn btn-sm btn-primary'}
              disabled={unavailable || adding}
              onClick={add}
              aria-label={unavailable ? undefined : t`Add to Cart: ${name}`}
            >
              {unavailable ? (
                t`Out of Stock`
              ) : adding ? (
                <>
                  <span className="spinner-border spinner-border-sm" aria-hidden="true" />{' '}
                  <Trans>Adding</Trans>
                </>
              ) : (
                t`Add to Cart`
              )}
            </button>
          )}
        </div>
      </div>
    </article>
  )
}
