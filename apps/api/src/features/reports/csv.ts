import type { SalesReport } from '@store/contract'
import { stringify } from 'csv-stringify/sync'
import type { SalesReportAsked } from './sales'

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula: such
 * a text is written with a leading apostrophe, which spreadsheets show as text (CSV injection).
 * Money and counts stay numbers: a refund's "-500.00" is a number, not a formula.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value
}

/** The report's rows as CSV: UTF-8 with a BOM, so Excel reads Urdu names; a header names the group. */
export function salesReportCsv(report: SalesReport, asked: SalesReportAsked): string {
  return stringify(
    report.rows.map((row) => [safeCell(row.key), row.orders, row.units, row.booked, row.received]),
    { bom: true, header: true, columns: [asked.group, 'orders', 'units', 'booked', 'received'] },
  )
}
