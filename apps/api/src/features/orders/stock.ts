import type { LanguageCode } from '@store/contract'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { coupons, orderItems, products, shownName } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { groupBy } from '../../lib/group-by'
import { usedUp } from './pricing'

/**
 * Takes `quantity` units off a product's stock in one statement that locks the row first, so stock
 * never goes below 0 however many checkouts run at once. A product kept in stock gives all of them or
 * none (null: short); a made-to-order piece (lead time above 0) gives what it has, down to 0, and is
 * made for the rest. Answers the product's names (English and Urdu), its price and the units taken.
 */
export async function takeStock(db: Db, productId: number, quantity: number) {
  const [taken] = await queryRows<{ name: string; name_ur: string; price: string; taken: number }>(
    db,
    sql`with locked as (select id, stock from ${products} where id = ${productId} for update)
      update ${products} set stock = ${products.stock} - least(locked.stock, ${quantity})
      from locked
      where ${products.id} = locked.id and (locked.stock >= ${quantity} or ${products.leadTimeDays} > 0)
      returning ${products.name} as name, ${products.nameUr} as name_ur, ${products.price}::text as price,
        least(locked.stock, ${quantity}) as taken`,
  )
  return taken ?? null
}

async function putBackStock(db: Db, productId: number, units: number): Promise<void> {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${units}` })
    .where(eq(products.id, productId))
}

export async function shortageDetail(db: Db, productId: number, language: LanguageCode): Promise<string> {
  const [product] = await db
    .select({ name: sql<string>`${shownName(products, language)}`, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
  if (!product) return 'A product in your cart is no longer available.'
  if (product.stock === 0) return `Sorry, "${product.name}" is out of stock.`
  return `Sorry, only ${product.stock} of "${product.name}" left in stock.`
}

/**
 * Lines grouped by product, products ascending: stock is taken once per product (its lines with other
 * choices together), and rows are locked in product order, so two orders sharing products cannot
 * deadlock.
 */
export const byProduct = <T extends { productId: number }>(lines: T[]) =>
  [...groupBy(lines, (line) => line.productId)].sort(([a], [b]) => a - b)

/** Splits the units taken from stock over a product's lines, first line first. */
export function shareOut<T extends { quantity: number }>(lines: T[], taken: number): number[] {
  let left = taken
  return lines.map((line) => {
    const share = Math.min(left, line.quantity)
    left -= share
    return share
  })
}

/**
 * Takes one use of a coupon in one statement, never past its maximum however many checkouts race
 * (the row lock makes each wait for the one before); false when it is used up.
 */
export async function takeCouponUse(tx: Db, couponId: number): Promise<boolean> {
  const taken = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`,
      ),
    )
    .returning({ id: coupons.id })
  return taken.length > 0
}

type HeldLine = { id: number; productId: number; quantity: number; stockTaken: number }

/** The order's items whose product still exists (a product deleted since keeps no stock to move). */
async function heldLines(tx: Db, orderId: number): Promise<HeldLine[]> {
  const rows = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      stockTaken: orderItems.stockTaken,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)))
    .orderBy(asc(orderItems.id))
  return rows.flatMap((row) => (row.productId ? [{ ...row, productId: row.productId }] : []))
}

/** A cancelled order gives back the units its items took and its coupon use. */
export async function giveBack(tx: Db, orderId: number, couponId: number | null): Promise<void> {
  for (const [productId, group] of byProduct(await heldLines(tx, orderId))) {
    await putBackStock(
      tx,
      productId,
      group.reduce((sum, line) => sum + line.stockTaken, 0),
    )
    await setStockTaken(tx, group, () => 0)
  }
  if (couponId !== null) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      // Never below 0, should the count have been set by hand since.
      .where(and(eq(coupons.id, couponId), sql`${coupons.usedCount} > 0`))
  }
}

/**
 * An order brought back from Cancelled takes its stock and coupon use again, conditionally: 409 naming
 * the product when it has run short (a made-to-order piece takes what there is), or the coupon when it
 * has been used up since.
 */
export async function takeAgain(tx: Db, orderId: number, coupon: { id: number | null; code: string | null }) {
  for (const [productId, group] of byProduct(await heldLines(tx, orderId))) {
    const taken = await takeStock(
      tx,
      productId,
      group.reduce((sum, line) => sum + line.quantity, 0),
    )
    if (!taken) throw httpError(409, await shortageDetail(tx, productId, 'en'))
    const shares = shareOut(group, taken.taken)
    await setStockTaken(tx, group, (index) => shares[index] ?? 0)
  }
  if (coupon.id !== null && !(await takeCouponUse(tx, coupon.id))) {
    throw httpError(409, `${usedUp(coupon.code ?? '')} The order stays cancelled.`)
  }
}

/** Records what each item holds from stock now (nothing once its order is cancelled). */
async function setStockTaken(tx: Db, items: { id: number }[], units: (index: number) => number) {
  for (const [index, item] of items.entries()) {
    await tx
      .update(orderItems)
      .set({ stockTaken: units(index) })
      .where(eq(orderItems.id, item.id))
  }
}
