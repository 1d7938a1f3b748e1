import { stockRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { callerOf } from '../../lib/auth'
import { notFound } from '../../lib/errors'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { adjustStock, transferStock } from './changes'
import { getStockLevels, listLowStock } from './levels'
import { createLocation, deleteLocation, listLocations, updateLocation } from './locations'
import { listMovements } from './movements'
import { requestBackInStock } from './notify-me'
import { getStockSettings, setStockSettings } from './settings'

const locationNotFound = () => notFound('Location not found.')

export async function stockFeature(app: FastifyInstance) {
  const { db, notifier } = app

  implement(app, stockRoutes.listLocations, async () => listLocations(db))
  implement(app, stockRoutes.createLocation, async (request) =>
    createLocation(db, actorOf(request), request.body),
  )
  implement(app, stockRoutes.updateLocation, async (request) => {
    const location = await updateLocation(db, actorOf(request), request.params.id, request.body)
    if (!location) throw locationNotFound()
    return location
  })
  implement(app, stockRoutes.deleteLocation, async (request) => {
    if (!(await deleteLocation(db, actorOf(request), request.params.id))) throw locationNotFound()
  })

  implement(app, stockRoutes.listMovements, async (request) => {
    const { page: _, page_size: __, ...filter } = request.query
    const page = await listMovements(db, filter, pageWindow(request.query))
    return paginate(request, request.query, page.count, page.results)
  })
  implement(app, stockRoutes.adjustStock, async (request) =>
    adjustStock(db, notifier, actorOf(request), request.body),
  )
  implement(app, stockRoutes.transferStock, async (request) =>
    transferStock(db, actorOf(request), request.body),
  )
  implement(app, stockRoutes.getStockLevels, async (request) => {
    const levels = await getStockLevels(db, request.params.id)
    if (!levels) throw notFound('Product not found.')
    return levels
  })
  implement(app, stockRoutes.listLowStock, async (request) => {
    const page = await listLowStock(db, pageWindow(request.query))
    return paginate(request, request.query, page.count, page.results)
  })
  implement(app, stockRoutes.getStockSettings, async () => getStockSettings(db))
  implement(app, stockRoutes.updateStockSettings, async (request) =>
    setStockSettings(db, actorOf(request), request.body),
  )
  implement(app, stockRoutes.notifyMe, async (request) =>
    requestBackInStock(db, callerOf(request).id, request.params.id),
  )
}
