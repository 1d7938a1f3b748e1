import { Trans, useLingui } from '@lingui/react/macro'
import { type Cart, type DeliveryZone, type Money, toPaisa } from '@store/contract'
import Alert from 'react-bootstrap/Alert'
import { ChosenOptions } from '../../components/chosen-options'
import { OrderTotals } from '../../components/order-summary'
import { Price } from '../../components/price'
import { serverDetail } from '../../lib/api'
import { formatCalendarDate } from '../../lib/format'
import { isolated } from '../../lib/i18n'
import { CouponField } from './coupon-field'
import type { CheckoutQuote } from './use-quote'

/** Before the store has priced the delivery, the subtotal is all there is to total. */
const unpriced = (subtotal: Money) => ({
  subtotal,
  discount: '0.00',
  delivery_fee: '0.00',
  cod_fee: '0.00',
  services: [],
  total_price: subtotal,
})

/**
 * The quote's totals once the city is known; before that the subtotal, and the reason when the
 * store refuses the quote (a city without delivery, a coupon that no longer applies).
 */
function QuoteTotals({
  subtotal,
  zone,
  quote,
  floor,
}: {
  subtotal: Money
  zone: DeliveryZone | undefined
  quote: CheckoutQuote
  floor: number
}) {
  const { t } = useLingui()
  const { query, coupon } = quote
  const priced = query.data
  const refusal = query.isError
    ? (serverDetail(query.error) ?? t`Could not work out the delivery. Try again.`)
    : null
  if (!zone || !priced || refusal) {
    return (
      <>
        {refusal && (
          <Alert variant="warning" className="small" role="alert">
            {refusal}
          </Alert>
        )}
        <OrderTotals
          totals={unpriced(subtotal)}
          exact
          deliveryPending={zone ? (refusal ? '—' : t`Working it out…`) : t`Choose your city`}
        />
      </>
    )
  }
  const city = isolated(zone.city)
  const day = formatCalendarDate(priced.delivery_date)
  return (
    <>
      <OrderTotals totals={{ ...priced, coupon_code: priced.coupon?.code ?? coupon }} floor={floor} exact />
      <p className="small text-muted mt-2 mb-0">
        <Trans>
          Delivery to {city} on {day}.
        </Trans>
      </p>
      {toPaisa(priced.advance_due) > 0 && (
        <p className="checkout-advance small fw-semibold mt-2 mb-0">
          <Trans>
            Advance due now <Price amount={priced.advance_due} /> · Balance on delivery{' '}
            <Price amount={priced.balance_due} />
          </Trans>
        </p>
      )}
    </>
  )
}

/** The cart's lines, the coupon and the totals beside the checkout form. */
export function CheckoutSummary({
  cart,
  zone,
  quote,
  floor,
}: {
  cart: Cart
  zone: DeliveryZone | undefined
  quote: CheckoutQuote
  /** The floor the goods go up to, naming the carrying line */
  floor: number
}) {
  return (
    <aside className="card summary-card" aria-labelledby="checkout-summary-heading">
      <div className="card-body">
        <h2 id="checkout-summary-heading" className="h5">
          <Trans>Your Order</Trans>
        </h2>
        <ul className="checkout-items">
          {cart.items.map((item) => (
            <li key={item.id}>
              <span>
                <bdi>{item.product.name}</bdi> <span className="text-muted">× {item.quantity}</span>
                <ChosenOptions options={item.options} />
              </span>
              <Price paisa={toPaisa(item.unit_price) * item.quantity} exact />
            </li>
          ))}
        </ul>
        <div className="coupon-field my-3">
          <CouponField quote={quote} />
        </div>
        <QuoteTotals subtotal={cart.subtotal} zone={zone} quote={quote} floor={floor} />
      </div>
    </aside>
  )
}
