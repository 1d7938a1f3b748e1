import { deliveryRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { notFound } from '../../lib/errors'
import { implement } from '../../lib/route'
import {
  createDeliveryZone,
  deleteDeliveryZone,
  getBankAccount,
  listDeliveryZones,
  setBankAccount,
  updateDeliveryZone,
} from './service'

const zoneNotFound = () => notFound('Delivery zone not found.')

export async function deliveryFeature(app: FastifyInstance) {
  const { db } = app

  implement(app, deliveryRoutes.listDeliveryZones, async () => listDeliveryZones(db))

  implement(app, deliveryRoutes.createDeliveryZone, async (request) =>
    createDeliveryZone(db, actorOf(request), request.body),
  )

  implement(app, deliveryRoutes.updateDeliveryZone, async (request) => {
    const zone = await updateDeliveryZone(db, actorOf(request), request.params.id, request.body)
    if (!zone) throw zoneNotFound()
    return zone
  })

  implement(app, deliveryRoutes.deleteDeliveryZone, async (request) => {
    if (!(await deleteDeliveryZone(db, actorOf(request), request.params.id))) throw zoneNotFound()
  })

  implement(app, deliveryRoutes.getBankAccount, async () => getBankAccount(db))

  implement(app, deliveryRoutes.updateBankAccount, async (request) =>
    setBankAccount(db, actorOf(request), request.body),
  )
}
