import { reportRoutes, salesReportFileName } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { implement } from '../../lib/route'
import { salesReportCsv } from './csv'
import { salesReport } from './sales'

export async function reportsFeature(app: FastifyInstance) {
  const { db } = app

  implement(app, reportRoutes.salesReport, async (request) =>
    salesReport(db, request.query, request.language),
  )

  // The same report, the same rows: only the format differs.
  implement(app, reportRoutes.salesReportCsv, async (request, reply) => {
    const report = await salesReport(db, request.query, request.language)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${salesReportFileName(request.query)}"`)
      .header('cache-control', 'private, no-store')
      .send(salesReportCsv(report, request.query))
  })
}
