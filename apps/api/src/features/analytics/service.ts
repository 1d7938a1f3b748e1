import type { SalesSummary } from '@store/contract'
import { and, count, eq, gt, gte, lte, notInArray, sql, sum } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderPayments, orders, products, users } from '../../db/schema'
import { formatMoney } from '../../lib/money'
import { cashWithDrivers } from '../dispatch/cash'
import { thresholdOf } from '../stock/alerts'

const DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** The last 30 UTC dates as YYYY-MM-DD, oldest first, today last. */
export function lastDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: DAYS }, (_, index) =>
    new Date(today - (DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  )
}

// A Draft is not a sale yet (the order desk's, docs/api.md "Staff orders").
const notCancelled = notInArray(orders.status, ['Cancelled', 'Draft'])

/** Revenue per day of the last 30 days and the store's key figures; cancelled orders are no revenue. */
export async function salesSummary(db: Db, now = new Date()): Promise<SalesSummary> {
  const labels = lastDays(now)
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const daily = await db
    .select({ day, revenue: sum(orders.totalPrice) })
    .from(orders)
    .where(and(notCancelled, gte(orders.createdAt, new Date(`${labels[0]}T00:00:00.000Z`))))
    .groupBy(day)
  const revenueOn = new Map(daily.map((row) => [row.day, Number(row.revenue ?? 0)]))
  // Money in the till: confirmed payments less confirmed refunds, on the day staff confirmed them.
  const checkedDay = sql<string>`to_char(${orderPayments.checkedAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const received = await db
    .select({
      day: checkedDay,
      amount: sql<string>`sum(case when ${orderPayments.kind} = 'refund' then -${orderPayments.amount} else ${orderPayments.amount} end)`,
    })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.status, 'confirmed'),
        gte(orderPayments.checkedAt, new Date(`${labels[0]}T00:00:00.000Z`)),
      ),
    )
    .groupBy(checkedDay)
  const receivedOn = new Map(received.map((row) => [row.day, Number(row.amount ?? 0)]))

  const [
    [revenue],
    [orderCount],
    [productCount],
    [userCount],
    [receipts],
    [balances],
    [lowStock],
    withDrivers,
  ] = await Promise.all([
    db
      .select({ total: sum(orders.totalPrice) })
      .from(orders)
      .where(notCancelled),
    db.select({ n: count() }).from(orders),
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(users),
    db
      .select({ n: count() })
      .from(orderPayments)
      .where(and(eq(orderPayments.status, 'pending'), eq(orderPayments.kind, 'payment'))),
    db
      .select({ n: count(), amount: sum(sql`${orders.totalPrice} - ${orders.paidTotal}`) })
      .from(orders)
      .where(and(notCancelled, gt(orders.totalPrice, orders.paidTotal))),
    db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.leadTimeDays, 0), lte(products.stock, thresholdOf))),
    cashWithDrivers(db),
  ])
  return {
    daily_sales: {
      labels,
      data: labels.map((label) => revenueOn.get(label) ?? 0),
      received: labels.map((label) => receivedOn.get(label) ?? 0),
    },
    receipts_to_check: receipts?.n ?? 0,
    low_stock_products: lowStock?.n ?? 0,
    cash_with_drivers: withDrivers,
    balances_due: { count: balances?.n ?? 0, amount: formatMoney(balances?.amount ?? '0') },
    key_stats: {
      total_revenue: formatMoney(revenue?.total ?? '0'),
      total_orders: orderCount?.n ?? 0,
      total_products: productCount?.n ?? 0,
      total_users: userCount?.n ?? 0,
    },
  }
}
