import type { Order, OrderStatus, Paginated } from '@store/contract'
import { api } from '../../../lib/api'

export const ORDERS_PAGE_SIZE = 50

export const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (page: number) => [...orderKeys.all, 'list', page] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
}

/** API.md: `scope=all` lists every customer's orders (staff only). */
export function listAllOrders(page: number): Promise<Paginated<Order>> {
  return api.get('/api/orders/', { scope: 'all', page, page_size: ORDERS_PAGE_SIZE })
}

export function getOrder(id: number): Promise<Order> {
  return api.get(`/api/orders/${id}/`)
}

export function updateOrderStatus(id: number, status: OrderStatus): Promise<Order> {
  return api.patch(`/api/orders/${id}/`, { status })
}
