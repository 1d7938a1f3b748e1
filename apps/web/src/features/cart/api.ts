import type { Cart } from '@store/contract'
import { api } from '../../lib/api'

export const updateQuantity = (itemId: number, quantity: number) =>
  api.patch<Cart>('/api/cart/', { item_id: itemId, quantity })

export const removeItem = (itemId: number) => api.delete<Cart>('/api/cart/', { item_id: itemId })
