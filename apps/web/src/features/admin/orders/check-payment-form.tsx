import { zodResolver } from '@hookform/resolvers/zod'
import { useLingui } from '@lingui/react/macro'
import { CheckPaymentBody, type PaymentEntry } from '@store/contract'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { TextField } from '../../../components/text-field'
import { useCheckPayment } from '../../../data/payments'
import { formatPrice } from '../../../lib/format'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { ModalForm } from '../common/modal-form'

export type Check = { entry: PaymentEntry; status: 'confirmed' | 'rejected' }

/**
 * Staff confirm a pending entry (the money arrived) or reject it, saying why: the customer reads the
 * reason on their order. Drawn inside a `FormDialog`, so it starts empty each time it opens.
 */
export function CheckPaymentForm({
  orderId,
  check: { entry, status },
  onDone,
}: {
  orderId: number
  check: Check
  onDone(): void
}) {
  const { t } = useLingui()
  const form = useForm<CheckPaymentBody, unknown, z.output<typeof CheckPaymentBody>>({
    resolver: localResolver(zodResolver(CheckPaymentBody)),
    defaultValues: { status, note: '' },
  })
  const [refusal, setRefusal] = useState<string>()
  const checking = useCheckPayment(orderId)
  const amount = formatPrice(entry.amount)
  const confirming = status === 'confirmed'
  const refund = entry.kind === 'refund'
  const words = confirming
    ? refund
      ? { title: t`Confirm the refund of ${amount}?`, done: t`Refund of ${amount} confirmed.` }
      : { title: t`Confirm the payment of ${amount}?`, done: t`Payment of ${amount} confirmed.` }
    : refund
      ? { title: t`Reject the refund of ${amount}?`, done: t`Refund of ${amount} rejected.` }
      : { title: t`Reject the payment of ${amount}?`, done: t`Payment of ${amount} rejected.` }

  const submit = form.handleSubmit((body) => {
    setRefusal(undefined)
    checking.mutate(
      { entryId: entry.id, body },
      {
        onSuccess: () => {
          toast.success(words.done)
          onDone()
        },
        onError: (error) =>
          setRefusal(showServerErrors(error, form, t`Could not save the check. Try again.`)),
      },
    )
  })

  return (
    <ModalForm
      title={words.title}
      submitLabel={confirming ? t`Confirm` : t`Reject`}
      saving={checking.isPending}
      error={refusal}
      onCancel={onDone}
      onSubmit={submit}
    >
      <TextField
        form={form}
        name="note"
        id="check-note"
        label={confirming ? t`Note (optional)` : t`Reason`}
        help={confirming ? undefined : t`The customer sees it on their order.`}
        dir="auto"
        as="textarea"
        rows={3}
        maxLength={500}
      />
    </ModalForm>
  )
}
