import { afterAll, describe, expect, it } from 'vitest'
import { availableDatabaseKinds } from '../database-kind'
import { CHECKOUT } from '../fixtures'
import {
  addDeliveryZone,
  client,
  createProduct,
  createUserWithCli,
  logIn,
  newStore,
  type Store,
  signUp,
  startServer,
} from '../server-process'

/**
 * Issue 7, crash safety: concurrent checkouts and messages, SIGKILL mid-load, restart on the same
 * data. Every order and message that was answered 201 must be there, whole, and stock must add up.
 */
const STAFF = { email: 'staff@crash.test', password: 'staff-password-1' }
const STARTING_STOCK = 400
const CUSTOMERS = 12

const stores: Store[] = []
afterAll(async () => {
  for (const store of stores) await store.drop()
})

describe.each(availableDatabaseKinds)('SIGKILL under load on %s', (kind) => {
  it('loses no acknowledged order or message and never oversells', async () => {
    const store = await newStore(kind)
    stores.push(store)
    await createUserWithCli(store, STAFF.email, STAFF.password, true)
    await addDeliveryZone(store)
    let server = await startServer(store)
    const staffAccess = await logIn(server.url, STAFF.email, STAFF.password)
    const productIds = [
      (await createProduct(server.url, staffAccess, 'Crash Sofa', STARTING_STOCK, 'Sofas')).id,
      (await createProduct(server.url, staffAccess, 'Crash Lamp', STARTING_STOCK, 'Lighting')).id,
    ]
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) => signUp(server.url, `crash${i}@example.com`)),
    )

    const acknowledgedOrders: {
      id: number
      items: { product: { id: number | null }; quantity: number }[]
    }[] = []
    const acknowledgedMessages: { id: number; conversationId: number }[] = []
    let killed = false
    const baseUrl = server.url

    async function shopper(access: string, index: number) {
      const send = client(baseUrl, access)
      let conversationId: number | null = null
      for (let round = 0; !killed; round++) {
        try {
          const productId = productIds[(index + round) % productIds.length] as number
          await send('POST', '/api/cart/', { product_id: productId, quantity: 1 + (round % 2) })
          const order = await send('POST', '/api/orders/', CHECKOUT)
          if (order.status === 201) acknowledgedOrders.push(order.body)
          if (conversationId === null) {
            const inquiry = await send('POST', '/api/buy-now-message/', { product_id: productId })
            if (inquiry.status === 201) conversationId = inquiry.body.conversation_id
          } else {
            const message = await send('POST', `/api/conversations/${conversationId}/messages/`, {
              content: `message ${round} from shopper ${index}`,
            })
            if (message.status === 201) acknowledgedMessages.push({ id: message.body.id, conversationId })
          }
        } catch {
          // The server died mid-request: that request was never acknowledged.
        }
      }
    }

    const load = Promise.all(customers.map((access, i) => shopper(access, i)))
    // Kill once the load is well under way (a busy machine may need a while to get there).
    const deadline = Date.now() + 60_000
    while ((acknowledgedOrders.length < 20 || acknowledgedMessages.length < 10) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    server.child.kill('SIGKILL')
    await server.exited
    killed = true
    await load
    expect(acknowledgedOrders.length).toBeGreaterThan(0)

    server = await startServer(store)
    const staff = client(server.url, await logIn(server.url, STAFF.email, STAFF.password))

    const unitsSold = new Map<number, number>()
    let ordersLost = 0
    for (const acknowledged of acknowledgedOrders) {
      const stored = await staff('GET', `/api/orders/${acknowledged.id}/`)
      if (stored.status !== 200 || stored.body.items.length !== acknowledged.items.length) ordersLost += 1
    }
    // Every stored order (acknowledged or not) must be whole, and stock must match what was sold.
    let page = 1
    for (;;) {
      const list = await staff('GET', `/api/orders/?scope=all&page=${page}&page_size=100`)
      for (const order of list.body.results) {
        expect(order.items.length, `order ${order.id} has items`).toBeGreaterThan(0)
        for (const item of order.items) {
          unitsSold.set(item.product.id, (unitsSold.get(item.product.id) ?? 0) + item.quantity)
        }
      }
      if (!list.body.next) break
      page += 1
    }
    for (const productId of productIds) {
      const product = await staff('GET', `/api/products/${productId}/`)
      expect(product.body.stock + (unitsSold.get(productId) ?? 0), `product ${productId}`).toBe(
        STARTING_STOCK,
      )
    }
    const storedMessages = new Map<number, Set<number>>()
    for (const conversationId of new Set(acknowledgedMessages.map((m) => m.conversationId))) {
      const ids = new Set<number>()
      for (let p = 1; ; p++) {
        const thread = await staff(
          'GET',
          `/api/conversations/${conversationId}/messages/?page_size=100&page=${p}`,
        )
        for (const m of thread.body.results) ids.add(m.id)
        if (!thread.body.next) break
      }
      storedMessages.set(conversationId, ids)
    }
    const messagesLost = acknowledgedMessages.filter(
      (m) => !storedMessages.get(m.conversationId)?.has(m.id),
    ).length
    const oversold = productIds.filter((id) => (unitsSold.get(id) ?? 0) > STARTING_STOCK).length
    console.log(
      `crash summary ${JSON.stringify({ kind, ordersAcknowledged: acknowledgedOrders.length, messagesAcknowledged: acknowledgedMessages.length, ordersLost, messagesLost, oversoldProducts: oversold })}`,
    )
    expect({ ordersLost, messagesLost, oversold }).toEqual({ ordersLost: 0, messagesLost: 0, oversold: 0 })
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 180_000)
})
