import Alert from 'react-bootstrap/Alert'
import { Link, useParams } from 'react-router'
import { Loading } from '../../components/loading'
import { Price } from '../../components/price'
import { ProductImage } from '../../components/product-image'
import { StatusBadge } from '../../components/status-badge'
import { formatDateTime } from '../../lib/format'
import { useTitle } from '../../lib/use-title'
import { useOrder } from './api'

export function OrderDetailPage() {
  const id = Number(useParams().orderId)
  useTitle(`Order #${id}`)
  const order = useOrder(id)

  const back = (
    <Link to="/orders" className="back-link">
      ← Back to My Orders
    </Link>
  )
  if (order.isPending && Number.isInteger(id) && id > 0) return <Loading label="Loading your order..." />
  if (!order.data) {
    return (
      <div className="container py-4">
        {back}
        <Alert variant="danger" className="mt-3">
          Could not find this order or you do not have permission to view it.
        </Alert>
      </div>
    )
  }
  const { data } = order
  return (
    <div className="container py-4">
      {back}
      <div className="d-flex flex-wrap align-items-center gap-3 mt-2 mb-3">
        <h1 className="page-title mb-0">Order #{data.id}</h1>
        <StatusBadge status={data.status} />
      </div>
      <p className="text-muted">
        Placed on <time dateTime={data.created_at}>{formatDateTime(data.created_at)}</time>
      </p>
      <div className="row g-4">
        <div className="col-lg-8">
          <section className="card" aria-labelledby="items-heading">
            <div className="card-body">
              <h2 id="items-heading" className="h5">
                Items
              </h2>
              <ul className="order-items">
                {data.items.map((item) => (
                  <li key={item.id}>
                    <span className="order-item-image">
                      <ProductImage image={item.product.images[0]} alt="" />
                    </span>
                    <span className="order-item-name">
                      {item.product.id ? (
                        <Link to={`/product/${item.product.id}`}>{item.product.name}</Link>
                      ) : (
                        item.product.name
                      )}
                      <span className="d-block text-muted small">
                        {item.quantity} × <Price amount={item.price} />
                      </span>
                    </span>
                    <Price amount={(Number(item.price) * item.quantity).toFixed(2)} className="fw-semibold" />
                  </li>
                ))}
              </ul>
              <div className="summary-total d-flex justify-content-between">
                <span>Total</span>
                <Price amount={data.total_price} />
              </div>
            </div>
          </section>
        </div>
        <div className="col-lg-4">
          <section className="card" aria-labelledby="shipping-heading">
            <div className="card-body">
              <h2 id="shipping-heading" className="h5">
                Shipping to
              </h2>
              <address className="mb-0">
                {data.first_name} {data.last_name}
                <br />
                {data.address}
                <br />
                {data.city} {data.postal_code}
                <br />
                {data.email}
              </address>
            </div>
          </section>
        </div>
      </div>
    </div>
  )
}
