import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { mayOverridePayments, type Order, PlacedStatus, UpdateOrderBody } from '@store/contract'
import { useState } from 'react'
import { Alert, Form } from 'react-bootstrap'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { SelectField } from '../../../components/select-field'
import { orderStatusLabel } from '../../../components/status-badge'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { useSession } from '../../../data/auth'
import { useUpdateOrder } from '../../../data/orders'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'

/**
 * One change of an order's status, with a note for the timeline. The payment status follows the
 * payments ledger; an owner or a manager may move the order past a payment rule (Processing with an
 * advance due, Delivered with a balance due), saying why. Give it a new `key` when the order changes,
 * so it starts from the order as it is.
 */
export function OrderUpdateForm({ order }: { order: Order }) {
  const { i18n, t } = useLingui()
  const { user } = useSession()
  const id = order.id
  const form = useForm<UpdateOrderBody, unknown, z.output<typeof UpdateOrderBody>>({
    resolver: localResolver(zodResolver(UpdateOrderBody)),
    defaultValues: { status: order.status === 'Draft' ? undefined : order.status, note: '', override: false },
  })
  const [status, override] = useWatch({ control: form.control, name: ['status', 'override'] })
  const [refusal, setRefusal] = useState<string>()
  const update = useUpdateOrder(order.id)

  function submit({ status, note, override }: z.output<typeof UpdateOrderBody>) {
    setRefusal(undefined)
    update.mutate(
      { status, note, ...(override && { override }) },
      {
        onSuccess: () => toast.success(t`Order #${id} updated.`),
        // A 409 says which payment rule stands in the way.
        onError: (error) => setRefusal(showServerErrors(error, form, t`Could not update the order.`)),
      },
    )
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
        {/* A placed order never goes back to Draft. */}
        {PlacedStatus.options.map((value) => (
          <option key={value} value={value}>
            {orderStatusLabel(value, i18n)}
          </option>
        ))}
      </SelectField>
      {mayOverridePayments(user?.role) && (
        <div>
          <Form.Check
            type="checkbox"
            id="order-override"
            label={t`Override the payment rule`}
            aria-describedby="order-override-help"
            {...form.register('override')}
          />
          <Form.Text id="order-override-help" className="d-block">
            <Trans>
              Move the order on although an advance or a balance is still due. Say why in the note.
            </Trans>
          </Form.Text>
        </div>
      )}
      <TextField
        form={form}
        name="note"
        id="order-note"
        label={override ? t`Note (required)` : t`Note (optional)`}
        help={t`Kept on the order's timeline, which the customer sees too.`}
        dir="auto"
        as="textarea"
        rows={3}
        maxLength={500}
      />
      <div>
        <SubmitButton busy={update.isPending} disabled={status === order.status}>
          <Trans>Update Order</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}
