import { auditRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { httpError } from '../../lib/errors'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { listAudit } from './service'

/** A day of the query that is on the calendar: the contract's pattern alone lets 2026-02-30 through. */
function checkDays(days: Record<'from' | 'to', string | undefined>): void {
  for (const [field, day] of Object.entries(days)) {
    if (day === undefined) continue
    const date = new Date(`${day}T00:00:00Z`)
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
      throw httpError(400, 'The query string is not valid.', { [field]: ['Use a date such as 2026-11-24.'] })
    }
  }
}

export async function auditFeature(app: FastifyInstance) {
  const { db } = app

  implement(app, auditRoutes.listAudit, async (request) => {
    const { actor, entity, entity_id, from, to } = request.query
    checkDays({ from, to })
    const page = await listAudit(
      db,
      { actor, entity, entityId: entity_id, from, to },
      pageWindow(request.query),
    )
    return paginate(request, request.query, page.count, page.results)
  })
}
