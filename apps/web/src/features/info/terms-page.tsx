import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { isolated } from '../../lib/i18n'
import { useTitle } from '../../lib/use-title'
import { STORE } from './store'

export function TermsPage() {
  const { t } = useLingui()
  useTitle(t`Terms of Service`)
  const { name: store, email } = STORE
  const address = isolated(STORE.address.join(', '))
  const phone = isolated(STORE.phone)
  return (
    <div className="container py-5 prose">
      <h1 className="page-title">
        <Trans>Terms of Service</Trans>
      </h1>
      <p className="text-muted">
        <Trans>These terms apply to every order placed on this website.</Trans>
      </p>

      <h2>
        <Trans>1. Who we are</Trans>
      </h2>
      <p>
        <Trans>
          This store is run by {store}, {address}. You can reach us at <a href={`mailto:${email}`}>{email}</a>{' '}
          or {phone}.
        </Trans>
      </p>

      <h2>
        <Trans>2. Your account</Trans>
      </h2>
      <p>
        <Trans>
          You need an account to keep a cart, place orders, write reviews and message us. Keep your password
          to yourself; you are responsible for what is done with your account. Tell us at once if you think
          someone else has used it.
        </Trans>
      </p>

      <h2>
        <Trans>3. Prices and products</Trans>
      </h2>
      <p>
        <Trans>
          All prices are in Pakistani rupees (PKR). We take care to describe and photograph every product
          accurately, but natural materials such as wood and leather vary, and colours can look different on
          screens. If a price or description is clearly wrong, we will tell you before we deliver and you may
          cancel.
        </Trans>
      </p>

      <h2>
        <Trans>4. Orders</Trans>
      </h2>
      <p>
        <Trans>
          Placing an order is an offer to buy the items in your cart at the prices shown. An order is accepted
          when we confirm it. We may decline or cancel an order, for example when an item is no longer
          available; if so, we will tell you and you will not be charged. “Buy Now (Contact Seller)” sends us
          a question about a product; it is not an order.
        </Trans>
      </p>

      <h2>
        <Trans>5. Delivery</Trans>
      </h2>
      <p>
        <Trans>
          Standard delivery takes 5–7 business days from confirmation. We will contact you to agree on a
          delivery time for large items. Please check your order on arrival and tell us about any damage
          within 48 hours.
        </Trans>
      </p>

      <h2>
        <Trans>6. Returns</Trans>
      </h2>
      <p>
        <Trans>
          You may return an item within 14 days of delivery if it is in its original condition. Custom-made
          items are made to your order and are non-refundable. See the <Link to="/faq">FAQ</Link> for how to
          start a return.
        </Trans>
      </p>

      <h2>
        <Trans>7. Reviews and messages</Trans>
      </h2>
      <p>
        <Trans>
          Reviews must be your honest opinion of a product you know. Do not post anything unlawful, abusive or
          someone else’s personal information. We may remove reviews that break these rules.
        </Trans>
      </p>

      <h2>
        <Trans>8. Liability</Trans>
      </h2>
      <p>
        <Trans>
          We are responsible for losses that are a foreseeable result of us breaking these terms. Nothing in
          these terms limits your rights under the law of Pakistan.
        </Trans>
      </p>

      <h2>
        <Trans>9. Changes</Trans>
      </h2>
      <p>
        <Trans>
          We may update these terms. The version on this page when you place an order applies to that order.
        </Trans>
      </p>
    </div>
  )
}
