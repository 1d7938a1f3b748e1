import type { Cart } from '@store/contract'
import { Link } from 'react-router'
import { Price } from '../../components/price'

/** SPEC §2: subtotal with the item count, shipping left for checkout, total, and the way on. */
export function CartSummary({ cart }: { cart: Cart }) {
  return (
    <aside className="card summary-card" aria-labelledby="summary-heading">
      <div className="card-body">
        <h2 id="summary-heading" className="h5">
          Order Summary
        </h2>
        <dl className="summary-lines">
          <div>
            <dt>
              Subtotal ({cart.item_count} {cart.item_count === 1 ? 'item' : 'items'})
            </dt>
            <dd>
              <Price amount={cart.subtotal} />
            </dd>
          </div>
          <div>
            <dt>Shipping: Calculated at checkout</dt>
            <dd />
          </div>
          <div className="summary-total">
            <dt>Total</dt>
            <dd>
              <Price amount={cart.subtotal} />
            </dd>
          </div>
        </dl>
        <Link to="/checkout" className="btn btn-primary btn-lg w-100">
          Proceed to Checkout
        </Link>
      </div>
    </aside>
  )
}
