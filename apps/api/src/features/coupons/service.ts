import type { Coupon, CouponBody } from '@store/contract'
import { and, count, desc, eq, lte, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors'
import { coupons } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { formatMoney } from '../../lib/money'

type CouponRow = typeof coupons.$inferSelect
type CouponValues = z.output<typeof CouponBody>

function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as Coupon['kind'],
    value: formatMoney(row.value),
    min_subtotal: formatMoney(row.minSubtotal),
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    used_count: row.usedCount,
    is_active: row.isActive,
  }
}

/** What staff set; `used_count` is the orders' to change, never the form's. */
const couponRecord = (values: CouponValues) => ({
  code: values.code,
  kind: values.kind,
  value: values.value,
  minSubtotal: values.min_subtotal,
  startsAt: values.starts_at === null ? null : new Date(values.starts_at),
  endsAt: values.ends_at === null ? null : new Date(values.ends_at),
  maxUses: values.max_uses,
  isActive: values.is_active,
})

export async function listCoupons(
  db: Db,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: Coupon[] }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(coupons),
  ])
  return { count: total?.n ?? 0, results: rows.map(toCoupon) }
}

/** The 409 for a code another coupon holds in any letter case, naming it as staff wrote it. */
async function codeTaken(db: Db, code: string) {
  const [other] = await db
    .select({ code: coupons.code })
    .from(coupons)
    .where(eq(sql`lower(${coupons.code})`, code.toLowerCase()))
  const detail = `A coupon with the code ${other?.code ?? code} already exists.`
  return httpError(409, detail, { code: [detail] })
}

/** A coupon's audited fields: its answer without the id. */
const couponSnapshot = (row: CouponRow) => {
  const { id: _, ...fields } = toCoupon(row)
  return fields
}

export async function createCoupon(db: Db, actor: Actor, values: CouponValues): Promise<Coupon> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(coupons).values(couponRecord(values)).onConflictDoNothing().returning()
    if (row) {
      await recordChange(tx, actor, {
        action: 'coupon.create',
        entity: 'coupon',
        entityId: row.id,
        before: null,
        after: couponSnapshot(row),
      })
    }
    return row
  })
  if (!created) throw await codeTaken(db, values.code)
  return toCoupon(created)
}

/**
 * Changes a coupon, keeping its use count; null when there is none. A maximum below the uses already
 * made is refused in the same statement, so an order taking a use meanwhile cannot slip past it.
 */
export async function updateCoupon(
  db: Db,
  actor: Actor,
  id: number,
  values: CouponValues,
): Promise<Coupon | null> {
  const record = couponRecord(values)
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update')
      if (!before) return null
      const [updated] = await tx
        .update(coupons)
        .set(record)
        .where(
          and(
            eq(coupons.id, id),
            record.maxUses === null ? undefined : lte(coupons.usedCount, record.maxUses),
          ),
        )
        .returning()
      if (!updated) {
        const used = before.usedCount
        const detail = `This coupon has been used ${used === 1 ? 'once' : `${used} times`}, so its maximum uses cannot be lower than that.`
        throw httpError(400, detail, { max_uses: [detail] })
      }
      await recordChange(tx, actor, {
        action: 'coupon.update',
        entity: 'coupon',
        entityId: id,
        before: couponSnapshot(before),
        after: couponSnapshot(updated),
      })
      return toCoupon(updated)
    })
  } catch (error) {
    // Asked once the transaction has rolled back: the failed statement ended it.
    if (sqlState(error) === UNIQUE_VIOLATION) throw await codeTaken(db, values.code)
    throw error
  }
}

/** Orders that used it keep their code and discount (their coupon_id is set to null). */
export async function deleteCoupon(db: Db, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(coupons).where(eq(coupons.id, id)).returning()
    if (!deleted) return false
    await recordChange(tx, actor, {
      action: 'coupon.delete',
      entity: 'coupon',
      entityId: id,
      before: couponSnapshot(deleted),
      after: null,
    })
    return true
  })
}
