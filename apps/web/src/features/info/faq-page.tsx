import Accordion from 'react-bootstrap/Accordion'
import { Link } from 'react-router'
import { useTitle } from '../../lib/use-title'
import { STORE } from './store'

/** SPEC §2 and §9: the FAQ covers shipping, returns, furniture care and the showroom. */
export function FaqPage() {
  useTitle('FAQ')
  return (
    <div className="container py-5 narrow-page">
      <h1 className="page-title">Frequently Asked Questions</h1>
      <p className="text-muted">
        Can't find your answer? <Link to="/contact">Contact us</Link>.
      </p>
      <Accordion defaultActiveKey="shipping" className="faq">
        <Accordion.Item eventKey="shipping">
          <Accordion.Header as="h2">How long does shipping take?</Accordion.Header>
          <Accordion.Body>
            Standard shipping takes 5–7 business days from the day your order is confirmed. Large pieces are
            delivered to your door and we will contact you beforehand to agree on a time.
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="returns">
          <Accordion.Header as="h2">What is your return policy?</Accordion.Header>
          <Accordion.Body>
            You can return an item within 14 days of delivery as long as it is in its original condition.
            Custom-made items are made to your order and are non-refundable. To start a return, send us a
            message from your account with your order number.
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="care">
          <Accordion.Header as="h2">How do I care for my furniture?</Accordion.Header>
          <Accordion.Body>
            <ul className="mb-0">
              <li>Dust wood regularly with a soft, dry cloth and wipe spills at once.</li>
              <li>
                Keep furniture out of direct sunlight and away from heaters to prevent fading and cracking.
              </li>
              <li>Use coasters and placemats on wooden and glass surfaces.</li>
              <li>Vacuum upholstery weekly and blot stains; never rub them.</li>
              <li>Turn and plump cushions now and then so they wear evenly.</li>
            </ul>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="showroom">
          <Accordion.Header as="h2">Can I visit your showroom?</Accordion.Header>
          <Accordion.Body>
            Yes. Our showroom is at {STORE.address.join(', ')} and is open {STORE.hours}. Come and sit on the
            sofas, feel the fabrics and see the finishes before you order.
          </Accordion.Body>
        </Accordion.Item>
      </Accordion>
    </div>
  )
}
