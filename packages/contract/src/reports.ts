import { z } from 'zod'
import { dayNumber, Money, type RouteSpec, text, whenValid } from './common'
import { paths } from './paths'

/** docs/api.md "Papers and data": how a sales report's rows are cut. */
export const REPORT_GROUPS = [
  'day',
  'week',
  'month',
  'product',
  'category',
  'city',
  'channel',
  'payment_method',
] as const
export const ReportGroup = z.enum(REPORT_GROUPS, {
  error: 'Choose day, week, month, product, category, city, channel or payment method.',
})
export type ReportGroup = z.infer<typeof ReportGroup>

/** The groups that are periods of time: each period of the range has its row, sales or not. */
export const PERIOD_GROUPS = ['day', 'week', 'month'] as const satisfies readonly ReportGroup[]
export const isPeriodGroup = (group: ReportGroup) => (PERIOD_GROUPS as readonly string[]).includes(group)

/** The longest range a report covers, in days (two years and a leap day). */
export const REPORT_MAX_DAYS = 731

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/
const ReportDay = (missing: string) =>
  text({ error: missing })
    .regex(DAY_FORMAT, 'Give a day as YYYY-MM-DD.')
    // Only a day written as one can be off the calendar: the wrong format has its own sentence.
    .refine(
      (day) => !DAY_FORMAT.test(day) || !Number.isNaN(dayNumber(day)),
      'That day is not on the calendar.',
    )

/** A report's days are calendar days in Pakistan (Asia/Karachi), both included. */
export const SalesReportQuery = z
  .object({
    from: ReportDay('Give the first day of the report as YYYY-MM-DD.'),
    to: ReportDay('Give the last day of the report as YYYY-MM-DD.'),
    group: ReportGroup.default('day'),
  })
  .refine((query) => dayNumber(query.from) <= dayNumber(query.to), {
    path: ['to'],
    message: 'The last day cannot come before the first day.',
    ...whenValid('from', 'to'),
  })
  .refine((query) => dayNumber(query.to) - dayNumber(query.from) < REPORT_MAX_DAYS, {
    path: ['to'],
    message: 'A report covers at most two years.',
    ...whenValid('from', 'to'),
  })
export type SalesReportQuery = z.input<typeof SalesReportQuery>

/**
 * One row of a report. `key` is what the row is about, as people read it: the day (2026-11-30), the
 * ISO week (2026-W48), the month (2026-11), the product's or category's name, the city, or the code of
 * the channel or payment method.
 */
export const SalesReportRow = z.object({
  key: z.string(),
  /** Orders with a sale in the row, each counted once */
  orders: z.number().int(),
  /** Pieces sold */
  units: z.number().int(),
  /** What the orders were placed for (for a product or a category: its lines) */
  booked: Money,
  /** Confirmed payments less confirmed refunds, by the day they were confirmed */
  received: Money,
})
export type SalesReportRow = z.infer<typeof SalesReportRow>

export const SalesReport = z.object({
  rows: z.array(SalesReportRow),
  /** The whole range: money and units are the rows' sums; orders counts each order once */
  totals: SalesReportRow.omit({ key: true }),
})
export type SalesReport = z.infer<typeof SalesReport>

/** The CSV's file name: what, how grouped and which days (the server sends it; the web app saves under it). */
export const salesReportFileName = ({ group, from, to }: { group: ReportGroup; from: string; to: string }) =>
  `sales-by-${group.replace('_', '-')}-${from}-to-${to}.csv`

export const reportRoutes = {
  salesReport: {
    ...paths.reports.salesReport,
    access: { staff: 'sales' },
    summary:
      'Sales of a range of days in Pakistan, grouped by period, product, category, city, channel or payment method',
    query: SalesReportQuery,
    status: 200,
    response: SalesReport,
  },
  salesReportCsv: {
    ...paths.reports.salesReportCsv,
    access: { staff: 'sales' },
    summary: 'The same report as a CSV file (UTF-8 with a BOM, so spreadsheets read Urdu)',
    query: SalesReportQuery,
    status: 200,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
