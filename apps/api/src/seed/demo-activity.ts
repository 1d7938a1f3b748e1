import { randomBytes } from 'node:crypto'
import type { PaymentMethod, PlacedStatus } from '@store/contract'
import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import {
  deliveryRuns,
  deliveryStops,
  orderEvents,
  orderPayments,
  orders,
  productOptions,
  productOptionValues,
  products,
  users,
} from '../db/schema'
import { createUser, findUserByEmail } from '../features/auth/service'
import { conversationOf, postMessage } from '../features/messaging/service'
import { tellNobody } from '../features/notifications/service'
import { type OrderLine, recordOrder } from '../features/orders/placing'
import { updateOrder } from '../features/orders/status'
import { createReview } from '../features/reviews/service'

const customers = [
  {
    first_name: 'Ayesha',
    last_name: 'Khan',
    email: 'ayesha.khan@example.com',
    city: 'Lahore',
    phone: '03001234567',
  },
  {
    first_name: 'Bilal',
    last_name: 'Ahmed',
    email: 'bilal.ahmed@example.com',
    city: 'Karachi',
    phone: '+923211234567',
  },
  {
    first_name: 'Sana',
    last_name: 'Malik',
    email: 'sana.malik@example.com',
    city: 'Islamabad',
    phone: '03331234567',
  },
  {
    first_name: 'Usman',
    last_name: 'Raza',
    email: 'usman.raza@example.com',
    city: 'Faisalabad',
    phone: '03451234567',
  },
  {
    first_name: 'Hira',
    last_name: 'Siddiqui',
    email: 'hira.siddiqui@example.com',
    city: 'Multan',
    phone: '03121234567',
  },
]

const reviewTexts: [number, string][] = [
  [5, 'Beautifully made and arrived well packed. It looks even better than in the pictures.'],
  [4, 'Solid and comfortable. Delivery took a day longer than promised.'],
  [5, 'The finish is lovely and the wood feels sturdy. Worth every rupee.'],
  [3, 'Good value, though the colour is a shade darker than shown.'],
  [4, 'Assembly was simple and it fits our lounge perfectly.'],
]

const ORDER_COUNT = 25
const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

type Step = { status?: PlacedStatus; payment?: 'paid'; note: string }

/**
 * What staff did with an order, oldest first: older orders have moved further along, about one in
 * seven was cancelled, and a bank transfer is marked paid when the order is confirmed.
 */
function stepsOf(index: number, daysAgo: number, paymentMethod: PaymentMethod): Step[] {
  if (index % 7 === 3) return [{ status: 'Cancelled', note: 'The customer asked by phone to cancel.' }]
  const steps: Step[] = []
  if (daysAgo > 2) {
    steps.push(
      paymentMethod === 'bank_transfer'
        ? { status: 'Processing', payment: 'paid', note: 'Transfer received; confirmed by phone.' }
        : { status: 'Processing', note: 'Confirmed by phone.' },
    )
  }
  if (daysAgo > 7) steps.push({ status: 'Shipped', note: 'Left the workshop with our delivery van.' })
  if (daysAgo > 14) {
    steps.push(
      paymentMethod === 'cod'
        ? { status: 'Delivered', payment: 'paid', note: 'Delivered; cash collected.' }
        : { status: 'Delivered', note: 'Delivered and signed for.' },
    )
  }
  return steps
}

/**
 * Moves an order placed just now back to `placedAt`: its delivery estimate by as many days, and its
 * history spread over the time since, a step at most every 20 hours. Answers each step's time.
 */
async function backdate(db: Db, orderId: number, placedAt: Date): Promise<Date[]> {
  const at = sql`${placedAt.toISOString()}::timestamptz`
  const daysBack = sql`((now() at time zone 'Asia/Karachi')::date - (${at} at time zone 'Asia/Karachi')::date)`
  await db
    .update(orders)
    .set({
      createdAt: placedAt,
      etaMinDate: sql`${orders.etaMinDate} - ${daysBack}`,
      etaMaxDate: sql`${orders.etaMaxDate} - ${daysBack}`,
      // A closed order was due back then; an open one keeps the day it is still to come on.
      deliveryDate: sql`case when ${orders.status} in ('Delivered', 'Cancelled')
        then ${orders.deliveryDate} - ${daysBack} else ${orders.deliveryDate} end`,
    })
    .where(eq(orders.id, orderId))
  const events = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id))
  const spacing = Math.min(20 * HOUR_MS, (Date.now() - placedAt.getTime()) / events.length)
  const times = events.map((_, step) => new Date(placedAt.getTime() + step * spacing))
  for (const [step, event] of events.entries()) {
    await db.update(orderEvents).set({ createdAt: times[step] }).where(eq(orderEvents.id, event.id))
  }
  return times
}

/**
 * The payment in full a step took, written at that step's time (a ledger entry is never moved once
 * written, so it is written when its time is known), and the history from then on says paid.
 */
async function payInFull(
  db: Db,
  {
    orderId,
    at,
    staffId,
    method,
  }: { orderId: number; at: Date; staffId: number | null; method: PaymentMethod },
): Promise<void> {
  const [order] = await db.select({ total: orders.totalPrice }).from(orders).where(eq(orders.id, orderId))
  if (!order) return
  await db.insert(orderPayments).values({
    orderId,
    kind: 'payment',
    method,
    amount: order.total,
    status: 'confirmed',
    recordedBy: staffId,
    checkedBy: staffId,
    createdAt: at,
    checkedAt: at,
  })
  await db
    .update(orderEvents)
    .set({ paymentStatus: 'paid' })
    .where(and(eq(orderEvents.orderId, orderId), gte(orderEvents.createdAt, at)))
}

/**
 * Demo customers, reviews, orders over the last 30 days with their histories and a conversation, on
 * the demo catalogue and its delivery zones and coupons (`seedCheckout`). Everything goes through the
 * features' own rules, so stock, prices, coupon uses and rating totals stay consistent.
 */
export async function seedDemoActivity(database: Database): Promise<void> {
  const { db } = database
  // Nobody signs in as a demo customer; the passwords only have to be impossible to guess.
  const people = await Promise.all(
    customers.map(async ({ city, phone, ...person }) => {
      const user =
        (await createUser(db, { ...person, password: randomBytes(18).toString('base64url') })) ??
        (await findUserByEmail(db, person.email))
      if (!user) throw new Error(`Could not create the demo customer ${person.email}`)
      return { ...person, id: user.id, city, phone }
    }),
  )
  const catalogue = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(gt(products.stock, 2))
    .orderBy(asc(products.id))
  if (catalogue.length === 0) return

  for (const [index, [rating, comment]] of reviewTexts.entries()) {
    const product = catalogue[(index * 3) % catalogue.length]
    const author = people[index % people.length]
    if (product && author) await createReview(db, product.id, author.id, { rating, comment })
  }

  // Each product's options, each as its value ids in display order: orders vary their choices.
  const values = await db
    .select({
      productId: productOptions.productId,
      optionId: productOptions.id,
      valueId: productOptionValues.id,
    })
    .from(productOptions)
    .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .orderBy(
      productOptions.productId,
      productOptions.position,
      productOptions.id,
      productOptionValues.position,
    )
  const optionsOf = new Map<number, Map<number, number[]>>()
  for (const { productId, optionId, valueId } of values) {
    const options = optionsOf.get(productId) ?? new Map<number, number[]>()
    options.set(optionId, [...(options.get(optionId) ?? []), valueId])
    optionsOf.set(productId, options)
  }
  const choiceFor = (productId: number, index: number) =>
    [...(optionsOf.get(productId)?.values() ?? [])]
      .map((choices, option) => choices[(index + option) % choices.length] ?? 0)
      .sort((a, b) => a - b)

  // Orders take only from products that keep at least one in stock, so the catalogue stays buyable.
  const left = new Map(catalogue.map((product) => [product.id, product.stock]))
  const linesFor = (index: number) => {
    const wanted = 1 + (index % 2)
    const quantity = index % 3 === 0 ? 2 : 1
    const lines: OrderLine[] = []
    for (let step = 0; step < catalogue.length && lines.length < wanted; step++) {
      const product = catalogue[(index * 5 + step) % catalogue.length]
      const remaining = product ? (left.get(product.id) ?? 0) : 0
      if (!product || remaining - quantity < 1) continue
      left.set(product.id, remaining - quantity)
      lines.push({ productId: product.id, quantity, optionValueIds: choiceFor(product.id, index) })
    }
    return lines
  }
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1)
  for (let index = 0; index < ORDER_COUNT; index++) {
    const customer = people[index % people.length]
    const lines = linesFor(index)
    if (!customer || lines.length === 0) continue
    const daysAgo = Math.floor((index * 30) / ORDER_COUNT)
    const paymentMethod: PaymentMethod = index % 3 === 1 ? 'bank_transfer' : 'cod'
    const { order } = await db.transaction((tx) =>
      recordOrder(tx, {
        userId: customer.id,
        lines,
        checkout: {
          first_name: customer.first_name,
          last_name: customer.last_name,
          email: customer.email,
          phone: customer.phone,
          address: `${10 + index} Main Boulevard`,
          city: customer.city,
          postal_code: String(54000 + index),
          payment_method: paymentMethod,
          ...(index % 5 === 0 && { coupon_code: 'WELCOME10' }),
          floor: index % 4,
          lift: index % 8 === 1,
          assembly: index % 3 === 0,
        },
        language: 'en',
      }),
    )
    const steps = stepsOf(index, daysAgo, paymentMethod)
    for (const { status, note } of steps) {
      await updateOrder(db, tellNobody, order.id, {
        // The seed's staff may deliver what is paid only in the history written below.
        change: { status, note, override: true, actorId: staff?.id ?? null, role: 'owner' },
        auditAs: null,
      })
    }
    const times = await backdate(
      db,
      order.id,
      new Date(Date.now() - daysAgo * DAY_MS - ((index * 37) % 600) * 60 * 1000),
    )
    const paidAt = times[steps.findIndex((step) => step.payment === 'paid') + 1]
    if (paidAt && steps.some((step) => step.payment === 'paid')) {
      await payInFull(db, {
        orderId: order.id,
        at: paidAt,
        staffId: staff?.id ?? null,
        method: paymentMethod,
      })
    }
  }

  await planDemoRun(db, staff?.id ?? null)

  const customer = people[0]
  if (!customer) return
  const conversationId = await conversationOf(db, customer.id)
  const thread: [number | undefined, string][] = [
    [customer.id, 'Hi, does the Sheesham King Bed come with a mattress?'],
    [
      staff?.id,
      'Hello Ayesha! The bed is sold without a mattress, but it takes any standard 72 x 78 inch one.',
    ],
    [customer.id, 'Thank you. Can you deliver to Gulberg this week?'],
    [staff?.id, 'Yes, Lahore deliveries go out on Thursday. We will call before we come.'],
  ]
  for (const [senderId, content] of thread) {
    if (senderId) await postMessage(db, tellNobody, conversationId, { senderId, content })
  }
}

/**
 * The demo's driver and one van run: the open Lahore orders of the soonest day any is due on, so the
 * dispatch board and the driver's page have something to show. Nobody signs in as the driver.
 */
async function planDemoRun(db: Db, staffId: number | null): Promise<void> {
  const driver =
    (await createUser(db, {
      email: 'imran.driver@example.com',
      password: randomBytes(18).toString('base64url'),
      first_name: 'Imran',
      last_name: 'Siddiqui',
      role: 'delivery',
    })) ?? (await findUserByEmail(db, 'imran.driver@example.com'))
  if (!driver) throw new Error('Could not create the demo driver')
  const due = await db
    .select({ id: orders.id, date: orders.deliveryDate })
    .from(orders)
    .where(and(eq(orders.city, 'Lahore'), inArray(orders.status, ['Pending', 'Processing', 'Shipped'])))
    .orderBy(asc(orders.deliveryDate), asc(orders.id))
  const day = due[0]?.date
  if (!day) return
  const [run] = await db
    .insert(deliveryRuns)
    .values({ date: day, vehicle: 'Shehzore LEA-4512', driverId: driver.id, createdBy: staffId })
    .returning({ id: deliveryRuns.id })
  if (!run) return
  const stops = due.filter((order) => order.date === day).slice(0, 3)
  await db
    .insert(deliveryStops)
    .values(stops.map((order, index) => ({ runId: run.id, orderId: order.id, position: index + 1 })))
}
