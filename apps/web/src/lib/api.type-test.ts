// Compile-time checks of call(): `tsc -b` fails if the web app could send a route something its
// schemas do not describe, or read an answer as something it is not. Nothing here runs.
import { paths } from '@store/contract'
import { call } from './api'

export async function callsMustFollowTheContract() {
  // @ts-expect-error a misspelt body field
  await call(paths.cart.addToCart, { body: { productId: 3 } })

  // @ts-expect-error a body field of the wrong type (docs/api.md: JSON numbers only)
  await call(paths.cart.updateCartItem, { body: { item_id: 'eleven', quantity: 1 } })

  // @ts-expect-error a route with a path parameter needs it
  await call(paths.catalog.getProduct, {})

  // @ts-expect-error a path parameter of another name
  await call(paths.reviews.deleteReview, { params: { id: 1, review: 2 } })

  // @ts-expect-error a query parameter the route does not take
  await call(paths.orders.listOrders, { query: { sort: 'newest' } })

  // @ts-expect-error a body on a route that takes none
  await call(paths.catalog.showcase, { body: { page: 1 } })

  // @ts-expect-error an address that is not in the contract
  await call({ method: 'GET', path: '/api/wishlist/' })

  const order = await call(paths.orders.getOrder, { params: { id: 41 } })
  // @ts-expect-error the answer has no such field
  order.total

  const removed = await call(paths.reviews.deleteReview, { params: { id: 1, reviewId: 2 } })
  // @ts-expect-error a 204 answers nothing
  removed.id

  await call(paths.cart.addToCart, { body: { product_id: 3, quantity: 1 } })
  await call(paths.catalog.listProducts, { query: { search: 'oak', page: 2 } })
}
