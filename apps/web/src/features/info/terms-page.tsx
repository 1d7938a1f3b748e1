import { Link } from 'react-router'
import { useTitle } from '../../lib/use-title'
import { STORE } from './store'

export function TermsPage() {
  useTitle('Terms of Service')
  return (
    <div className="container py-5 prose">
      <h1 className="page-title">Terms of Service</h1>
      <p className="text-muted">These terms apply to every order placed on this website.</p>

      <h2>1. Who we are</h2>
      <p>
        This store is run by {STORE.name}, {STORE.address.join(', ')}. You can reach us at{' '}
        <a href={`mailto:${STORE.email}`}>{STORE.email}</a> or {STORE.phone}.
      </p>

      <h2>2. Your account</h2>
      <p>
        You need an account to keep a cart, place orders, write reviews and message us. Keep your password to
        yourself; you are responsible for what is done with your account. Tell us at once if you think someone
        else has used it.
      </p>

      <h2>3. Prices and products</h2>
      <p>
        All prices are in Pakistani rupees (PKR). We take care to describe and photograph every product
        accurately, but natural materials such as wood and leather vary, and colours can look different on
        screens. If a price or description is clearly wrong, we will tell you before we deliver and you may
        cancel.
      </p>

      <h2>4. Orders</h2>
      <p>
        Placing an order is an offer to buy the items in your cart at the prices shown. An order is accepted
        when we confirm it. We may decline or cancel an order, for example when an item is no longer
        available; if so, we will tell you and you will not be charged. “Buy Now (Contact Seller)” sends us a
        question about a product; it is not an order.
      </p>

      <h2>5. Delivery</h2>
      <p>
        Standard delivery takes 5–7 business days from confirmation. We will contact you to agree on a
        delivery time for large items. Please check your order on arrival and tell us about any damage within
        48 hours.
      </p>

      <h2>6. Returns</h2>
      <p>
        You may return an item within 14 days of delivery if it is in its original condition. Custom-made
        items are made to your order and are non-refundable. See the <Link to="/faq">FAQ</Link> for how to
        start a return.
      </p>

      <h2>7. Reviews and messages</h2>
      <p>
        Reviews must be your honest opinion of a product you know. Do not post anything unlawful, abusive or
        someone else’s personal information. We may remove reviews that break these rules.
      </p>

      <h2>8. Liability</h2>
      <p>
        We are responsible for losses that are a foreseeable result of us breaking these terms. Nothing in
        these terms limits your rights under the law of Pakistan.
      </p>

      <h2>9. Changes</h2>
      <p>
        We may update these terms. The version on this page when you place an order applies to that order.
      </p>
    </div>
  )
}
