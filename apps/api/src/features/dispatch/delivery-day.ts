import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderEvents, orders } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import type { Notifier } from '../notifications/service'
import { todayInPakistan } from './days'
import { leaveRun } from './leave-run'

/**
 * Staff move an order's delivery day (docs/api.md "Delivery days and dispatch"): any day from today
 * on, while the order is on its way. An order planned on a run leaves it for the board of its new
 * day. The customer is told; the history and the audit log say who moved it. False when there is no
 * such order.
 */
export async function moveDeliveryDay(
  tx: Db,
  notifier: Notifier,
  orderId: number,
  { date, actorId, auditAs }: { date: string; actorId: number | null; auditAs: Actor | null },
): Promise<boolean> {
  const [order] = await tx
    .select({ status: orders.status, paymentStatus: orders.paymentStatus, deliveryDate: orders.deliveryDate })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
  if (!order) return false
  if (order.status === 'Delivered' || order.status === 'Cancelled') {
    throw httpError(409, 'A delivered or cancelled order keeps its delivery day.')
  }
  if (date < (await todayInPakistan(tx))) throw httpError(400, 'A delivery day cannot be in the past.')
  if (order.deliveryDate === date) return true
  await tx.update(orders).set({ deliveryDate: date }).where(eq(orders.id, orderId))
  await leaveRun(tx, orderId)
  await tx.insert(orderEvents).values({
    orderId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    note: `Delivery day moved to ${date}.`,
    actorId,
  })
  await notifier.deliveryMoved(tx, orderId, date)
  if (auditAs) {
    await recordChange(tx, auditAs, {
      action: 'order.delivery_day',
      entity: 'order',
      entityId: orderId,
      before: { delivery_date: order.deliveryDate },
      after: { delivery_date: date },
    })
  }
  return true
}
