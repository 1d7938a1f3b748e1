import { staffRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../lib/auth'
import { manageStreams } from '../../lib/live-events'
import { implement } from '../../lib/route'
import { openWorkStream, StaffWorkEvents } from './events'
import { workCounts } from './service'

export async function staffFeature(app: FastifyInstance) {
  const events = new StaffWorkEvents(app.database, app.log)
  manageStreams(app, events, {
    name: 'staff_event_stream_clients',
    help: 'Live staff work-count streams open on this process',
  })

  implement(app, staffRoutes.workCounts, async () => workCounts(app.db))

  implement(app, staffRoutes.workEvents, async (request, reply) =>
    openWorkStream(events, callerOf(request).id, reply),
  )
}
