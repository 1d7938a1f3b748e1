import { type OrderListQuery, type OrderStatus, type PlaceOrderBody, paths } from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { ApiError, call } from '../lib/api'
import { catalogKeys } from './catalog'
import { EMPTY_CART, useSetCart } from './cart'

type ListQuery = Pick<OrderListQuery, 'page' | 'page_size'> & { scope?: 'all' }

/** One key factory for the shop's "My Orders" and the back office's order list. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...orderKeys.lists(), query] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
}

/** A page of orders: the caller's own, or with `scope: 'all'` every customer's (staff). */
export const orderListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => call(paths.orders.listOrders, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => call(paths.orders.getOrder, { params: { id }, signal }),
  })

/** A call that never got an answer: the order may or may not exist, so a retry keeps its key. */
const unanswered = (error: unknown) => error instanceof ApiError && error.status === 0

/**
 * Places the order from the cart, exactly once per checkout attempt (API.md "Exactly-once order
 * placement"): one Idempotency-Key per attempt, kept while the store has not answered, so a retry after
 * a timeout or a dropped connection — automatic once, or the shopper pressing again — returns the order
 * the first request may already have made instead of making a second one.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient()
  const setCart = useSetCart()
  const attemptKey = useRef<string | null>(null)
  return useMutation({
    mutationFn: async (body: PlaceOrderBody) => {
      attemptKey.current ??= crypto.randomUUID()
      const headers = { 'Idempotency-Key': attemptKey.current }
      try {
        return await call(paths.orders.placeOrder, { body, headers })
      } catch (error) {
        if (!unanswered(error)) throw error
        return await call(paths.orders.placeOrder, { body, headers })
      }
    },
    onSettled: (_order, error) => {
      // An answer of the store ends the attempt; the next press is a new one.
      if (!unanswered(error)) attemptKey.current = null
    },
    onSuccess: () => {
      // SPEC §4: the server emptied the cart with the order and took the stock; the screens follow.
      setCart(EMPTY_CART)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ])
    },
  })
}

export function useUpdateOrderStatus(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (status: OrderStatus) => call(paths.orders.updateOrder, { params: { id }, body: { status } }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(id), order)
      // Cancelling puts stock back, so the catalogue's numbers change too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ])
    },
  })
}
