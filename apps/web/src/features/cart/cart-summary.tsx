import { Plural, Trans } from '@lingui/react/macro'
import type { Cart } from '@store/contract'
import { Link } from 'react-router'
import { Price } from '../../components/price'

/** docs/product.md §2: subtotal with the item count, shipping left for checkout, total, and the way on. */
export function CartSummary({ cart }: { cart: Cart }) {
  const count = cart.item_count
  return (
    <aside className="card summary-card" aria-labelledby="summary-heading">
      <div className="card-body">
        <h2 id="summary-heading" className="h5">
          <Trans>Order Summary</Trans>
        </h2>
        <dl className="summary-lines">
          <div>
            <dt>
              <Trans>
                Subtotal (<Plural value={count} one="# item" other="# items" />)
              </Trans>
            </dt>
            <dd>
              <Price amount={cart.subtotal} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Shipping: Calculated at checkout</Trans>
            </dt>
            <dd />
          </div>
          <div className="summary-total">
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>
              <Price amount={cart.subtotal} />
            </dd>
          </div>
        </dl>
        <Link to="/checkout" className="btn btn-primary btn-lg w-100">
          <Trans>Proceed to Checkout</Trans>
        </Link>
      </div>
    </aside>
  )
}
