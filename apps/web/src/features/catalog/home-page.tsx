import { Trans, useLingui } from '@lingui/react/macro'
import { HOME_COLLECTION_SIZE, IMAGE_SIZES, type Product } from '@store/contract'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import Carousel from 'react-bootstrap/Carousel'
import { Link } from 'react-router'
import { ChatIcon, ReturnIcon, TruckIcon } from '../../components/icons'
import { ProductCard } from '../../components/product-card'
import { ProductImage } from '../../components/product-image'
import { ProductGridSkeleton } from '../../components/skeleton'
import { productListQuery, showcaseQuery } from '../../data/catalog'
import { useTitle } from '../../lib/use-title'

/**
 * docs/product.md §2 and §9: 5000 ms autoplay, fade, one slide at a time, paused on hover (800 ms in
 * styles.css).
 */
const CAROUSEL_INTERVAL_MS = 5000

/** A slide's exact footprint (4:3 picture, eyebrow, two-line title, three-line text, button), empty. */
function ShowcasePlaceholder() {
  return (
    <div className="showcase showcase-placeholder" aria-hidden="true">
      <div className="showcase-slide">
        <div className="showcase-media skeleton" />
        <div className="showcase-text">
          <p className="eyebrow">&nbsp;</p>
          <p className="h2 showcase-title">&nbsp;</p>
          <p className="showcase-description">&nbsp;</p>
          <span className="btn btn-lg btn-primary invisible">
            <Trans>Discover Now</Trans>
          </span>
        </div>
      </div>
    </div>
  )
}

function Showcase({ showcase }: { showcase: UseQueryResult<Product[]> }) {
  const { t } = useLingui()
  if (showcase.isPending) return <ShowcasePlaceholder />
  if (showcase.isError || showcase.data.length === 0) {
    return (
      <section className="hero">
        <div className="hero-text">
          <p className="eyebrow">Comfort Living</p>
          <h2 className="display-6">
            <Trans>Furniture made for the way you live</Trans>
          </h2>
          <p className="lead">
            <Trans>Sofas, beds, tables and lighting, crafted to last and delivered to your door.</Trans>
          </p>
          <Link to="/products" className="btn btn-primary btn-lg">
            <Trans>Shop All Products</Trans>
          </Link>
        </div>
      </section>
    )
  }
  return (
    <Carousel
      fade
      interval={CAROUSEL_INTERVAL_MS}
      pause="hover"
      className="showcase"
      aria-label={t`Featured products`}
      prevLabel={t`Previous`}
      indicatorLabels={showcase.data.map((_, index) => {
        const slide = index + 1
        return t`Slide ${slide}`
      })}
      nextLabel={t`Next`}
      controls={showcase.data.length > 1}
      indicators={showcase.data.length > 1}
    >
      {showcase.data.map(({ name, category, ...product }, index) => (
        <Carousel.Item key={product.id}>
          <div className="showcase-slide">
            <div className="showcase-media">
              <ProductImage
                image={product.images[0]}
                alt={name}
                sizes={IMAGE_SIZES.showcase}
                lazy={index > 0}
                priority={index === 0}
              />
            </div>
            <div className="showcase-text">
              <p className="eyebrow">
                <Trans>Featured · {category}</Trans>
              </p>
              <h2 className="showcase-title">
                <bdi>{name}</bdi>
              </h2>
              <p className="showcase-description" dir="auto">
                {product.description}
              </p>
              <Link
                to={`/product/${product.id}`}
                className="btn btn-primary btn-lg"
                aria-label={t`Discover Now: ${name}`}
              >
                <Trans>Discover Now</Trans>
              </Link>
            </div>
          </div>
        </Carousel.Item>
      ))}
    </Carousel>
  )
}

function Promises() {
  return (
    <ul className="promises">
      <li>
        <TruckIcon size={28} />
        <span>
          <Trans>
            <strong>Standard delivery</strong> in 5–7 business days
          </Trans>
        </span>
      </li>
      <li>
        <ReturnIcon size={28} />
        <span>
          <Trans>
            <strong>14-day returns</strong> on items in original condition
          </Trans>
        </span>
      </li>
      <li>
        <ChatIcon size={28} />
        <span>
          <Trans>
            <strong>Questions?</strong> Message us from any product page
          </Trans>
        </span>
      </li>
    </ul>
  )
}

export function HomePage() {
  const { t } = useLingui()
  useTitle()
  const showcase = useQuery(showcaseQuery())
  const collection = useQuery(productListQuery(null, { page_size: HOME_COLLECTION_SIZE }))
  return (
    <>
      <h1 className="visually-hidden">
        <Trans>Comfort Living: furniture and home furnishings</Trans>
      </h1>
      <div className="container pt-3 pt-lg-4">
        <Showcase showcase={showcase} />
        <Promises />
      </div>
      <section className="container py-4" aria-labelledby="collection-heading">
        <div className="section-heading">
          <h2 id="collection-heading">
            <Trans>Our Collection</Trans>
          </h2>
          <Link to="/products" className="link-brand">
            <Trans>View all products</Trans> <span className="pointing">→</span>
          </Link>
        </div>
        {(collection.isError || showcase.isError) && (
          <div className="alert alert-danger" role="alert">
            <Trans>Could not load products. Please try again later.</Trans>
          </div>
        )}
        {collection.isPending ? (
          <ProductGridSkeleton count={HOME_COLLECTION_SIZE} label={t`Loading products...`} />
        ) : (
          collection.data && (
            <div className="product-grid">
              {/* Below the showcase, so below the fold on a phone: these pictures load lazily. */}
              {collection.data.results.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </div>
          )
        )}
      </section>
    </>
  )
}
