import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { ENTRY_KINDS, LEDGER_METHODS, type Order, RecordPaymentBody, toPaisa } from '@store/contract'
import { useState } from 'react'
import { Alert, Form } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { SelectField } from '../../../components/select-field'
import { ENTRY_KIND_LABELS, LEDGER_METHOD_LABELS } from '../../../components/status-badge'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { useRecordPayment } from '../../../data/payments'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { amountInput } from '../common/amount-input'

/**
 * Staff record money taken or given back by any method (cash on delivery, at the showroom, a card
 * slip, a transfer seen in the bank), confirmed at once. It starts with the balance due, the usual case
 * of a delivery's cash; give it a new `key` when the order's amounts change.
 */
export function RecordPaymentForm({ order }: { order: Order }) {
  const { t } = useLingui()
  const form = useForm<RecordPaymentBody, unknown, z.output<typeof RecordPaymentBody>>({
    resolver: localResolver(zodResolver(RecordPaymentBody)),
    defaultValues: {
      kind: 'payment',
      method: order.payment_method,
      amount: toPaisa(order.balance_due) > 0 ? amountInput(order.balance_due) : '',
      reference: '',
      note: '',
    },
  })
  const [refusal, setRefusal] = useState<string>()
  const record = useRecordPayment(order.id)

  const submit = form.handleSubmit((body) => {
    setRefusal(undefined)
    record.mutate(body, {
      onSuccess: (entry) =>
        toast.success(entry.kind === 'refund' ? t`Refund recorded.` : t`Payment recorded.`),
      onError: (error) => setRefusal(showServerErrors(error, form, t`Could not record it. Try again.`)),
    })
  })

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3" aria-labelledby="record-payment-heading">
      <h3 id="record-payment-heading" className="h6 mb-0">
        <Trans>Record a payment or refund</Trans>
      </h3>
      {refusal && (
        <Alert variant="danger" className="mb-0">
          {refusal}
        </Alert>
      )}
      <div className="row g-3">
        <SelectField form={form} name="kind" id="record-kind" label={t`Kind`} className="col-sm-6 col-md-4">
          {ENTRY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ENTRY_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <SelectField
          form={form}
          name="method"
          id="record-method"
          label={t`Method`}
          className="col-sm-6 col-md-4"
        >
          {LEDGER_METHODS.map((method) => (
            <option key={method} value={method}>
              {LEDGER_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        <TextField
          form={form}
          name="amount"
          id="record-amount"
          label={t`Amount (PKR)`}
          inputMode="decimal"
          autoComplete="off"
          className="col-sm-6 col-md-4"
        />
        <TextField
          form={form}
          name="reference"
          id="record-reference"
          label={t`Reference (optional)`}
          help={t`A transfer's ID, a card slip's number, a receipt book's page.`}
          dir="auto"
          autoComplete="off"
          maxLength={100}
          className="col-sm-6 col-md-12"
        />
      </div>
      <TextField
        form={form}
        name="note"
        id="record-note"
        label={t`Note (optional)`}
        help={t`Needed, from an owner or a manager, to take more than the balance due.`}
        dir="auto"
        as="textarea"
        rows={2}
        maxLength={500}
      />
      <div>
        <SubmitButton busy={record.isPending}>
          <Trans>Add entry</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}
