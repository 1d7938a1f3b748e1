import { analyticsRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { implement } from '../../lib/route'
import { salesSummary } from './service'

export async function analyticsFeature(app: FastifyInstance) {
  implement(app, analyticsRoutes.salesSummary, async () => salesSummary(app.db))
}
