import { type Order, paths, type StaffOrderBody, type StaffQuoteBody } from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../lib/api'
import { analyticsKeys } from './analytics'
import { catalogKeys } from './catalog'
import { orderKeys } from './orders'
import { inCurrentLanguage } from './query-client'

/** The order desk's reads: the customers found as staff type, and the staff order's quote. */
export const orderDeskKeys = {
  all: ['order-desk'] as const,
  customers: (search: string) => [...orderDeskKeys.all, 'customers', search] as const,
  quote: (body: StaffQuoteBody) => [...orderDeskKeys.all, 'quote', body] as const,
}

/** Enough customers to choose from without the list running off a phone screen. */
const CUSTOMER_SUGGESTIONS = 8

/** Customers whose name, phone or email holds `search`; asked only for non-blank text. */
export const deskCustomersQuery = (search: string) =>
  queryOptions({
    queryKey: orderDeskKeys.customers(search),
    queryFn: ({ signal }) =>
      call(paths.orderDesk.findCustomers, { query: { search, page_size: CUSTOMER_SUGGESTIONS }, signal }),
    enabled: search.length > 0,
    staleTime: 30_000,
  })

/**
 * The staff order priced as the checkout prices it. A refusal (a city without delivery, a piece
 * without stock) is an answer to show beside the summary, not to retry.
 */
export const staffQuoteQuery = (body: StaffQuoteBody | null) =>
  queryOptions({
    queryKey: inCurrentLanguage(orderDeskKeys.quote(body ?? { items: [], city: '', address: '' })),
    queryFn: ({ signal }) => call(paths.orderDesk.quoteStaffOrder, { body: body as StaffQuoteBody, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  })

/** A draft saved, confirmed or sent: its page shows it at once and the lists are asked again. */
function useDraftChanged() {
  const queryClient = useQueryClient()
  return (order: Order) => {
    queryClient.setQueryData(inCurrentLanguage(orderKeys.detail(order.id)), order)
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
    ])
  }
}

export function useCreateStaffOrder() {
  const changed = useDraftChanged()
  return useMutation({
    mutationFn: (body: StaffOrderBody) => call(paths.orderDesk.createStaffOrder, { body }),
    onSuccess: changed,
  })
}

export function useUpdateDraft(id: number) {
  const changed = useDraftChanged()
  return useMutation({
    mutationFn: (body: StaffOrderBody) => call(paths.orderDesk.updateDraft, { params: { id }, body }),
    onSuccess: changed,
  })
}

/** Confirming takes stock: the catalogue's counts change too. */
export function useConfirmDraft(id: number) {
  const changed = useDraftChanged()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(paths.orderDesk.confirmDraft, { params: { id } }),
    onSuccess: (order) =>
      Promise.all([changed(order), queryClient.invalidateQueries({ queryKey: catalogKeys.all })]),
  })
}

export function useSendDraft(id: number) {
  const changed = useDraftChanged()
  return useMutation({
    mutationFn: () => call(paths.orderDesk.sendDraft, { params: { id } }),
    onSuccess: (sent) => changed(sent.order),
  })
}

export function useDeleteDraft(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(paths.orderDesk.deleteDraft, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: inCurrentLanguage(orderKeys.detail(id)) })
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists() })
    },
  })
}
