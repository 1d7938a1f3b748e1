import { afterAll, expect, it } from 'vitest'
import { describeOnPostgres } from '../database-kind'
import {
  client,
  createProduct,
  createUserWithCli,
  logIn,
  newStore,
  type ServerProcess,
  type Store,
  startServer,
  stopAll,
  updateProduct,
} from '../server-process'

/** Issue 18: each process keeps catalogue answers in memory; a write on one reaches the others' reads. */

let store: Store
const servers: ServerProcess[] = []
afterAll(() => stopAll(servers, store))

/** Changes a product's price through the API (the staff product form, multipart). */
const setPrice = (baseUrl: string, staffAccess: string, id: number, price: string) =>
  updateProduct(baseUrl, staffAccess, id, {
    name: 'Cached Armchair',
    description: 'An armchair whose price changes.',
    price,
  })

describeOnPostgres('the catalogue cache over two server processes', () => {
  it('shows a price changed through one process in the next reads through the other', async () => {
    store = await newStore('postgres')
    await createUserWithCli(store, 'staff@cache.test', 'staff-password-1', true)
    const [a, b] = await Promise.all([startServer(store), startServer(store)])
    if (!a || !b) throw new Error('servers did not start')
    servers.push(a, b)
    const staff = await logIn(a.url, 'staff@cache.test', 'staff-password-1')
    const product = await createProduct(a.url, staff, 'Cached Armchair', 5, 'Chairs')
    const readOnB = async () => {
      const [detail, list] = await Promise.all([
        client(b.url)('GET', `/api/products/${product.id}/`),
        client(b.url)('GET', '/api/products/?category=Chairs'),
      ])
      return [detail.body.price, list.body.results[0].price]
    }
    // B reads twice, so its answers are in its memory.
    expect(await readOnB()).toEqual(['1500.00', '1500.00'])
    expect(await readOnB()).toEqual(['1500.00', '1500.00'])

    for (const price of ['1750.00', '1999.50']) {
      await setPrice(a.url, staff, product.id, price)
      // The notification reaches B a moment after A's commit; then every read of B has it.
      const deadline = Date.now() + 2000
      let seen = await readOnB()
      while (seen.some((each) => each !== price) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10))
        seen = await readOnB()
      }
      expect(seen).toEqual([price, price])
      expect(await readOnB()).toEqual([price, price])
    }
  })
})
