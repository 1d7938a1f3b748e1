import { useTitle } from '../../lib/use-title'
import { STORE } from './store'

export function PrivacyPage() {
  useTitle('Privacy Policy')
  return (
    <div className="container py-5 prose">
      <h1 className="page-title">Privacy Policy</h1>
      <p className="text-muted">How {STORE.name} handles your personal information.</p>

      <h2>What we collect</h2>
      <ul>
        <li>Your account details: first name, last name, email address and a securely hashed password.</li>
        <li>Your orders: the items, prices and the shipping details you give us at checkout.</li>
        <li>What you write to us: messages and product reviews.</li>
        <li>Your cart, so it is still there when you come back.</li>
      </ul>

      <h2>Why we use it</h2>
      <p>
        To run your account, deliver and support your orders, answer your messages and show your reviews (with
        your first name only). We do not sell your information and we do not use it for advertising.
      </p>

      <h2>Who sees it</h2>
      <p>
        Our staff see what they need to handle your orders and messages. We share your name, address and phone
        or email with the delivery service only to bring your order to you.
      </p>

      <h2>What stays on your device</h2>
      <p>
        When you log in, your browser keeps two sign-in tokens in its local storage so you stay logged in.
        Logging out removes them. We use no advertising or tracking cookies.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Order records are kept as long as the law requires for accounts and tax. Other information is kept
        while your account is open.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask to see, correct or delete your personal information by writing to{' '}
        <a href={`mailto:${STORE.email}`}>{STORE.email}</a>.
      </p>
    </div>
  )
}
