import type { LanguageCode, OrderReview, SentDraft } from '@store/contract'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, users } from '../../db/schema'
import { recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import type { MediaStorage } from '../../lib/storage'
import type { Notifier } from '../notifications/service'
import { getOrder } from '../orders/reading'
import type { DeskStaff } from './drafts'
import { checkReviewToken, signReviewToken } from './review-link'

interface Services {
  storage: MediaStorage
  notifier: Notifier
  /** The app's secret, which the review links are signed under */
  secret: string
  publicUrl: string
}

/**
 * Sends a Draft to its customer: a new signed link to it (older ones stay good until they expire), by
 * mail when they have an email and by the gateway, audited. Null when there is no such order; 409 once
 * it is no longer a Draft.
 */
export async function sendDraft(
  db: Db,
  { storage, notifier, secret, publicUrl }: Services,
  { orderId, staff, language }: { orderId: number; staff: DeskStaff; language: LanguageCode },
): Promise<SentDraft | null> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!draft) return null
    if (draft.status !== 'Draft') throw httpError(409, 'This order is no longer a draft.')
    const { token, expiresAt } = signReviewToken(secret, orderId)
    const link = `${publicUrl}/orders/${orderId}/review?token=${token}`
    const mailed = await notifier.orderSent(tx, orderId, link)
    await recordChange(tx, staff.audit, {
      action: 'order.send',
      entity: 'order',
      entityId: orderId,
      before: null,
      after: { link_expires_at: expiresAt.toISOString(), mailed },
    })
    const order = await getOrder(tx, storage, orderId, { ownerId: null, language })
    if (!order) throw new Error(`Order ${orderId} vanished while it was locked`)
    return { order, link, expires_at: expiresAt.toISOString(), mailed }
  })
}

/** The review link's expiry when its token is good for this order; 404 otherwise, so links cannot be probed. */
export function reviewLinkExpiry(secret: string, orderId: number, token: string): Date {
  const expires = checkReviewToken(secret, orderId, token)
  if (!expires) throw httpError(404, 'This link is not valid or has expired.')
  return expires
}

/** Whether the order's customer has a password: paying then needs their own sign-in. */
export async function customerSignsIn(
  db: Db,
  orderId: number,
): Promise<{ userId: number; signsIn: boolean } | null> {
  const [customer] = await db
    .select({ userId: users.id, passwordHash: users.passwordHash })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
  return customer ? { userId: customer.userId, signsIn: customer.passwordHash !== '' } : null
}

/** What a review link shows: the order (a Draft or later), and whether paying needs a sign-in. */
export async function reviewOf(
  db: Db,
  storage: MediaStorage,
  { orderId, expires, language }: { orderId: number; expires: Date; language: LanguageCode },
): Promise<OrderReview> {
  const order = await getOrder(db, storage, orderId, { ownerId: null, language })
  const customer = await customerSignsIn(db, orderId)
  if (!order || !customer) throw httpError(404, 'This link is not valid or has expired.')
  return { order, sign_in_to_pay: customer.signsIn, expires_at: expires.toISOString() }
}
