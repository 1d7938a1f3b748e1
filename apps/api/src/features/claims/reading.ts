import type { Claim, ClaimListQuery, LanguageCode } from '@store/contract'
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  claimEvents,
  claimEvidence,
  claimLines,
  claims,
  conversations,
  orderItems,
  users,
} from '../../db/schema'
import { groupBy } from '../../lib/group-by'
import { shown } from '../../lib/language'
import { formatMoney } from '../../lib/money'
import { evidenceUrl } from './evidence'

export type ClaimRow = typeof claims.$inferSelect

/** Who reads claims: their own (`ownerId`), or every claim (staff, null); evidence addresses are signed for them. */
export interface ClaimReader {
  ownerId: number | null
  readerId: number
  language: LanguageCode
  secret: string
}

/** Claims with their lines, evidence, history and people: five queries whatever the page. */
async function toClaims(db: Db, rows: ClaimRow[], reader: ClaimReader): Promise<Claim[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const lines = await db
    .select({
      claimId: claimLines.claimId,
      orderItemId: claimLines.orderItemId,
      quantity: claimLines.quantity,
      name: orderItems.productName,
      nameUr: orderItems.productNameUr,
      options: orderItems.options,
    })
    .from(claimLines)
    .innerJoin(orderItems, eq(orderItems.id, claimLines.orderItemId))
    .where(inArray(claimLines.claimId, ids))
    .orderBy(asc(claimLines.orderItemId))
  const evidence = await db
    .select()
    .from(claimEvidence)
    .where(inArray(claimEvidence.claimId, ids))
    .orderBy(asc(claimEvidence.id))
  const events = await db
    .select({
      claimId: claimEvents.claimId,
      status: claimEvents.status,
      note: claimEvents.note,
      createdAt: claimEvents.createdAt,
      actorId: claimEvents.actorId,
      actorName: users.firstName,
    })
    .from(claimEvents)
    .leftJoin(users, eq(users.id, claimEvents.actorId))
    .where(inArray(claimEvents.claimId, ids))
    .orderBy(asc(claimEvents.id))
  const userIds = [...new Set(rows.map((row) => row.userId))]
  const customers = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      conversationId: conversations.id,
    })
    .from(users)
    .leftJoin(conversations, eq(conversations.customerId, users.id))
    .where(inArray(users.id, userIds))
  const customerOf = new Map(customers.map((customer) => [customer.id, customer]))
  const linesOf = groupBy(lines, (line) => line.claimId)
  const evidenceOf = groupBy(evidence, (file) => file.claimId)
  const historyOf = groupBy(events, (event) => event.claimId)
  return rows.map((row) => {
    const customer = customerOf.get(row.userId)
    return {
      id: row.id,
      order_id: row.orderId,
      customer: {
        id: row.userId,
        first_name: customer?.firstName ?? '',
        last_name: customer?.lastName ?? '',
      },
      created_at: row.createdAt.toISOString(),
      status: row.status,
      reason: row.reason,
      lines: (linesOf.get(row.id) ?? []).map((line) => ({
        order_item_id: line.orderItemId,
        quantity: line.quantity,
        product_name: shown(reader.language, line.name, line.nameUr),
        options: line.options,
      })),
      description: row.description,
      evidence: (evidenceOf.get(row.id) ?? []).map((file) => ({
        id: file.id,
        kind: file.kind,
        url: evidenceUrl(reader.secret, { claimId: row.id, evidenceId: file.id }, reader.readerId),
        content_type: file.contentType,
        size: file.size,
      })),
      wanted: row.wanted,
      pickup_date: row.pickupDate,
      resolution: row.resolutionKind
        ? {
            kind: row.resolutionKind,
            refund_amount: row.refundAmount === null ? null : formatMoney(row.refundAmount),
            replacement_order_id: row.replacementOrderId,
            restock: row.restock ?? [],
          }
        : null,
      history: (historyOf.get(row.id) ?? []).map((event) => ({
        status: event.status,
        at: event.createdAt.toISOString(),
        by:
          event.actorId !== null && event.actorName !== null
            ? { id: event.actorId, first_name: event.actorName }
            : null,
        note: event.note,
      })),
      conversation_id: customer?.conversationId ?? null,
    }
  })
}

const visibleTo = (ownerId: number | null): SQL | undefined =>
  ownerId === null ? undefined : eq(claims.userId, ownerId)

export async function getClaim(db: Db, claimId: number, reader: ClaimReader): Promise<Claim | null> {
  const rows = await db
    .select()
    .from(claims)
    .where(and(eq(claims.id, claimId), visibleTo(reader.ownerId)))
  const [claim] = await toClaims(db, rows, reader)
  return claim ?? null
}

/** A customer's own claims newest first; staff's queue (every claim) oldest first. */
export async function listClaims(
  db: Db,
  query: ClaimListQuery,
  reader: ClaimReader,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: Claim[] }> {
  const where = and(
    visibleTo(reader.ownerId),
    query.status ? eq(claims.status, query.status) : undefined,
    query.order ? eq(claims.orderId, query.order) : undefined,
  )
  const order =
    reader.ownerId === null
      ? [asc(claims.createdAt), asc(claims.id)]
      : [desc(claims.createdAt), desc(claims.id)]
  const rows = await db
    .select()
    .from(claims)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset)
  const [total] = await db.select({ count: count() }).from(claims).where(where)
  return { count: total?.count ?? 0, results: await toClaims(db, rows, reader) }
}
