import { Trans, useLingui } from '@lingui/react/macro'
import {
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  type UpdateOrderBody,
} from '@store/contract'
import { type FormEvent, useState } from 'react'
import { Alert, Form } from 'react-bootstrap'
import toast from 'react-hot-toast'
import { orderStatusLabel, PAYMENT_STATUS_LABELS } from '../../../components/status-badge'
import { SubmitButton } from '../../../components/submit-button'
import { useUpdateOrder } from '../../../data/orders'
import { ApiError, serverDetail } from '../../../lib/api'

/**
 * One change of an order: its status, its payment status (a receipt checked: paid; money returned:
 * refunded) or both, with a note for the timeline. Only what changed is sent, so the history records
 * exactly that. Give it a new `key` when the order changes, so it starts from the order as it is.
 */
export function OrderUpdateForm({ order }: { order: Order }) {
  const { i18n, t } = useLingui()
  const id = order.id
  const [status, setStatus] = useState<OrderStatus>(order.status)
  const [paymentStatus, setPaymentStatus] = useState<PaymentStatus>(order.payment_status)
  const [note, setNote] = useState('')
  const [refusal, setRefusal] = useState<{ detail: string; note?: string }>()
  const update = useUpdateOrder(order.id)
  const changed = status !== order.status || paymentStatus !== order.payment_status

  function submit(event: FormEvent) {
    event.preventDefault()
    setRefusal(undefined)
    const body: UpdateOrderBody = {
      ...(status !== order.status && { status }),
      ...(paymentStatus !== order.payment_status && { payment_status: paymentStatus }),
      note: note.trim(),
    }
    update.mutate(body, {
      onSuccess: () => toast.success(t`Order #${id} updated.`),
      onError: (error) =>
        setRefusal({
          detail: serverDetail(error) ?? t`Could not update the order.`,
          note: error instanceof ApiError ? error.errors?.note?.[0] : undefined,
        }),
    })
  }

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3" aria-label={t`Update order #${id}`}>
      {refusal && (
        <Alert variant="danger" className="mb-0">
          {refusal.detail}
        </Alert>
      )}
      <Form.Group controlId="order-status">
        <Form.Label>
          <Trans>Status</Trans>
        </Form.Label>
        <Form.Select value={status} onChange={(event) => setStatus(event.target.value as OrderStatus)}>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {orderStatusLabel(value, i18n)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="order-payment-status">
        <Form.Label>
          <Trans>Payment status</Trans>
        </Form.Label>
        <Form.Select
          value={paymentStatus}
          onChange={(event) => setPaymentStatus(event.target.value as PaymentStatus)}
        >
          {PAYMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {PAYMENT_STATUS_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="order-note">
        <Form.Label>
          <Trans>Note (optional)</Trans>
        </Form.Label>
        <Form.Control
          dir="auto"
          as="textarea"
          rows={3}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          isInvalid={Boolean(refusal?.note)}
          aria-describedby="order-note-help"
        />
        <Form.Text id="order-note-help" className="d-block">
          <Trans>Kept on the order's timeline, which the customer sees too.</Trans>
        </Form.Text>
        <Form.Control.Feedback type="invalid">{refusal?.note}</Form.Control.Feedback>
      </Form.Group>
      <div>
        <SubmitButton busy={update.isPending} disabled={!changed}>
          <Trans>Update Order</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}
