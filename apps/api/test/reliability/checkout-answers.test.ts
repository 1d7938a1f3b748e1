import type { AddressInfo } from 'node:net'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, products } from '../../src/db/schema'
import { CHECKOUT, insertZone } from '../fixtures'
import {
  createTestApp,
  createTestUser,
  databaseKind,
  noRateLimits,
  type TestContext,
  type TestUser,
} from '../harness'
import { insertProduct } from '../product-fixture'

/**
 * Issue 12, no answer lost: concurrent checkouts over real HTTP, some of whose connections the
 * client drops while the order is under way, as a flaky mobile link would. Every order the database
 * commits must reach its client as a 201: at once, or, where the network truly dropped the answer,
 * through a retry with the same Idempotency-Key, which must give that very order back.
 */
const CHECKOUTS = 40

let context: TestContext
let baseUrl: string
beforeAll(async () => {
  context = await createTestApp({ rateLimits: noRateLimits })
  await insertZone(context.database.db)
  await context.app.listen({ host: '127.0.0.1', port: 0 })
  baseUrl = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`
})
afterAll(() => context.close())

const shipping = JSON.stringify(CHECKOUT)

/** One checkout request; null when the connection was dropped before an answer came. */
async function checkout(user: TestUser, key: string, dropAfterMs?: number) {
  const signal = dropAfterMs === undefined ? undefined : AbortSignal.timeout(dropAfterMs)
  try {
    const response = await fetch(`${baseUrl}/api/orders/`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', 'idempotency-key': key },
      body: shipping,
      ...(signal && { signal }),
    })
    return { status: response.status, body: (await response.json()) as { id: number } }
  } catch (error) {
    if (signal?.aborted) return null
    throw error
  }
}

describe(`checkouts whose connections drop (${databaseKind})`, () => {
  it(`answers every committed order of ${CHECKOUTS} concurrent checkouts with its 201, at once or on a retry`, async () => {
    const product = await insertProduct(context.database.db, { stock: 1000 })
    const customers = await Promise.all(Array.from({ length: CHECKOUTS }, () => createTestUser(context)))
    for (const customer of customers) {
      const added = await context.app.inject({
        method: 'POST',
        url: '/api/cart/',
        headers: customer.headers,
        payload: { product_id: product.id, quantity: 1 },
      })
      expect(added.statusCode).toBe(200)
    }

    // Every third client gives up on its connection after 0 to 60 ms: before, during or after the commit.
    const first = await Promise.all(
      customers.map((customer, i) =>
        checkout(customer, `attempt-${i}`, i % 3 === 0 ? Math.floor(Math.random() * 60) : undefined),
      ),
    )
    let committedUnanswered = 0
    const answered = await Promise.all(
      customers.map(async (customer, i) => {
        const answer = first[i]
        if (answer) return answer
        const [row] = await context.database.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .where(eq(orders.userId, customer.id))
        if (row?.n) committedUnanswered += 1
        return checkout(customer, `attempt-${i}`)
      }),
    )

    expect(answered.map((answer) => answer?.status)).toEqual(Array(CHECKOUTS).fill(201))
    const committed = await context.database.db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          customers.map((customer) => customer.id),
        ),
      )
    expect(committed).toHaveLength(CHECKOUTS)
    for (const [i, customer] of customers.entries()) {
      const theirs = committed.filter((order) => order.userId === customer.id)
      expect(theirs.map((order) => order.id)).toEqual([answered[i]?.body.id])
    }
    const [left] = await context.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
    expect(left?.stock).toBe(1000 - CHECKOUTS)
    console.log(
      `checkout-answers summary ${JSON.stringify({
        checkouts: CHECKOUTS,
        dropped: first.filter((answer) => answer === null).length,
        committedButUnanswered: committedUnanswered,
      })}`,
    )
  }, 120_000)
})
