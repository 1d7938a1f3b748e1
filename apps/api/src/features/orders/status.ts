import {
  formatPkr,
  mayOverridePayments,
  type OrderStatus,
  type PlacedStatus,
  type Role,
} from '@store/contract'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderEvents, orders } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { fromPaisa } from '../../lib/money'
import { requestCancellation } from '../claims/cancellation-request'
import { moveDeliveryDay } from '../dispatch/delivery-day'
import { leaveRun } from '../dispatch/leave-run'
import { creditCancellation, hasInvoice, invoiceIfDue } from '../documents/issuing'
import type { Notifier } from '../notifications/service'
import { amountsOf, type LedgerSums } from '../payments/entries'
import { recordEntry } from '../payments/ledger'
import { stockChanged } from '../stock/alerts'
import { type OrderScope, visibleTo } from './reading'
import { giveBack, takeAgain } from './stock'

/** A change to an order's status, with a note, by someone. */
export interface OrderChange {
  status?: PlacedStatus | undefined
  note: string
  /** Who made it; null for the system (the demo seed without a staff user) */
  actorId: number | null
}

/** The order's state a change is judged by, read under the order's lock. */
type LockedOrder = LedgerSums

const pkr = (paisa: bigint) => formatPkr(Number(paisa))

/**
 * docs/api.md "Money on an order": an order is not confirmed while its advance is due, nor delivered
 * while a balance is, unless an owner or a manager overrides with a note.
 */
function judgePaymentRules(
  order: LockedOrder,
  status: OrderStatus,
  override: { role: Role | null; note: string } | null,
) {
  const { advanceDue, balanceDue } = amountsOf(order)
  const refusal =
    status === 'Processing' && order.status === 'Pending' && advanceDue > 0n
      ? `An advance of ${pkr(advanceDue)} is still due; record the payment first, or an owner or a manager can override with a note.`
      : status === 'Delivered' && balanceDue > 0n
        ? `A balance of ${pkr(balanceDue)} is still due; record the payment first, or an owner or a manager can override with a note.`
        : null
  if (!refusal) return false
  if (override && override.note !== '' && mayOverridePayments(override.role)) return true
  throw httpError(409, refusal)
}

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
    allow = () => false,
    auditAs = null,
  }: {
    scope: OrderScope
    change: OrderChange
    /** Refuses the change from the order's state (by throwing); true when it passes by an override */
    allow?: (order: LockedOrder, status: OrderStatus) => boolean
    auditAs?: Actor | null
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        totalPrice: orders.totalPrice,
        paidTotal: orders.paidTotal,
        refundedTotal: orders.refundedTotal,
        advanceRequired: orders.advanceRequired,
        couponId: orders.couponId,
        couponCode: orders.couponCode,
        city: orders.city,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), visibleTo(scope)))
      .for('update')
    if (!order) return false
    // A draft moves on only by the order desk's confirm (features/order-desk).
    if (order.status === 'Draft') throw httpError(409, 'This order is a draft; confirm it first.')
    const status = change.status ?? order.status
    const overridden = allow(order, status)
    if (status === order.status) return true
    if (status === 'Cancelled' && order.status !== 'Cancelled') {
      const returned = await giveBack(tx, orderId, { couponId: order.couponId, actorId: change.actorId })
      await stockChanged(tx, notifier, returned)
      await leaveRun(tx, orderId)
      await creditCancellation(tx, orderId)
    }
    if (order.status === 'Cancelled' && status !== 'Cancelled') {
      // Its invoice was taken back by a credit note, and an issued paper never changes.
      if (await hasInvoice(tx, orderId))
        throw httpError(
          409,
          'This order was invoiced and its invoice credited when it was cancelled; place a new order instead.',
        )
      const coupon = { id: order.couponId, code: order.couponCode }
      const taken = await takeAgain(tx, orderId, { coupon, city: order.city, actorId: change.actorId })
      await stockChanged(tx, notifier, taken)
    }
    // Delivered by hand: no van is to take it any more (a driver's own stop is done already).
    if (status === 'Delivered') await leaveRun(tx, orderId)
    await tx.update(orders).set({ status }).where(eq(orders.id, orderId))
    // Confirmed: moved on from Pending (or reopened past it) by staff (docs/decisions.md "Papers"); the
    // mail carries the invoice.
    const confirmed =
      (order.status === 'Pending' || order.status === 'Cancelled') &&
      status !== 'Pending' &&
      status !== 'Cancelled'
    const invoiceId = confirmed ? await invoiceIfDue(tx, orderId, 'confirmed') : null
    await tx.insert(orderEvents).values({
      orderId,
      status,
      paymentStatus: order.paymentStatus,
      note: change.note,
      actorId: change.actorId,
    })
    await notifier.orderChanged(tx, orderId, { status, note: change.note, invoiceId })
    if (auditAs) {
      await recordChange(tx, auditAs, {
        action: 'order.update',
        entity: 'order',
        entityId: orderId,
        before: { status: order.status },
        after: { status, ...(change.note && { note: change.note }), ...(overridden && { override: true }) },
      })
    }
    return true
  })
}

/**
 * A driver hands an order over: Delivered in its history by them, with their note, whatever is still
 * due (features/dispatch/driver.ts says why).
 */
export async function deliverOrder(
  tx: Db,
  notifier: Notifier,
  orderId: number,
  { actorId, note, auditAs }: { actorId: number; note: string; auditAs: Actor },
): Promise<void> {
  await changeOrder(tx, notifier, orderId, {
    scope: { ownerId: null },
    change: { status: 'Delivered', note, actorId },
    auditAs,
  })
}

/** What staff change on an order: its status and, as the ledger records it, its payment in full or its refund. */
export interface StaffOrderChange extends OrderChange {
  payment?: 'paid' | 'refunded' | undefined
  /** Move the status past a payment rule (an owner or a manager, with a note) */
  override: boolean
  role: Role | null
  /** A new delivery day (YYYY-MM-DD) */
  deliveryDate?: string | undefined
}

/**
 * Staff move an order on. `paid` records a confirmed payment of what is due and `refunded` a confirmed
 * refund of what was paid (docs/api.md "Money on an order"), before the status changes, so "Delivered
 * and paid" is one request. Cancelling gives back the units its items took from stock and its coupon
 * use; un-cancelling takes them again (409 when short). A change is written to the audit log as
 * `auditAs`'s (the demo seed's history has nobody to name). False when there is no such order.
 */
export async function updateOrder(
  db: Db,
  notifier: Notifier,
  orderId: number,
  { change, auditAs }: { change: StaffOrderChange; auditAs: Actor | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (change.deliveryDate !== undefined) {
      const moved = await moveDeliveryDay(tx, notifier, orderId, {
        date: change.deliveryDate,
        actorId: change.actorId,
        auditAs,
      })
      if (!moved) return false
    }
    if (change.payment) {
      const settled = await settle(tx, notifier, orderId, { change, auditAs })
      if (!settled) return false
    }
    return changeOrder(tx, notifier, orderId, {
      scope: { ownerId: null },
      change,
      auditAs,
      allow: (order, status) => judgePaymentRules(order, status, change.override ? change : null),
    })
  })
}

/** The ledger entry that makes an order paid or refunded in full; nothing when it already is. */
async function settle(
  tx: Db,
  notifier: Notifier,
  orderId: number,
  { change, auditAs }: { change: StaffOrderChange; auditAs: Actor | null },
): Promise<boolean> {
  const [order] = await tx
    .select({
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalPrice: orders.totalPrice,
      paidTotal: orders.paidTotal,
      refundedTotal: orders.refundedTotal,
      advanceRequired: orders.advanceRequired,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
  if (!order) return false
  const { balanceDue, paid: refundable } = amountsOf({ ...order, status: 'Pending' })
  const amount = change.payment === 'paid' ? balanceDue : refundable
  if (amount === 0n) return true
  const entry = {
    kind: change.payment === 'paid' ? ('payment' as const) : ('refund' as const),
    // A cash-on-delivery order is refunded by bank transfer.
    method:
      change.payment === 'refunded' && order.paymentMethod === 'cod'
        ? ('bank_transfer' as const)
        : order.paymentMethod,
    amount: fromPaisa(amount),
    reference: '',
    note: change.note,
    status: 'confirmed' as const,
  }
  // With a status change, the change's own line in the timeline carries the new payment status.
  const historyLine = change.status === undefined || change.status === order.status
  await recordEntry(tx, notifier, orderId, {
    by: { id: change.actorId, role: change.role, audit: auditAs },
    entry,
    historyLine,
  })
  return true
}

/**
 * The customer cancels their own order: at once while it is Pending; once confirmed (Processing) it
 * becomes a request staff answer, with the store's fee (features/claims); 409 from Shipped on. False
 * when it is not theirs.
 */
export const cancelOrder = (
  db: Db,
  notifier: Notifier,
  orderId: number,
  { customerId, note }: { customerId: number; note: string },
) =>
  db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        totalPrice: orders.totalPrice,
        paidTotal: orders.paidTotal,
        refundedTotal: orders.refundedTotal,
        advanceRequired: orders.advanceRequired,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, customerId)))
      .for('update')
    if (!order) return false
    if (order.status === 'Processing') {
      await requestCancellation(tx, orderId, { paid: amountsOf(order).paid, note })
      await notifier.afterSaleRequest(tx, orderId, null)
      return true
    }
    return changeOrder(tx, notifier, orderId, {
      scope: { ownerId: customerId },
      change: { status: 'Cancelled', note, actorId: customerId },
      allow: (locked) => {
        if (locked.status === 'Cancelled') throw httpError(409, 'This order is already cancelled.')
        if (locked.status !== 'Pending') {
          throw httpError(
            409,
            `Only a pending or confirmed order can be cancelled; this one is ${locked.status}.`,
          )
        }
        return false
      },
    })
  })
