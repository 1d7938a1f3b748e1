import { staffRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { implement } from '../../lib/route'
import { openWorkStream, StaffWorkEvents } from './events'
import { workCounts } from './service'

export async function staffFeature(app: FastifyInstance) {
  const events = new StaffWorkEvents(app.database, app.log)
  // preClose, not onClose: Fastify waits for open connections before the onClose hooks run.
  app.addHook('preClose', () => events.close())
  app.metrics.gauge(
    'staff_event_stream_clients',
    'Live staff work-count streams open on this process',
    () => events.streamCount,
  )

  implement(app, staffRoutes.workCounts, async () => workCounts(app.db))

  implement(app, staffRoutes.workEvents, async (_request, reply) => openWorkStream(events, reply))
}
