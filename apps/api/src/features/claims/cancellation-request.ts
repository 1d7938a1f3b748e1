import type { CancellationRequest } from '@store/contract'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cancellationRequests, users } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { formatMoney, fromPaisa } from '../../lib/money'
import { getClaimSettings } from './settings'

/** A percent of an amount in paisa, half a paisa rounded up. */
export const percentOf = (paisa: bigint, percent: number) => (paisa * BigInt(percent) + 50n) / 100n

/**
 * The customer asks to cancel their confirmed order (the caller holds its row lock): the store's fee
 * is its percent of what was paid and not refunded, the rest is what an approval refunds. One request
 * waits at a time (409).
 */
export async function requestCancellation(
  tx: Db,
  orderId: number,
  { paid, note }: { paid: bigint; note: string },
): Promise<void> {
  const [waiting] = await tx
    .select({ id: cancellationRequests.id })
    .from(cancellationRequests)
    .where(and(eq(cancellationRequests.orderId, orderId), eq(cancellationRequests.status, 'pending')))
  if (waiting) throw httpError(409, 'You already asked to cancel this order; the store will answer soon.')
  const { cancellation_fee_percent: feePercent } = await getClaimSettings(tx)
  const fee = percentOf(paid, feePercent)
  await tx.insert(cancellationRequests).values({
    orderId,
    note,
    feePercent,
    fee: fromPaisa(fee),
    refund: fromPaisa(paid - fee),
  })
}

/** Each order's latest request to cancel, for the order's answer. */
export async function latestCancellationRequests(
  db: Db,
  orderIds: number[],
): Promise<Map<number, CancellationRequest>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .select({
      row: cancellationRequests,
      deciderName: users.firstName,
    })
    .from(cancellationRequests)
    .leftJoin(users, eq(users.id, cancellationRequests.decidedBy))
    .where(inArray(cancellationRequests.orderId, orderIds))
    .orderBy(desc(cancellationRequests.id))
  const latest = new Map<number, CancellationRequest>()
  for (const { row, deciderName } of rows) {
    if (latest.has(row.orderId)) continue
    latest.set(row.orderId, {
      status: row.status,
      requested_at: row.requestedAt.toISOString(),
      note: row.note,
      fee_percent: row.feePercent,
      fee: formatMoney(row.fee),
      refund: formatMoney(row.refund),
      decided_by:
        row.decidedBy !== null && deciderName !== null
          ? { id: row.decidedBy, first_name: deciderName }
          : null,
      decided_at: row.decidedAt?.toISOString() ?? null,
      decision_note: row.decisionNote,
    })
  }
  return latest
}
