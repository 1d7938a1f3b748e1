import { paths } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenOnFreePort, openStream } from '../../../test/event-stream'
import { CHECKOUT, insertOrder, insertPayment, insertZone } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'

let context: TestContext
let staff: TestUser
let customer: TestUser
beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true })
  customer = await createTestUser(context)
  await insertZone(context.database.db)
})
afterAll(() => context.close())

const counts = async () => {
  const answer = await callRoute(context.app, paths.staff.workCounts, { user: staff })
  expect(answer.status).toBe(200)
  return answer.body
}

/** A customer's order through the API of `app`: the cart, then the checkout. */
async function placeOrder(buyer: TestUser, app: FastifyInstance) {
  const product = await insertProduct(context.database.db)
  const added = await callRoute(app, paths.cart.addToCart, {
    body: { product_id: product.id, quantity: 1 },
    user: buyer,
  })
  expect(added.status).toBe(200)
  const placed = await callRoute(app, paths.orders.placeOrder, {
    body: { ...CHECKOUT, payment_method: 'bank_transfer' },
    user: buyer,
  })
  expect(placed.status).toBe(201)
  return placed.body.id
}

/** A customer's message in their conversation with the store (opened by a Buy Now inquiry). */
async function customerMessage(author: TestUser): Promise<number> {
  const product = await insertProduct(context.database.db)
  const answer = await callRoute(context.app, paths.messaging.buyNow, {
    body: { product_id: product.id },
    user: author,
  })
  expect(answer.status).toBe(201)
  return answer.body.conversation_id
}

const readThread = (reader: TestUser, conversationId: number) =>
  callRoute(context.app, paths.messaging.listMessages, { params: { id: conversationId }, user: reader })

type Stream = Awaited<ReturnType<typeof openStream>>

/** The counts of the last `counts` event in a stream's text. */
function lastCounts(text: string) {
  const events = [...text.matchAll(/event: counts\ndata: (.+)\n\n/g)]
  const last = events.at(-1)?.[1]
  return last ? JSON.parse(last) : null
}

/** Reads on until a `counts` event after everything read so far says `expected`; answers its counts. */
async function countsEvent(stream: Stream, expected: object) {
  const seen = (await stream.readUntil('')).length
  return lastCounts(await stream.readUntil(`event: counts\ndata: ${JSON.stringify(expected)}`, seen))
}

describe('GET /api/staff/counts/', () => {
  it('counts Pending orders, submitted receipts and unread customer messages', async () => {
    const before = await counts()
    const product = await insertProduct(context.database.db)
    await insertOrder(context.database.db, customer.id, product)
    const withReceipt = await insertOrder(context.database.db, customer.id, product, { status: 'Processing' })
    await insertPayment(context.database.db, withReceipt, { status: 'pending' })
    const asker = await createTestUser(context)
    const conversationId = await customerMessage(asker)
    expect(await counts()).toEqual({
      new_orders: before.new_orders + 1,
      payments_to_check: before.payments_to_check + 1,
      unread_messages: before.unread_messages + 1,
    })

    // The store's own reply is not unread work; the customer reading the thread changes nothing.
    await callRoute(context.app, paths.messaging.sendMessage, {
      params: { id: conversationId },
      body: { content: 'It is in stock.' },
      user: staff,
    })
    expect((await readThread(asker, conversationId)).status).toBe(200)
    expect((await counts()).unread_messages).toBe(before.unread_messages + 1)

    expect((await readThread(staff, conversationId)).status).toBe(200)
    expect((await counts()).unread_messages).toBe(before.unread_messages)
  })

  it('is for staff only', async () => {
    expect((await callRoute(context.app, paths.staff.workCounts)).status).toBe(401)
    const asCustomer = await callRoute(context.app, paths.staff.workCounts, { user: customer })
    expect(asCustomer.status).toBe(403)
  })
})

describe('GET /api/staff/events/', () => {
  let baseUrl: string
  beforeAll(async () => {
    baseUrl = await listenOnFreePort(context.app)
  })

  it('sends the counts at once, then new ones when an order is placed on another server process', async () => {
    const stream = await openStream(`${baseUrl}/api/staff/events/`, staff.headers)
    expect(stream.response.status).toBe(200)
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const first = lastCounts(await stream.readUntil('event: counts'))
    expect(first).toEqual(await counts())

    const buyer = await createTestUser(context)
    const orderId = await placeOrder(buyer, await context.secondApp())
    const placedCounts = { ...first, new_orders: first.new_orders + 1 }
    expect(await countsEvent(stream, placedCounts)).toEqual(placedCounts)

    // Staff confirming the order takes it off the count.
    const confirmed = await callRoute(context.app, paths.orders.updateOrder, {
      params: { id: orderId },
      body: { status: 'Processing' },
      user: staff,
    })
    expect(confirmed.status).toBe(200)
    expect(await countsEvent(stream, first)).toEqual(first)
    stream.abort()
  })

  it('drops the unread count when staff open the conversation', async () => {
    const asker = await createTestUser(context)
    const conversationId = await customerMessage(asker)
    const stream = await openStream(`${baseUrl}/api/staff/events/`, staff.headers)
    const first = lastCounts(await stream.readUntil('event: counts'))
    expect(first.unread_messages).toBeGreaterThan(0)

    await readThread(staff, conversationId)
    const read = { ...first, unread_messages: first.unread_messages - 1 }
    expect(await countsEvent(stream, read)).toEqual(read)
    stream.abort()
  })

  it('ends a staff member’s streams when their sessions end on another server process', async () => {
    const clerk = await createTestUser(context, { role: 'support' })
    const other = await context.secondApp()
    const change = (body: { role?: 'customer'; is_active?: boolean }) =>
      callRoute(other, paths.people.updatePerson, { params: { id: clerk.id }, body, user: staff })

    const counting = await openStream(`${baseUrl}/api/staff/events/`, clerk.headers)
    await counting.readUntil('event: counts')
    expect((await change({ is_active: false })).status).toBe(200)
    expect(await counting.endsWithin(5000)).toBe(true)

    await change({ is_active: true })
    const again = await createTestUser(context, { role: 'support' })
    const conversationId = await customerMessage(customer)
    const messages = await openStream(`${baseUrl}/api/conversations/${conversationId}/events/`, again.headers)
    await messages.readUntil(': connected')
    // Someone else's change leaves the stream open; the holder's own role change ends it.
    expect((await change({ role: 'customer' })).status).toBe(200)
    expect(await messages.endsWithin(500)).toBe(false)
    expect(
      (
        await callRoute(other, paths.people.updatePerson, {
          params: { id: again.id },
          body: { role: 'customer' },
          user: staff,
        })
      ).status,
    ).toBe(200)
    expect(await messages.endsWithin(5000)).toBe(true)
  })

  it('refuses customers and anonymous callers', async () => {
    const anonymous = await fetch(`${baseUrl}/api/staff/events/`)
    expect(anonymous.status).toBe(401)
    const asCustomer = await fetch(`${baseUrl}/api/staff/events/`, { headers: customer.headers })
    expect(asCustomer.status).toBe(403)
  })
})
