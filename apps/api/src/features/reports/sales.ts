import {
  isPeriodGroup,
  type LanguageCode,
  type ReportGroup,
  type SalesReport,
  type SalesReportRow,
} from '@store/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { formatMoney } from '../../lib/money'

export interface SalesReportAsked {
  /** First and last day, both included, in Pakistan */
  from: string
  to: string
  group: ReportGroup
}

/** The first moment of a day in Pakistan: compared with a timestamp column, it keeps that column's index usable. */
const startOfDay = (day: string, daysLater = 0) =>
  sql`((${day}::date + ${daysLater}::integer)::timestamp at time zone 'Asia/Karachi')`

/** How a moment is named in each period (ISO weeks start on Monday, as in Pakistan's offices). */
const PERIOD_FORMATS = { day: 'YYYY-MM-DD', week: 'IYYY-"W"IW', month: 'YYYY-MM' } as const
type Period = keyof typeof PERIOD_FORMATS

const periodOf = (period: Period, at: SQL) =>
  sql`to_char(${at} at time zone 'Asia/Karachi', ${PERIOD_FORMATS[period]})`

/** A name in the reader's language: the Urdu one when there is one. */
const inLanguage = (language: LanguageCode, english: SQL, urdu: SQL) =>
  language === 'ur' ? sql`coalesce(nullif(${urdu}, ''), ${english})` : english

/*
 * Each report is one query over "facts": a row per order booked in the range (or per line, for
 * products and categories) and a row per confirmed payment or refund of the range, each with the key
 * it falls under. Grouping sets give the rows and the totals at once, so they always agree.
 */

/** Orders booked in the range: placed on one of its days in Pakistan, neither cancelled nor a draft. */
function booked(asked: SalesReportAsked): SQL {
  return sql`select o.* from orders o
    where o.created_at >= ${startOfDay(asked.from)} and o.created_at < ${startOfDay(asked.to, 1)}
      and o.status not in ('Cancelled', 'Draft')`
}

/** Money of the range: confirmed payments (+) and refunds (−), on the day they were confirmed. */
function received(asked: SalesReportAsked): SQL {
  return sql`select p.id, p.order_id, p.method, p.checked_at,
      case when p.kind = 'refund' then -p.amount else p.amount end as amount
    from order_payments p
    where p.status = 'confirmed'
      and p.checked_at >= ${startOfDay(asked.from)} and p.checked_at < ${startOfDay(asked.to, 1)}`
}

const unitsOf = sql`(select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)`

function periodFacts(asked: SalesReportAsked, period: Period): SQL {
  const format = PERIOD_FORMATS[period]
  return sql`
    select ${periodOf(period, sql`o.created_at`)} as ident, null as key, o.id as order_id,
        ${unitsOf} as units, o.total_price as booked, 0 as received
      from (${booked(asked)}) o
    union all
    select ${periodOf(period, sql`m.checked_at`)}, null, null, 0, 0, m.amount
      from (${received(asked)}) m
    union all
    -- Every period of the range has its row, so a chart of it has no holes.
    select to_char(p, ${format}), null, null, 0, 0, 0
      from generate_series(date_trunc(${period}, ${asked.from}::date::timestamp), ${asked.to}::date::timestamp,
        ${`1 ${period}`}::interval) p`
}

/** City, channel: the order's; payment method: the order's for what was booked, the entry's for what came in. */
function orderFacts(asked: SalesReportAsked, group: 'city' | 'channel' | 'payment_method'): SQL {
  const orderKey = sql.raw(`o.${group}`)
  const moneyKey = group === 'payment_method' ? sql`m.method` : orderKey
  return sql`
    select ${orderKey} as ident, null as key, o.id as order_id, ${unitsOf} as units,
        o.total_price as booked, 0 as received
      from (${booked(asked)}) o
    union all
    select ${moneyKey}, null, null, 0, 0, m.amount
      from (${received(asked)}) m join orders o on o.id = m.order_id`
}

/**
 * Products and categories: units and money of each line; a payment is shared among its order's lines
 * in proportion to their value (an order pays for all its pieces at once).
 */
function lineFacts(asked: SalesReportAsked, group: 'product' | 'category', language: LanguageCode): SQL {
  const [ident, key] =
    group === 'product'
      ? [
          sql`coalesce('p' || i.product_id::text, 'n' || i.product_name)`,
          sql`coalesce(${inLanguage(language, sql`p.name`, sql`p.name_ur`)}, ${inLanguage(language, sql`i.product_name`, sql`i.product_name_ur`)})`,
        ]
      : // A line of a product since deleted no longer knows its category.
        [
          sql`coalesce(c.id::text, '')`,
          sql`coalesce(${inLanguage(language, sql`c.name`, sql`c.name_ur`)}, '—')`,
        ]
  const lines = sql`order_items i
    left join products p on p.id = i.product_id
    left join categories c on c.id = p.category_id`
  return sql`
    select ${ident} as ident, ${key} as key, o.id as order_id, i.quantity as units,
        i.price * i.quantity as booked, 0 as received
      from (${booked(asked)}) o join ${lines} on i.order_id = o.id
    union all
    select ${ident}, ${key}, null, 0, 0,
        coalesce(round(m.amount * i.price * i.quantity
          / nullif(sum(i.price * i.quantity) over (partition by m.id), 0), 2), 0)
      from (${received(asked)}) m join ${lines} on i.order_id = m.order_id`
}

function factsOf(asked: SalesReportAsked, language: LanguageCode): SQL {
  const { group } = asked
  if (group === 'day' || group === 'week' || group === 'month') return periodFacts(asked, group)
  if (group === 'product' || group === 'category') return lineFacts(asked, group, language)
  return orderFacts(asked, group)
}

/** The report's one query: a row per key, and the totals (`is_total`). */
export function salesReportSql(asked: SalesReportAsked, language: LanguageCode): SQL {
  return sql`select grouping(f.ident) = 1 as is_total, f.ident, max(f.key) as key,
      count(distinct f.order_id)::integer as orders, coalesce(sum(f.units), 0)::integer as units,
      coalesce(sum(f.booked), 0)::text as booked, coalesce(sum(f.received), 0)::text as received
    from (${factsOf(asked, language)}) f
    group by grouping sets ((f.ident), ())`
}

interface GroupedRow {
  is_total: boolean
  ident: string | null
  key: string | null
  orders: number
  units: number
  booked: string
  received: string
}

/** docs/api.md "Papers and data": sales of a range of days in Pakistan, grouped as asked. */
export async function salesReport(
  db: Db,
  asked: SalesReportAsked,
  language: LanguageCode,
): Promise<SalesReport> {
  const grouped = await queryRows<GroupedRow>(db, salesReportSql(asked, language))
  const rowOf = (row: GroupedRow): SalesReportRow => ({
    key: row.key ?? row.ident ?? '',
    orders: row.orders,
    units: row.units,
    booked: formatMoney(row.booked),
    received: formatMoney(row.received),
  })
  const rows = grouped.filter((row) => !row.is_total).map(rowOf)
  // Periods in time order; anything else biggest sale first.
  rows.sort(
    isPeriodGroup(asked.group)
      ? (a, b) => a.key.localeCompare(b.key)
      : (a, b) => Number(b.booked) - Number(a.booked) || a.key.localeCompare(b.key),
  )
  const total = grouped.find((row) => row.is_total)
  const { key: _, ...totals } = total
    ? rowOf(total)
    : { key: '', orders: 0, units: 0, booked: '0.00', received: '0.00' }
  return { rows, totals }
}
