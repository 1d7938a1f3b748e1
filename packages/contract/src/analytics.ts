import { z } from 'zod'
import { Money, type RouteSpec } from './common'
import { paths } from './paths'

export const SalesSummary = z.object({
  daily_sales: z.object({
    labels: z.array(z.string()),
    data: z.array(z.number()),
    /** Money received each day: confirmed payments − confirmed refunds, by the day they were confirmed */
    received: z.array(z.number()),
  }),
  /** Customer receipts waiting for staff to check */
  receipts_to_check: z.number().int(),
  /** Products kept in stock at or below their low-stock threshold */
  low_stock_products: z.number().int(),
  /** Cash drivers collected and have not handed in yet, and how many drivers hold some */
  cash_with_drivers: z.object({ drivers: z.number().int(), amount: Money }),
  /** Orders not cancelled with something still to pay, and how much */
  balances_due: z.object({ count: z.number().int(), amount: Money }),
  key_stats: z.object({
    total_revenue: Money,
    total_orders: z.number().int(),
    total_products: z.number().int(),
    total_users: z.number().int(),
  }),
})
export type SalesSummary = z.infer<typeof SalesSummary>

export const analyticsRoutes = {
  salesSummary: {
    ...paths.analytics.salesSummary,
    access: { staff: 'sales' },
    summary: 'Revenue of the last 30 days and key figures',
    status: 200,
    response: SalesSummary,
  },
} as const satisfies Record<string, RouteSpec>
