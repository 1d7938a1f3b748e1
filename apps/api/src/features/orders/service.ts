import { createHash } from 'node:crypto'
import {
  type LanguageCode,
  type Order,
  type OrderEvent,
  type OrderStatus,
  type PaymentStatus,
  type PlaceOrderBody,
  paths,
  type Quote,
  type QuoteBody,
} from '@store/contract'
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import {
  coupons,
  idempotencyKeys,
  orderEvents,
  orderItems,
  orders,
  paymentProofs,
  productImages,
  products,
  shownName,
  users,
} from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { imageUrls } from '../../lib/images'
import { shown } from '../../lib/language'
import { formatMoney, fromPaisa, toPaisa } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import { cartSubtotal, takeCartLines } from '../cart/service'
import { choiceOf } from '../catalog/service'
import type { Notifier, OrderingCustomer } from '../notifications/service'
import { type Price, priceOrder, usedUp } from './pricing'

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
 * made for the rest. Answers the product's names (English and Urdu), its price and the units taken.
 */
async function takeStock(db: Db, productId: number, quantity: number) {
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

async function shortageDetail(db: Db, productId: number, language: LanguageCode): Promise<string> {
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
  phone: orders.phone,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  subtotal: orders.subtotal,
  discount: orders.discount,
  deliveryFee: orders.deliveryFee,
  codFee: orders.codFee,
  couponCode: orders.couponCode,
  etaMinDate: orders.etaMinDate,
  etaMaxDate: orders.etaMaxDate,
  hasProof: sql<boolean>`exists (select 1 from ${paymentProofs} where ${paymentProofs.orderId} = ${orders.id})`,
}
type OrderRow = Pick<typeof orders.$inferSelect, Exclude<keyof typeof orderColumns, 'hasProof'>> & {
  hasProof: boolean
}

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

/** An order just recorded: its row, its items and its first event, as the order's answer needs them. */
export interface RecordedOrder {
  order: OrderRow
  items: OrderItemRow[]
  placed: { at: Date; note: string }
}

/**
 * Takes one use of a coupon in one statement, never past its maximum however many checkouts race
 * (the row lock makes each wait for the one before); false when it is used up.
 */
async function takeCouponUse(tx: Db, couponId: number): Promise<boolean> {
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

/** The calendar day in Pakistan `days` after today there, as the database's clock tells it. */
const daysFromToday = (days: number) =>
  sql<string>`(now() at time zone 'Asia/Karachi')::date + ${days}::integer`

/**
 * Records an order inside the caller's transaction: stock taken product by product, catalogue prices,
 * names and chosen options kept on the items, the subtotal summed in paisa, then priced as the quote
 * prices it and a coupon use taken. Its history starts with the placement, by the customer. A short
 * product, a refused price or a used-up coupon throws 400, so the caller's transaction rolls back
 * whatever was already taken.
 */
export async function recordOrder(
  tx: Db,
  userId: number,
  lines: OrderLine[],
  checkout: PlaceOrderBody,
  language: LanguageCode = 'en',
): Promise<RecordedOrder> {
  const items: Omit<typeof orderItems.$inferInsert, 'orderId'>[] = []
  let subtotal = 0n
  for (const [productId, group] of byProduct(lines)) {
    const units = group.reduce((sum, line) => sum + line.quantity, 0)
    const taken = await takeStock(tx, productId, units)
    if (!taken) throw httpError(400, await shortageDetail(tx, productId, language))
    const shares = shareOut(group, taken.taken)
    for (const [index, line] of group.entries()) {
      // A line without choices costs the price of the row just locked; only choices need a read.
      const { options, unitPrice } =
        line.optionValueIds.length === 0 ? { options: [], unitPrice: taken.price } : await priceLine(tx, line)
      items.push({
        productId,
        productName: taken.name,
        productNameUr: taken.name_ur,
        price: unitPrice,
        quantity: line.quantity,
        options,
        stockTaken: shares[index] ?? 0,
      })
      subtotal += toPaisa(unitPrice) * BigInt(line.quantity)
    }
  }
  const price = await priceOrder(tx, {
    subtotal,
    city: checkout.city,
    paymentMethod: checkout.payment_method,
    couponCode: checkout.coupon_code,
  })
  if (price.coupon && !(await takeCouponUse(tx, price.coupon.id))) {
    throw httpError(400, usedUp(price.coupon.code))
  }
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      firstName: checkout.first_name,
      lastName: checkout.last_name,
      email: checkout.email,
      address: checkout.address,
      // The zone's spelling: 'lahore ' was matched to Lahore.
      city: price.city,
      postalCode: checkout.postal_code,
      phone: checkout.phone,
      paymentMethod: checkout.payment_method,
      subtotal: fromPaisa(price.subtotal),
      discount: fromPaisa(price.discount),
      deliveryFee: fromPaisa(price.deliveryFee),
      codFee: fromPaisa(price.codFee),
      totalPrice: fromPaisa(price.total),
      couponId: price.coupon?.id ?? null,
      couponCode: price.coupon?.code ?? null,
      etaMinDate: daysFromToday(price.etaMinDays),
      etaMaxDate: daysFromToday(price.etaMaxDays),
    })
    .returning(orderColumns)
  if (!order) throw new Error('The order insert returned no row')
  const itemRows = await tx
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId: order.id })))
    .returning()
  const [placed] = await tx
    .insert(orderEvents)
    .values({ orderId: order.id, status: order.status, paymentStatus: order.paymentStatus, actorId: userId })
    .returning({ at: orderEvents.createdAt, note: orderEvents.note })
  if (!placed) throw new Error('The order event insert returned no row')
  return { order, items: itemRows, placed }
}

/** The wire shape of a price: money strings, the estimate in days, the coupon and what it took off. */
function toQuote(price: Price): Quote {
  return {
    subtotal: fromPaisa(price.subtotal),
    discount: fromPaisa(price.discount),
    delivery_fee: fromPaisa(price.deliveryFee),
    cod_fee: fromPaisa(price.codFee),
    total_price: fromPaisa(price.total),
    eta_min_days: price.etaMinDays,
    eta_max_days: price.etaMaxDays,
    coupon: price.coupon && { code: price.coupon.code, discount: fromPaisa(price.discount) },
  }
}

/** What the user's cart would cost as an order with these choices; the placement prices it alike. */
export async function quoteOrder(db: Db, userId: number, body: QuoteBody): Promise<Quote> {
  const subtotal = await cartSubtotal(db, userId)
  if (subtotal === null) throw httpError(400, 'Your cart is empty.')
  const price = await priceOrder(db, {
    subtotal,
    city: body.city,
    paymentMethod: body.payment_method,
    couponCode: body.coupon_code,
  })
  return toQuote(price)
}

// API.md: a key gives back its order for 24 hours; after that it is spent and places a new one.
const KEY_LIFETIME = sql`interval '24 hours'`

/** What makes a retry the same request: the validated body, its fields in a fixed order. */
function requestHash(checkout: PlaceOrderBody): string {
  const fields = Object.entries(checkout).sort(([a], [b]) => (a < b ? -1 : 1))
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
  notifier: Notifier,
  customer: OrderingCustomer,
  checkout: PlaceOrderBody,
  idempotencyKey?: string,
  language: LanguageCode = 'en',
): Promise<Order> {
  const userId = customer.id
  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      const first = await claimKey(tx, userId, idempotencyKey, requestHash(checkout))
      if (first) return first
    }
    const lines = await takeCartLines(tx, userId)
    if (lines.length === 0) throw httpError(400, 'Your cart is empty.')
    const recorded = await recordOrder(tx, userId, lines, checkout, language)
    // Made before the commit, from what was just written: no order commits without its answer. The
    // mails are written in each recipient's language, the answer in the caller's.
    const { order: row, items, placed } = recorded
    const history: OrderEvent[] = [
      {
        status: row.status as OrderStatus,
        payment_status: row.paymentStatus as PaymentStatus,
        at: placed.at.toISOString(),
        by: { id: customer.id, first_name: customer.first_name },
        note: placed.note,
      },
    ]
    const ordersIn = await detailsOf(tx, storage, [row], { items, histories: new Map([[row.id, history]]) })
    const orderIn = (each: LanguageCode) => {
      const [order] = ordersIn(each)
      if (!order) throw new Error('A placed order lost its answer')
      return order
    }
    const order = orderIn(language)
    await notifier.orderPlaced(tx, customer, orderIn)
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

/** Each order's history, oldest first, by who made each change: one query for a page of orders. */
async function historiesOf(db: Db, orderIds: number[]): Promise<Map<number, OrderEvent[]>> {
  const rows = await db
    .select({
      orderId: orderEvents.orderId,
      status: orderEvents.status,
      paymentStatus: orderEvents.paymentStatus,
      note: orderEvents.note,
      createdAt: orderEvents.createdAt,
      actorId: users.id,
      actorName: users.firstName,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.id))
  const histories = new Map<number, OrderEvent[]>()
  for (const row of rows) {
    const history = histories.get(row.orderId) ?? []
    history.push({
      status: row.status as OrderStatus,
      payment_status: row.paymentStatus as PaymentStatus,
      at: row.createdAt.toISOString(),
      by:
        row.actorId !== null && row.actorName !== null
          ? { id: row.actorId, first_name: row.actorName }
          : null,
      note: row.note,
    })
    histories.set(row.orderId, history)
  }
  return histories
}

const paymentProofPath = (orderId: number) =>
  paths.orders.getPaymentProof.path.replace(':id', String(orderId))

function toOrder(
  storage: MediaStorage,
  row: OrderRow,
  items: OrderItemRow[],
  imagesOf: Map<number, ImageRow[]>,
  history: OrderEvent[],
  language: LanguageCode,
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
    phone: row.phone,
    payment_method: row.paymentMethod as Order['payment_method'],
    payment_status: row.paymentStatus as PaymentStatus,
    subtotal: formatMoney(row.subtotal),
    discount: formatMoney(row.discount),
    delivery_fee: formatMoney(row.deliveryFee),
    cod_fee: formatMoney(row.codFee),
    coupon_code: row.couponCode,
    eta_min_date: row.etaMinDate,
    eta_max_date: row.etaMaxDate,
    payment_proof_url: row.hasProof ? paymentProofPath(row.id) : null,
    history,
    items: [...items]
      .sort((a, b) => a.id - b.id)
      .map((item) => ({
        id: item.id,
        quantity: item.quantity,
        price: formatMoney(item.price),
        options: item.options,
        product: {
          id: item.productId,
          name: shown(language, item.productName, item.productNameUr),
          images: (item.productId ? (imagesOf.get(item.productId) ?? []) : []).map((image) => ({
            id: image.id,
            image_url: imageUrls(storage, image).image_url,
          })),
        },
      })),
  }
}

/**
 * Adds items, their products' images and the histories to a page of orders: three queries whatever
 * the page size (one when the items and histories are at hand, as for an order just placed).
 * Answers the orders in any language (the items' names), from the same rows.
 */
async function detailsOf(
  db: Db,
  storage: MediaStorage,
  rows: OrderRow[],
  known?: { items: OrderItemRow[]; histories: Map<number, OrderEvent[]> },
): Promise<(language: LanguageCode) => Order[]> {
  if (rows.length === 0) return () => []
  const orderIds = rows.map((row) => row.id)
  const items =
    known?.items ?? (await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)))
  const imagesOf = await imagesOfItems(db, items)
  const histories = known?.histories ?? (await historiesOf(db, orderIds))
  const itemsOf = groupBy(items, (item) => item.orderId)
  return (language) =>
    rows.map((row) =>
      toOrder(storage, row, itemsOf.get(row.id) ?? [], imagesOf, histories.get(row.id) ?? [], language),
    )
}

const withDetails = async (db: Db, storage: MediaStorage, rows: OrderRow[], language: LanguageCode) =>
  (await detailsOf(db, storage, rows))(language)

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
  language: LanguageCode = 'en',
): Promise<Order | null> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(scope)))
  const [order] = await withDetails(db, storage, rows, language)
  return order ?? null
}

/** Which orders a list shows within its scope; each filter left out matches every order. */
export interface OrderFilter {
  status?: OrderStatus | undefined
  paymentStatus?: PaymentStatus | undefined
  /** An order number (`12` or `#12`), or part of the customer's name, email or phone */
  search?: string | undefined
}

/** A phone as digits in its national form, so '0300 123' finds '+923001234567' and the reverse. */
const nationalPhone = (phone: SQLWrapper | string) => sql`regexp_replace(${phone}, ${'^\\+92'}, '0')`

function searchMatch(search: string): SQL | undefined {
  const words = search.trim()
  if (words === '') return undefined
  // '#12' names an order number and nothing else; '12' may also be part of a phone.
  const numbered = /^#(\d{1,9})$/.exec(words)
  if (numbered) return eq(orders.id, Number(numbered[1]))
  // strpos, not LIKE: a % or _ typed by staff is a character to find, not a wildcard.
  const contains = (haystack: SQL, needle: SQL | string) => sql`strpos(${haystack}, ${needle}) > 0`
  const lowered = sql`lower(${words})`
  const digits = words.replace(/[\s-]/g, '')
  return or(
    /^\d{1,9}$/.test(words) ? eq(orders.id, Number(words)) : undefined,
    contains(sql`lower(${orders.firstName} || ' ' || ${orders.lastName})`, lowered),
    contains(sql`lower(${orders.email})`, lowered),
    digits === '' ? undefined : contains(nationalPhone(orders.phone), nationalPhone(digits)),
  )
}

/** A page of orders, newest first. */
export async function listOrders(
  db: Db,
  storage: MediaStorage,
  scope: OrderScope,
  filter: OrderFilter,
  window: { limit: number; offset: number },
  language: LanguageCode = 'en',
): Promise<{ count: number; results: Order[] }> {
  const where = and(
    visibleTo(scope),
    filter.status && eq(orders.status, filter.status),
    filter.paymentStatus && eq(orders.paymentStatus, filter.paymentStatus),
    filter.search === undefined ? undefined : searchMatch(filter.search),
  )
  const [total] = await db.select({ n: count() }).from(orders).where(where)
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(window.limit)
    .offset(window.offset)
  return { count: total?.n ?? 0, results: await withDetails(db, storage, rows, language) }
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
async function giveBack(tx: Db, orderId: number, couponId: number | null): Promise<void> {
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
async function takeAgain(tx: Db, orderId: number, coupon: { id: number | null; code: string | null }) {
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

/** A change to an order's status, its payment status or both, by someone, with a note. */
export interface OrderChange {
  status?: OrderStatus | undefined
  paymentStatus?: PaymentStatus | undefined
  note: string
  /** Who made it; null for the system (the demo seed without a staff user) */
  actorId: number | null
}

type LockedOrder = { status: OrderStatus; paymentStatus: PaymentStatus; paymentMethod: string }

/**
 * Applies a change in one transaction with the order row locked, so however often (or concurrently)
 * an order is cancelled, its stock and coupon use come back once. `allow` may refuse the change from
 * the order's current state. A change that changes something is recorded in the history; false when
 * there is no such order in the scope.
 */
async function changeOrder(
  db: Db,
  notifier: Notifier,
  orderId: number,
  scope: OrderScope,
  change: OrderChange,
  { allow = () => {}, auditAs = null }: { allow?: (order: LockedOrder) => void; auditAs?: Actor | null } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        couponId: orders.couponId,
        couponCode: orders.couponCode,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), visibleTo(scope)))
      .for('update')
    if (!order) return false
    allow(order)
    const status = change.status ?? order.status
    const paymentStatus = change.paymentStatus ?? order.paymentStatus
    if (status === order.status && paymentStatus === order.paymentStatus) return true
    if (status === 'Cancelled' && order.status !== 'Cancelled') await giveBack(tx, orderId, order.couponId)
    if (order.status === 'Cancelled' && status !== 'Cancelled') {
      await takeAgain(tx, orderId, { id: order.couponId, code: order.couponCode })
    }
    await tx.update(orders).set({ status, paymentStatus }).where(eq(orders.id, orderId))
    await tx
      .insert(orderEvents)
      .values({ orderId, status, paymentStatus, note: change.note, actorId: change.actorId })
    await notifier.orderChanged(tx, orderId, {
      status: status === order.status ? null : (status as OrderStatus),
      paymentStatus: paymentStatus === order.paymentStatus ? null : (paymentStatus as PaymentStatus),
      note: change.note,
    })
    if (auditAs) {
      await recordChange(tx, auditAs, {
        action: 'order.update',
        entity: 'order',
        entityId: orderId,
        before: { status: order.status, payment_status: order.paymentStatus },
        after: { status, payment_status: paymentStatus, ...(change.note && { note: change.note }) },
      })
    }
    return true
  })
}

/**
 * Staff move an order on. Cancelling gives back the units its items took from stock and its coupon
 * use; un-cancelling takes them again (409 when short). A change is written to the audit log as
 * `auditAs`'s (the demo seed's history has nobody to name). False when there is no such order.
 */
export const updateOrder = (
  db: Db,
  notifier: Notifier,
  orderId: number,
  change: OrderChange,
  auditAs: Actor | null,
) => changeOrder(db, notifier, orderId, { ownerId: null }, change, { auditAs })

/** The customer cancels their own order while it is Pending (409 after); false when it is not theirs. */
export const cancelOrder = (db: Db, notifier: Notifier, orderId: number, customerId: number, note: string) =>
  changeOrder(
    db,
    notifier,
    orderId,
    { ownerId: customerId },
    { status: 'Cancelled', note, actorId: customerId },
    {
      allow: (order) => {
        if (order.status === 'Cancelled') throw httpError(409, 'This order is already cancelled.')
        if (order.status !== 'Pending') {
          throw httpError(409, `Only a pending order can be cancelled; this one is ${order.status}.`)
        }
      },
    },
  )

/** Why the owner may not upload a receipt for this order now, if they may not. */
function refuseProof(order: LockedOrder): void {
  if (order.paymentMethod !== 'bank_transfer') {
    throw httpError(400, 'A receipt can only be uploaded for an order paid by bank transfer.')
  }
  if (order.status === 'Cancelled') throw httpError(409, 'This order is cancelled.')
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
    throw httpError(409, `The payment of this order is already ${order.paymentStatus}.`)
  }
}

/** The state of the customer's own order that decides whether it takes a receipt. */
const ownOrder = (db: Db, orderId: number, customerId: number) =>
  db
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo({ ownerId: customerId })))

/**
 * Whether the customer may upload a receipt for this order, asked before the upload is read: false
 * when the order is not theirs, 400 or 409 when it takes no receipt.
 */
export async function takesPaymentProof(db: Db, orderId: number, customerId: number): Promise<boolean> {
  const [order] = await ownOrder(db, orderId, customerId)
  if (!order) return false
  refuseProof(order)
  return true
}

export interface PaymentProof {
  contentType: string
  bytes: Buffer
}

/**
 * Keeps the receipt (a new one replaces the old) and marks the payment `proof_submitted`, recorded in
 * the history as the customer's; the order is checked again under its lock. False when not theirs.
 */
export async function savePaymentProof(
  db: Db,
  notifier: Notifier,
  orderId: number,
  customerId: number,
  proof: PaymentProof,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await ownOrder(tx, orderId, customerId).for('update')
    if (!order) return false
    refuseProof(order)
    await tx
      .insert(paymentProofs)
      .values({ orderId, ...proof })
      .onConflictDoUpdate({
        target: paymentProofs.orderId,
        set: { contentType: proof.contentType, bytes: proof.bytes, uploadedAt: sql`now()` },
      })
    await tx.update(orders).set({ paymentStatus: 'proof_submitted' }).where(eq(orders.id, orderId))
    await tx.insert(orderEvents).values({
      orderId,
      status: order.status,
      paymentStatus: 'proof_submitted',
      actorId: customerId,
    })
    await notifier.paymentProofSubmitted(tx, orderId)
    return true
  })
}

/** The receipt of an order visible in the scope; null when there is none (or no such order). */
export async function getPaymentProof(
  db: Db,
  orderId: number,
  scope: OrderScope,
): Promise<PaymentProof | null> {
  const [proof] = await db
    .select({ contentType: paymentProofs.contentType, bytes: paymentProofs.bytes })
    .from(paymentProofs)
    .innerJoin(orders, eq(orders.id, paymentProofs.orderId))
    .where(and(eq(paymentProofs.orderId, orderId), visibleTo(scope)))
  return proof ?? null
}
