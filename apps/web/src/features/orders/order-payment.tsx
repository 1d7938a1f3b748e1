import type { Order } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import ProgressBar from 'react-bootstrap/ProgressBar'
import toast from 'react-hot-toast'
import { PaymentProofImage } from '../../components/payment-proof'
import { Price } from '../../components/price'
import { PAYMENT_METHOD_LABELS, PaymentStatusBadge } from '../../components/status-badge'
import { bankAccountQuery } from '../../data/delivery'
import { useUploadPaymentProof } from '../../data/orders'
import { serverDetail } from '../../lib/api'

/** The same kinds of picture the store takes for products. */
const RECEIPT_TYPES = 'image/jpeg,image/png,image/webp,image/gif'

/** Where to send a bank transfer: the shop's account and the reference to write. */
function BankDetails({ order }: { order: Order }) {
  const account = useQuery(bankAccountQuery())
  if (account.isPending) return <p className="small text-muted">Loading the bank details…</p>
  if (account.isError || !account.data.account_number) {
    return <p className="small">Message us for the bank details; we will answer quickly.</p>
  }
  const { bank_name, account_title, account_number, iban, instructions } = account.data
  return (
    <>
      <p className="mb-2">
        Transfer <Price amount={order.total_price} exact className="fw-semibold" /> to:
      </p>
      <dl className="bank-details small">
        <dt>Bank</dt>
        <dd>{bank_name}</dd>
        <dt>Account title</dt>
        <dd>{account_title}</dd>
        <dt>Account number</dt>
        <dd className="font-monospace">{account_number}</dd>
        {iban && (
          <>
            <dt>IBAN</dt>
            <dd className="font-monospace">{iban}</dd>
          </>
        )}
        <dt>Reference</dt>
        <dd>Order #{order.id}</dd>
      </dl>
      {instructions && <p className="small text-muted">{instructions}</p>}
    </>
  )
}

/** The photo of the transfer's receipt, sent from a phone's camera or files. */
function ReceiptUpload({ order }: { order: Order }) {
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const send = useUploadPaymentProof(order.id)
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault()
        if (!file) return
        setProgress(0)
        send.mutate(
          { image: file, onProgress: setProgress },
          {
            onSuccess: () => {
              toast.success('Receipt uploaded. We will confirm your payment soon.')
              setFile(null)
            },
            onSettled: () => setProgress(null),
          },
        )
      }}
    >
      <Form.Group controlId="receipt">
        <Form.Label>{order.payment_proof_url ? 'Upload a new receipt' : 'Upload your receipt'}</Form.Label>
        <Form.Control
          type="file"
          accept={RECEIPT_TYPES}
          onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <Form.Text>A photo or screenshot of the transfer, up to 10 MB.</Form.Text>
      </Form.Group>
      {send.isError && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {serverDetail(send.error) ?? 'Could not upload the receipt. Try again.'}
        </p>
      )}
      {progress !== null && (
        <ProgressBar now={progress * 100} className="mt-2" aria-label="Upload progress" />
      )}
      <Button type="submit" className="mt-2" disabled={!file || send.isPending}>
        Send receipt
      </Button>
    </Form>
  )
}

/** How the order is paid and, for a bank transfer, where to pay and the receipt. */
export function OrderPayment({ order }: { order: Order }) {
  const awaitingTransfer =
    order.payment_method === 'bank_transfer' &&
    order.status !== 'Cancelled' &&
    (order.payment_status === 'unpaid' || order.payment_status === 'proof_submitted')
  return (
    <section className="card" aria-labelledby="payment-heading">
      <div className="card-body d-grid gap-3">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <h2 id="payment-heading" className="h5 mb-0">
            Payment
          </h2>
          <PaymentStatusBadge status={order.payment_status} />
        </div>
        <p className="mb-0">{PAYMENT_METHOD_LABELS[order.payment_method]}</p>
        {awaitingTransfer && <BankDetails order={order} />}
        <PaymentProofImage order={order} />
        {awaitingTransfer && <ReceiptUpload order={order} />}
      </div>
    </section>
  )
}
