import { afterAll, beforeAll, expect, it } from 'vitest'
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
  updateProduct,
} from '../server-process'

/**
 * Each process keeps catalogue answers in memory, searches included (search ranks in PostgreSQL,
 * behind this cache); a write on one reaches the others' reads once its notice arrives, and the
 * writer's own reads as soon as it has answered.
 */

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

/** Renames a product through the API (the staff product form, multipart). */
const rename = (baseUrl: string, staffAccess: string, id: number, name: string) =>
  updateProduct(baseUrl, staffAccess, id, {
    name,
    description: `${name}, searched from another process.`,
    price: '1500.00',
  })

/** Reads again until `done` holds of the answer or `ms` have passed, and gives the last answer. */
async function readUntil<T>(read: () => Promise<T>, done: (answer: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms
  let answer = await read()
  while (!done(answer) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    answer = await read()
  }
  return answer
}

describeOnPostgres('the catalogue cache over two server processes', () => {
  let a: ServerProcess
  let b: ServerProcess
  let staff: string
  beforeAll(async () => {
    store = await newStore('postgres')
    await addDeliveryZone(store)
    await createUserWithCli(store, 'staff@cache.test', 'staff-password-1', true)
    const [first, second] = await Promise.all([startServer(store), startServer(store)])
    if (!first || !second) throw new Error('servers did not start')
    servers.push(first, second)
    a = first
    b = second
    staff = await logIn(a.url, 'staff@cache.test', 'staff-password-1')
  })

  it('shows a price changed through one process in the next reads through the other', async () => {
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
      const seen = await readUntil(readOnB, (answer) => answer.every((each) => each === price), 2000)
      expect(seen).toEqual([price, price])
      expect(await readOnB()).toEqual([price, price])
    }
  })

  it('finds a product created and renamed through one process in the next searches of the other', async () => {
    const searchOnB = async (text: string): Promise<string[]> => {
      const answer = await client(b.url)('GET', `/api/products/?search=${encodeURIComponent(text)}`)
      return answer.body.results.map((product: { name: string }) => product.name)
    }
    const searchOnBUntilFound = (text: string) =>
      readUntil(
        () => searchOnB(text),
        (names) => names.length > 0,
        3000,
      )
    // B caches these empty answers; the writes through A must reach them.
    expect(await searchOnB('tamarnd')).toEqual([])
    expect(await searchOnB('jamun')).toEqual([])

    const product = await createProduct(a.url, staff, 'Tamarind Armchair', 5, 'Chairs')
    expect(await searchOnBUntilFound('tamarnd')).toEqual(['Tamarind Armchair'])

    await rename(a.url, staff, product.id, 'Jamun Armchair')
    expect(await searchOnBUntilFound('jamun')).toEqual(['Jamun Armchair'])
    expect(await searchOnB('tamarind')).toEqual([])
  })

  it('never shows a sold-out piece as available, or an old price, again once a reader has seen the change', async () => {
    const product = await createProduct(a.url, staff, 'Last Walnut Armchair', 1, 'Chairs')
    const customer = await signUp(a.url, 'last-piece@cache.test')
    expect(
      (await client(a.url, customer)('POST', '/api/cart/', { product_id: product.id, quantity: 1 })).status,
    ).toBe(200)

    /** What a shopper on B sees: the page's stock and price, and whether the in-stock list holds it. */
    const seeOnB = async () => {
      const [page, inStock] = await Promise.all([
        client(b.url)('GET', `/api/products/${product.id}/`),
        client(b.url)('GET', '/api/products/?search=walnut%20armchair&in_stock=true'),
      ])
      const listed = inStock.body.results.some((row: { id: number }) => row.id === product.id)
      return { stock: page.body.stock as number, price: page.body.price as string, listed }
    }
    // Readers on B all along, so reads that began before each change are under way when it commits.
    let reading = true
    const readers = Array.from({ length: 6 }, async () => {
      const seen: Awaited<ReturnType<typeof seeOnB>>[] = []
      while (reading) seen.push(await seeOnB())
      return seen
    })
    await new Promise((resolve) => setTimeout(resolve, 300))

    const order = await client(a.url, customer)('POST', '/api/orders/', CHECKOUT)
    expect(order.status).toBe(201)
    // The process that took the order shows it sold out as soon as it has answered.
    expect((await client(a.url)('GET', `/api/products/${product.id}/`)).body.stock).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 500))
    await updateProduct(a.url, staff, product.id, {
      name: 'Last Walnut Armchair',
      description: 'The last of its kind, now dearer.',
      price: '1800.00',
      stock: 0,
    })
    expect((await client(a.url)('GET', `/api/products/${product.id}/`)).body.price).toBe('1800.00')
    await new Promise((resolve) => setTimeout(resolve, 500))
    reading = false
    const sequences = await Promise.all(readers)

    for (const seen of sequences) {
      expect(seen[0]).toEqual({ stock: 1, price: '1500.00', listed: true })
      expect(seen.at(-1)).toEqual({ stock: 0, price: '1800.00', listed: false })
      const soldOut = seen.findIndex((each) => each.stock === 0)
      const delisted = seen.findIndex((each) => !each.listed)
      const repriced = seen.findIndex((each) => each.price === '1800.00')
      expect(seen.slice(soldOut).every((each) => each.stock === 0)).toBe(true)
      expect(seen.slice(delisted).every((each) => !each.listed)).toBe(true)
      expect(seen.slice(repriced).every((each) => each.price === '1800.00')).toBe(true)
    }
  })
})
