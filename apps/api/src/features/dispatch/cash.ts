import { type CashQuery, type CashReport, formatPkr, type HandIn, type HandInBody } from '@store/contract'
import { aliasedTable, and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { type Db, queryRows } from '../../db/client'
import { cashHandIns, deliveryRuns, deliveryStops, users } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { formatMoney, fromPaisa, toPaisa } from '../../lib/money'
import { isDriver } from './runs'

/** How many collections and hand-ins the cash page lists, newest first. */
const LISTED = 200

/** A moment's day in Pakistan is within the query's days (each end included; open when left out). */
function withinDays(at: SQL | typeof cashHandIns.createdAt, { from, to }: Pick<CashQuery, 'from' | 'to'>) {
  const day = sql`(${at} at time zone 'Asia/Karachi')::date`
  return and(
    from === undefined ? undefined : sql`${day} >= ${from}::date`,
    to === undefined ? undefined : sql`${day} <= ${to}::date`,
  )
}

interface DriverCashRow {
  id: number
  first_name: string
  last_name: string
  collected: string
  handed_in: string
  outstanding: string
}

/**
 * Each driver's cash: what they collected and handed in within the days asked, and what is still
 * with them over all time. Drivers today, and anyone who ever collected or handed in, are listed.
 */
async function driverCash(db: Db, query: CashQuery): Promise<DriverCashRow[]> {
  const period = (at: SQL) => withinDays(at, query) ?? sql`true`
  return queryRows<DriverCashRow>(
    db,
    sql`with collected as (
        select r.driver_id, sum(s.cash_collected) filter (where ${period(sql`s.done_at`)}) as in_period,
          sum(s.cash_collected) as all_time
        from ${deliveryStops} s join ${deliveryRuns} r on r.id = s.run_id
        where s.status = 'delivered' group by r.driver_id
      ), handed as (
        select h.driver_id, sum(h.amount) filter (where ${period(sql`h.created_at`)}) as in_period,
          sum(h.amount) as all_time
        from ${cashHandIns} h group by h.driver_id
      )
      select ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name,
        coalesce(c.in_period, 0)::text as collected, coalesce(h.in_period, 0)::text as handed_in,
        (coalesce(c.all_time, 0) - coalesce(h.all_time, 0))::text as outstanding
      from ${users}
        left join collected c on c.driver_id = ${users.id}
        left join handed h on h.driver_id = ${users.id}
      where (${isDriver} or c.driver_id is not null or h.driver_id is not null)
        ${query.driver === undefined ? sql`` : sql`and ${users.id} = ${query.driver}`}
      order by ${users.firstName}, ${users.id}`,
  )
}

const driverAlias = aliasedTable(users, 'driver')
const receiverAlias = aliasedTable(users, 'receiver')

const handInColumns = {
  id: cashHandIns.id,
  driverId: driverAlias.id,
  driverName: driverAlias.firstName,
  amount: cashHandIns.amount,
  note: cashHandIns.note,
  receiverId: receiverAlias.id,
  receiverName: receiverAlias.firstName,
  at: cashHandIns.createdAt,
}

const handIns = (db: Db) =>
  db
    .select(handInColumns)
    .from(cashHandIns)
    .innerJoin(driverAlias, eq(driverAlias.id, cashHandIns.driverId))
    .leftJoin(receiverAlias, eq(receiverAlias.id, cashHandIns.receivedBy))

interface HandInRow {
  id: number
  driverId: number
  driverName: string
  amount: string
  note: string
  receiverId: number | null
  receiverName: string | null
  at: Date
}

function toHandIn(row: HandInRow): HandIn {
  return {
    id: row.id,
    driver: { id: row.driverId, first_name: row.driverName },
    amount: formatMoney(row.amount),
    note: row.note,
    received_by:
      row.receiverId !== null && row.receiverName !== null
        ? { id: row.receiverId, first_name: row.receiverName }
        : null,
    at: row.at.toISOString(),
  }
}

/** The cash page (docs/api.md): drivers' figures, and the period's collections and hand-ins. */
export async function cashReport(db: Db, query: CashQuery): Promise<CashReport> {
  const byDriver = (column: AnyPgColumn) =>
    query.driver === undefined ? undefined : sql`${column} = ${query.driver}`
  const [drivers, collections, handed] = await Promise.all([
    driverCash(db, query),
    db
      .select({
        orderId: deliveryStops.orderId,
        driverId: users.id,
        driverName: users.firstName,
        amount: deliveryStops.cashCollected,
        at: deliveryStops.doneAt,
      })
      .from(deliveryStops)
      .innerJoin(deliveryRuns, eq(deliveryRuns.id, deliveryStops.runId))
      .innerJoin(users, eq(users.id, deliveryRuns.driverId))
      .where(
        and(
          eq(deliveryStops.status, 'delivered'),
          sql`${deliveryStops.cashCollected} > 0`,
          byDriver(deliveryRuns.driverId),
          withinDays(sql`${deliveryStops.doneAt}`, query),
        ),
      )
      .orderBy(desc(deliveryStops.doneAt), desc(deliveryStops.id))
      .limit(LISTED),
    handIns(db)
      .where(and(byDriver(cashHandIns.driverId), withinDays(cashHandIns.createdAt, query)))
      .orderBy(desc(cashHandIns.createdAt), desc(cashHandIns.id))
      .limit(LISTED),
  ])
  return {
    drivers: drivers.map((row) => ({
      driver: { id: row.id, first_name: row.first_name, last_name: row.last_name },
      collected: formatMoney(row.collected),
      handed_in: formatMoney(row.handed_in),
      outstanding: formatMoney(row.outstanding),
    })),
    collections: collections.map((row) => ({
      order_id: row.orderId,
      driver: { id: row.driverId, first_name: row.driverName },
      amount: formatMoney(row.amount ?? '0'),
      at: row.at?.toISOString() ?? '',
    })),
    hand_ins: handed.map(toHandIn),
  }
}

/**
 * Records cash a driver handed in. The driver's row is locked, so two hand-ins at once cannot take
 * more than they hold: 409 past it.
 */
export async function recordHandIn(db: Db, body: z.output<typeof HandInBody>, actor: Actor): Promise<HandIn> {
  const handInId = await db.transaction(async (tx) => {
    const [driver] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, body.driver_id))
      .for('update')
    if (!driver) throw httpError(400, 'Choose a driver.')
    const [held] = await driverCash(tx, { driver: body.driver_id })
    const outstanding = toPaisa(held?.outstanding ?? '0')
    if (toPaisa(body.amount) > outstanding) {
      throw httpError(
        409,
        `A hand-in cannot be more than the ${formatPkr(Number(outstanding))} the driver holds.`,
      )
    }
    const [row] = await tx
      .insert(cashHandIns)
      .values({ driverId: body.driver_id, amount: body.amount, note: body.note, receivedBy: actor.id })
      .returning({ id: cashHandIns.id })
    if (!row) throw new Error('The hand-in insert returned no row')
    await recordChange(tx, actor, {
      action: 'dispatch.hand_in',
      entity: 'cash_hand_in',
      entityId: row.id,
      before: null,
      after: { driver_id: body.driver_id, amount: fromPaisa(toPaisa(body.amount)), note: body.note },
    })
    return row.id
  })
  const [row] = await handIns(db).where(eq(cashHandIns.id, handInId))
  if (!row) throw new Error(`Hand-in ${handInId} vanished after it was recorded`)
  return toHandIn(row)
}

/** For the dashboard: cash collected and not handed in, and how many drivers hold some. */
export async function cashWithDrivers(db: Db): Promise<{ drivers: number; amount: string }> {
  const rows = await driverCash(db, {})
  const holding = rows.filter((row) => toPaisa(row.outstanding) > 0n)
  return {
    drivers: holding.length,
    amount: fromPaisa(holding.reduce((sum, row) => sum + toPaisa(row.outstanding), 0n)),
  }
}
