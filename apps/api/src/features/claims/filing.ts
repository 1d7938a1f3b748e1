import { type ClaimForm, type ClaimSettings, can } from '@store/contract'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import {
  claimEvents,
  claimEvidence,
  claimLines,
  claims,
  orderEvents,
  orderItems,
  orders,
  products,
  users,
} from '../../db/schema'
import { httpError } from '../../lib/errors'
import type { MediaStorage } from '../../lib/storage'
import type { Notifier } from '../notifications/service'
import { removeEvidence, type StoredEvidence } from './evidence'
import { getClaimSettings } from './settings'

const HOUR_MS = 60 * 60 * 1000

/**
 * Whether the order is the customer's own: checked before the upload is read, so a stranger learns
 * nothing from how the files are judged (404). Its state is judged after the form's fields, with the
 * order locked.
 */
export async function ownOrder(db: Db, orderId: number, customerId: number): Promise<boolean> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, customerId)))
  return order !== undefined
}

/** When the order was delivered: its latest Delivered entry (docs/decisions.md, "Claims"). */
async function deliveredAt(tx: Db, orderId: number): Promise<Date | null> {
  const [entry] = await tx
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'Delivered')))
    .orderBy(desc(orderEvents.id))
    .limit(1)
  return entry?.at ?? null
}

/** The store's windows, counted from delivery: damage in hours, anything else in days. */
function judgeWindow(reason: z.output<typeof ClaimForm>['reason'], settings: ClaimSettings, delivered: Date) {
  const elapsed = Date.now() - delivered.getTime()
  if (reason === 'damaged') {
    if (elapsed > settings.damage_hours * HOUR_MS) {
      throw httpError(
        409,
        `Damage must be reported within ${settings.damage_hours} hours of delivery; that time has passed for this order.`,
      )
    }
    return
  }
  if (elapsed > settings.exchange_days * 24 * HOUR_MS) {
    throw httpError(
      409,
      `Problems must be reported within ${settings.exchange_days} days of delivery; that time has passed for this order.`,
    )
  }
}

/**
 * Checks each line against the order: its items, their made-to-order pieces (refused unless the store
 * returns them), and the units not already in an open or resolved claim (a rejected claim frees them).
 */
async function judgeLines(
  tx: Db,
  orderId: number,
  lines: z.output<typeof ClaimForm>['lines'],
  settings: ClaimSettings,
) {
  const ids = lines.map((line) => line.order_item_id)
  if (new Set(ids).size !== ids.length) {
    throw httpError(400, 'The form is not valid.', { lines: ['Choose each item once.'] })
  }
  const items = await tx
    .select({
      id: orderItems.id,
      name: orderItems.productName,
      quantity: orderItems.quantity,
      leadTimeDays: products.leadTimeDays,
      claimed: sql<number>`coalesce((select sum(${claimLines.quantity}) from ${claimLines}
        join ${claims} on ${claims.id} = ${claimLines.claimId}
        where ${claimLines.orderItemId} = ${orderItems.id} and ${claims.status} <> 'rejected'), 0)::int`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, ids)))
  const byId = new Map(items.map((item) => [item.id, item]))
  for (const line of lines) {
    const item = byId.get(line.order_item_id)
    if (!item) throw httpError(400, 'The form is not valid.', { lines: ['Choose items of this order.'] })
    if ((item.leadTimeDays ?? 0) > 0 && !settings.made_to_order_returnable) {
      throw httpError(409, `"${item.name}" was made to order; the store does not take it back.`)
    }
    const left = item.quantity - item.claimed
    if (line.quantity > left) {
      throw httpError(
        409,
        left === 0
          ? `"${item.name}" is already in another claim.`
          : `Only ${left} of "${item.name}" can still be claimed.`,
      )
    }
  }
}

/**
 * Files a customer's claim on their delivered order, within the store's windows. The order row is
 * locked, so two claims sent at once cannot both take the same units. Its files, stored as the form
 * was read, are removed again when the claim is refused.
 */
export async function fileClaim(
  db: Db,
  { storage, notifier }: { storage: MediaStorage; notifier: Notifier },
  orderId: number,
  {
    customerId,
    form,
    files,
  }: { customerId: number; form: z.output<typeof ClaimForm>; files: StoredEvidence[] },
): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, customerId)))
        .for('update')
      if (!order) return null
      if (order.status !== 'Delivered') throw httpError(409, 'Only a delivered order can have a claim.')
      const settings = await getClaimSettings(tx)
      if (form.reason === 'changed_mind' && !settings.changed_mind) {
        throw httpError(409, 'The store does not take pieces back for a change of mind.')
      }
      const delivered = await deliveredAt(tx, orderId)
      if (!delivered)
        throw httpError(409, 'This order has no delivery in its history; send us a message instead.')
      judgeWindow(form.reason, settings, delivered)
      await judgeLines(tx, orderId, form.lines, settings)
      const [claim] = await tx
        .insert(claims)
        .values({
          orderId,
          userId: customerId,
          reason: form.reason,
          description: form.description,
          wanted: form.wanted,
        })
        .returning({ id: claims.id })
      if (!claim) throw new Error('The claim insert returned no row')
      await tx.insert(claimLines).values(
        form.lines.map((line) => ({
          claimId: claim.id,
          orderItemId: line.order_item_id,
          quantity: line.quantity,
        })),
      )
      if (files.length > 0) {
        await tx.insert(claimEvidence).values(
          files.map((file) => ({
            claimId: claim.id,
            kind: file.kind,
            storageKey: file.key,
            contentType: file.contentType,
            size: file.size,
          })),
        )
      }
      await tx.insert(claimEvents).values({ claimId: claim.id, status: 'requested', actorId: customerId })
      await notifier.claimChanged(tx, claim.id, { note: '' })
      await notifier.afterSaleRequest(tx, orderId, claim.id)
      return claim.id
    })
  } catch (error) {
    await removeEvidence(storage, files)
    throw error
  }
}

/**
 * The claim's file for the reader an address was signed for, while they may still read it: the
 * claim's owner, or active staff who handle orders; null for anyone else.
 */
export async function evidenceFor(
  db: Db,
  { claimId, evidenceId }: { claimId: number; evidenceId: number },
  readerId: number,
) {
  const [file] = await db
    .select({
      key: claimEvidence.storageKey,
      contentType: claimEvidence.contentType,
      size: claimEvidence.size,
      ownerId: claims.userId,
    })
    .from(claimEvidence)
    .innerJoin(claims, eq(claims.id, claimEvidence.claimId))
    .where(and(eq(claimEvidence.id, evidenceId), eq(claimEvidence.claimId, claimId)))
  const [reader] = await db
    .select({ role: users.role, active: users.isActive })
    .from(users)
    .where(eq(users.id, readerId))
  if (!file || !reader?.active) return null
  return file.ownerId === readerId || can(reader.role, 'orders') ? file : null
}
