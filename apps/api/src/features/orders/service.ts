import { createHash } from 'node:crypto'
import type { Order, OrderStatus, PlaceOrderBody } from '@store/contract'
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { idempotencyKeys, orderItems, orders, productImages, products } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { imageUrls } from '../../lib/images'
import { formatMoney, fromPaisa, toPaisa } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import { emptyCart, lockCartLines } from '../cart/service'
import { choiceOf } from '../catalog/service'

export interface OrderLine {
  productId: number
  quantity: number
  /** The chosen option values (a cart line's choice set); empty for a product without options */
  optionValueIds: number[]
}

/**
 * Takes `quantity` units off a product's stock in one statement that locks the row first, so stock
 * never goes below 0 however many checkouts run at once. A product kept in stock gives all of them or
 * none (null: short); a made-to-order piece (lead time above 0) gives what it has, down to 0, and is
 * made for the rest. Answers the product's name and the units taken.
 */
async function takeStock(db: Db, productId: number, quantity: number) {
  const [taken] = await queryRows<{ name: string; taken: number }>(
    db,
    sql`with locked as (select id, stock from ${products} where id = ${productId} for update)
      update ${products} set stock = ${products.stock} - least(locked.stock, ${quantity})
      from locked
      where ${products.id} = locked.id and (locked.stock >= ${quantity} or ${products.leadTimeDays} > 0)
      returning ${products.name} as name, least(locked.stock, ${quantity}) as taken`,
  )
  return taken ?? null
}

async function putBackStock(db: Db, productId: number, units: number): Promise<void> {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${units}` })
    .where(eq(products.id, productId))
}

async function shortageDetail(db: Db, productId: number): Promise<string> {
  const [product] = await db
    .select({ name: products.name, stock: products.stock })
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
const byProduct = <T extends { productId: number }>(lines: T[]) =>
  [...groupBy(lines, (line) => line.productId)].sort(([a], [b]) => a - b)

/**
 * A line's unit price (the product's price plus its chosen values' deltas, in numeric) and its choices
 * by name, read once the product row is locked: what the order keeps is the catalogue at this moment.
 */
async function priceLine(db: Db, line: OrderLine) {
  const choice = choiceOf(products.id, line.optionValueIds)
  const [priced] = await db
    .select({ options: choice.options, unitPrice: sql<string>`(${products.price} + ${choice.delta})::text` })
    .from(products)
    .where(eq(products.id, line.productId))
  if (!priced) throw new Error(`Product ${line.productId} vanished while its row was locked`)
  return priced
}

/** Splits the units taken from stock over a product's lines, first line first. */
function shareOut<T extends { quantity: number }>(lines: T[], taken: number): number[] {
  let left = taken
  return lines.map((line) => {
    const share = Math.min(left, line.quantity)
    left -= share
    return share
  })
}

const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  totalPrice: orders.totalPrice,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  address: orders.address,
  city: orders.city,
  postalCode: orders.postalCode,
}
type OrderRow = { [K in keyof typeof orderColumns]: (typeof orderColumns)[K]['_']['data'] }

function groupBy<T>(values: T[], keyOf: (value: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const value of values) {
    const key = keyOf(value)
    const group = groups.get(key)
    if (group) group.push(value)
    else groups.set(key, [value])
  }
  return groups
}

type OrderItemRow = typeof orderItems.$inferSelect
type ImageRow = typeof productImages.$inferSelect

/** An order just recorded: its row and its items, as the order's answer needs them. */
export interface RecordedOrder {
  order: OrderRow
  items: OrderItemRow[]
}

/**
 * Records an order inside the caller's transaction: stock taken product by product, catalogue prices,
 * names and chosen options kept on the items, the total summed in paisa. A short product throws 400,
 * so the caller's transaction rolls back whatever was already taken.
 */
export async function recordOrder(
  tx: Db,
  userId: number,
  lines: OrderLine[],
  shipping: PlaceOrderBody,
): Promise<RecordedOrder> {
  const items: Omit<typeof orderItems.$inferInsert, 'orderId'>[] = []
  let total = 0n
  for (const [productId, group] of byProduct(lines)) {
    const units = group.reduce((sum, line) => sum + line.quantity, 0)
    const taken = await takeStock(tx, productId, units)
    if (!taken) throw httpError(400, await shortageDetail(tx, productId))
    const shares = shareOut(group, taken.taken)
    for (const [index, line] of group.entries()) {
      const { options, unitPrice } = await priceLine(tx, line)
      items.push({
        productId,
        productName: taken.name,
        price: unitPrice,
        quantity: line.quantity,
        options,
        stockTaken: shares[index] ?? 0,
      })
      total += toPaisa(unitPrice) * BigInt(line.quantity)
    }
  }
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      totalPrice: fromPaisa(total),
      firstName: shipping.first_name,
      lastName: shipping.last_name,
      email: shipping.email,
      address: shipping.address,
      city: shipping.city,
      postalCode: shipping.postal_code,
    })
    .returning(orderColumns)
  if (!order) throw new Error('The order insert returned no row')
  const itemRows = await tx
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId: order.id })))
    .returning()
  return { order, items: itemRows }
}

// API.md: a key gives back its order for 24 hours; after that it is spent and places a new one.
const KEY_LIFETIME = sql`interval '24 hours'`

/** What makes a retry the same request: the validated body, its fields in a fixed order. */
function requestHash(shipping: PlaceOrderBody): string {
  const fields = Object.entries(shipping).sort(([a], [b]) => (a < b ? -1 : 1))
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex')
}

/**
 * Claims the user's idempotency key in the caller's transaction: null when it is new (the caller
 * places the order and stores its answer), the first answer when the key placed an order with this
 * very body, 409 with another body. A twin still in flight holds the key: the insert waits until it
 * commits (this then reads its answer) or rolls back (this then holds the key).
 */
async function claimKey(tx: Db, userId: number, key: string, hash: string): Promise<Order | null> {
  // One round trip: the user's spent keys go, and the key is inserted, or taken over when spent.
  const claimed = await queryRows<{ key: string }>(
    tx,
    sql`with spent as (
        delete from ${idempotencyKeys} where ${idempotencyKeys.userId} = ${userId}
          and ${idempotencyKeys.key} <> ${key} and ${idempotencyKeys.createdAt} < now() - ${KEY_LIFETIME}
      )
      insert into ${idempotencyKeys} (user_id, key, request_hash) values (${userId}, ${key}, ${hash})
      on conflict (user_id, key) do update set request_hash = excluded.request_hash, response = null,
        created_at = now()
        where ${idempotencyKeys.createdAt} < now() - ${KEY_LIFETIME}
      returning key`,
  )
  if (claimed.length > 0) return null
  const [first] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  if (!first?.response) throw new Error('An idempotency key was committed without its answer')
  if (first.requestHash !== hash) {
    throw httpError(409, 'This Idempotency-Key was already used for a different order.')
  }
  return first.response
}

/**
 * Turns the user's cart into an order in one transaction and empties the cart; answers the order.
 * With an idempotency key, a repeat of an order already placed answers that order again instead.
 */
export async function placeOrder(
  db: Db,
  storage: MediaStorage,
  userId: number,
  shipping: PlaceOrderBody,
  idempotencyKey?: string,
): Promise<Order> {
  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      const first = await claimKey(tx, userId, idempotencyKey, requestHash(shipping))
      if (first) return first
    }
    const { cartId, lines } = await lockCartLines(tx, userId)
    if (!cartId || lines.length === 0) throw httpError(400, 'Your cart is empty.')
    const recorded = await recordOrder(tx, userId, lines, shipping)
    await emptyCart(tx, cartId)
    // Made before the commit, from what was just written: no order commits without its answer.
    const order = toOrder(storage, recorded.order, recorded.items, await imagesOfItems(tx, recorded.items))
    if (idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ response: order })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)))
    }
    return order
  })
}

/** The images of the items' products, by product (a deleted product has none). */
async function imagesOfItems(db: Db, items: OrderItemRow[]): Promise<Map<number, ImageRow[]>> {
  const productIds = [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))]
  const images = productIds.length
    ? await db
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, productIds))
        .orderBy(asc(productImages.id))
    : []
  return groupBy(images, (image) => image.productId)
}

function toOrder(
  storage: MediaStorage,
  row: OrderRow,
  items: OrderItemRow[],
  imagesOf: Map<number, ImageRow[]>,
): Order {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    status: row.status as OrderStatus,
    total_price: formatMoney(row.totalPrice),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    address: row.address,
    city: row.city,
    postal_code: row.postalCode,
    items: [...items]
      .sort((a, b) => a.id - b.id)
      .map((item) => ({
        id: item.id,
        quantity: item.quantity,
        price: formatMoney(item.price),
        options: item.options,
        product: {
          id: item.productId,
          name: item.productName,
          images: (item.productId ? (imagesOf.get(item.productId) ?? []) : []).map((image) => ({
            id: image.id,
            image_url: imageUrls(storage, image).image_url,
          })),
        },
      })),
  }
}

/** Adds items and their products' images to a page of orders: two queries whatever the page size. */
async function withItems(db: Db, storage: MediaStorage, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return []
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
  const imagesOf = await imagesOfItems(db, items)
  const itemsOf = groupBy(items, (item) => item.orderId)
  return rows.map((row) => toOrder(storage, row, itemsOf.get(row.id) ?? [], imagesOf))
}

/** `ownerId` limits what is visible to one user's orders; null (staff) sees every order. */
export interface OrderScope {
  ownerId: number | null
}

const visibleTo = (scope: OrderScope): SQL | undefined =>
  scope.ownerId === null ? undefined : eq(orders.userId, scope.ownerId)

export async function getOrder(
  db: Db,
  storage: MediaStorage,
  orderId: number,
  scope: OrderScope,
): Promise<Order | null> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(scope)))
  const [order] = await withItems(db, storage, rows)
  return order ?? null
}

/** A page of orders, newest first. */
export async function listOrders(
  db: Db,
  storage: MediaStorage,
  scope: OrderScope,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: Order[] }> {
  const [total] = await db.select({ n: count() }).from(orders).where(visibleTo(scope))
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(visibleTo(scope))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(window.limit)
    .offset(window.offset)
  return { count: total?.n ?? 0, results: await withItems(db, storage, rows) }
}

/**
 * Changes the status; false when there is no such order. Cancelling gives back the units the items
 * took from stock; the order row is locked first, so however often (or concurrently) it is cancelled,
 * the stock comes back once. Un-cancelling takes the stock again, conditionally: 409 naming the
 * product when it has run short (a made-to-order piece takes what there is).
 */
export async function updateOrderStatus(db: Db, orderId: number, status: OrderStatus): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!order) return false
    if (order.status === status) return true
    const wasCancelled = order.status === 'Cancelled'
    if (status === 'Cancelled' || wasCancelled) {
      // A product deleted since keeps no stock to return or take.
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
      const lines = rows.flatMap((row) => (row.productId ? [{ ...row, productId: row.productId }] : []))
      for (const [productId, group] of byProduct(lines)) {
        if (!wasCancelled) {
          await putBackStock(
            tx,
            productId,
            group.reduce((sum, line) => sum + line.stockTaken, 0),
          )
          await setStockTaken(tx, group, () => 0)
          continue
        }
        const taken = await takeStock(
          tx,
          productId,
          group.reduce((sum, line) => sum + line.quantity, 0),
        )
        if (!taken) throw httpError(409, await shortageDetail(tx, productId))
        const shares = shareOut(group, taken.taken)
        await setStockTaken(tx, group, (index) => shares[index] ?? 0)
      }
    }
    await tx.update(orders).set({ status }).where(eq(orders.id, orderId))
    return true
  })
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
