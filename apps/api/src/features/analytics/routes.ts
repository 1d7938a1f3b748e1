import { analyticsRoutes, contractRoute } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { implement } from '../../lib/route'
import { salesSummary } from './service'

export async function analyticsFeature(app: FastifyInstance) {
  implement(app, contractRoute(analyticsRoutes, 'GET', '/api/analytics/sales-summary/'), async () =>
    salesSummary(app.db),
  )
}
