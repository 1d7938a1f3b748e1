import type { Order, OrderEvent } from '@store/contract'
import { formatCalendarDate, formatDateTime } from '../lib/format'
import { PAYMENT_STATUS_LABELS } from './status-badge'

/** What one entry changed, read against the entry before it. */
function changesOf(event: OrderEvent, previous: OrderEvent | undefined): string[] {
  if (!previous) return ['Order placed']
  const changes: string[] = []
  if (event.status !== previous.status) changes.push(`Status: ${event.status}`)
  if (event.payment_status !== previous.payment_status) {
    changes.push(`Payment: ${PAYMENT_STATUS_LABELS[event.payment_status]}`)
  }
  return changes.length > 0 ? changes : ['Note']
}

/** The delivery estimate as dates, while the order is still on its way. */
export function DeliveryEstimate({ order }: { order: Order }) {
  if (order.status === 'Delivered' || order.status === 'Cancelled') return null
  const { eta_min_date: first, eta_max_date: last } = order
  return (
    <p className="delivery-estimate mb-0">
      <span className="text-muted">Expected delivery: </span>
      <strong>
        <time dateTime={first}>{formatCalendarDate(first)}</time>
        {last !== first && (
          <>
            {' – '}
            <time dateTime={last}>{formatCalendarDate(last)}</time>
          </>
        )}
      </strong>
    </p>
  )
}

/** Every status and payment change of an order, oldest first, with who made it and their note. */
export function OrderTimeline({ order }: { order: Order }) {
  return (
    <section className="card" aria-labelledby="timeline-heading">
      <div className="card-body">
        <h2 id="timeline-heading" className="h5">
          Order timeline
        </h2>
        <DeliveryEstimate order={order} />
        <ol className="order-timeline mt-3 mb-0">
          {order.history.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: history only grows at its end, so a position names one entry
            <li key={index}>
              <span className="fw-semibold d-block">
                {changesOf(event, order.history[index - 1]).join(' · ')}
              </span>
              <span className="text-muted small d-block">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {event.by && ` · by ${event.by.first_name}`}
              </span>
              {event.note && <span className="d-block order-timeline-note">{event.note}</span>}
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
