import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { ORDER_STATUSES, type Order, PAYMENT_STATUSES, UpdateOrderBody } from '@store/contract'
import { useState } from 'react'
import { Alert, Form } from 'react-bootstrap'
import { useForm, useWatch } from 'react-hook-form'
import toast from 'react-hot-toast'
import type { z } from 'zod'
import { SelectField } from '../../../components/select-field'
import { orderStatusLabel, PAYMENT_STATUS_LABELS } from '../../../components/status-badge'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { useUpdateOrder } from '../../../data/orders'
import { ApiError, serverDetail } from '../../../lib/api'
import { localResolver } from '../../../lib/sentences'

/**
 * One change of an order: its status, its payment status (a receipt checked: paid; money returned:
 * refunded) or both, with a note for the timeline. Only what changed is sent, so the history records
 * exactly that. Give it a new `key` when the order changes, so it starts from the order as it is.
 */
export function OrderUpdateForm({ order }: { order: Order }) {
  const { i18n, t } = useLingui()
  const id = order.id
  // The form holds both statuses as they are; the contract's schema checks them and the note.
  const form = useForm<UpdateOrderBody, unknown, z.output<typeof UpdateOrderBody>>({
    resolver: localResolver(zodResolver(UpdateOrderBody)),
    defaultValues: { status: order.status, payment_status: order.payment_status, note: '' },
  })
  const [status, paymentStatus] = useWatch({ control: form.control, name: ['status', 'payment_status'] })
  const [refusal, setRefusal] = useState<string>()
  const update = useUpdateOrder(order.id)
  const changed = status !== order.status || paymentStatus !== order.payment_status

  function submit({ status, payment_status, note }: z.output<typeof UpdateOrderBody>) {
    setRefusal(undefined)
    const body: UpdateOrderBody = {
      ...(status !== order.status && { status }),
      ...(payment_status !== order.payment_status && { payment_status }),
      note,
    }
    update.mutate(body, {
      onSuccess: () => toast.success(t`Order #${id} updated.`),
      onError: (error) => {
        setRefusal(serverDetail(error) ?? t`Could not update the order.`)
        const note = error instanceof ApiError ? error.errors?.note?.[0] : undefined
        if (note) form.setError('note', { message: note })
      },
    })
  }

  return (
    <Form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="d-grid gap-3"
      aria-label={t`Update order #${id}`}
    >
      {refusal && (
        <Alert variant="danger" className="mb-0">
          {refusal}
        </Alert>
      )}
      <SelectField form={form} name="status" id="order-status" label={t`Status`}>
        {ORDER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {orderStatusLabel(value, i18n)}
          </option>
        ))}
      </SelectField>
      <SelectField form={form} name="payment_status" id="order-payment-status" label={t`Payment status`}>
        {PAYMENT_STATUSES.map((value) => (
          <option key={value} value={value}>
            {PAYMENT_STATUS_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <TextField
        form={form}
        name="note"
        id="order-note"
        label={t`Note (optional)`}
        help={t`Kept on the order's timeline, which the customer sees too.`}
        dir="auto"
        as="textarea"
        rows={3}
        maxLength={500}
      />
      <div>
        <SubmitButton busy={update.isPending} disabled={!changed}>
          <Trans>Update Order</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}
