import { Trans, useLingui } from '@lingui/react/macro'
import { useTitle } from '../../lib/use-title'
import { STORE } from './store'

export function PrivacyPage() {
  const { t } = useLingui()
  useTitle(t`Privacy Policy`)
  const { name: store, email } = STORE
  return (
    <div className="container py-5 prose">
      <h1 className="page-title">
        <Trans>Privacy Policy</Trans>
      </h1>
      <p className="text-muted">
        <Trans>How {store} handles your personal information.</Trans>
      </p>

      <h2>
        <Trans>What we collect</Trans>
      </h2>
      <ul>
        <li>
          <Trans>
            Your account details: first name, last name, email address and a securely hashed password.
          </Trans>
        </li>
        <li>
          <Trans>Your orders: the items, prices and the shipping details you give us at checkout.</Trans>
        </li>
        <li>
          <Trans>What you write to us: messages and product reviews.</Trans>
        </li>
        <li>
          <Trans>Your cart, so it is still there when you come back.</Trans>
        </li>
      </ul>

      <h2>
        <Trans>Why we use it</Trans>
      </h2>
      <p>
        <Trans>
          To run your account, deliver and support your orders, answer your messages and show your reviews
          (with your first name only). We do not sell your information and we do not use it for advertising.
        </Trans>
      </p>

      <h2>
        <Trans>Who sees it</Trans>
      </h2>
      <p>
        <Trans>
          Our staff see what they need to handle your orders and messages. We share your name, address and
          phone or email with the delivery service only to bring your order to you.
        </Trans>
      </p>

      <h2>
        <Trans>What stays on your device</Trans>
      </h2>
      <p>
        <Trans>
          When you log in, your browser keeps two sign-in tokens in its local storage so you stay logged in.
          Logging out removes them. We use no advertising or tracking cookies.
        </Trans>
      </p>

      <h2>
        <Trans>How long we keep it</Trans>
      </h2>
      <p>
        <Trans>
          Order records are kept as long as the law requires for accounts and tax. Other information is kept
          while your account is open.
        </Trans>
      </p>

      <h2>
        <Trans>Your rights</Trans>
      </h2>
      <p>
        <Trans>
          You can ask to see, correct or delete your personal information by writing to{' '}
          <a href={`mailto:${email}`}>{email}</a>.
        </Trans>
      </p>
    </div>
  )
}
