import type { LanguageCode, Order, OrderChannel, StaffChannel } from '@store/contract'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderEvents, orderItems, orders, users } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import type { MediaStorage } from '../../lib/storage'
import type { Notifier } from '../notifications/service'
import { usedUp } from '../orders/pricing'
import { detailsOf, orderColumns } from '../orders/reading'
import {
  byProduct,
  recordTakes,
  type StockTake,
  shareOut,
  shortageDetail,
  takeCouponUse,
  takeStock,
} from '../orders/stock'
import { stockChanged } from '../stock/alerts'

/** How the history says who placed a staff order: the staff member and the channel, or the customer. */
export type Placer = { kind: 'staff'; id: number; firstName: string; audit: Actor } | { kind: 'customer' }

const BY_CHANNEL: Record<StaffChannel, string> = {
  phone: 'by phone',
  whatsapp: 'by WhatsApp',
  showroom: 'in the showroom',
}

/** "Created by Bilal by phone", and when the customer accepted it through the link, "…; accepted by the customer". */
function placedNote(takenBy: string | null, channel: OrderChannel, placer: Placer) {
  const created =
    takenBy === null ? '' : `Created by ${takenBy}${channel === 'web' ? '' : ` ${BY_CHANNEL[channel]}`}`
  if (placer.kind === 'staff') return created
  return created === '' ? 'Accepted by the customer' : `${created}; accepted by the customer`
}

/**
 * Places a Draft: it takes its stock by the checkout's rules (products locked one at a time in id
 * order, as a checkout locks them, so the two never oversell nor deadlock) and its coupon use, and
 * becomes Pending with its first history line; the customer is told as after a checkout. 409 naming
 * a product that ran short, or the coupon used up meanwhile: nothing is taken then. Answers the order
 * as placed, or 'placed' when it was no longer a Draft, null when there is no such order.
 */
export async function placeDraft(
  db: Db,
  { storage, notifier }: { storage: MediaStorage; notifier: Notifier },
  { orderId, placer, language }: { orderId: number; placer: Placer; language: LanguageCode },
): Promise<Order | 'placed' | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        userId: orders.userId,
        channel: orders.channel,
        // Who took it, named in the first history line whoever places it
        takenBy: sql<
          string | null
        >`(select ${users.firstName} from ${users} where ${users.id} = ${orders.createdBy})`,
        city: orders.city,
        couponId: orders.couponId,
        couponCode: orders.couponCode,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!order) return null
    if (order.status !== 'Draft') return 'placed'
    const lines = await tx
      .select({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id))
    const takes: { productId: number; from: StockTake[] }[] = []
    const held = lines.flatMap((line) => (line.productId ? [{ ...line, productId: line.productId }] : []))
    for (const [productId, group] of byProduct(held)) {
      const units = group.reduce((sum, line) => sum + line.quantity, 0)
      const taken = await takeStock(tx, productId, units, order.city)
      if (!taken) throw httpError(409, await shortageDetail(tx, productId, language))
      takes.push({ productId, from: taken.from })
      const shares = shareOut(group, taken.taken)
      for (const [index, line] of group.entries()) {
        await tx
          .update(orderItems)
          .set({ stockTaken: shares[index] ?? 0 })
          .where(eq(orderItems.id, line.id))
      }
    }
    if (order.couponId !== null && !(await takeCouponUse(tx, order.couponId))) {
      throw httpError(409, usedUp(order.couponCode ?? ''))
    }
    const actorId = placer.kind === 'staff' ? placer.id : order.userId
    await recordTakes(tx, orderId, takes, actorId)
    const [placed] = await tx
      .update(orders)
      .set({ status: 'Pending' })
      .where(eq(orders.id, orderId))
      .returning({ paymentStatus: orders.paymentStatus })
    if (!placed) throw new Error(`Order ${orderId} vanished while it was locked`)
    await tx.insert(orderEvents).values({
      orderId,
      status: 'Pending',
      paymentStatus: placed.paymentStatus,
      actorId,
      note: placedNote(placer.kind === 'staff' ? placer.firstName : order.takenBy, order.channel, placer),
    })
    if (placer.kind === 'staff') {
      await recordChange(tx, placer.audit, {
        action: 'order.confirm',
        entity: 'order',
        entityId: orderId,
        before: { status: 'Draft' },
        after: { status: 'Pending' },
      })
    }
    const [customer] = await tx
      .select({
        id: users.id,
        first_name: users.firstName,
        notify_email: users.notifyEmail,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, order.userId))
    const rows = await tx.select(orderColumns).from(orders).where(eq(orders.id, orderId))
    const ordersIn = await detailsOf(tx, storage, rows)
    const answerIn = (each: LanguageCode) => {
      const [answer] = ordersIn(each)
      if (!answer) throw new Error('A placed order lost its answer')
      return answer
    }
    if (customer) await notifier.orderPlaced(tx, customer, answerIn)
    await stockChanged(
      tx,
      notifier,
      takes.map((take) => take.productId),
      'down',
    )
    return answerIn(language)
  })
}
