import { paths } from '@store/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenOnFreePort, openStream } from '../../../test/event-stream'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct, insertSofa } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'

let context: TestContext
let staff: TestUser
beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true, firstName: 'Store' })
})
afterAll(() => context.close())

const buyNow = (
  user: TestUser | null,
  productId: number,
  options?: Record<string, number>,
  quantity?: number,
) =>
  callRoute(context.app, paths.messaging.buyNow, {
    body: { product_id: productId, ...(options && { options }), ...(quantity && { quantity }) },
    user,
  })

const conversations = (user: TestUser | null, query?: { page_size: number }) =>
  callRoute(context.app, paths.messaging.listConversations, { query, user })

const messages = (user: TestUser, conversationId: number) =>
  callRoute(context.app, paths.messaging.listMessages, { params: { id: conversationId }, user })

const events = (user: TestUser | null, conversationId: number) =>
  callRoute(context.app, paths.messaging.messageEvents, { params: { id: conversationId }, user })

const post = (user: TestUser, conversationId: number, content: string, app = context.app) =>
  callRoute(app, paths.messaging.sendMessage, { params: { id: conversationId }, body: { content }, user })

/** A customer whose conversation was opened by a Buy Now inquiry. */
async function customerWithConversation(firstName?: string) {
  const customer = await createTestUser(context, { ...(firstName && { firstName }) })
  const product = await insertProduct(context.database.db)
  const answer = await buyNow(customer, product.id)
  expect(answer.status).toBe(201)
  return { customer, conversationId: answer.body.conversation_id }
}

describe('POST /api/buy-now-message/', () => {
  it('posts an inquiry naming the product and its price into one conversation with the store', async () => {
    const customer = await createTestUser(context, { firstName: 'Bilal' })
    const wardrobe = await insertProduct(context.database.db, { name: 'Oak Wardrobe', price: '85000.00' })
    const answer = await buyNow(customer, wardrobe.id)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      message: expect.stringMatching(/sent/),
      conversation_id: expect.any(Number),
    })

    const lamp = await insertProduct(context.database.db, { name: 'Brass Lamp', price: '1999.50' })
    const again = await buyNow(customer, lamp.id)
    expect(again.body.conversation_id).toBe(answer.body.conversation_id)

    const thread = await messages(customer, answer.body.conversation_id)
    expect(thread.body.results.map((message) => message.content)).toEqual([
      'Hi, I am interested in "Oak Wardrobe" (PKR 85,000). Is it available?',
      'Hi, I am interested in "Brass Lamp" (PKR 1,999.50). Is it available?',
    ])
    expect(thread.body.results[0]?.sender).toEqual({ id: customer.id, first_name: 'Bilal' })
  })

  it('names the chosen options in the product order with the unit price they make', async () => {
    const customer = await createTestUser(context)
    const sofa = await insertSofa(context.database.db)
    const sent = await buyNow(customer, sofa.id, sofa.choice(1, 0))
    expect(sent.status).toBe(201)
    expect((await buyNow(customer, sofa.id, sofa.choice(1, 1))).status).toBe(201)
    const thread = await messages(customer, sent.body.conversation_id)
    expect(thread.body.results.map((message) => message.content)).toEqual([
      'Hi, I am interested in "Chesterfield Sofa" (Fabric: Beige linen, Size: 3-seater; PKR 249,000). Is it available?',
      'Hi, I am interested in "Chesterfield Sofa" (Fabric: Beige linen, Size: 2-seater; PKR 219,000). Is it available?',
    ])
  })

  it('accepts options left open, naming what was chosen and what is still open, and keeps the inquiry', async () => {
    const customer = await createTestUser(context)
    const sofa = await insertSofa(context.database.db)
    const [velvet] = sofa.fabric.values
    if (!velvet) throw new Error('the sofa has no fabric')
    const sent = await buyNow(customer, sofa.id, { [sofa.fabric.id]: velvet.id })
    expect(sent.status).toBe(201)
    expect((await buyNow(customer, sofa.id, {}, 2)).status).toBe(201)
    const thread = await messages(customer, sent.body.conversation_id)
    expect(thread.body.results.map((message) => message.content)).toEqual([
      'Hi, I am interested in "Chesterfield Sofa" (Fabric: Emerald velvet; Size still open; PKR 245,000). Is it available?',
      'Hi, I am interested in 2 of "Chesterfield Sofa" (Fabric, Size still open; PKR 245,000). Are they available?',
    ])
    expect(thread.body.results.map((message) => message.inquiry)).toEqual([
      { product_id: sofa.id, quantity: 1, options: { [sofa.fabric.id]: velvet.id } },
      { product_id: sofa.id, quantity: 2, options: {} },
    ])
    const listed = await conversations(customer)
    expect(listed.body.results[0]?.last_message?.inquiry).toEqual({
      product_id: sofa.id,
      quantity: 2,
      options: {},
    })
  })

  it('writes the inquiry in Urdu for an Urdu reader', async () => {
    const customer = await createTestUser(context)
    const sofa = await insertSofa(context.database.db)
    const sent = await callRoute(context.app, paths.messaging.buyNow, {
      body: { product_id: sofa.id, quantity: 3 },
      user: customer,
      headers: { 'accept-language': 'ur' },
    })
    expect(sent.status).toBe(201)
    const thread = await messages(customer, sent.body.conversation_id)
    expect(thread.body.results[0]?.content).toContain('کا انتخاب ابھی باقی ہے')
    expect(thread.body.results[0]?.content).toContain('3 عدد')
  })

  it('answers 400 for an option or a value the product does not have', async () => {
    const customer = await createTestUser(context)
    const sofa = await insertSofa(context.database.db)
    const foreign = await buyNow(customer, sofa.id, { [sofa.fabric.id]: sofa.size.values[0]?.id ?? 0 })
    expect(foreign.status).toBe(400)
    expect(foreign.body.detail).toBe('That Fabric is not offered for "Chesterfield Sofa".')
    const unknown = await buyNow(customer, sofa.id, { 999999: 1 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.detail).toBe('"Chesterfield Sofa" has no option 999999.')
    expect((await conversations(customer)).body.count).toBe(0)
  })

  it('answers 400 naming product_id when it is not a JSON number', async () => {
    const customer = await createTestUser(context)
    const product = await insertProduct(context.database.db)
    for (const productId of [String(product.id), [product.id], { id: product.id }]) {
      const answer = await call(context.app, {
        method: 'POST',
        url: '/api/buy-now-message/',
        headers: customer.headers,
        payload: { product_id: productId },
      })
      expect(answer.status).toBe(400)
      expect(Object.keys(answer.body.errors)).toEqual(['product_id'])
    }
  })

  it('answers 404 for an unknown product and 401 without a user', async () => {
    const customer = await createTestUser(context)
    expect((await buyNow(customer, 999999)).status).toBe(404)
    expect((await buyNow(null, 1)).status).toBe(401)
  })
})

describe('GET /api/conversations/', () => {
  it('lists a customer their own conversation with its participants and last message', async () => {
    const { customer, conversationId } = await customerWithConversation('Sana')
    await post(staff, conversationId, 'Yes, it is in stock.')
    const answer = await conversations(customer)
    expect(answer.status).toBe(200)
    expect(answer.body.count).toBe(1)
    expect(answer.body.results).toEqual([
      {
        id: conversationId,
        created_at: expect.stringMatching(/Z$/),
        participants: [
          { id: customer.id, first_name: 'Sana', last_name: expect.any(String) },
          { id: staff.id, first_name: 'Store', last_name: expect.any(String) },
        ],
        last_message: {
          id: expect.any(Number),
          content: 'Yes, it is in stock.',
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          sender: { id: staff.id, first_name: 'Store' },
          inquiry: null,
        },
      },
    ])
    const thread = await messages(customer, conversationId)
    expect(answer.body.results[0]?.last_message).toEqual(thread.body.results.at(-1))
  })

  it('lists staff every conversation, latest activity first', async () => {
    const older = await customerWithConversation()
    const newer = await customerWithConversation()
    await post(older.customer, older.conversationId, 'Any news?')
    const answer = await conversations(staff, { page_size: 100 })
    const ids = answer.body.results.map((conversation) => conversation.id)
    expect(ids.indexOf(older.conversationId)).toBe(0)
    expect(ids.indexOf(newer.conversationId)).toBe(1)
    expect(answer.body.count).toBeGreaterThanOrEqual(2)
  })

  it('answers an empty page to a customer without a conversation, and 401 anonymous', async () => {
    const customer = await createTestUser(context)
    expect((await conversations(customer)).body).toMatchObject({ count: 0, results: [] })
    expect((await conversations(null)).status).toBe(401)
  })
})

describe('GET /api/conversations/:id/messages/', () => {
  it('lists the messages oldest first to its customer and to staff', async () => {
    const { customer, conversationId } = await customerWithConversation()
    await post(staff, conversationId, 'Second')
    await post(customer, conversationId, 'Third')
    for (const reader of [customer, staff]) {
      const answer = await messages(reader, conversationId)
      expect(answer.status).toBe(200)
      expect(answer.body.count).toBe(3)
      expect(answer.body.results.slice(1).map((message) => message.content)).toEqual(['Second', 'Third'])
    }
  })

  it("answers 404 for another customer's conversation and for an unknown one", async () => {
    const { conversationId } = await customerWithConversation()
    const stranger = await createTestUser(context)
    const answer = await messages(stranger, conversationId)
    expect(answer.status).toBe(404)
    expect(answer.body.detail).toBe('Conversation not found.')
    expect((await messages(staff, 999999)).status).toBe(404)
  })

  it('pages 20 messages at a time unless asked otherwise, as every list', async () => {
    const { customer, conversationId } = await customerWithConversation()
    // A staff user of its own: 20 posts would use up most of the shared one's per-minute limit.
    const clerk = await createTestUser(context, { staff: true })
    for (let n = 2; n <= 21; n++) await post(clerk, conversationId, `Reply ${n}`)
    const first = await messages(customer, conversationId)
    expect(first.body.count).toBe(21)
    expect(first.body.results).toHaveLength(20)
    expect(first.body.next).toMatch(/page=2&page_size=20/)
  })
})

describe('POST /api/conversations/:id/messages/', () => {
  it('posts a trimmed message from staff or the customer', async () => {
    const { customer, conversationId } = await customerWithConversation()
    const answer = await post(staff, conversationId, '  We can deliver on Monday.  ')
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: expect.any(Number),
      content: 'We can deliver on Monday.',
      timestamp: expect.stringMatching(/Z$/),
      sender: { id: staff.id, first_name: 'Store' },
      inquiry: null,
    })
    expect((await post(customer, conversationId, 'Thanks!')).status).toBe(201)
  })

  it('answers 400 for a blank message or one over 2000 characters', async () => {
    const { customer, conversationId } = await customerWithConversation()
    const blank = await post(customer, conversationId, '   \n ')
    expect(blank.status).toBe(400)
    expect(blank.body.errors.content).toEqual(['A message cannot be blank.'])
    expect((await post(customer, conversationId, 'x'.repeat(2001))).status).toBe(400)
    expect((await post(customer, conversationId, 'x'.repeat(2000))).status).toBe(201)
  })

  it('keeps line breaks and tabs, and refuses other control characters', async () => {
    const { customer, conversationId } = await customerWithConversation()
    const lines = await post(customer, conversationId, 'Size:\t2 m\r\nColour: teak')
    expect(lines.status).toBe(201)
    expect(lines.body.content).toBe('Size:\t2 m\r\nColour: teak')
    for (const content of ['Hello\u0000', 'Bell\u0007', 'Esc\u001b[31m', 'C1\u009b']) {
      const refused = await post(customer, conversationId, content)
      expect(refused.status).toBe(400)
      expect(Object.keys(refused.body.errors)).toEqual(['content'])
    }
  })

  it("answers 404 for another customer's conversation and posts nothing", async () => {
    const { customer, conversationId } = await customerWithConversation()
    const stranger = await createTestUser(context)
    expect((await post(stranger, conversationId, 'Let me in')).status).toBe(404)
    const thread = await messages(customer, conversationId)
    expect(thread.body.count).toBe(1)
  })

  it('answers 429 with Retry-After past the per-user limit, for that user only', async () => {
    const { customer, conversationId } = await customerWithConversation()
    // The Buy Now inquiry counts against its own route's limit, not this one.
    for (let sent = 0; sent < context.config.rateLimits.messages; sent++) {
      expect((await post(customer, conversationId, `Message ${sent}`)).status).toBe(201)
    }
    const past = await post(customer, conversationId, 'One too many')
    expect(past.status).toBe(429)
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0)
    expect(past.body.detail).toEqual(expect.any(String))
    expect((await post(staff, conversationId, 'Staff may still answer')).status).toBe(201)
  })
})

const openThreadStream = (baseUrl: string, conversationId: number, user: TestUser) =>
  openStream(`${baseUrl}/api/conversations/${conversationId}/events/`, user.headers)

describe('GET /api/conversations/:id/events/', () => {
  it('pushes a message posted through another server process', async () => {
    const { customer, conversationId } = await customerWithConversation()
    const baseUrl = await listenOnFreePort(context.app)
    const stream = await openThreadStream(baseUrl, conversationId, customer)
    expect(stream.response.status).toBe(200)
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await stream.readUntil(': connected')

    const otherProcess = await context.secondApp()
    const posted = await post(staff, conversationId, 'Hello from the other server', otherProcess)
    expect(posted.status).toBe(201)

    const text = await stream.readUntil('Hello from the other server')
    const event = text.match(/event: message\ndata: (.+)\n\n/)
    expect(event).not.toBeNull()
    expect(JSON.parse(event?.[1] ?? 'null')).toEqual(posted.body)
    stream.abort()
  })

  it('sends nothing from other conversations', async () => {
    const mine = await customerWithConversation()
    const theirs = await customerWithConversation()
    const baseUrl = await listenOnFreePort(await context.secondApp())
    const stream = await openThreadStream(baseUrl, mine.conversationId, mine.customer)
    await stream.readUntil(': connected')
    await post(theirs.customer, theirs.conversationId, 'Not for you')
    await post(mine.customer, mine.conversationId, 'For me')
    const text = await stream.readUntil('For me')
    expect(text).not.toContain('Not for you')
    stream.abort()
  })

  it('stops listening once the last client leaves', async () => {
    const { customer, conversationId } = await customerWithConversation()
    const database = context.database
    const listen = database.listen
    let listening = 0
    database.listen = async (channel, handler, onLost) => {
      const stop = await listen(channel, handler, onLost)
      // Every server also listens for catalogue changes and for notifications due, for as long as it runs.
      if (channel !== 'conversation_messages') return stop
      listening += 1
      return async () => {
        listening -= 1
        await stop()
      }
    }
    try {
      const baseUrl = await listenOnFreePort(await context.secondApp())
      const first = await openThreadStream(baseUrl, conversationId, customer)
      const second = await openThreadStream(baseUrl, conversationId, customer)
      await Promise.all([first.readUntil(': connected'), second.readUntil(': connected')])
      expect(listening).toBe(1)
      first.abort()
      second.abort()
      await expect.poll(() => listening).toBe(0)
      expect((await post(customer, conversationId, 'Still here')).status).toBe(201)
    } finally {
      database.listen = listen
    }
  })

  it('ends open streams when the server closes, so shutdown is not held open', async () => {
    const { customer, conversationId } = await customerWithConversation()
    const server = await context.secondApp()
    const stream = await openThreadStream(await listenOnFreePort(server), conversationId, customer)
    await stream.readUntil(': connected')
    await server.close()
    expect(await stream.readUntil('never sent')).toBe(': connected\n\n')
  })

  it("answers 404 for another customer's conversation and 401 without a user", async () => {
    const { conversationId } = await customerWithConversation()
    const stranger = await createTestUser(context)
    const answer = await events(stranger, conversationId)
    expect(answer.status).toBe(404)
    expect(answer.headers['content-type']).toMatch(/json/)
    expect((await events(null, conversationId)).status).toBe(401)
  })
})
