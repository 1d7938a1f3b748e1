import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Money, type Order, ReceiptForm, toPaisa } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import ProgressBar from 'react-bootstrap/ProgressBar'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { PaymentCard, PaymentEntryItem } from '../../components/payment-card'
import { Price } from '../../components/price'
import { SelectField } from '../../components/select-field'
import { LEDGER_METHOD_LABELS } from '../../components/status-badge'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { bankAccountQuery } from '../../data/delivery'
import { type SendReceipt, useSendReceipt } from '../../data/payments'
import { localResolver } from '../../lib/sentences'
import { showServerErrors } from '../../lib/server-errors'
import { toast } from '../../lib/toast'

/** The receipt may be a photo, a screenshot or the bank's PDF. */
const RECEIPT_TYPES = 'image/*,application/pdf'

const aboveZero = (amount: Money) => toPaisa(amount) > 0

/** What the customer is asked to pay now: the advance while one is due, else the balance. */
const amountToPay = (order: Order) => (aboveZero(order.advance_due) ? order.advance_due : order.balance_due)

/**
 * docs/api.md "Money on an order": the customer pays by transfer (or wallet) when they chose bank
 * transfer, and an advance by transfer whatever they chose; nothing once the order is cancelled or paid.
 */
export const awaitsTransfer = (order: Order) =>
  order.status !== 'Cancelled' &&
  (aboveZero(order.advance_due) || aboveZero(order.balance_due)) &&
  (order.payment_method === 'bank_transfer' || aboveZero(order.advance_due))

/** Where to send a bank transfer: the shop's account and the reference to write. */
function BankDetails({ order }: { order: Order }) {
  const account = useQuery(bankAccountQuery())
  if (account.isPending) {
    return (
      <p className="small text-muted mb-0">
        <Trans>Loading the bank details…</Trans>
      </p>
    )
  }
  if (account.isError || !account.data.account_number) {
    return (
      <p className="small mb-0">
        <Trans>Message us for the bank details; we will answer quickly.</Trans>
      </p>
    )
  }
  const { id } = order
  const { bank_name, account_title, account_number, iban, instructions } = account.data
  const due = <Price amount={amountToPay(order)} exact className="fw-semibold" />
  return (
    <div>
      <p className="mb-2">
        {aboveZero(order.advance_due) ? (
          <Trans>Pay the advance of {due} to:</Trans>
        ) : (
          <Trans>Transfer {due} to:</Trans>
        )}
      </p>
      <dl className="bank-details small">
        <dt>
          <Trans>Bank</Trans>
        </dt>
        <dd>{bank_name}</dd>
        <dt>
          <Trans>Account title</Trans>
        </dt>
        <dd>{account_title}</dd>
        <dt>
          <Trans>Account number</Trans>
        </dt>
        <dd className="font-monospace">
          <bdi dir="ltr">{account_number}</bdi>
        </dd>
        {iban && (
          <>
            <dt>
              <Trans>IBAN</Trans>
            </dt>
            <dd className="font-monospace">
              <bdi dir="ltr">{iban}</bdi>
            </dd>
          </>
        )}
        <dt>
          <Trans>Reference</Trans>
        </dt>
        <dd>
          <Trans>Order #{id}</Trans>
        </dd>
      </dl>
      {instructions && (
        <p className="small text-muted mb-0" dir="auto">
          {instructions}
        </p>
      )}
    </div>
  )
}

/**
 * The transfer's receipt: how much, how, its reference and the file, sent as a pending entry for staff
 * to check, by `send` (the signed-in order page's, or a review link's). Give it a new `key` when the
 * ledger grows, so it starts again from what is now due.
 */
function ReceiptUpload({ order, send }: { order: Order; send: SendReceipt }) {
  const { t } = useLingui()
  // The file is part of the form, beside the contract's text fields of the multipart route.
  const schema = useMemo(
    () =>
      ReceiptForm.extend({
        proof: z.custom<FileList>(
          (files) => files instanceof FileList && files.length === 1,
          t`Choose the photo or PDF of the receipt.`,
        ),
      }),
    [t],
  )
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: localResolver(zodResolver(schema)),
    defaultValues: {
      amount: String(Number(amountToPay(order))),
      method: 'bank_transfer',
      reference: '',
    },
  })
  const [progress, setProgress] = useState<number | null>(null)
  const [refusal, setRefusal] = useState<string>()

  const submit = form.handleSubmit(({ proof, ...fields }) => {
    const file = proof.item(0)
    if (!file) return
    setRefusal(undefined)
    setProgress(0)
    send.mutate(
      { fields, proof: file, onProgress: setProgress },
      {
        onSuccess: () => toast.success(t`Receipt sent. We will check it and confirm your payment soon.`),
        onError: (error) =>
          setRefusal(showServerErrors(error, form, t`Could not send the receipt. Try again.`)),
        onSettled: () => setProgress(null),
      },
    )
  })

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3" aria-labelledby="receipt-heading">
      <h3 id="receipt-heading" className="h6 mb-0">
        <Trans>Send your receipt</Trans>
      </h3>
      {refusal && (
        <Alert variant="danger" className="small mb-0">
          {refusal}
        </Alert>
      )}
      <div className="row g-3">
        <TextField
          form={form}
          name="amount"
          id="receipt-amount"
          label={t`Amount (PKR)`}
          inputMode="decimal"
          autoComplete="off"
          className="col-sm-6 col-lg-12"
        />
        <SelectField
          form={form}
          name="method"
          id="receipt-method"
          label={t`Paid by`}
          className="col-sm-6 col-lg-12"
        >
          <option value="bank_transfer">{LEDGER_METHOD_LABELS.bank_transfer}</option>
          <option value="wallet">{LEDGER_METHOD_LABELS.wallet}</option>
        </SelectField>
      </div>
      <TextField
        form={form}
        name="reference"
        id="receipt-reference"
        label={t`Transfer reference`}
        help={t`The transaction ID on your bank's or wallet's receipt.`}
        dir="auto"
        autoComplete="off"
        maxLength={100}
      />
      <TextField
        form={form}
        name="proof"
        id="receipt-file"
        label={t`Receipt`}
        type="file"
        accept={RECEIPT_TYPES}
        help={t`A photo, screenshot or PDF of the transfer, up to 10 MB.`}
      />
      {progress !== null && <ProgressBar now={progress * 100} aria-label={t`Upload progress`} />}
      <div>
        <SubmitButton busy={send.isPending}>
          <Trans>Send receipt</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

/**
 * The order's payments and, while a transfer is awaited, where to pay and the receipt's form sent by
 * `send`. A review link shows the entries without their files (a receipt needs the account's sign-in).
 */
export function TransferPayment({
  order,
  send,
  receiptLinks = true,
}: {
  order: Order
  send: SendReceipt
  receiptLinks?: boolean
}) {
  const awaited = awaitsTransfer(order)
  return (
    <PaymentCard
      order={order}
      entries={order.payments.map((entry) => (
        <PaymentEntryItem
          key={entry.id}
          orderId={order.id}
          entry={receiptLinks ? entry : { ...entry, proof: null }}
        />
      ))}
    >
      {awaited && <BankDetails order={order} />}
      {awaited && <ReceiptUpload key={order.payments.length} order={order} send={send} />}
    </PaymentCard>
  )
}

/** The signed-in customer's payments of their order. */
export function OrderPayment({ order }: { order: Order }) {
  return <TransferPayment order={order} send={useSendReceipt(order.id)} />
}
