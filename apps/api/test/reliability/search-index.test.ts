import { afterAll, describe, expect, it } from 'vitest'
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

/** Issue 18: each process searches its own index in memory; a write on one reaches the other's searches. */
const run = process.env.TEST_DATABASE_URL ? describe : describe.skip

let store: Store
const servers: ServerProcess[] = []
afterAll(() => stopAll(servers, store))

/** Renames a product through the API (the staff product form, multipart). */
const rename = (baseUrl: string, staffAccess: string, id: number, name: string) =>
  updateProduct(baseUrl, staffAccess, id, {
    name,
    description: `${name}, searched from another process.`,
    price: '1500.00',
  })

run('the search index over two server processes', () => {
  it('finds a product created and renamed through one process in the next searches of the other', async () => {
    store = await newStore('postgres')
    await createUserWithCli(store, 'staff@search.test', 'staff-password-1', true)
    const [a, b] = await Promise.all([startServer(store), startServer(store)])
    if (!a || !b) throw new Error('servers did not start')
    servers.push(a, b)
    const staff = await logIn(a.url, 'staff@search.test', 'staff-password-1')
    const searchOnB = async (text: string) => {
      const answer = await client(b.url)('GET', `/api/products/?search=${encodeURIComponent(text)}`)
      return answer.body.results.map((product: { name: string }) => product.name)
    }
    // B's first search builds its index.
    expect(await searchOnB('tamarind')).toEqual([])

    const product = await createProduct(a.url, staff, 'Tamarind Armchair', 5, 'Chairs')
    const deadline = Date.now() + 3000
    let seen = await searchOnB('tamarnd')
    while (seen.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      seen = await searchOnB('tamarnd')
    }
    expect(seen).toEqual(['Tamarind Armchair'])

    await rename(a.url, staff, product.id, 'Jamun Armchair')
    const renamed = Date.now() + 3000
    seen = await searchOnB('jamun')
    while (seen.length === 0 && Date.now() < renamed) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      seen = await searchOnB('jamun')
    }
    expect(seen).toEqual(['Jamun Armchair'])
    expect(await searchOnB('tamarind')).toEqual([])
  })
})
