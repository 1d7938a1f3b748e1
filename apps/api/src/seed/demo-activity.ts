import { randomBytes } from 'node:crypto'
import type { OrderStatus } from '@store/contract'
import { and, asc, eq, gt } from 'drizzle-orm'
import type { Database } from '../db/client'
import { orders, productOptions, productOptionValues, products, users } from '../db/schema'
import { createUser, findUserByEmail } from '../features/auth/service'
import { conversationOf, postMessage } from '../features/messaging/service'
import { type OrderLine, recordOrder, updateOrderStatus } from '../features/orders/service'
import { createReview } from '../features/reviews/service'

const customers = [
  { first_name: 'Ayesha', last_name: 'Khan', email: 'ayesha.khan@example.com', city: 'Lahore' },
  { first_name: 'Bilal', last_name: 'Ahmed', email: 'bilal.ahmed@example.com', city: 'Karachi' },
  { first_name: 'Sana', last_name: 'Malik', email: 'sana.malik@example.com', city: 'Islamabad' },
  { first_name: 'Usman', last_name: 'Raza', email: 'usman.raza@example.com', city: 'Faisalabad' },
  { first_name: 'Hira', last_name: 'Siddiqui', email: 'hira.siddiqui@example.com', city: 'Multan' },
]

const reviewTexts: [number, string][] = [
  [5, 'Beautifully made and arrived well packed. It looks even better than in the pictures.'],
  [4, 'Solid and comfortable. Delivery took a day longer than promised.'],
  [5, 'The finish is lovely and the wood feels sturdy. Worth every rupee.'],
  [3, 'Good value, though the colour is a shade darker than shown.'],
  [4, 'Assembly was simple and it fits our lounge perfectly.'],
]

const ORDER_COUNT = 25
const DAY_MS = 24 * 60 * 60 * 1000

/** Older orders have moved further along; about one in seven was cancelled. */
function statusOf(index: number, daysAgo: number): OrderStatus {
  if (index % 7 === 3) return 'Cancelled'
  if (daysAgo > 14) return 'Delivered'
  if (daysAgo > 7) return 'Shipped'
  if (daysAgo > 2) return 'Processing'
  return 'Pending'
}

/**
 * Demo customers, reviews, orders over the last 30 days and a conversation, on the demo catalogue.
 * Everything goes through the features' own rules, so stock and rating totals stay consistent.
 */
export async function seedDemoActivity(database: Database): Promise<void> {
  const { db } = database
  // Nobody signs in as a demo customer; the passwords only have to be impossible to guess.
  const people = await Promise.all(
    customers.map(async ({ city, ...person }) => {
      const user =
        (await createUser(db, { ...person, password: randomBytes(18).toString('base64url') })) ??
        (await findUserByEmail(db, person.email))
      if (!user) throw new Error(`Could not create the demo customer ${person.email}`)
      return { ...person, id: user.id, city }
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
  for (let index = 0; index < ORDER_COUNT; index++) {
    const customer = people[index % people.length]
    const lines = linesFor(index)
    if (!customer || lines.length === 0) continue
    const daysAgo = Math.floor((index * 30) / ORDER_COUNT)
    const { order } = await db.transaction((tx) =>
      recordOrder(tx, customer.id, lines, {
        first_name: customer.first_name,
        last_name: customer.last_name,
        email: customer.email,
        address: `${10 + index} Main Boulevard`,
        city: customer.city,
        postal_code: String(54000 + index),
      }),
    )
    const createdAt = new Date(Date.now() - daysAgo * DAY_MS - ((index * 37) % 600) * 60 * 1000)
    await db.update(orders).set({ createdAt }).where(eq(orders.id, order.id))
    await updateOrderStatus(db, order.id, statusOf(index, daysAgo))
  }

  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1)
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
    if (senderId) await postMessage(db, conversationId, senderId, content)
  }
}
