import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/harness'
import { insertProduct } from '../../test/product-fixture'
import {
  conversations,
  coupons,
  deliveryRuns,
  deliveryStops,
  messages,
  orderEvents,
  orderItems,
  orders,
  products,
  reviews,
  users,
} from '../db/schema'
import { toPaisa } from '../lib/money'
import { seedCheckout } from './checkout'
import { seedDemoActivity } from './demo-activity'

let context: TestContext
let admin: TestUser
const initialStock = new Map<number, number>()

beforeAll(async () => {
  context = await createTestApp()
  admin = await createTestUser(context, { staff: true })
  for (const stock of [20, 20, 15, 12, 30, 25, 18, 2, 0]) {
    const product = await insertProduct(context.database.db, { stock, price: '1250.50' })
    initialStock.set(product.id, stock)
  }
  await seedCheckout(context.database.db)
  await seedDemoActivity(context.database)
})
afterAll(() => context.close())

describe('seedDemoActivity', () => {
  it('creates five demo customers', async () => {
    const customers = await context.database.db.select().from(users).where(eq(users.isStaff, false))
    expect(customers).toHaveLength(5)
    expect(new Set(customers.map((customer) => customer.passwordHash)).size).toBe(5)
  })

  it('writes a few reviews with rating totals that match them', async () => {
    const { db } = context.database
    const written = await db.select().from(reviews)
    expect(written.length).toBeGreaterThanOrEqual(3)
    for (const product of await db.select().from(products)) {
      const own = written.filter((review) => review.productId === product.id)
      expect([product.reviewCount, product.ratingTotal]).toEqual([
        own.length,
        own.reduce((sum, review) => sum + review.rating, 0),
      ])
    }
  })

  it('places about 25 orders over the last 30 days in every status, subtotals matching their items', async () => {
    const { db } = context.database
    const placed = await db.select().from(orders)
    expect(placed.length).toBeGreaterThanOrEqual(20)
    expect(new Set(placed.map((order) => order.status))).toEqual(
      new Set(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']),
    )
    const monthAgo = Date.now() - 30 * 24 * 60 * 60 * 1000
    for (const order of placed) expect(order.createdAt.getTime()).toBeGreaterThan(monthAgo)
    expect(new Set(placed.map((order) => order.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(
      10,
    )
    const items = await db.select().from(orderItems)
    for (const order of placed) {
      const total = items
        .filter((item) => item.orderId === order.id)
        .reduce((sum, item) => sum + toPaisa(item.price) * BigInt(item.quantity), 0n)
      expect(total).toBe(toPaisa(order.subtotal))
    }
  })

  it('pays some by bank transfer, some with a coupon, and gives every order a history ending in its state', async () => {
    const { db } = context.database
    const placed = await db.select().from(orders)
    expect(new Set(placed.map((order) => order.paymentMethod))).toEqual(new Set(['cod', 'bank_transfer']))
    expect(placed.filter((order) => order.couponCode === 'WELCOME10').length).toBeGreaterThan(0)
    expect(placed.filter((order) => order.paymentStatus === 'paid').length).toBeGreaterThan(0)
    const [welcome] = await db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'))
    expect(welcome?.usedCount).toBe(
      placed.filter((order) => order.couponCode === 'WELCOME10' && order.status !== 'Cancelled').length,
    )
    const events = await db.select().from(orderEvents).orderBy(asc(orderEvents.id))
    for (const order of placed) {
      const history = events.filter((event) => event.orderId === order.id)
      expect(history[0]).toMatchObject({ status: 'Pending', actorId: order.userId })
      expect(history.at(-1)).toMatchObject({ status: order.status, paymentStatus: order.paymentStatus })
      expect(history[0]?.createdAt).toEqual(order.createdAt)
      for (const later of history.slice(1)) {
        expect(later.actorId).toBe(admin.id)
        expect(later.note).not.toBe('')
        expect(later.createdAt.getTime()).toBeLessThanOrEqual(Date.now())
      }
    }
    expect(events.length).toBeGreaterThan(placed.length * 2)
  })

  it('takes stock for every order that was not cancelled, and leaves at least one of each', async () => {
    const { db } = context.database
    const ordered = await db
      .select({ productId: orderItems.productId, quantity: orderItems.quantity, status: orders.status })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
    for (const product of await db.select().from(products)) {
      const initial = initialStock.get(product.id) ?? 0
      const taken = ordered
        .filter((item) => item.productId === product.id && item.status !== 'Cancelled')
        .reduce((sum, item) => sum + item.quantity, 0)
      expect(product.stock).toBe(initial - taken)
      if (initial > 0) expect(product.stock).toBeGreaterThanOrEqual(1)
    }
  })

  it('gives the demo driver a van run of open Lahore orders due on one day', async () => {
    const { db } = context.database
    const [run] = await db
      .select({ id: deliveryRuns.id, date: deliveryRuns.date, role: users.role })
      .from(deliveryRuns)
      .innerJoin(users, eq(users.id, deliveryRuns.driverId))
    expect(run?.role).toBe('delivery')
    const stops = await db
      .select({ status: orders.status, city: orders.city, date: orders.deliveryDate })
      .from(deliveryStops)
      .innerJoin(orders, eq(orders.id, deliveryStops.orderId))
      .where(eq(deliveryStops.runId, run?.id ?? 0))
    expect(stops.length).toBeGreaterThan(0)
    for (const stop of stops) {
      expect(['Pending', 'Processing', 'Shipped']).toContain(stop.status)
      expect(stop).toMatchObject({ city: 'Lahore', date: run?.date })
    }
  })

  it('opens a conversation between a customer and the staff user', async () => {
    const { db } = context.database
    const [conversation] = await db.select().from(conversations)
    const thread = await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversation?.id ?? 0))
    expect(thread.length).toBeGreaterThanOrEqual(3)
    const senders = new Set(thread.map((message) => message.senderId))
    expect(senders).toContain(admin.id)
    expect(senders).toContain(conversation?.customerId)
  })
})
