import { Trans, useLingui } from '@lingui/react/macro'
import type { Order, PaymentEntry } from '@store/contract'
import { Button } from 'react-bootstrap'
import { PaymentCard, PaymentEntryItem } from '../../../components/payment-card'
import { formatDateTime, formatPrice } from '../../../lib/format'
import { FormDialog, useFormDialog } from '../common/modal-form'
import { type Check, CheckPaymentForm } from './check-payment-form'
import { RecordPaymentForm } from './record-payment-form'

/** Who recorded an entry and who checked it, with their notes; a pending one's Confirm and Reject. */
function StaffDetails({ entry, onCheck }: { entry: PaymentEntry; onCheck(check: Check): void }) {
  const { t } = useLingui()
  const recorder = entry.recorded_by?.first_name
  const checker = entry.checked_by?.first_name
  const checkedAt = entry.checked_at ? formatDateTime(entry.checked_at) : ''
  const { note, check_note: checkNote } = entry
  const amount = formatPrice(entry.amount)
  return (
    <>
      <p className="small text-body-secondary mb-0">
        {recorder ? <Trans>Recorded by {recorder}</Trans> : <Trans>Recorded by a removed account</Trans>}
        {checker && (
          <>
            {' · '}
            <Trans>
              Checked by {checker} on <time dateTime={entry.checked_at ?? undefined}>{checkedAt}</time>
            </Trans>
          </>
        )}
      </p>
      {note && (
        <p className="small mb-0 payment-note" dir="auto">
          <Trans>Note: {note}</Trans>
        </p>
      )}
      {entry.status === 'confirmed' && checkNote && (
        <p className="small mb-0 payment-note" dir="auto">
          <Trans>Check note: {checkNote}</Trans>
        </p>
      )}
      {entry.status === 'pending' && (
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="success"
            aria-label={t`Confirm ${amount}`}
            onClick={() => onCheck({ entry, status: 'confirmed' })}
          >
            <Trans>Confirm</Trans>
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={t`Reject ${amount}`}
            onClick={() => onCheck({ entry, status: 'rejected' })}
          >
            <Trans>Reject</Trans>
          </Button>
        </div>
      )}
    </>
  )
}

/**
 * The back office's view of an order's payments ledger: every entry with who recorded and checked it,
 * the receipts, Confirm and Reject for what waits, the totals, and the form to record money taken or
 * given back.
 */
export function PaymentLedger({ order }: { order: Order }) {
  const dialog = useFormDialog<Check>()
  return (
    <>
      <PaymentCard
        order={order}
        entries={order.payments.map((entry) => (
          <PaymentEntryItem key={entry.id} orderId={order.id} entry={entry}>
            <StaffDetails entry={entry} onCheck={dialog.open} />
          </PaymentEntryItem>
        ))}
      >
        <hr className="my-0" />
        <RecordPaymentForm key={`${order.payments.length} ${order.balance_due}`} order={order} />
      </PaymentCard>
      <FormDialog show={dialog.show} onHide={dialog.close}>
        {dialog.record && <CheckPaymentForm orderId={order.id} check={dialog.record} onDone={dialog.close} />}
      </FormDialog>
    </>
  )
}
