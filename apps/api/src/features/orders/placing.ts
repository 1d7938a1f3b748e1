import { createHash } from 'node:crypto'
import type { LanguageCode, Order, OrderEvent, PlaceOrderBody, Quote, QuoteBody } from '@store/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { type Db, queryRows } from '../../db/client'
import { idempotencyKeys, orderEvents, orderItems, orders, products } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { fromPaisa, toPaisa } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import { cartGoods, takeCartLines } from '../cart/service'
import { choiceOf } from '../catalog/choices'
import { type DeliveryAsked, servicesOf } from '../dispatch/days'
import type { Notifier, OrderingCustomer } from '../notifications/service'
import { addGoods, noGoods } from '../payments/rules'
import { stockChanged } from '../stock/alerts'
import { type Price, priceOrder, usedUp } from './pricing'
import { detailsOf, type OrderItemRow, type OrderRow, orderColumns } from './reading'
import {
  byProduct,
  recordTakes,
  type StockTake,
  shareOut,
  shortageDetail,
  takeCouponUse,
  takeStock,
} from './stock'

export interface OrderLine {
  productId: number
  quantity: number
  /** The chosen option values (a cart line's choice set); empty for a product without options */
  optionValueIds: number[]
}

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

/** An order to record: whose, its lines, the checkout's answers, and the language of its refusals. */
export interface NewOrder {
  userId: number
  lines: OrderLine[]
  checkout: PlaceOrderBody
  language: LanguageCode
}

/** An order just recorded: its row, its items and its first event, as the order's answer needs them. */
export interface RecordedOrder {
  order: OrderRow
  items: OrderItemRow[]
  placed: { at: Date; note: string }
}

/** The calendar day in Pakistan `days` after today there, as the database's clock tells it. */
export const daysFromToday = (days: number) =>
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
  { userId, lines, checkout, language }: NewOrder,
): Promise<RecordedOrder> {
  const items: Omit<typeof orderItems.$inferInsert, 'orderId'>[] = []
  const goods = noGoods()
  const takes: { productId: number; from: StockTake[] }[] = []
  for (const [productId, group] of byProduct(lines)) {
    const units = group.reduce((sum, line) => sum + line.quantity, 0)
    const taken = await takeStock(tx, productId, units, checkout.city)
    if (!taken) throw httpError(400, await shortageDetail(tx, productId, language))
    takes.push({ productId, from: taken.from })
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
        // Kept so an edit can tell an unchanged line (same choices) from a changed one.
        optionValueIds: line.optionValueIds,
        stockTaken: shares[index] ?? 0,
      })
      addGoods(goods, productId, toPaisa(unitPrice) * BigInt(line.quantity), line.quantity)
    }
  }
  const price = await priceOrder(tx, {
    goods,
    city: checkout.city,
    paymentMethod: checkout.payment_method,
    couponCode: checkout.coupon_code,
    delivery: deliveryAsked(checkout),
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
      ...pricedAmounts(price),
      etaMinDate: daysFromToday(price.etaMinDays),
      etaMaxDate: daysFromToday(price.etaMaxDays),
      deliveryDate: price.deliveryDate,
      floor: checkout.floor,
      lift: checkout.lift,
      assembly: checkout.assembly,
    })
    .returning(orderColumns)
  if (!order) throw new Error('The order insert returned no row')
  const itemRows = await tx
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId: order.id })))
    .returning()
  await recordTakes(tx, order.id, takes, userId)
  const [placed] = await tx
    .insert(orderEvents)
    .values({ orderId: order.id, status: order.status, paymentStatus: order.paymentStatus, actorId: userId })
    .returning({ at: orderEvents.createdAt, note: orderEvents.note })
  if (!placed) throw new Error('The order event insert returned no row')
  return { order, items: itemRows, placed }
}

/** An order's amounts and coupon as its price gives them: what placing, a draft and an edit write. */
export const pricedAmounts = (price: Price) => ({
  subtotal: fromPaisa(price.subtotal),
  discount: fromPaisa(price.discount),
  deliveryFee: fromPaisa(price.deliveryFee),
  codFee: fromPaisa(price.codFee),
  assemblyFee: fromPaisa(price.assemblyFee),
  floorFee: fromPaisa(price.floorFee),
  totalPrice: fromPaisa(price.total),
  advanceRequired: fromPaisa(price.advance),
  couponId: price.coupon?.id ?? null,
  couponCode: price.coupon?.code ?? null,
})

/** The delivery a checkout or a quote asks for, in the pricing's terms. */
export const deliveryAsked = (
  body: Pick<PlaceOrderBody, 'delivery_date' | 'floor' | 'lift' | 'assembly'>,
): DeliveryAsked => ({
  deliveryDate: body.delivery_date,
  floor: body.floor,
  lift: body.lift,
  assembly: body.assembly,
})

/** The wire shape of a price: money strings, the estimate in days, the coupon and what it took off. */
export function toQuote(price: Price, request: DeliveryAsked): Quote {
  return {
    subtotal: fromPaisa(price.subtotal),
    discount: fromPaisa(price.discount),
    delivery_fee: fromPaisa(price.deliveryFee),
    cod_fee: fromPaisa(price.codFee),
    total_price: fromPaisa(price.total),
    advance_due: fromPaisa(price.advance),
    balance_due: fromPaisa(price.total - price.advance),
    eta_min_days: price.etaMinDays,
    eta_max_days: price.etaMaxDays,
    coupon: price.coupon && { code: price.coupon.code, discount: fromPaisa(price.discount) },
    services: servicesOf(request, price),
    delivery_dates: price.deliveryDates,
    delivery_date: price.deliveryDate,
  }
}

/** What the user's cart would cost as an order with these choices; the placement prices it alike. */
export async function quoteOrder(db: Db, userId: number, body: z.output<typeof QuoteBody>): Promise<Quote> {
  const goods = await cartGoods(db, userId)
  if (goods === null) throw httpError(400, 'Your cart is empty.')
  const price = await priceOrder(db, {
    goods,
    city: body.city,
    paymentMethod: body.payment_method,
    couponCode: body.coupon_code,
    delivery: deliveryAsked(body),
  })
  return toQuote(price, deliveryAsked(body))
}

// docs/api.md: a key gives back its order for 24 hours; after that it is spent and places a new one.
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

/** A checkout: who orders, their answers, the request's idempotency key if any, the answer's language. */
export interface Placement {
  customer: OrderingCustomer
  checkout: PlaceOrderBody
  idempotencyKey?: string | undefined
  language: LanguageCode
}

/**
 * Turns the user's cart into an order in one transaction and empties the cart; answers the order.
 * With an idempotency key, a repeat of an order already placed answers that order again instead.
 */
export async function placeOrder(
  db: Db,
  storage: MediaStorage,
  notifier: Notifier,
  { customer, checkout, idempotencyKey, language }: Placement,
): Promise<Order> {
  const userId = customer.id
  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      const first = await claimKey(tx, userId, idempotencyKey, requestHash(checkout))
      if (first) return first
    }
    const lines = await takeCartLines(tx, userId)
    if (lines.length === 0) throw httpError(400, 'Your cart is empty.')
    const recorded = await recordOrder(tx, { userId, lines, checkout, language })
    // Made before the commit, from what was just written: no order commits without its answer. The
    // mails are written in each recipient's language, the answer in the caller's.
    const { order: row, items, placed } = recorded
    const history: OrderEvent[] = [
      {
        status: row.status,
        payment_status: row.paymentStatus,
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
    await stockChanged(
      tx,
      notifier,
      recorded.items.flatMap((item) => (item.productId ? [item.productId] : [])),
      'down',
    )
    if (idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ response: order })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)))
    }
    return order
  })
}
