import { useLingui } from '@lingui/react/macro'
import {
  type AddToCartBody,
  type Cart,
  type OptionChoices,
  paths,
  type UpdateCartItemBody,
} from '@store/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '../lib/api'
import { toast } from '../lib/toast'
import { useSession } from './auth'
import { inCurrentLanguage } from './query-client'

/** docs/product.md §9: the add-to-cart spinner shows for about half a second, even on a fast answer. */
export const ADD_TO_CART_MIN_MS = 500

export const EMPTY_CART: Cart = { items: [], item_count: 0, subtotal: '0.00' }

export const cartKeys = {
  all: ['cart'] as const,
  mine: (userId: number) => [...cartKeys.all, userId] as const,
}

const cartQuery = (userId: number) =>
  queryOptions({
    queryKey: inCurrentLanguage(cartKeys.mine(userId)),
    queryFn: async ({ signal }) => {
      try {
        return await call(paths.cart.getCart, { signal })
      } catch (error) {
        // docs/product.md §8: a cart that fails to load is only logged.
        console.error('Could not load the cart', error)
        throw error
      }
    },
  })

/** docs/product.md §4: the cart loads whenever a user is present and is empty when there is none. */
export function useCart() {
  const { user } = useSession()
  const query = useQuery({ ...cartQuery(user?.id ?? 0), enabled: Boolean(user) })
  return { cart: (user && query.data) || EMPTY_CART, loading: Boolean(user) && query.isPending }
}

/** Writes a cart answered by the server into the cache, so every badge and page agrees at once. */
export function useSetCart() {
  const { user } = useSession()
  const queryClient = useQueryClient()
  return (cart: Cart) => {
    if (user) queryClient.setQueryData(inCurrentLanguage(cartKeys.mine(user.id)), cart)
  }
}

/** Every cart change answers with the whole cart, which goes straight into the cache. */
export function useUpdateCartItem() {
  return useMutation({
    mutationFn: (body: UpdateCartItemBody) => call(paths.cart.updateCartItem, { body }),
    onSuccess: useSetCart(),
  })
}

export function useRemoveCartItem() {
  return useMutation({
    mutationFn: (itemId: number) => call(paths.cart.removeCartItem, { body: { item_id: itemId } }),
    onSuccess: useSetCart(),
  })
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Adding to the cart with docs/product.md §8's toasts: `add` resolves true when the item went in, and
 * `adding` is true meanwhile (at least ADD_TO_CART_MIN_MS, for the button's spinner).
 */
export function useAddToCart() {
  const { t } = useLingui()
  const { user } = useSession()
  const [adding, setAdding] = useState(false)
  const mutation = useMutation({
    mutationFn: (body: AddToCartBody) => call(paths.cart.addToCart, { body }),
    onSuccess: useSetCart(),
  })
  async function add(productId: number, quantity = 1, options: OptionChoices = {}): Promise<boolean> {
    if (!user) {
      toast.error(t`Please log in to add items to your cart.`)
      return false
    }
    const id = toast.loading(t`Adding to cart...`)
    setAdding(true)
    try {
      await Promise.all([
        mutation.mutateAsync({ product_id: productId, quantity, options }),
        wait(ADD_TO_CART_MIN_MS),
      ])
      toast.success(t`Item added to cart!`, { id })
      return true
    } catch {
      toast.error(t`Could not add item. Please try again.`, { id })
      return false
    } finally {
      setAdding(false)
    }
  }
  return { add, adding }
}
