import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import Spinner from 'react-bootstrap/Spinner'
import { paymentProofQuery } from '../data/orders'

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
export function PaymentProofImage({ order }: { order: Order }) {
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
