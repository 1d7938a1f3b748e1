import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order, OrderEvent } from '@store/contract'
import { formatCalendarDate, formatDateTime } from '../lib/format'
import { useLanguage } from '../lib/i18n'
import { orderStatusLabel, PAYMENT_STATUS_LABELS } from './status-badge'

/** What one entry changed, read against the entry before it. */
function changesOf(event: OrderEvent, previous: OrderEvent | undefined, i18n: I18n): string[] {
  if (!previous) return [i18n._(msg`Order placed`)]
  const changes: string[] = []
  if (event.status !== previous.status) {
    const status = orderStatusLabel(event.status)
    changes.push(i18n._(msg`Status: ${status}`))
  }
  if (event.payment_status !== previous.payment_status) {
    const payment = PAYMENT_STATUS_LABELS[event.payment_status]
    changes.push(i18n._(msg`Payment: ${payment}`))
  }
  return changes.length > 0 ? changes : [i18n._(msg`Note`)]
}

/** The delivery day (the estimate as dates on older orders), while the order is still on its way. */
export function DeliveryEstimate({ order }: { order: Order }) {
  useLanguage()
  if (order.status === 'Delivered' || order.status === 'Cancelled') return null
  const { eta_min_date: first, eta_max_date: last, delivery_date: day } = order
  if (day) {
    return (
      <p className="delivery-estimate mb-0">
        <span className="text-muted">
          <Trans>Delivery day:</Trans>{' '}
        </span>
        <strong>
          <time dateTime={day}>{formatCalendarDate(day)}</time>
        </strong>
      </p>
    )
  }
  return (
    <p className="delivery-estimate mb-0">
      <span className="text-muted">
        <Trans>Expected delivery:</Trans>{' '}
      </span>
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
  const { i18n, t } = useLingui()
  return (
    <section className="card" aria-labelledby="timeline-heading">
      <div className="card-body">
        <h2 id="timeline-heading" className="h5">
          <Trans>Order timeline</Trans>
        </h2>
        <DeliveryEstimate order={order} />
        <ol className="order-timeline mt-3 mb-0">
          {order.history.map((event, index) => {
            const by = event.by?.first_name
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: history only grows at its end, so a position names one entry
              <li key={index}>
                <span className="fw-semibold d-block">
                  {changesOf(event, order.history[index - 1], i18n).join(' · ')}
                </span>
                <span className="text-muted small d-block">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  {by && <> · {t`by ${by}`}</>}
                </span>
                {event.note && <span className="d-block order-timeline-note">{event.note}</span>}
              </li>
            )
          })}
        </ol>
      </div>
    </section>
  )
}
