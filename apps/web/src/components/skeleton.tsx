/**
 * Loading stand-ins with the footprint of what they stand for, so nothing moves when the data
 * arrives. Each says what is loading to screen readers, like `Loading`.
 */

/** One grey product card: a 4:3 picture, then the lines of the card's body. */
function CardSkeleton() {
  return (
    <div className="card product-card skeleton-card">
      <div className="product-card-media skeleton" />
      <div className="card-body">
        <span className="skeleton skeleton-line w-25" />
        <span className="skeleton skeleton-line skeleton-title" />
        <span className="skeleton skeleton-line w-50" />
        <span className="skeleton skeleton-line skeleton-button" />
      </div>
    </div>
  )
}

/** A product grid's worth of grey cards, in the same grid as the real ones. */
export function ProductGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}</span>
      <div className="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical, never reordered
          <CardSkeleton key={index} />
        ))}
      </div>
    </div>
  )
}

/** The top of a product page while it loads: breadcrumb, the 4:3 picture and the facts beside it. */
export function ProductPageSkeleton({ label }: { label: string }) {
  return (
    <div className="container py-4" role="status">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">
        <span className="skeleton skeleton-line skeleton-breadcrumb" />
        <div className="row g-4 g-lg-5">
          <div className="col-lg-6">
            <div className="ratio ratio-4x3 gallery-main skeleton" />
          </div>
          <div className="col-lg-6">
            <span className="skeleton skeleton-line w-25" />
            <span className="skeleton skeleton-line skeleton-heading" />
            <span className="skeleton skeleton-line w-50" />
            <span className="skeleton skeleton-line skeleton-price" />
            <span className="skeleton skeleton-line w-75" />
            <span className="skeleton skeleton-line" />
            <span className="skeleton skeleton-line w-75" />
          </div>
        </div>
      </div>
    </div>
  )
}
