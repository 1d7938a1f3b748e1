import { cityKey, type LanguageCode } from '@store/contract'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import {
  coupons,
  locations,
  orderItems,
  orderStockTakes,
  products,
  shownName,
  stockLevels,
  stockMovements,
} from '../../db/schema'
import { httpError } from '../../lib/errors'
import { groupBy } from '../../lib/group-by'
import { usedUp } from './pricing'

/** Units a product gives from one location. */
export interface StockTake {
  locationId: number
  quantity: number
}

/**
 * Takes `quantity` units of a product from its locations by the stated rule (docs/api.md "Stock you
 * can trust"): the delivery city's locations first, then the others, oldest first. The product row is
 * locked first, then its stock rows, in that order everywhere, so checkouts and staff changes neither
 * oversell nor deadlock. A product kept in stock gives all of them or none (null: short); a
 * made-to-order piece (lead time above 0) gives what it has, down to 0, and is made for the rest.
 * Nothing moves yet: `recordTakes` writes the movements once the order exists.
 */
export async function takeStock(db: Db, productId: number, quantity: number, city: string) {
  const [product] = await queryRows<{ name: string; name_ur: string; price: string; lead_time_days: number }>(
    db,
    sql`select ${products.name} as name, ${products.nameUr} as name_ur, ${products.price}::text as price,
        ${products.leadTimeDays} as lead_time_days
      from ${products} where ${products.id} = ${productId} for update`,
  )
  if (!product) return null
  const levels = await queryRows<{ location_id: number; quantity: number }>(
    db,
    sql`select l.location_id, l.quantity from ${stockLevels} l join ${locations} loc on loc.id = l.location_id
      where l.product_id = ${productId} and l.quantity > 0
      order by loc.is_active desc, (lower(replace(loc.city, ' ', '')) = ${cityKey(city)}) desc, loc.id
      for update of l`,
  )
  const available = levels.reduce((sum, level) => sum + level.quantity, 0)
  if (available < quantity && product.lead_time_days === 0) return null
  const taken = Math.min(available, quantity)
  let left = taken
  const from: StockTake[] = []
  for (const level of levels) {
    if (left === 0) break
    const units = Math.min(left, level.quantity)
    from.push({ locationId: level.location_id, quantity: units })
    left -= units
  }
  return { name: product.name, name_ur: product.name_ur, price: product.price, taken, from }
}

/** Writes an order's takes: a sale movement per location (the stock goes down) and where it came from. */
export async function recordTakes(
  tx: Db,
  orderId: number,
  takes: { productId: number; from: StockTake[] }[],
  actorId: number | null,
): Promise<void> {
  const rows = takes.flatMap(({ productId, from }) => from.map((take) => ({ productId, ...take })))
  if (rows.length === 0) return
  await tx.insert(stockMovements).values(
    rows.map((row) => ({
      productId: row.productId,
      locationId: row.locationId,
      delta: -row.quantity,
      reason: 'sale' as const,
      referenceKind: 'order' as const,
      referenceId: orderId,
      actorId,
    })),
  )
  await tx
    .insert(orderStockTakes)
    .values(rows.map((row) => ({ orderId, ...row })))
    .onConflictDoUpdate({
      target: [orderStockTakes.orderId, orderStockTakes.productId, orderStockTakes.locationId],
      set: { quantity: sql`${orderStockTakes.quantity} + excluded.quantity` },
    })
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

/**
 * A cancelled order gives back the units its items took, each to the location it came from (a cancel
 * movement), and its coupon use. Products are locked in id order before their stock rows, as
 * everywhere. Answers the products whose stock came back.
 */
export async function giveBack(
  tx: Db,
  orderId: number,
  { couponId, actorId }: { couponId: number | null; actorId: number | null },
): Promise<number[]> {
  const takes = await tx
    .select()
    .from(orderStockTakes)
    .where(eq(orderStockTakes.orderId, orderId))
    .orderBy(asc(orderStockTakes.productId), asc(orderStockTakes.locationId))
  const productIds = [...new Set(takes.map((take) => take.productId))]
  if (productIds.length > 0) {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for('update')
    await tx.insert(stockMovements).values(
      takes.map((take) => ({
        productId: take.productId,
        locationId: take.locationId,
        delta: take.quantity,
        reason: 'cancel' as const,
        referenceKind: 'order' as const,
        referenceId: orderId,
        actorId,
      })),
    )
    await tx.delete(orderStockTakes).where(eq(orderStockTakes.orderId, orderId))
  }
  for (const [, group] of byProduct(await heldLines(tx, orderId))) await setStockTaken(tx, group, () => 0)
  if (couponId !== null) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      // Never below 0, should the count have been set by hand since.
      .where(and(eq(coupons.id, couponId), sql`${coupons.usedCount} > 0`))
  }
  return productIds
}

/**
 * An order brought back from Cancelled takes its stock and coupon use again, conditionally: 409 naming
 * the product when it has run short (a made-to-order piece takes what there is), or the coupon when it
 * has been used up since.
 */
export async function takeAgain(
  tx: Db,
  orderId: number,
  {
    coupon,
    city,
    actorId,
  }: { coupon: { id: number | null; code: string | null }; city: string; actorId: number | null },
) {
  const takes: { productId: number; from: StockTake[] }[] = []
  for (const [productId, group] of byProduct(await heldLines(tx, orderId))) {
    const taken = await takeStock(
      tx,
      productId,
      group.reduce((sum, line) => sum + line.quantity, 0),
      city,
    )
    if (!taken) throw httpError(409, await shortageDetail(tx, productId, 'en'))
    const shares = shareOut(group, taken.taken)
    await setStockTaken(tx, group, (index) => shares[index] ?? 0)
    takes.push({ productId, from: taken.from })
  }
  await recordTakes(tx, orderId, takes, actorId)
  if (coupon.id !== null && !(await takeCouponUse(tx, coupon.id))) {
    throw httpError(409, `${usedUp(coupon.code ?? '')} The order stays cancelled.`)
  }
  return takes.map((take) => take.productId)
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
