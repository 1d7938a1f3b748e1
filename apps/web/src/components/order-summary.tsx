import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Order, type Service, toPaisa } from '@store/contract'
import { Link } from 'react-router'
import { ChosenOptions } from './chosen-options'
import { Price } from './price'
import { ProductImage } from './product-image'

/**
 * An order's items with quantities, unit prices and line totals (counted in paisa, as the server
 * does), then the order's total. The shop links each product to its page; the back office does not
 * send staff out of it.
 */
export function OrderItems({ order, linkProducts }: { order: Order; linkProducts: boolean }) {
  return (
    <section className="card" aria-labelledby="items-heading">
      <div className="card-body">
        <h2 id="items-heading" className="h5">
          <Trans>Items</Trans>
        </h2>
        <ul className="order-items">
          {order.items.map((item) => (
            <li key={item.id}>
              <span className="order-item-image">
                <ProductImage image={item.product.images[0]} alt="" sizes="64px" />
              </span>
              <span className="order-item-name">
                {linkProducts && item.product.id ? (
                  <Link to={`/product/${item.product.id}`}>
                    <bdi>{item.product.name}</bdi>
                  </Link>
                ) : (
                  <bdi>{item.product.name}</bdi>
                )}
                <ChosenOptions options={item.options} />
                <span className="d-block text-muted small">
                  {item.quantity} × <Price amount={item.price} />
                </span>
              </span>
              <Price paisa={toPaisa(item.price) * item.quantity} className="fw-semibold text-nowrap" />
            </li>
          ))}
        </ul>
        <OrderTotals totals={order} floor={order.floor} />
      </div>
    </section>
  )
}

type Totals = Pick<
  Order,
  'subtotal' | 'discount' | 'delivery_fee' | 'cod_fee' | 'total_price' | 'services'
> & {
  coupon_code?: string | null
}

/** A service's line: assembly, or carrying up the floors without a lift. */
function ServiceName({ service, floor }: { service: Service; floor: number }) {
  const { t } = useLingui()
  return service.code === 'assembly'
    ? t`Assembly`
    : t`Carrying up ${plural(floor, { one: '# floor', other: '# floors' })}`
}

/**
 * Subtotal, discount, delivery, COD fee, the services and total, as the quote priced them: the checkout
 * shows a quote's and the order pages the order's, so both read alike. Until the checkout has a quote,
 * the delivery line says why it has no fee yet (`deliveryPending`). `floor` names the floors carried up.
 */
export function OrderTotals({
  totals,
  floor = 0,
  exact,
  deliveryPending,
}: {
  totals: Totals
  floor?: number
  exact?: boolean
  deliveryPending?: string
}) {
  const { t } = useLingui()
  const code = totals.coupon_code
  const discounted = toPaisa(totals.discount) > 0
  const codFee = toPaisa(totals.cod_fee) > 0
  return (
    <dl className="summary-lines mb-0">
      <div>
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>
          <Price amount={totals.subtotal} exact={exact} />
        </dd>
      </div>
      {discounted && (
        <div className="text-success">
          <dt>{totals.coupon_code ? t`Discount (${code})` : t`Discount`}</dt>
          <dd>
            <Price paisa={-toPaisa(totals.discount)} exact={exact} />
          </dd>
        </div>
      )}
      <div>
        <dt>
          <Trans>Delivery</Trans>
        </dt>
        {deliveryPending ? (
          <dd className="text-muted fw-normal">{deliveryPending}</dd>
        ) : (
          <dd>
            {toPaisa(totals.delivery_fee) === 0 ? (
              t`Free`
            ) : (
              <Price amount={totals.delivery_fee} exact={exact} />
            )}
          </dd>
        )}
      </div>
      {codFee && (
        <div>
          <dt>
            <Trans>Cash on delivery fee</Trans>
          </dt>
          <dd>
            <Price amount={totals.cod_fee} exact={exact} />
          </dd>
        </div>
      )}
      {totals.services.map((service) => (
        <div key={service.code}>
          <dt>
            <ServiceName service={service} floor={floor} />
          </dt>
          <dd>
            <Price amount={service.fee} exact={exact} />
          </dd>
        </div>
      ))}
      <div className="summary-total">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>
          <Price amount={totals.total_price} exact={exact} />
        </dd>
      </div>
    </dl>
  )
}

/** Where the goods go up to and whether they are put together: "Floor 3, no lift · Assembly". */
function DeliveryNeeds({ order }: { order: Pick<Order, 'floor' | 'lift' | 'assembly'> }) {
  const { t } = useLingui()
  const floor = order.floor
  const where =
    floor === 0 ? t`Ground floor` : order.lift ? t`Floor ${floor}, lift` : t`Floor ${floor}, no lift`
  return <>{order.assembly ? t`${where} · Assembly` : where}</>
}

/** Where the order goes, with the email to reach the customer by (a mailto link for staff). */
export function ShippingAddress({ order, title, mailto }: { order: Order; title: string; mailto: boolean }) {
  return (
    <section className="card" aria-labelledby="shipping-heading">
      <div className="card-body">
        <h2 id="shipping-heading" className="h5">
          {title}
        </h2>
        <address className="mb-0" dir="auto">
          {order.first_name} {order.last_name}
          <br />
          {order.address}
          <br />
          {order.city} {order.postal_code}
          <br />
          {/* A phone number reads left to right in Urdu too: its leading + stays in front. */}
          <span dir="ltr">{mailto ? <a href={`tel:${order.phone}`}>{order.phone}</a> : order.phone}</span>
          <br />
          {mailto ? <a href={`mailto:${order.email}`}>{order.email}</a> : order.email}
        </address>
        <p className="mt-2 mb-0 small">
          <DeliveryNeeds order={order} />
        </p>
      </div>
    </section>
  )
}

/** docs/product.md §2: each order row's 'View Details', named for screen readers by its order. */
export function OrderDetailsLink({ orderId, to, state }: { orderId: number; to: string; state?: unknown }) {
  const { t } = useLingui()
  return (
    <Link
      to={to}
      state={state}
      className="btn btn-sm btn-outline-primary text-nowrap"
      aria-label={t`View Details of order #${orderId}`}
    >
      <Trans>View Details</Trans>
    </Link>
  )
}
