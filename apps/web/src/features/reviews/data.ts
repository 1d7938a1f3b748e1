import { paths, type ReviewBody } from '@store/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { catalogKeys } from '../../data/catalog'
import { call } from '../../lib/api'

/** A review changes the product's page and its rating on every list, search and the showcase. */
function useReviewsChanged(productId: number) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [
        catalogKeys.detail(productId),
        catalogKeys.lists(),
        catalogKeys.searches(),
        catalogKeys.showcase(),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

/** Creates the user's review of a product, or updates it when `reviewId` is given. */
export function useSaveReview(productId: number) {
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId?: number; body: ReviewBody }) =>
      reviewId === undefined
        ? call(paths.reviews.createReview, { params: { id: productId }, body })
        : call(paths.reviews.updateReview, { params: { id: productId, reviewId }, body }),
    onSuccess: useReviewsChanged(productId),
  })
}

export function useDeleteReview(productId: number) {
  return useMutation({
    mutationFn: (reviewId: number) =>
      call(paths.reviews.deleteReview, { params: { id: productId, reviewId } }),
    onSuccess: useReviewsChanged(productId),
  })
}
