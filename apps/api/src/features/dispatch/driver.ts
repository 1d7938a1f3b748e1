import type { DeliveredBody, FailedBody, LanguageCode, Role, Run, Stop } from '@store/contract'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { deliveryRuns, deliveryStops, orderEvents, orders } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError, notFound } from '../../lib/errors'
import { toPaisa } from '../../lib/money'
import type { Notifier } from '../notifications/service'
import { deliverOrder } from '../orders/status'
import { inLedgerTransaction, recordEntry } from '../payments/ledger'
import { todayInPakistan } from './days'
import { ON_ITS_WAY, runsWhere, stopById } from './runs'

/** A driver as the routes know them: who, with which role, and how the audit log names them. */
export interface DriverCaller {
  id: number
  role: Role
  actor: Actor
}

/** The driver's runs today, in Pakistan, stops in order. */
export async function myRuns(db: Db, driverId: number, language: LanguageCode): Promise<Run[]> {
  const today = await todayInPakistan(db)
  const runs = await runsWhere(
    db,
    and(eq(deliveryRuns.date, today), eq(deliveryRuns.driverId, driverId)),
    language,
  )
  // The challan's photo is for staff with the orders permission; the driver took it.
  return runs.map((run) => ({ ...run, stops: run.stops.map((stop) => ({ ...stop, photo_url: null })) }))
}

/**
 * The caller's stop for an order, locked for marking: 404 when no run of theirs holds the order, 409
 * when the stop is done or the order is no longer on its way. Locks in the order every writer takes
 * them: the order row (as cancelling, moving its day and the ledger do), then the run row (as taking
 * a run apart does), then the stop, read again under those locks, so two marks at once count once and
 * a stop is never marked after its order left the run.
 */
async function lockOpenStop(tx: Db, orderId: number, driverId: number) {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
  const [found] = await tx
    .select({ id: deliveryStops.id, runId: deliveryStops.runId })
    .from(deliveryStops)
    .innerJoin(deliveryRuns, eq(deliveryRuns.id, deliveryStops.runId))
    .where(
      and(
        eq(deliveryStops.orderId, orderId),
        eq(deliveryRuns.driverId, driverId),
        ne(deliveryStops.status, 'failed'),
      ),
    )
  if (!order || !found) throw notFound('No stop of yours is planned for this order.')
  await tx
    .select({ id: deliveryRuns.id })
    .from(deliveryRuns)
    .where(eq(deliveryRuns.id, found.runId))
    .for('update')
  const [stop] = await tx
    .select({ status: deliveryStops.status })
    .from(deliveryStops)
    .where(eq(deliveryStops.id, found.id))
    .for('update')
  if (!stop) throw notFound('No stop of yours is planned for this order.')
  if (stop.status !== 'planned') throw httpError(409, 'This stop is done already.')
  if (!(ON_ITS_WAY as readonly string[]).includes(order.status)) {
    throw httpError(409, `Order #${orderId} is delivered or cancelled; it cannot go on a run.`)
  }
  return found
}

/**
 * The driver hands the order over (docs/api.md "Delivery days and dispatch"): the stop is delivered
 * with the cash collected and maybe the signed challan's photo, the cash is a confirmed cash-on-delivery
 * payment in the order's ledger (409 past the total, as for staff), and the order is Delivered in its
 * history, by the driver. The payment rule that keeps an order from Delivered while a balance is due
 * does not hold the driver back: the goods are at the door, and what is left stays due.
 */
export async function markDelivered(
  db: Db,
  notifier: Notifier,
  orderId: number,
  {
    driver,
    delivered,
    photo,
    language,
  }: {
    driver: DriverCaller
    delivered: z.output<typeof DeliveredBody>
    photo: { contentType: string; bytes: Buffer } | null
    language: LanguageCode
  },
): Promise<Stop> {
  const stopId = await inLedgerTransaction(db, async (tx) => {
    const stop = await lockOpenStop(tx, orderId, driver.id)
    await tx
      .update(deliveryStops)
      .set({
        status: 'delivered',
        cashCollected: delivered.cash_collected,
        note: delivered.note,
        photoContentType: photo?.contentType ?? null,
        photoBytes: photo?.bytes ?? null,
        doneAt: sql`now()`,
      })
      .where(eq(deliveryStops.id, stop.id))
    if (toPaisa(delivered.cash_collected) > 0n) {
      await recordEntry(tx, notifier, orderId, {
        by: { id: driver.id, role: driver.role, audit: driver.actor },
        entry: {
          kind: 'payment',
          method: 'cod',
          amount: delivered.cash_collected,
          reference: `Run ${stop.runId}`,
          note: delivered.note,
          status: 'confirmed',
        },
        historyLine: false,
      })
    }
    await deliverOrder(tx, notifier, orderId, {
      actorId: driver.id,
      note: delivered.note,
      auditAs: driver.actor,
    })
    return stop.id
  })
  return stopById(db, stopId, language)
}

/**
 * The driver could not deliver: the stop fails with the reason, the customer is told the shop will
 * call, and the order waits on the board again.
 */
export async function markFailed(
  db: Db,
  notifier: Notifier,
  orderId: number,
  {
    driver,
    failed,
    language,
  }: { driver: DriverCaller; failed: z.output<typeof FailedBody>; language: LanguageCode },
): Promise<Stop> {
  const stopId = await db.transaction(async (tx) => {
    const stop = await lockOpenStop(tx, orderId, driver.id)
    await tx
      .update(deliveryStops)
      .set({ status: 'failed', failedReason: failed.reason, doneAt: sql`now()` })
      .where(eq(deliveryStops.id, stop.id))
    const [order] = await tx
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (order) {
      await tx.insert(orderEvents).values({
        orderId,
        status: order.status,
        paymentStatus: order.paymentStatus,
        note: `Delivery failed: ${failed.reason}`,
        actorId: driver.id,
      })
    }
    await notifier.deliveryFailed(tx, orderId, failed.reason)
    await recordChange(tx, driver.actor, {
      action: 'dispatch.failed',
      entity: 'delivery_stop',
      entityId: stop.id,
      before: { status: 'planned' },
      after: { status: 'failed', reason: failed.reason },
    })
    return stop.id
  })
  return stopById(db, stopId, language)
}

/** The signed challan's photo of a stop; null when there is none. */
export async function stopPhoto(db: Db, stopId: number) {
  const [row] = await db
    .select({ contentType: deliveryStops.photoContentType, bytes: deliveryStops.photoBytes })
    .from(deliveryStops)
    .where(eq(deliveryStops.id, stopId))
  return row?.contentType && row.bytes ? { contentType: row.contentType, bytes: row.bytes } : null
}
