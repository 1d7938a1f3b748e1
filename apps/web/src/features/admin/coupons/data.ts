import { type CouponBody, type PageQuery, paths } from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { orderKeys } from '../../../data/orders'
import { call } from '../../../lib/api'

type ListQuery = Pick<PageQuery, 'page' | 'page_size'>

/** The shop's discount codes (staff only). */
export const couponKeys = {
  all: ['coupons'] as const,
  lists: () => [...couponKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...couponKeys.lists(), query] as const,
}

/** A page of coupons, newest first. */
export const couponListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: couponKeys.list(query),
    queryFn: ({ signal }) => call(paths.coupons.listCoupons, { query, signal }),
    placeholderData: keepPreviousData,
  })

/** A coupon changed: the coupon lists and every quote priced with its old terms. */
function useCouponsChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: couponKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: orderKeys.quotes() }),
    ])
}

export function useCreateCoupon() {
  return useMutation({
    mutationFn: (body: CouponBody) => call(paths.coupons.createCoupon, { body }),
    onSuccess: useCouponsChanged(),
  })
}

export function useUpdateCoupon() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CouponBody }) =>
      call(paths.coupons.updateCoupon, { params: { id }, body }),
    onSuccess: useCouponsChanged(),
  })
}

export function useDeleteCoupon() {
  return useMutation({
    mutationFn: (id: number) => call(paths.coupons.deleteCoupon, { params: { id } }),
    onSuccess: useCouponsChanged(),
  })
}
