import type { AddToCartBody, Cart } from '@store/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import toast from 'react-hot-toast'
import { api } from './api'
import { useSession } from './session'

/** SPEC §9: the add-to-cart spinner shows for about half a second, even on a fast answer. */
export const ADD_TO_CART_MIN_MS = 500

export const EMPTY_CART: Cart = { items: [], item_count: 0, subtotal: '0.00' }

export const cartKeys = {
  all: ['cart'] as const,
  mine: (userId: number) => [...cartKeys.all, userId] as const,
}

async function fetchCart(): Promise<Cart> {
  try {
    return await api.get<Cart>('/api/cart/')
  } catch (error) {
    // SPEC §8: a cart that fails to load is only logged.
    console.error('Could not load the cart', error)
    throw error
  }
}

/** SPEC §4: the cart loads whenever a user is present and is empty when there is none. */
export function useCart() {
  const { user } = useSession()
  const query = useQuery({
    queryKey: cartKeys.mine(user?.id ?? 0),
    queryFn: fetchCart,
    enabled: Boolean(user),
  })
  return { cart: (user && query.data) || EMPTY_CART, loading: Boolean(user) && query.isPending }
}

/** Writes a cart answered by the server into the cache, so every badge and page agrees at once. */
export function useSetCart() {
  const { user } = useSession()
  const queryClient = useQueryClient()
  return (cart: Cart) => {
    if (user) queryClient.setQueryData(cartKeys.mine(user.id), cart)
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Adding to the cart with SPEC §8's toasts: `add` resolves true when the item went in, and `adding` is
 * true meanwhile (at least ADD_TO_CART_MIN_MS, for the button's spinner).
 */
export function useAddToCart() {
  const { user } = useSession()
  const setCart = useSetCart()
  const [adding, setAdding] = useState(false)
  const mutation = useMutation({
    mutationFn: (body: AddToCartBody) => api.post<Cart>('/api/cart/', body),
    onSuccess: setCart,
  })
  async function add(productId: number, quantity = 1): Promise<boolean> {
    if (!user) {
      toast.error('Please log in to add items to your cart.')
      return false
    }
    const id = toast.loading('Adding to cart...')
    setAdding(true)
    try {
      await Promise.all([mutation.mutateAsync({ product_id: productId, quantity }), wait(ADD_TO_CART_MIN_MS)])
      toast.success('Item added to cart!', { id })
      return true
    } catch {
      toast.error('Could not add item. Please try again.', { id })
      return false
    } finally {
      setAdding(false)
    }
  }
  return { add, adding }
}
