import type { SalesReport } from '@store/contract'
import { BYTE_ORDER_MARK, csvLines } from '../../lib/csv'
import type { SalesReportAsked } from './sales'

/** The report's rows as CSV: UTF-8 with a BOM, so Excel reads Urdu names; a header names the group. */
export function salesReportCsv(report: SalesReport, asked: SalesReportAsked): string {
  return (
    BYTE_ORDER_MARK +
    csvLines([
      [asked.group, 'orders', 'units', 'booked', 'received'],
      ...report.rows.map((row) => [row.key, row.orders, row.units, row.booked, row.received]),
    ])
  )
}
