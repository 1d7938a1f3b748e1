import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderEvents, orders, paymentProofs } from '../../db/schema'
import { httpError } from '../../lib/errors'
import type { Notifier } from '../notifications/service'
import { type OrderScope, visibleTo } from './reading'
import type { LockedOrder } from './status'

/** Why the owner may not upload a receipt for this order now, if they may not. */
function refuseProof(order: LockedOrder): void {
  if (order.paymentMethod !== 'bank_transfer') {
    throw httpError(400, 'A receipt can only be uploaded for an order paid by bank transfer.')
  }
  if (order.status === 'Cancelled') throw httpError(409, 'This order is cancelled.')
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
    throw httpError(409, `The payment of this order is already ${order.paymentStatus}.`)
  }
}

/** The state of the customer's own order that decides whether it takes a receipt. */
const ownOrder = (db: Db, orderId: number, customerId: number) =>
  db
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo({ ownerId: customerId })))

/**
 * Whether the customer may upload a receipt for this order, asked before the upload is read: false
 * when the order is not theirs, 400 or 409 when it takes no receipt.
 */
export async function takesPaymentProof(db: Db, orderId: number, customerId: number): Promise<boolean> {
  const [order] = await ownOrder(db, orderId, customerId)
  if (!order) return false
  refuseProof(order)
  return true
}

export interface PaymentProof {
  contentType: string
  bytes: Buffer
}

/**
 * Keeps the receipt (a new one replaces the old) and marks the payment `proof_submitted`, recorded in
 * the history as the customer's; the order is checked again under its lock. False when not theirs.
 */
export async function savePaymentProof(
  db: Db,
  notifier: Notifier,
  orderId: number,
  { customerId, proof }: { customerId: number; proof: PaymentProof },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await ownOrder(tx, orderId, customerId).for('update')
    if (!order) return false
    refuseProof(order)
    await tx
      .insert(paymentProofs)
      .values({ orderId, ...proof })
      .onConflictDoUpdate({
        target: paymentProofs.orderId,
        set: { contentType: proof.contentType, bytes: proof.bytes, uploadedAt: sql`now()` },
      })
    await tx.update(orders).set({ paymentStatus: 'proof_submitted' }).where(eq(orders.id, orderId))
    await tx.insert(orderEvents).values({
      orderId,
      status: order.status,
      paymentStatus: 'proof_submitted',
      actorId: customerId,
    })
    await notifier.paymentProofSubmitted(tx, orderId)
    return true
  })
}

/** The receipt of an order visible in the scope; null when there is none (or no such order). */
export async function getPaymentProof(
  db: Db,
  orderId: number,
  scope: OrderScope,
): Promise<PaymentProof | null> {
  const [proof] = await db
    .select({ contentType: paymentProofs.contentType, bytes: paymentProofs.bytes })
    .from(paymentProofs)
    .innerJoin(orders, eq(orders.id, paymentProofs.orderId))
    .where(and(eq(paymentProofs.orderId, orderId), visibleTo(scope)))
  return proof ?? null
}
