import {
  type EditOrderBody,
  type Order,
  type OrderListQuery,
  type PlaceOrderBody,
  paths,
  type QuoteBody,
  type UpdateOrderBody,
} from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { ApiError, call } from '../lib/api'
import { analyticsKeys } from './analytics'
import { cartKeys, EMPTY_CART, useSetCart } from './cart'
import { catalogKeys } from './catalog'
import { inCurrentLanguage } from './query-client'

export type OrderListFilters = Pick<OrderListQuery, 'status' | 'payment_status' | 'channel' | 'search'>
type ListQuery = Pick<OrderListQuery, 'page' | 'page_size'> & OrderListFilters & { scope?: 'all' }

/** One key factory for the shop's "My Orders" and the back office's order list. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...orderKeys.lists(), query] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  /** An order's papers: asked again, not waited for, after a change to the order or its payments */
  documents: (id: number) => [...orderKeys.all, 'documents', id] as const,
  quotes: () => [...orderKeys.all, 'quote'] as const,
  /** A quote prices the cart as it is: its item count and subtotal are part of the key */
  quote: (body: QuoteBody, cart: { item_count: number; subtotal: string }) =>
    [...orderKeys.quotes(), body, cart.item_count, cart.subtotal] as const,
}

/** A page of orders: the caller's own, or with `scope: 'all'` every customer's (staff). */
export const orderListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: inCurrentLanguage(orderKeys.list(query)),
    queryFn: ({ signal }) => call(paths.orders.listOrders, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: inCurrentLanguage(orderKeys.detail(id)),
    queryFn: ({ signal }) => call(paths.orders.getOrder, { params: { id }, signal }),
  })

/**
 * What the order would cost: the checkout's summary, asked again when the city, payment method or
 * coupon change. A refusal (a city without delivery, a coupon used up) is an answer to show, not to retry.
 */
export const quoteQuery = (body: QuoteBody, cart: { item_count: number; subtotal: string }) =>
  queryOptions({
    queryKey: inCurrentLanguage(orderKeys.quote(body, cart)),
    queryFn: ({ signal }) => call(paths.orders.quoteOrder, { body, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  })

/**
 * A call whose outcome is unknown: no answer at all, or a proxy's 502-504 in front of the servers. The
 * order may or may not exist, so a retry keeps its key.
 */
const unanswered = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || (error.status >= 502 && error.status <= 504))

/** A fresh key: randomUUID needs a secure context, which a shop opened by LAN address over http is not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}

/**
 * Places the order from the cart, exactly once per checkout attempt (docs/api.md "Exactly-once order
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
      attemptKey.current ??= newIdempotencyKey()
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
      // An order may have been made without its answer: what the screens show is asked again.
      else
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: cartKeys.all }),
          queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        ])
    },
    onSuccess: () => {
      // docs/product.md §4: the server emptied the cart with the order and took the stock; the screens
      // follow.
      setCart(EMPTY_CART)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ])
    },
  })
}

/**
 * An order answered after a change: its page shows it at once; lists and, since cancelling puts stock
 * back and takes the order out of revenue, the catalogue and sales are asked again.
 */
function useOrderChanged() {
  const queryClient = useQueryClient()
  return (order: Order) => {
    queryClient.setQueryData(inCurrentLanguage(orderKeys.detail(order.id)), order)
    // A confirmation issues the invoice, a cancellation may issue a credit note. The papers shown on
    // this page are asked again but not waited for: the form that made the change may be gone once the
    // order shows its new state, and its own success callback (the toast) with it.
    void queryClient.invalidateQueries({ queryKey: orderKeys.documents(order.id) })
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
    ])
  }
}

/** Staff move an order on: status, payment status or both, with a note for the timeline. */
export function useUpdateOrder(id: number) {
  return useMutation({
    mutationFn: (body: UpdateOrderBody) => call(paths.orders.updateOrder, { params: { id }, body }),
    onSuccess: useOrderChanged(),
  })
}

/** The customer cancels a Pending order. */
export function useCancelOrder(id: number) {
  return useMutation({
    mutationFn: (note: string) => call(paths.orders.cancelOrder, { params: { id }, body: { note } }),
    onSuccess: useOrderChanged(),
  })
}

/**
 * A placed order changed (docs/api.md "order edits"): its lines, address, city or phone, re-priced by
 * the server with the stock moved; the answer carries the difference to tell the customer.
 */
export function useEditOrder(id: number) {
  const orderChanged = useOrderChanged()
  return useMutation({
    mutationFn: (body: EditOrderBody) => call(paths.orderDesk.editOrder, { params: { id }, body }),
    onSuccess: ({ order }) => orderChanged(order),
  })
}
