import { Trans, useLingui } from '@lingui/react/macro'
import Accordion from 'react-bootstrap/Accordion'
import { Link } from 'react-router'
import { isolated } from '../../lib/i18n'
import { useTitle } from '../../lib/use-title'
import { STORE } from './store'

/** docs/product.md §2 and §9: the FAQ covers shipping, returns, furniture care and the showroom. */
export function FaqPage() {
  const { t } = useLingui()
  useTitle(t`FAQ`)
  const address = isolated(STORE.address.join(', '))
  const hours = t(STORE.hours)
  return (
    <div className="container py-5 narrow-page">
      <h1 className="page-title">
        <Trans>Frequently Asked Questions</Trans>
      </h1>
      <p className="text-muted">
        <Trans>
          Can't find your answer? <Link to="/contact">Contact us</Link>.
        </Trans>
      </p>
      <Accordion defaultActiveKey="shipping" className="faq">
        <Accordion.Item eventKey="shipping">
          <Accordion.Header as="h2">
            <Trans>How long does shipping take?</Trans>
          </Accordion.Header>
          <Accordion.Body>
            <Trans>
              Standard shipping takes 5–7 business days from the day your order is confirmed. Large pieces are
              delivered to your door and we will contact you beforehand to agree on a time.
            </Trans>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="returns">
          <Accordion.Header as="h2">
            <Trans>What is your return policy?</Trans>
          </Accordion.Header>
          <Accordion.Body>
            <Trans>
              You can return an item within 14 days of delivery as long as it is in its original condition.
              Custom-made items are made to your order and are non-refundable. To start a return, send us a
              message from your account with your order number.
            </Trans>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="care">
          <Accordion.Header as="h2">
            <Trans>How do I care for my furniture?</Trans>
          </Accordion.Header>
          <Accordion.Body>
            <ul className="mb-0">
              <li>
                <Trans>Dust wood regularly with a soft, dry cloth and wipe spills at once.</Trans>
              </li>
              <li>
                <Trans>
                  Keep furniture out of direct sunlight and away from heaters to prevent fading and cracking.
                </Trans>
              </li>
              <li>
                <Trans>Use coasters and placemats on wooden and glass surfaces.</Trans>
              </li>
              <li>
                <Trans>Vacuum upholstery weekly and blot stains; never rub them.</Trans>
              </li>
              <li>
                <Trans>Turn and plump cushions now and then so they wear evenly.</Trans>
              </li>
            </ul>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="showroom">
          <Accordion.Header as="h2">
            <Trans>Can I visit your showroom?</Trans>
          </Accordion.Header>
          <Accordion.Body>
            <Trans>
              Yes. Our showroom is at {address} and is open {hours}. Come and sit on the sofas, feel the
              fabrics and see the finishes before you order.
            </Trans>
          </Accordion.Body>
        </Accordion.Item>
      </Accordion>
    </div>
  )
}
