import {
  type CreateRunBody,
  type DispatchDay,
  type DispatchOrder,
  type Driver,
  type LanguageCode,
  paths,
  permissions,
  type Run,
  type Stop,
} from '@store/contract'
import { and, asc, eq, inArray, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { deliveryRuns, deliveryStops, orderItems, orders, users } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { groupBy } from '../../lib/group-by'
import { shown } from '../../lib/language'
import { formatMoney, fromPaisa } from '../../lib/money'
import { issueChallan } from '../documents/issuing'
import type { Notifier } from '../notifications/service'
import { amountsOf } from '../payments/entries'
import { todayInPakistan } from './days'
import { moveDeliveryDay } from './delivery-day'

/** The statuses of an order still to deliver: the ones a run takes. */
export const ON_ITS_WAY = ['Pending', 'Processing', 'Shipped'] as const

/** Who may drive a run: active staff whose role holds the dispatch permission. */
export const isDriver = and(inArray(users.role, [...permissions.dispatch.roles]), eq(users.isActive, true))

/** The orders by id as the board and the driver see them: two queries whatever their number. */
async function dispatchOrders(
  db: Db,
  ids: number[],
  language: LanguageCode,
): Promise<Map<number, DispatchOrder>> {
  if (ids.length === 0) return new Map()
  const [rows, items] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db
      .select({
        orderId: orderItems.orderId,
        name: orderItems.productName,
        nameUr: orderItems.productNameUr,
        quantity: orderItems.quantity,
        options: orderItems.options,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
  ])
  const itemsOf = groupBy(items, (item) => item.orderId)
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        status: row.status,
        first_name: row.firstName,
        last_name: row.lastName,
        phone: row.phone,
        address: row.address,
        city: row.city,
        delivery_date: row.deliveryDate,
        floor: row.floor,
        lift: row.lift,
        assembly: row.assembly,
        payment_method: row.paymentMethod,
        balance_due: fromPaisa(amountsOf(row).balanceDue),
        items: (itemsOf.get(row.id) ?? []).map((item) => ({
          name: shown(language, item.name, item.nameUr),
          quantity: item.quantity,
          options: item.options,
        })),
      },
    ]),
  )
}

const stopPhotoPath = (stopId: number) => paths.dispatch.getStopPhoto.path.replace(':id', String(stopId))

/** Everything of a stop but the photo's bytes. */
const stopColumns = {
  id: deliveryStops.id,
  runId: deliveryStops.runId,
  orderId: deliveryStops.orderId,
  position: deliveryStops.position,
  status: deliveryStops.status,
  cashCollected: deliveryStops.cashCollected,
  note: deliveryStops.note,
  failedReason: deliveryStops.failedReason,
  hasPhoto: sql<boolean>`${deliveryStops.photoBytes} is not null`,
  doneAt: deliveryStops.doneAt,
}
const selectStops = (db: Db) => db.select(stopColumns).from(deliveryStops)
type StopRow = Awaited<ReturnType<typeof selectStops>>[number]

function toStop(row: StopRow, order: DispatchOrder): Stop {
  return {
    id: row.id,
    position: row.position,
    status: row.status,
    order,
    cash_collected: row.cashCollected === null ? null : formatMoney(row.cashCollected),
    note: row.note,
    failed_reason: row.failedReason,
    photo_url: row.hasPhoto ? stopPhotoPath(row.id) : null,
    done_at: row.doneAt?.toISOString() ?? null,
  }
}

/** The runs matching `where`, oldest first, each with its stops in order. */
export async function runsWhere(db: Db, where: SQL | undefined, language: LanguageCode): Promise<Run[]> {
  const runs = await db
    .select({
      id: deliveryRuns.id,
      date: deliveryRuns.date,
      vehicle: deliveryRuns.vehicle,
      driverId: deliveryRuns.driverId,
      driverFirstName: users.firstName,
      driverLastName: users.lastName,
      createdAt: deliveryRuns.createdAt,
    })
    .from(deliveryRuns)
    .innerJoin(users, eq(users.id, deliveryRuns.driverId))
    .where(where)
    .orderBy(asc(deliveryRuns.id))
  if (runs.length === 0) return []
  const stops = await selectStops(db)
    .where(
      inArray(
        deliveryStops.runId,
        runs.map((run) => run.id),
      ),
    )
    .orderBy(asc(deliveryStops.runId), asc(deliveryStops.position))
  const ordersById = await dispatchOrders(
    db,
    stops.map((stop) => stop.orderId),
    language,
  )
  const stopsOf = groupBy(stops, (stop) => stop.runId)
  return runs.map((run) => ({
    id: run.id,
    date: run.date,
    vehicle: run.vehicle,
    driver: { id: run.driverId, first_name: run.driverFirstName, last_name: run.driverLastName },
    stops: (stopsOf.get(run.id) ?? []).flatMap((stop) => {
      const order = ordersById.get(stop.orderId)
      return order ? [toStop(stop, order)] : []
    }),
    created_at: run.createdAt.toISOString(),
  }))
}

/** One stop as answered after a change. */
export async function stopById(db: Db, stopId: number, language: LanguageCode): Promise<Stop> {
  const [row] = await selectStops(db).where(eq(deliveryStops.id, stopId))
  if (!row) throw new Error(`Stop ${stopId} vanished in its own transaction`)
  const order = (await dispatchOrders(db, [row.orderId], language)).get(row.orderId)
  if (!order) throw new Error(`The order of stop ${stopId} vanished`)
  return toStop(row, order)
}

/** A stop that has not failed holds its order: the board leaves that order out. */
const onALiveStop = (orderId: SQL | typeof orders.id) =>
  sql`exists (select 1 from ${deliveryStops} where ${deliveryStops.orderId} = ${orderId} and ${deliveryStops.status} <> 'failed')`

/**
 * The board of a day: orders due on it and on no run (by city), the day's runs, and who can drive.
 * Today's board also holds the orders whose day has passed without a delivery (a failed stop, a run
 * never planned), so none drops off every board.
 */
export async function dispatchDay(db: Db, date: string, language: LanguageCode): Promise<DispatchDay> {
  const today = await todayInPakistan(db)
  const [due, runs, drivers] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          date === today ? lte(orders.deliveryDate, date) : eq(orders.deliveryDate, date),
          inArray(orders.status, [...ON_ITS_WAY]),
          sql`not ${onALiveStop(orders.id)}`,
        ),
      )
      .orderBy(asc(orders.deliveryDate), asc(orders.city), asc(orders.id)),
    runsWhere(db, eq(deliveryRuns.date, date), language),
    db
      .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
      .from(users)
      .where(isDriver)
      .orderBy(asc(users.firstName), asc(users.id)),
  ])
  const unplanned = await dispatchOrders(
    db,
    due.map((row) => row.id),
    language,
  )
  return {
    date,
    unplanned: due.flatMap((row) => unplanned.get(row.id) ?? []),
    runs,
    drivers: drivers satisfies Driver[],
  }
}

/**
 * Puts orders on a new run, stops in the order given (docs/api.md). The orders are locked, so two
 * staff planning the same order at once put it on one run: the other gets 409. An order due on
 * another day moves to the run's day, and its customer is told, as when staff move it by hand.
 */
export async function createRun(
  db: Db,
  notifier: Notifier,
  body: z.output<typeof CreateRunBody>,
  { actor, language }: { actor: Actor; language: LanguageCode },
): Promise<Run> {
  const runId = await db.transaction(async (tx) => {
    if (body.date < (await todayInPakistan(tx))) throw httpError(400, 'A delivery day cannot be in the past.')
    const [driver] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.driver_id), isDriver))
    if (!driver) throw httpError(400, 'Choose a driver: someone who can drive runs.')
    const found = await tx
      .select({ id: orders.id, status: orders.status, deliveryDate: orders.deliveryDate })
      .from(orders)
      .where(inArray(orders.id, body.order_ids))
      .orderBy(asc(orders.id))
      .for('update')
    const missing = body.order_ids.find((id) => !found.some((order) => order.id === id))
    if (missing !== undefined) throw httpError(400, `There is no order #${missing}.`)
    const closed = found.find((order) => !(ON_ITS_WAY as readonly string[]).includes(order.status))
    if (closed) throw httpError(409, `Order #${closed.id} is delivered or cancelled; it cannot go on a run.`)
    const [planned] = await tx
      .select({ orderId: deliveryStops.orderId })
      .from(deliveryStops)
      .where(and(inArray(deliveryStops.orderId, body.order_ids), ne(deliveryStops.status, 'failed')))
      .limit(1)
    if (planned) throw httpError(409, `Order #${planned.orderId} is on a run already.`)
    for (const order of found.filter((each) => each.deliveryDate !== body.date)) {
      await moveDeliveryDay(tx, notifier, order.id, { date: body.date, actorId: actor.id, auditAs: actor })
    }
    const [run] = await tx
      .insert(deliveryRuns)
      .values({ date: body.date, vehicle: body.vehicle, driverId: body.driver_id, createdBy: actor.id })
      .returning({ id: deliveryRuns.id })
    if (!run) throw new Error('The run insert returned no row')
    await tx
      .insert(deliveryStops)
      .values(body.order_ids.map((orderId, index) => ({ runId: run.id, orderId, position: index + 1 })))
    for (const orderId of body.order_ids) await issueChallan(tx, orderId)
    await recordChange(tx, actor, {
      action: 'dispatch.run_create',
      entity: 'delivery_run',
      entityId: run.id,
      before: null,
      after: { date: body.date, vehicle: body.vehicle, driver_id: body.driver_id, order_ids: body.order_ids },
    })
    return run.id
  })
  const [run] = await runsWhere(db, eq(deliveryRuns.id, runId), language)
  if (!run) throw new Error(`Run ${runId} vanished after it was created`)
  return run
}

/**
 * Takes a run apart: its orders go back to the board. Refused (409) once a stop is delivered or
 * failed, since those stops are the record of what happened. The run row is locked, as a driver's
 * stop is marked under the same lock. False when there is no such run.
 */
export async function deleteRun(db: Db, runId: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .select({ id: deliveryRuns.id, date: deliveryRuns.date, driverId: deliveryRuns.driverId })
      .from(deliveryRuns)
      .where(eq(deliveryRuns.id, runId))
      .for('update')
    if (!run) return false
    const stops = await tx
      .select({ orderId: deliveryStops.orderId, status: deliveryStops.status })
      .from(deliveryStops)
      .where(eq(deliveryStops.runId, runId))
      .orderBy(asc(deliveryStops.position))
    if (stops.some((stop) => stop.status !== 'planned')) {
      throw httpError(409, 'A stop of this run is done; the run stays.')
    }
    await tx.delete(deliveryRuns).where(eq(deliveryRuns.id, runId))
    await recordChange(tx, actor, {
      action: 'dispatch.run_delete',
      entity: 'delivery_run',
      entityId: runId,
      before: { date: run.date, driver_id: run.driverId, order_ids: stops.map((stop) => stop.orderId) },
      after: null,
    })
    return true
  })
}
