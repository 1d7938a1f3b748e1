import type { OrderStatus, PaymentMethod, PaymentStatus } from '@store/contract'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderEvents, orders } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import type { Notifier } from '../notifications/service'
import { type OrderScope, visibleTo } from './reading'
import { giveBack, takeAgain } from './stock'

/** A change to an order's status, its payment status or both, by someone, with a note. */
export interface OrderChange {
  status?: OrderStatus | undefined
  paymentStatus?: PaymentStatus | undefined
  note: string
  /** Who made it; null for the system (the demo seed without a staff user) */
  actorId: number | null
}

export type LockedOrder = { status: OrderStatus; paymentStatus: PaymentStatus; paymentMethod: PaymentMethod }

/**
 * Applies a change in one transaction with the order row locked, so however often (or concurrently)
 * an order is cancelled, its stock and coupon use come back once. `allow` may refuse the change from
 * the order's current state. A change that changes something is recorded in the history; false when
 * there is no such order in the scope.
 */
async function changeOrder(
  db: Db,
  notifier: Notifier,
  orderId: number,
  {
    scope,
    change,
    allow = () => {},
    auditAs = null,
  }: { scope: OrderScope; change: OrderChange; allow?: (order: LockedOrder) => void; auditAs?: Actor | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        couponId: orders.couponId,
        couponCode: orders.couponCode,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), visibleTo(scope)))
      .for('update')
    if (!order) return false
    allow(order)
    const status = change.status ?? order.status
    const paymentStatus = change.paymentStatus ?? order.paymentStatus
    if (status === order.status && paymentStatus === order.paymentStatus) return true
    if (status === 'Cancelled' && order.status !== 'Cancelled') await giveBack(tx, orderId, order.couponId)
    if (order.status === 'Cancelled' && status !== 'Cancelled') {
      await takeAgain(tx, orderId, { id: order.couponId, code: order.couponCode })
    }
    await tx.update(orders).set({ status, paymentStatus }).where(eq(orders.id, orderId))
    await tx
      .insert(orderEvents)
      .values({ orderId, status, paymentStatus, note: change.note, actorId: change.actorId })
    await notifier.orderChanged(tx, orderId, {
      status: status === order.status ? null : status,
      paymentStatus: paymentStatus === order.paymentStatus ? null : paymentStatus,
      note: change.note,
    })
    if (auditAs) {
      await recordChange(tx, auditAs, {
        action: 'order.update',
        entity: 'order',
        entityId: orderId,
        before: { status: order.status, payment_status: order.paymentStatus },
        after: { status, payment_status: paymentStatus, ...(change.note && { note: change.note }) },
      })
    }
    return true
  })
}

/**
 * Staff move an order on. Cancelling gives back the units its items took from stock and its coupon
 * use; un-cancelling takes them again (409 when short). A change is written to the audit log as
 * `auditAs`'s (the demo seed's history has nobody to name). False when there is no such order.
 */
export const updateOrder = (
  db: Db,
  notifier: Notifier,
  orderId: number,
  { change, auditAs }: { change: OrderChange; auditAs: Actor | null },
) => changeOrder(db, notifier, orderId, { scope: { ownerId: null }, change, auditAs })

/** The customer cancels their own order while it is Pending (409 after); false when it is not theirs. */
export const cancelOrder = (
  db: Db,
  notifier: Notifier,
  orderId: number,
  { customerId, note }: { customerId: number; note: string },
) =>
  changeOrder(db, notifier, orderId, {
    scope: { ownerId: customerId },
    change: { status: 'Cancelled', note, actorId: customerId },
    allow: (order) => {
      if (order.status === 'Cancelled') throw httpError(409, 'This order is already cancelled.')
      if (order.status !== 'Pending') {
        throw httpError(409, `Only a pending order can be cancelled; this one is ${order.status}.`)
      }
    },
  })
