import { type OrderReview, paths } from '@store/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, upload } from '../lib/api'
import { orderKeys } from './orders'
import type { ReceiptUpload, SendReceipt } from './payments'

/**
 * The order a review link shows (docs/api.md "Staff orders"), read without signing in: the link's token
 * is the key. A refusal (a wrong or expired link) is an answer to show, not to retry.
 */
export const reviewQuery = (id: number, token: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'review', id, token] as const,
    queryFn: ({ signal }) => call(paths.orderDesk.getReview, { params: { id }, query: { token }, signal }),
    retry: false,
  })

/** The review's answer after accepting or paying: the page shows it at once. */
function useReviewChanged(id: number, token: string) {
  const queryClient = useQueryClient()
  return (review: OrderReview) => {
    queryClient.setQueryData(reviewQuery(id, token).queryKey, review)
    return queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) })
  }
}

/** The customer accepts the order: it becomes Pending and takes the stock. */
export function useAcceptReview(id: number, token: string) {
  return useMutation({
    mutationFn: () => call(paths.orderDesk.acceptReview, { params: { id }, body: { token } }),
    onSuccess: useReviewChanged(id, token),
  })
}

/** A customer without a password sends the advance's receipt through the link itself. */
export function useSendReviewReceipt(id: number, token: string): SendReceipt {
  return useMutation({
    mutationFn: ({ fields, proof, onProgress }: ReceiptUpload) =>
      upload(paths.orderDesk.payReview, {
        params: { id },
        fields: { ...fields, token },
        files: { proof: [proof] },
        onProgress,
      }),
    onSuccess: useReviewChanged(id, token),
  })
}
