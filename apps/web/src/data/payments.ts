import { type CheckPaymentBody, paths, type ReceiptForm, type RecordPaymentBody } from '@store/contract'
import { queryOptions, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, fetchFile, upload } from '../lib/api'
import { analyticsKeys } from './analytics'
import { orderKeys } from './orders'

/** An order's payments ledger (docs/api.md "Money on an order"): the entries come with the order. */
export const paymentKeys = {
  all: ['payments'] as const,
  /** The receipt of one entry: an entry is never edited, so its file never changes */
  proof: (orderId: number, entryId: number) => [...paymentKeys.all, 'proof', orderId, entryId] as const,
}

/** The receipt of an entry, as a file for an object URL (it needs the Bearer header). */
export const paymentProofQuery = (orderId: number, entryId: number) =>
  queryOptions({
    queryKey: paymentKeys.proof(orderId, entryId),
    queryFn: ({ signal }) =>
      fetchFile(paths.payments.getPaymentEntryProof, { params: { id: orderId, pid: entryId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/**
 * An entry was added or checked: the order's amounts, payment status and history follow from the
 * ledger, so the order (both languages), the order lists and the dashboard's sums are asked again.
 */
function useLedgerChanged(orderId: number) {
  const queryClient = useQueryClient()
  return () => {
    // A payment may issue the invoice, a refund a credit note: the papers are asked again, not waited for.
    void queryClient.invalidateQueries({ queryKey: orderKeys.documents(orderId) })
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
      queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
    ])
  }
}

/** A transfer's receipt as the customer's form sends it: its fields and the file. */
export interface ReceiptUpload {
  fields: ReceiptForm
  proof: File
  onProgress?: (fraction: number) => void
}

/** How a receipt form sends: from the order page (signed in) or through a review link (data/order-review.ts). */
export type SendReceipt = UseMutationResult<unknown, Error, ReceiptUpload>

/** The customer sends a transfer's receipt (an image or a PDF) for staff to check. */
export function useSendReceipt(orderId: number): SendReceipt {
  return useMutation({
    mutationFn: ({ fields, proof, onProgress }: ReceiptUpload) =>
      upload(paths.payments.recordPayment, {
        params: { id: orderId },
        fields,
        files: { proof: [proof] },
        onProgress,
      }),
    onSuccess: useLedgerChanged(orderId),
  })
}

/** Staff record a payment or a refund taken by any method. */
export function useRecordPayment(orderId: number) {
  return useMutation({
    mutationFn: (body: RecordPaymentBody) =>
      call(paths.payments.recordPayment, { params: { id: orderId }, body }),
    onSuccess: useLedgerChanged(orderId),
  })
}

/** Staff confirm or reject a pending entry. */
export function useCheckPayment(orderId: number) {
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: number; body: CheckPaymentBody }) =>
      call(paths.payments.checkPayment, { params: { id: orderId, pid: entryId }, body }),
    onSuccess: useLedgerChanged(orderId),
  })
}
