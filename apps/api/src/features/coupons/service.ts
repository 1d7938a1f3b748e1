import type { Coupon, CouponBody } from '@store/contract'
import { and, count, desc, eq, lte, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors'
import { coupons } from '../../db/schema'
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

export async function createCoupon(db: Db, values: CouponValues): Promise<Coupon> {
  const [created] = await db.insert(coupons).values(couponRecord(values)).onConflictDoNothing().returning()
  if (!created) throw await codeTaken(db, values.code)
  return toCoupon(created)
}

/**
 * Changes a coupon, keeping its use count; null when there is none. A maximum below the uses already
 * made is refused in the same statement, so an order taking a use meanwhile cannot slip past it.
 */
export async function updateCoupon(db: Db, id: number, values: CouponValues): Promise<Coupon | null> {
  const record = couponRecord(values)
  const [updated] = await db
    .update(coupons)
    .set(record)
    .where(
      and(eq(coupons.id, id), record.maxUses === null ? undefined : lte(coupons.usedCount, record.maxUses)),
    )
    .returning()
    .catch(async (error: unknown) => {
      throw sqlState(error) === UNIQUE_VIOLATION ? await codeTaken(db, values.code) : error
    })
  if (updated) return toCoupon(updated)
  const [current] = await db.select({ usedCount: coupons.usedCount }).from(coupons).where(eq(coupons.id, id))
  if (!current) return null
  const detail = `This coupon has been used ${current.usedCount === 1 ? 'once' : `${current.usedCount} times`}, so its maximum uses cannot be lower than that.`
  throw httpError(400, detail, { max_uses: [detail] })
}

/** Orders that used it keep their code and discount (their coupon_id is set to null). */
export async function deleteCoupon(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id })
  return deleted.length > 0
}
