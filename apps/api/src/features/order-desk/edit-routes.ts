import { orderDeskRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { callerOf } from '../../lib/auth'
import { notFound } from '../../lib/errors'
import { implement } from '../../lib/route'
import { editOrder } from './edit'

/** Changing a placed order (docs/api.md "order edits"): staff until Shipped, the owner while Pending. */
export async function orderEditFeature(app: FastifyInstance) {
  implement(app, orderDeskRoutes.editOrder, async (request) => {
    const user = callerOf(request)
    const edited = await editOrder(app.db, app.storage, app.notifier, request.params.id, {
      editor: { id: user.id, firstName: user.first_name, role: user.role, audit: actorOf(request) },
      edit: request.body,
      language: request.language,
    })
    // docs/api.md: anyone but the owner and staff gets 404, so order ids cannot be probed.
    if (!edited) throw notFound('Order not found.')
    return edited
  })
}
