import { Trans, useLingui } from '@lingui/react/macro'
import { type Money, type Order, type PaymentEntry, toPaisa } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import Spinner from 'react-bootstrap/Spinner'
import { paymentProofQuery } from '../data/payments'
import { formatDateTime } from '../lib/format'
import { useLanguage } from '../lib/i18n'
import { Price } from './price'
import {
  ENTRY_KIND_LABELS,
  EntryStatusBadge,
  LEDGER_METHOD_LABELS,
  PAYMENT_METHOD_LABELS,
  PaymentStatusBadge,
} from './status-badge'

/** The object URL of a file, revoked when the file changes or the component goes. */
export function useObjectUrl(file: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return file ? url : null
}

/**
 * The receipt of an entry (an image or a PDF), opened in a new tab: it needs the Bearer header, so the
 * link is to the fetched file's object URL.
 */
function ReceiptLink({ orderId, entryId }: { orderId: number; entryId: number }) {
  const { t } = useLingui()
  const proof = useQuery(paymentProofQuery(orderId, entryId))
  const url = useObjectUrl(proof.data)
  if (proof.isError) {
    return (
      <span className="text-danger">
        <Trans>Could not load the receipt.</Trans>
      </span>
    )
  }
  if (!url) return <Spinner animation="border" size="sm" role="status" aria-label={t`Loading the receipt`} />
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <Trans>View receipt</Trans>
    </a>
  )
}

/**
 * One payment or refund of the ledger as the customer and staff both read it: what, how, how much, its
 * reference and where it stands (a rejection with its reason). Staff add their details as `children`.
 */
export function PaymentEntryItem({
  orderId,
  entry,
  children,
}: {
  orderId: number
  entry: PaymentEntry
  children?: ReactNode
}) {
  useLanguage()
  const refund = entry.kind === 'refund'
  const at = formatDateTime(entry.at)
  const { reference, check_note: reason } = entry
  return (
    <li className="payment-entry">
      <div className="d-flex justify-content-between align-items-baseline gap-2">
        <span className="fw-medium text-break">
          {ENTRY_KIND_LABELS[entry.kind]} · {LEDGER_METHOD_LABELS[entry.method]}
        </span>
        <Price
          paisa={refund ? -toPaisa(entry.amount) : toPaisa(entry.amount)}
          exact
          className="fw-semibold text-nowrap"
        />
      </div>
      <div className="d-flex flex-wrap align-items-center column-gap-3 row-gap-1 small">
        <EntryStatusBadge status={entry.status} />
        <time dateTime={entry.at} className="text-body-secondary">
          {at}
        </time>
        {reference && (
          <span>
            <Trans>
              Reference: <bdi>{reference}</bdi>
            </Trans>
          </span>
        )}
        {entry.proof && <ReceiptLink orderId={orderId} entryId={entry.id} />}
      </div>
      {entry.status === 'rejected' && reason && (
        <p className="small text-danger mb-0" dir="auto">
          <Trans>Reason: {reason}</Trans>
        </p>
      )}
      {children}
    </li>
  )
}

const aboveZero = (amount: Money) => toPaisa(amount) > 0

/** What was paid and what is still due, from the confirmed entries (the server sums them). */
function PaymentTotals({ order }: { order: Order }) {
  return (
    <dl className="summary-lines my-0">
      <div>
        <dt>
          <Trans>Paid</Trans>
        </dt>
        <dd>
          <Price amount={order.amount_paid} exact />
        </dd>
      </div>
      {aboveZero(order.advance_due) && (
        <div>
          <dt>
            <Trans>Advance due</Trans>
          </dt>
          <dd>
            <Price amount={order.advance_due} exact />
          </dd>
        </div>
      )}
      <div className="summary-total">
        <dt>
          <Trans>Balance due</Trans>
        </dt>
        <dd>
          <Price amount={order.balance_due} exact />
        </dd>
      </div>
      {aboveZero(order.amount_refunded) && (
        <div>
          <dt>
            <Trans>Refunded</Trans>
          </dt>
          <dd>
            <Price amount={order.amount_refunded} exact />
          </dd>
        </div>
      )}
    </dl>
  )
}

/**
 * An order's payments: how it is paid, where the payment stands, every entry of its ledger (oldest
 * first) and the totals — the same card for the customer and for staff. Each side draws the entries
 * (`entries`, a `PaymentEntryItem` each, staff with their details) and adds its own part below
 * (`children`: where to pay and the receipt form, or staff's record form).
 */
export function PaymentCard({
  order,
  entries,
  children,
}: {
  order: Order
  entries: ReactNode
  children?: ReactNode
}) {
  // The method's label is read as the card draws: it draws again when the reader switches language.
  const { t } = useLingui()
  return (
    <section className="card" aria-labelledby="payments-heading">
      <div className="card-body d-grid gap-3">
        <h2 id="payments-heading" className="h5 mb-0">
          <Trans>Payments</Trans>
        </h2>
        <dl className="summary-lines my-0">
          <div>
            <dt>
              <Trans>Method</Trans>
            </dt>
            <dd>{PAYMENT_METHOD_LABELS[order.payment_method]}</dd>
          </div>
          <div>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              <PaymentStatusBadge status={order.payment_status} />
            </dd>
          </div>
        </dl>
        {order.payments.length > 0 ? (
          <ol className="payment-entries list-unstyled mb-0" aria-label={t`Payments and refunds`}>
            {entries}
          </ol>
        ) : (
          <p className="text-body-secondary small mb-0">
            <Trans>No payments yet.</Trans>
          </p>
        )}
        <PaymentTotals order={order} />
        {children}
      </div>
    </section>
  )
}
