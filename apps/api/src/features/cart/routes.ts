import { cartRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../lib/auth'
import { notFound } from '../../lib/errors'
import { implement } from '../../lib/route'
import { addToCart, getCart, removeCartItem, setCartItemQuantity } from './service'

const lineNotFound = () => notFound('This item is not in your cart.')

export async function cartFeature(app: FastifyInstance) {
  implement(app, cartRoutes.getCart, async (request) =>
    getCart(app.db, app.storage, callerOf(request).id, request.language),
  )

  implement(app, cartRoutes.addToCart, async (request) => {
    const { id } = callerOf(request)
    const { product_id, quantity, options } = request.body
    if (
      !(await addToCart(app.db, id, {
        productId: product_id,
        quantity,
        choices: options,
        language: request.language,
      }))
    )
      throw notFound('Product not found.')
    return getCart(app.db, app.storage, id, request.language)
  })

  implement(app, cartRoutes.updateCartItem, async (request) => {
    const { id } = callerOf(request)
    const { item_id, quantity } = request.body
    if (!(await setCartItemQuantity(app.db, id, { itemId: item_id, quantity, language: request.language })))
      throw lineNotFound()
    return getCart(app.db, app.storage, id, request.language)
  })

  implement(app, cartRoutes.removeCartItem, async (request) => {
    const { id } = callerOf(request)
    if (!(await removeCartItem(app.db, id, request.body.item_id))) throw lineNotFound()
    return getCart(app.db, app.storage, id, request.language)
  })
}
