import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import Form from 'react-bootstrap/Form'
import ProgressBar from 'react-bootstrap/ProgressBar'
import { useForm, useWatch } from 'react-hook-form'
import toast from 'react-hot-toast'
import { PaymentCard } from '../../components/payment-card'
import { Price } from '../../components/price'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { bankAccountQuery } from '../../data/delivery'
import { useUploadPaymentProof } from '../../data/orders'
import { serverDetail } from '../../lib/api'

/** The same kinds of picture the store takes for products. */
const RECEIPT_TYPES = 'image/jpeg,image/png,image/webp,image/gif'

/** Where to send a bank transfer: the shop's account and the reference to write. */
function BankDetails({ order }: { order: Order }) {
  const account = useQuery(bankAccountQuery())
  if (account.isPending) {
    return (
      <p className="small text-muted">
        <Trans>Loading the bank details…</Trans>
      </p>
    )
  }
  if (account.isError || !account.data.account_number) {
    return (
      <p className="small">
        <Trans>Message us for the bank details; we will answer quickly.</Trans>
      </p>
    )
  }
  const { id } = order
  const { bank_name, account_title, account_number, iban, instructions } = account.data
  return (
    <>
      <p className="mb-2">
        <Trans>
          Transfer <Price amount={order.total_price} exact className="fw-semibold" /> to:
        </Trans>
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
        <p className="small text-muted" dir="auto">
          {instructions}
        </p>
      )}
    </>
  )
}

/** The photo of the transfer's receipt, sent from a phone's camera or files. */
function ReceiptUpload({ order }: { order: Order }) {
  const { t } = useLingui()
  // The upload is multipart, its contract body empty: the form only holds the chosen file.
  const form = useForm<{ image?: FileList }>()
  const file = useWatch({ control: form.control, name: 'image' })?.[0]
  const [progress, setProgress] = useState<number | null>(null)
  const send = useUploadPaymentProof(order.id)
  return (
    <Form
      onSubmit={form.handleSubmit(({ image }) => {
        const chosen = image?.[0]
        if (!chosen) return
        setProgress(0)
        send.mutate(
          { image: chosen, onProgress: setProgress },
          {
            onSuccess: () => {
              toast.success(t`Receipt uploaded. We will confirm your payment soon.`)
              form.reset()
            },
            onSettled: () => setProgress(null),
          },
        )
      })}
    >
      <TextField
        form={form}
        name="image"
        id="receipt"
        label={order.payment_proof_url ? t`Upload a new receipt` : t`Upload your receipt`}
        type="file"
        accept={RECEIPT_TYPES}
        help={t`A photo or screenshot of the transfer, up to 10 MB.`}
      />
      {send.isError && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {serverDetail(send.error) ?? t`Could not upload the receipt. Try again.`}
        </p>
      )}
      {progress !== null && (
        <ProgressBar now={progress * 100} className="mt-2" aria-label={t`Upload progress`} />
      )}
      <SubmitButton busy={send.isPending} disabled={!file} className="mt-2">
        <Trans>Send receipt</Trans>
      </SubmitButton>
    </Form>
  )
}

/** How the order is paid and, for a bank transfer, where to pay and the receipt's upload. */
export function OrderPayment({ order }: { order: Order }) {
  const awaitingTransfer =
    order.payment_method === 'bank_transfer' &&
    order.status !== 'Cancelled' &&
    (order.payment_status === 'unpaid' || order.payment_status === 'proof_submitted')
  return (
    <PaymentCard order={order} howToPay={awaitingTransfer && <BankDetails order={order} />}>
      {awaitingTransfer && <ReceiptUpload order={order} />}
    </PaymentCard>
  )
}
