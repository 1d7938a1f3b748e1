import type { Order, Paginated } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api'
import { orderKeys } from '../../lib/orders'

export function useOrders() {
  return useQuery({
    queryKey: orderKeys.list(),
    queryFn: ({ signal }) => api.get<Paginated<Order>>('/api/orders/', { page_size: 100 }, signal),
  })
}

export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.get<Order>(`/api/orders/${id}/`, undefined, signal),
    enabled: Number.isInteger(id) && id > 0,
  })
}
