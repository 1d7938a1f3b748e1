import { eq } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import {
  conversations,
  coupons,
  deliveryZones,
  messages,
  orderEvents,
  orderItems,
  orderPayments,
  orders,
  products,
  reviews,
} from '../src/db/schema'
import { insertProduct } from './product-fixture'

/** The single row an insert returned. */
export function one<Row>(rows: Row[]): Row {
  const [row] = rows
  if (row === undefined) throw new Error('expected one row')
  return row
}

/** The item at `index` of a list in an answer: the test stops here, plainly, when the list is shorter. */
export function itemAt<Item>(list: readonly Item[], index: number): Item {
  const item = list[index]
  if (item === undefined) throw new Error(`expected an item at ${index} of a list of ${list.length}`)
  return item
}

/** The zone the tests order to: a fee, free delivery from PKR 100,000, COD with a fee. */
export const LAHORE = {
  city: 'Lahore',
  fee: '1500.00',
  freeOver: '100000.00',
  etaMinDays: 2,
  etaMaxDays: 4,
  codAvailable: true,
  codFee: '250.00',
} satisfies typeof deliveryZones.$inferInsert

/** A checkout's body as a client sends it: to Lahore, cash on delivery. */
export const CHECKOUT = {
  first_name: 'Ayesha',
  last_name: 'Khan',
  email: 'ayesha@example.com',
  phone: '03001234567',
  address: '12 Main Boulevard',
  city: 'Lahore',
  postal_code: '54000',
  payment_method: 'cod' as const,
}

/** Adds a delivery zone (Lahore unless told), unless its city has one. */
export async function insertZone(db: Db, zone: Partial<typeof deliveryZones.$inferInsert> = {}) {
  await db
    .insert(deliveryZones)
    .values({ ...LAHORE, ...zone })
    .onConflictDoNothing()
}

let couponCounter = 0

/** A coupon with a code of its own: 10% off unless told. */
export async function insertCoupon(db: Db, settings: Partial<typeof coupons.$inferInsert> = {}) {
  return one(
    await db
      .insert(coupons)
      .values({ code: `SAVE${++couponCounter}`, kind: 'percent', value: '10.00', ...settings })
      .returning(),
  )
}

/** How many uses a coupon has taken. */
export async function couponUses(db: Db, couponId: number): Promise<number> {
  return one(await db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.id, couponId))).used
}

/**
 * What an order row needs besides its owner: a Lahore bank-transfer order of `total` with free
 * delivery and no coupon.
 */
export function orderValues(userId: number, total = '125000.00') {
  return {
    userId,
    totalPrice: total,
    subtotal: total,
    firstName: 'Ayesha',
    lastName: 'Khan',
    email: 'ayesha@example.com',
    address: '12 Main Boulevard, Gulberg',
    city: 'Lahore',
    postalCode: '54000',
    phone: '03001234567',
    paymentMethod: 'bank_transfer',
    etaMinDate: '2026-12-01',
    etaMaxDate: '2026-12-03',
  } satisfies typeof orders.$inferInsert
}

/** Inserts an order of one unit of a product, placed by its owner (the first entry of its history). */
export async function insertOrder(
  db: Db,
  customerId: number,
  product: { id: number; name: string; price: string },
  values: Partial<typeof orders.$inferInsert> = {},
): Promise<number> {
  const order = one(
    await db
      .insert(orders)
      .values({ ...orderValues(customerId, product.price), ...values })
      .returning({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus }),
  )
  await db.insert(orderItems).values({
    orderId: order.id,
    productId: product.id,
    productName: product.name,
    price: product.price,
    quantity: 1,
    stockTaken: 1,
  })
  await db.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    paymentStatus: order.paymentStatus,
    actorId: customerId,
  })
  return order.id
}

/**
 * Writes a ledger entry as the database takes it (its triggers keep the order's sums): a payment of
 * the whole total, confirmed, unless told otherwise.
 */
export async function insertPayment(
  db: Db,
  orderId: number,
  entry: Partial<typeof orderPayments.$inferInsert> = {},
): Promise<number> {
  const [order] = await db.select({ total: orders.totalPrice }).from(orders).where(eq(orders.id, orderId))
  if (!order) throw new Error(`No order ${orderId}`)
  const status = entry.status ?? 'confirmed'
  const values = {
    orderId,
    kind: 'payment' as const,
    method: 'bank_transfer' as const,
    amount: order.total,
    status,
    ...(status !== 'pending' && { checkedAt: new Date() }),
    ...entry,
  }
  return one(await db.insert(orderPayments).values(values).returning({ id: orderPayments.id })).id
}

export interface Fixtures {
  productId: number
  /** The product's category */
  categoryId: number
  reviewId: number
  /** A bank-transfer order, so it takes a receipt */
  orderId: number
  conversationId: number
}

/**
 * A small world owned by one customer: a product they reviewed and ordered, their conversation, and
 * the Lahore zone to order to.
 */
export async function seedFixtures(db: Db, customerId: number, name = 'Fixture'): Promise<Fixtures> {
  const product = { name: `${name} Velvet Sofa`, price: '125000.00' }
  const { id: productId, categoryId } = await insertProduct(db, { ...product, stock: 50 })
  await db.update(products).set({ reviewCount: 1, ratingTotal: 4 }).where(eq(products.id, productId))
  const review = one(
    await db
      .insert(reviews)
      .values({ productId, userId: customerId, rating: 4, comment: 'Comfortable and well made.' })
      .returning({ id: reviews.id }),
  )
  const orderId = await insertOrder(db, customerId, { id: productId, ...product })
  await insertZone(db)
  const conversation = one(
    await db.insert(conversations).values({ customerId }).returning({ id: conversations.id }),
  )
  await db
    .insert(messages)
    .values({ conversationId: conversation.id, senderId: customerId, content: 'Is it in stock?' })
  return { productId, categoryId, reviewId: review.id, orderId, conversationId: conversation.id }
}
