import { paths, type SalesReportQuery } from '@store/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call, fetchFile } from '../lib/api'

export type ReportAsked = Required<SalesReportQuery>

/** Sales reports (docs/api.md "Sales reports"): read only, computed by the server on each ask. */
export const reportKeys = {
  all: ['reports'] as const,
  sales: (asked: ReportAsked) => [...reportKeys.all, 'sales', asked] as const,
}

/** The report of a range of days, grouped as asked; the last one stays shown while the next loads. */
export const salesReportQuery = (asked: ReportAsked) =>
  queryOptions({
    queryKey: reportKeys.sales(asked),
    queryFn: ({ signal }) => call(paths.reports.salesReport, { query: asked, signal }),
    placeholderData: keepPreviousData,
  })

/** The same report as a CSV file (it needs the Bearer header, so it is fetched, then saved). */
export const salesReportCsv = (asked: ReportAsked) =>
  fetchFile(paths.reports.salesReportCsv, { query: asked })
