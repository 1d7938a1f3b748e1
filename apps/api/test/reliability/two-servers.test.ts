import { afterAll, expect, it } from 'vitest'
import { describeOnPostgres } from '../database-kind'
import { CHECKOUT } from '../fixtures'
import {
  addDeliveryZone,
  client,
  createProduct,
  createUserWithCli,
  logIn,
  newStore,
  type ServerProcess,
  type Store,
  signUp,
  startServer,
  stopAll,
} from '../server-process'

/** Issues 7 and 12: two server processes on one PostgreSQL behave as one store. */

const shipping = CHECKOUT

let store: Store
const servers: ServerProcess[] = []
afterAll(() => stopAll(servers, store))

describeOnPostgres('two servers, one PostgreSQL', () => {
  it('share logins, never oversell, place a keyed order once, and stream each other’s messages', async () => {
    store = await newStore('postgres')
    await createUserWithCli(store, 'staff@two.test', 'staff-password-1', true)
    await addDeliveryZone(store)
    const [a, b] = await Promise.all([startServer(store), startServer(store)])
    if (!a || !b) throw new Error('servers did not start')
    servers.push(a, b)

    // A token from one process works on the other: no state lives in a process.
    const access = await signUp(a.url, 'shared@example.com')
    expect((await client(b.url, access)('GET', '/api/auth/profile/')).body.email).toBe('shared@example.com')

    const staffAccess = await logIn(a.url, 'staff@two.test', 'staff-password-1')
    const product = await createProduct(a.url, staffAccess, 'Contested Armchair', 10, 'Chairs')
    const buyers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signUp(i % 2 ? a.url : b.url, `buyer${i}@example.com`)),
    )
    const results = await Promise.all(
      buyers.map(async (token, i) => {
        const send = client(i % 2 ? a.url : b.url, token)
        await send('POST', '/api/cart/', { product_id: product.id, quantity: 1 })
        const order = await send('POST', '/api/orders/', shipping)
        return order.status
      }),
    )
    expect(results.filter((status) => status === 201)).toHaveLength(10)
    expect(results.filter((status) => status !== 201 && status !== 400)).toHaveLength(0)
    expect((await client(a.url)('GET', `/api/products/${product.id}/`)).body.stock).toBe(0)

    // One checkout sent six times at once with one Idempotency-Key, over both processes: one order,
    // and every answer is that order's 201, byte for byte.
    const restocked = await createProduct(a.url, staffAccess, 'Keyed Sideboard', 5, 'Storage')
    const shopper = await signUp(a.url, 'keyed@example.com')
    await client(a.url, shopper)('POST', '/api/cart/', { product_id: restocked.id, quantity: 2 })
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const response = await fetch(`${i % 2 ? a.url : b.url}/api/orders/`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${shopper}`,
            'content-type': 'application/json',
            'idempotency-key': 'two-servers-checkout',
          },
          body: JSON.stringify(shipping),
        })
        return { status: response.status, body: await response.text() }
      }),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201))
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1)
    expect((await client(b.url, shopper)('GET', '/api/orders/')).body.count).toBe(1)
    expect((await client(b.url)('GET', `/api/products/${restocked.id}/`)).body.stock).toBe(3)

    // A live stream opened on B receives a message posted on A.
    const inquiry = await client(a.url, access)('POST', '/api/buy-now-message/', { product_id: product.id })
    const conversationId = inquiry.body.conversation_id as number
    const controller = new AbortController()
    const stream = await fetch(`${b.url}/api/conversations/${conversationId}/events/`, {
      headers: { authorization: `Bearer ${access}`, accept: 'text/event-stream' },
      signal: controller.signal,
    })
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const reader = stream.body?.getReader()
    if (!reader) throw new Error('no stream body')
    const received = (async () => {
      let text = ''
      const decoder = new TextDecoder()
      while (!text.includes('across the servers')) {
        const { value, done } = await reader.read()
        if (done) break
        text += decoder.decode(value, { stream: true })
      }
      return text
    })()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const posted = await client(a.url, staffAccess)(
      'POST',
      `/api/conversations/${conversationId}/messages/`,
      {
        content: 'Hello across the servers',
      },
    )
    expect(posted.status).toBe(201)
    const text = await Promise.race([
      received,
      new Promise<string>((_, reject) => setTimeout(() => reject(new Error('no event within 5 s')), 5000)),
    ])
    expect(text).toContain('event: message')
    expect(text).toContain(`"id":${posted.body.id}`)
    controller.abort()
  }, 120_000)
})
