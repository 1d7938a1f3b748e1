import { IDEMPOTENCY_KEY_HEADER, orderRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../lib/auth'
import { httpError, notFound } from '../../lib/errors'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { getOrder, listOrders, placeOrder, updateOrderStatus } from './service'

const orderNotFound = () => notFound('Order not found.')

export async function ordersFeature(app: FastifyInstance) {
  implement(app, orderRoutes.placeOrder, async (request) =>
    placeOrder(
      app.db,
      app.storage,
      callerOf(request).id,
      request.body,
      request.headers[IDEMPOTENCY_KEY_HEADER],
    ),
  )

  implement(app, orderRoutes.listOrders, async (request) => {
    const user = callerOf(request)
    const everyOrder = request.query.scope === 'all'
    if (everyOrder && !user.is_staff) throw httpError(403, 'Only staff can list every order.')
    const page = await listOrders(
      app.db,
      app.storage,
      { ownerId: everyOrder ? null : user.id },
      pageWindow(request.query),
    )
    return paginate(request, request.query, page.count, page.results)
  })

  implement(app, orderRoutes.getOrder, async (request) => {
    const user = callerOf(request)
    // API.md: anyone but the owner and staff gets 404, so order ids cannot be probed.
    const scope = { ownerId: user.is_staff ? null : user.id }
    const order = await getOrder(app.db, app.storage, request.params.id, scope)
    if (!order) throw orderNotFound()
    return order
  })

  implement(app, orderRoutes.updateOrder, async (request) => {
    const { id } = request.params
    if (!(await updateOrderStatus(app.db, id, request.body.status))) throw orderNotFound()
    const order = await getOrder(app.db, app.storage, id, { ownerId: null })
    if (!order) throw orderNotFound()
    return order
  })
}
