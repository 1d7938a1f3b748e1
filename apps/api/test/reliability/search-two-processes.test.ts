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

/** Search answers from PostgreSQL behind each process's answer cache: a write through one process reaches the other's searches once its notice arrives. */

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

describeOnPostgres('search over two server processes', () => {
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
    /** B's answer to a search once it holds something, or after 3 s */
    const searchOnBUntilFound = async (text: string) => {
      const deadline = Date.now() + 3000
      let seen = await searchOnB(text)
      while (seen.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        seen = await searchOnB(text)
      }
      return seen
    }
    // B caches these empty answers; the writes through A must reach them.
    expect(await searchOnB('tamarnd')).toEqual([])
    expect(await searchOnB('jamun')).toEqual([])

    const product = await createProduct(a.url, staff, 'Tamarind Armchair', 5, 'Chairs')
    expect(await searchOnBUntilFound('tamarnd')).toEqual(['Tamarind Armchair'])

    await rename(a.url, staff, product.id, 'Jamun Armchair')
    expect(await searchOnBUntilFound('jamun')).toEqual(['Jamun Armchair'])
    expect(await searchOnB('tamarind')).toEqual([])
  })
})
