import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import Spinner from 'react-bootstrap/Spinner'
import { paymentProofQuery } from '../data/orders'
import { useLanguage } from '../lib/i18n'
import { PAYMENT_METHOD_LABELS, PaymentStatusBadge } from './status-badge'

/** The object URL of a file, revoked when the file changes or the component goes. */
function useObjectUrl(file: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return file ? url : null
}

/** The bank receipt the customer uploaded, seen by them and by staff only. */
function PaymentProofImage({ order }: { order: Order }) {
  const { t } = useLingui()
  const proof = useQuery({ ...paymentProofQuery(order), enabled: Boolean(order.payment_proof_url) })
  const url = useObjectUrl(proof.data)
  if (!order.payment_proof_url) return null
  const { id } = order
  if (proof.isError) {
    return (
      <p className="text-danger small mb-0">
        <Trans>Could not load the receipt.</Trans>
      </p>
    )
  }
  if (!url) return <Spinner animation="border" size="sm" role="status" aria-label={t`Loading the receipt`} />
  return (
    <a href={url} target="_blank" rel="noreferrer" className="payment-proof d-inline-block">
      <img src={url} alt={t`Bank receipt for order #${id}`} className="img-fluid rounded border" />
    </a>
  )
}

/**
 * How an order is paid and where the payment stands and, for a bank transfer, the customer's receipt:
 * the same card for the customer and for staff. The shop adds where to pay (`howToPay`) and the
 * receipt's upload (`children`) while a transfer is awaited.
 */
export function PaymentCard({
  order,
  howToPay,
  children,
}: {
  order: Order
  howToPay?: ReactNode
  children?: ReactNode
}) {
  // The method's label is read as the card draws: it draws again when the reader switches language.
  useLanguage()
  return (
    <section className="card" aria-labelledby="payment-heading">
      <div className="card-body d-grid gap-3">
        <h2 id="payment-heading" className="h5 mb-0">
          <Trans>Payment</Trans>
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
        {order.payment_method === 'bank_transfer' && (
          <>
            {howToPay}
            <div>
              <h3 className="h6">
                <Trans>Receipt</Trans>
              </h3>
              {order.payment_proof_url ? (
                <PaymentProofImage order={order} />
              ) : (
                <p className="text-body-secondary small mb-0">
                  <Trans>No receipt uploaded yet.</Trans>
                </p>
              )}
            </div>
            {children}
          </>
        )}
      </div>
    </section>
  )
}
