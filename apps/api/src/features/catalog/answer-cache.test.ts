import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { paths } from '@store/contract'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { describeOnPostgres } from '../../../test/database-kind'
import { CHECKOUT, insertZone } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { productOptions, productOptionValues, products } from '../../db/schema'
import { alters, parseChange } from './answer-cache'

let context: TestContext
let other: FastifyInstance

beforeAll(async () => {
  context = await createTestApp()
  await insertZone(context.database.db)
  // A second server on the same database: it learns of writes only through the notifications.
  other = await context.secondApp()
})
afterAll(() => context.close())

const getProduct = (app: FastifyInstance, id: number, headers: Record<string, string> = {}) =>
  callRoute(app, paths.catalog.getProduct, { params: { id }, headers })

const priceOn = async (app: FastifyInstance, id: number) => (await getProduct(app, id)).body.price

/** Sets a price with the catalogue's change notification held back, as if it were lost. */
async function setPriceUnannounced(id: number, price: string) {
  const { db } = context.database
  await db.execute(sql`alter table products disable trigger products_updated_changed`)
  try {
    await db.update(products).set({ price }).where(eq(products.id, id))
  } finally {
    await db.execute(sql`alter table products enable trigger products_updated_changed`)
  }
}

/** Lets the notifications of the writes so far arrive (on PostgreSQL a moment after their commit). */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 200))

/** Reads until the answer is `expected`: another process hears of a commit a moment after it. */
async function eventually(read: () => Promise<string>, expected: string) {
  const deadline = Date.now() + 3000
  let seen = await read()
  while (seen !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    seen = await read()
  }
  return seen
}

describe('the catalogue cache', () => {
  it('answers a repeated read from memory with an ETag, and 304 to a client that holds it', async () => {
    const product = await insertProduct(context.database.db, { name: 'Cached Lamp' })
    await quiet()
    const first = await getProduct(context.app, product.id)
    expect(first.status).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('public, max-age=0, stale-while-revalidate=30')

    await setPriceUnannounced(product.id, '4321.00')
    const second = await getProduct(context.app, product.id)
    expect(second.body).toEqual(first.body)
    expect(second.headers.etag).toBe(etag)

    const unchanged = await getProduct(context.app, product.id, { 'if-none-match': etag })
    expect(unchanged.status).toBe(304)
    expect(unchanged.body).toBeNull()
    const other = await getProduct(context.app, product.id, { 'if-none-match': 'W/"old"' })
    expect(other.status).toBe(200)

    // A client asking for a fresh answer gets one, and it replaces the kept one.
    const fresh = await getProduct(context.app, product.id, { 'cache-control': 'no-cache' })
    expect(fresh.body.price).toBe('4321.00')
    expect(await priceOn(context.app, product.id)).toBe('4321.00')
  })

  it('compresses a kept answer once, as each client accepts it', async () => {
    // Four rows: an answer over the 1 KB from which answers are compressed.
    for (const size of ['Single', 'Double', 'King', 'Low']) {
      await insertProduct(context.database.db, { name: `${size} Compressed Charpai` })
    }
    await quiet()
    const url = '/api/products/?search=charpai&page_size=100'
    const read = (acceptEncoding: string) =>
      context.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } })
    const plain = await read('identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, br;q=0', 'gzip', gunzipSync],
      ['br;q=0.1, gzip', 'gzip', gunzipSync],
      ['*', 'br', brotliDecompressSync],
      ['br', 'br', brotliDecompressSync],
    ] as const) {
      for (const _twice of [1, 2]) {
        const answer = await read(accepted)
        expect(answer.headers['content-encoding']).toBe(encoding)
        expect(answer.headers.vary).toMatch(/accept-encoding/)
        expect(decode(answer.rawPayload).toString()).toBe(plain.payload)
      }
    }
    expect(JSON.parse(plain.payload).count).toBe(4)
    const unasked = await context.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    })
    expect(unasked.headers['content-encoding']).toBeUndefined()
    expect(unasked.payload).toBe(plain.payload)
    // A 304 names what the answer varies by, as the 200 does.
    const unchanged = await context.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string },
    })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.headers.vary).toBe('authorization, accept-language, accept-encoding')
  })

  it('tells a signed-in caller to check every time', async () => {
    const customer = await createTestUser(context)
    const answer = await callRoute(context.app, paths.catalog.showcase, { user: customer })
    expect(answer.headers['cache-control']).toBe('private, no-cache')
    expect(answer.headers.vary).toMatch(/authorization/)
  })

  it('shows a write committed on another server once its notification arrives', async () => {
    const product = await insertProduct(context.database.db, { price: '1000.00' })
    expect(await priceOn(other, product.id)).toBe('1000.00')
    const list = () => callRoute(other, paths.catalog.listProducts, { query: { search: product.name } })
    expect((await list()).body.results[0]?.price).toBe('1000.00')

    await context.database.db.update(products).set({ price: '1250.50' }).where(eq(products.id, product.id))
    expect(await eventually(() => priceOn(other, product.id), '1250.50')).toBe('1250.50')
    expect((await list()).body.results[0]?.price).toBe('1250.50')
  })

  it('forgets its answers at once when this server answers a write', async () => {
    const product = await insertProduct(context.database.db)
    const customer = await createTestUser(context)
    const before = await getProduct(context.app, product.id)
    expect(before.body.review_count).toBe(0)
    const review = await callRoute(context.app, paths.reviews.createReview, {
      params: { id: product.id },
      body: { rating: 5, comment: 'Lovely.' },
      user: customer,
    })
    expect(review.status).toBe(201)
    const after = await getProduct(context.app, product.id)
    expect(after.body.review_count).toBe(1)
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })

  it('keeps no answer read before a change that committed while it was being read', async () => {
    const product = await insertProduct(context.database.db, { price: '10.00' })
    const { catalogueCache } = context.app
    const generation = catalogueCache.generation
    const url = `http://localhost/api/products/${product.id}/`
    catalogueCache.clear()
    catalogueCache.store(url, generation, '{"stale":true}')
    expect(catalogueCache.get(url)).toBeUndefined()
  })

  it('reads a missed answer once for all the requests that want it at the same time', async () => {
    const product = await insertProduct(context.database.db, { price: '77.00' })
    await quiet()
    const store = vi.spyOn(context.app.catalogueCache, 'store')
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => getProduct(context.app, product.id)))
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200))
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1)
      expect(store).toHaveBeenCalledTimes(1)

      // An answer that is not kept (a 404) lets the waiting requests go and read for themselves.
      store.mockClear()
      const started = Date.now()
      const missing = await Promise.all(Array.from({ length: 4 }, () => getProduct(context.app, 987654321)))
      expect(missing.map((answer) => answer.status)).toEqual(Array(4).fill(404))
      expect(Date.now() - started).toBeLessThan(2000)
      expect(store).not.toHaveBeenCalled()
    } finally {
      store.mockRestore()
    }
  })

  it('lets the requests waiting for a read go when the catalogue changes under it', async () => {
    const { catalogueCache } = context.app
    const key = 'http://localhost/api/products/waiting/'
    expect(await catalogueCache.claimRead(key)).toBe(true)
    const waiting = catalogueCache.claimRead(key)
    catalogueCache.clear()
    expect(await waiting).toBe(false)
    // A read claimed after the change is a new one, and ends on its own.
    expect(await catalogueCache.claimRead(key)).toBe(true)
    catalogueCache.readDone(key, catalogueCache.generation)
    expect(await catalogueCache.claimRead(key)).toBe(true)
    catalogueCache.readDone(key, catalogueCache.generation)
  })

  describe('drops only the answers a change alters', () => {
    const { catalog } = paths
    /** A page or list read twice: the second time from memory unless a change dropped it. */
    const hitsOf = async (reads: (() => Promise<unknown>)[]) => {
      const before = context.app.catalogueCache.hits
      for (const read of reads) await read()
      return context.app.catalogueCache.hits - before
    }
    const search =
      (word: string, query: Record<string, string> = {}) =>
      () =>
        callRoute(context.app, catalog.listProducts, { query: { search: word, ...query } })
    const facets = (word: string) => () => callRoute(context.app, catalog.facets, { query: { search: word } })
    const page = (id: number) => () => getProduct(context.app, id)

    async function buy(productId: number, quantity = 1) {
      const customer = await createTestUser(context)
      const added = await callRoute(context.app, paths.cart.addToCart, {
        body: { product_id: productId, quantity },
        user: customer,
      })
      expect(added.status).toBe(200)
      const placed = await callRoute(context.app, paths.orders.placeOrder, { body: CHECKOUT, user: customer })
      expect(placed.status).toBe(201)
    }

    it('keeps, through an order, the pages and lists of other products and the counts it leaves as they were', async () => {
      const bought = await insertProduct(context.database.db, { name: 'Sheesham Console', stock: 5 })
      const neighbour = await insertProduct(context.database.db, { name: 'Kikar Sideboard', stock: 5 })
      await quiet()
      const untouched = [page(neighbour.id), search('Kikar'), facets('Kikar'), facets('Sheesham')]
      const changed = [page(bought.id), search('Sheesham')]
      for (const read of [...untouched, ...changed]) await read()

      await buy(bought.id)
      // Read at once on the server that took the order: its own change has arrived.
      expect((await getProduct(context.app, bought.id)).body.stock).toBe(4)
      expect((await search('Sheesham')()).body.results[0]?.stock).toBe(4)
      // 5 → 4 leaves the in-stock count as it was, so every other answer is still in memory.
      expect(await hitsOf(untouched)).toBe(untouched.length)
      expect((await facets('Sheesham')()).body.in_stock).toBe(1)
      // The other server hears of it too.
      expect(await eventually(async () => String((await getProduct(other, bought.id)).body.stock), '4')).toBe(
        '4',
      )
    })

    it('drops the in-stock counts and lists when a piece sells out, and the flash deals when one joins them', async () => {
      const last = await insertProduct(context.database.db, { name: 'Rosewood Stool', stock: 11 })
      await context.database.db.update(products).set({ isOnSale: true }).where(eq(products.id, last.id))
      await quiet()
      const inStock = search('Rosewood', { in_stock: 'true' })
      const flash = () => callRoute(context.app, catalog.listFlashDeals, { query: { page_size: '100' } })
      const inFlash = async () =>
        (await flash()).body.results.some((row: { id: number }) => row.id === last.id)
      expect(await inFlash()).toBe(false)
      expect((await facets('Rosewood')()).body.in_stock).toBe(1)

      await buy(last.id)
      expect(await inFlash()).toBe(true)
      await buy(last.id, 10)
      expect((await facets('Rosewood')()).body.in_stock).toBe(0)
      expect((await inStock()).body.count).toBe(0)
      expect(await eventually(async () => String((await getProduct(other, last.id)).body.stock), '0')).toBe(
        '0',
      )
    })

    it('drops an edited product’s page and the selections by what the edit changed, and keeps the rest', async () => {
      const edited = await insertProduct(context.database.db, { name: 'Mango Wood Bench', price: '9000.00' })
      const kept = await insertProduct(context.database.db, { name: 'Deodar Chest', price: '9000.00' })
      await quiet()
      const inCategory = (query: Record<string, string>) => () =>
        callRoute(context.app, catalog.listProducts, {
          query: { category: 'Test furniture', page_size: '1', ...query },
        })
      // The newest product of the category: the chest, not the bench.
      expect((await inCategory({})()).body.results[0]?.id).toBe(kept.id)
      const untouched = [page(kept.id), inCategory({}), search('Deodar')]
      const reselected = [
        inCategory({ ordering: 'price' }),
        () => callRoute(context.app, catalog.facets, { query: { category: 'Test furniture' } }),
      ]
      for (const read of [page(edited.id), ...untouched, ...reselected]) await read()

      await context.database.db.update(products).set({ price: '9500.00' }).where(eq(products.id, edited.id))
      expect(await eventually(() => priceOn(context.app, edited.id), '9500.00')).toBe('9500.00')
      expect(await hitsOf(untouched)).toBe(untouched.length)
      // Ordered by price, and the facets' price range: read again.
      for (const read of reselected) expect(await hitsOf([read])).toBe(0)
    })

    it('drops the in-stock counts when an edit also brings a sold-out piece back', async () => {
      const restocked = await insertProduct(context.database.db, { name: 'Peshawari Chappal Rack', stock: 0 })
      await quiet()
      // Neither selects by the description: only the stock's move can tell them to read again.
      const categoryFacets = async () =>
        (await callRoute(context.app, catalog.facets, { query: { category: 'Test furniture' } })).body
          .in_stock
      const inStockCount = async () =>
        (
          await callRoute(context.app, catalog.listProducts, {
            query: { category: 'Test furniture', in_stock: 'true', page_size: '1' },
          })
        ).body.count
      const [facetsBefore, countBefore] = [await categoryFacets(), await inStockCount()]
      // One statement that changes a shown column and the stock, as a staff save does.
      await context.database.db
        .update(products)
        .set({ description: 'Restocked, with a fixed description.', stock: 3 })
        .where(eq(products.id, restocked.id))
      const facetsNow = async () => String(await categoryFacets())
      expect(await eventually(facetsNow, String(facetsBefore + 1))).toBe(String(facetsBefore + 1))
      expect(await inStockCount()).toBe(countBefore + 1)
    })

    it('drops only the page and the rows of a product whose options change', async () => {
      const sofa = await insertProduct(context.database.db, {
        name: 'Takht Sofa',
        options: [{ name: 'Fabric', values: [['Khaddar', '0.00']] }],
      })
      const stool = await insertProduct(context.database.db, { name: 'Moorha Stool' })
      await quiet()
      const untouched = [page(stool.id), search('Moorha'), facets('Takht')]
      for (const read of [page(sofa.id), search('Takht'), ...untouched]) await read()
      const [fabric] = await context.database.db
        .select({ id: productOptions.id })
        .from(productOptions)
        .where(eq(productOptions.productId, sofa.id))
      await context.database.db
        .insert(productOptionValues)
        .values({ optionId: fabric?.id as number, label: 'Velvet', priceDelta: '4000.00', position: 1 })

      const velvetShown = async () =>
        String((await getProduct(context.app, sofa.id)).body.options[0]?.values.length)
      expect(await eventually(velvetShown, '2')).toBe('2')
      expect((await search('Takht')()).body.results[0]?.options[0]?.values).toHaveLength(2)
      expect(await hitsOf(untouched)).toBe(untouched.length)
    })

    it('keeps a read that began before a change only when the change leaves it as it was', async () => {
      const { catalogueCache } = context.app
      const generation = catalogueCache.generation
      await context.database.notify('catalogue_changed', 'stock:987654:5:4')
      await quiet()
      expect(catalogueCache.generation).toBeGreaterThan(generation)
      const kept = 'http://localhost/api/products/kept-through-a-change/'
      const dropped = 'http://localhost/api/products/altered-by-a-change/'
      const unknown = 'http://localhost/api/products/shows-something-unknown/'
      catalogueCache.store(kept, generation, '{}', { products: [1] })
      catalogueCache.store(dropped, generation, '{}', { products: [987654] })
      catalogueCache.store(unknown, generation, '{}')
      expect(catalogueCache.get(kept)).toBeDefined()
      expect(catalogueCache.get(dropped)).toBeUndefined()
      expect(catalogueCache.get(unknown)).toBeUndefined()
    })
  })

  describeOnPostgres('on PostgreSQL', () => {
    it('reads through while the notifications are lost, and caches again once they are back', async () => {
      const product = await insertProduct(context.database.db, { price: '500.00' })
      expect(await priceOn(other, product.id)).toBe('500.00')
      // Ends every listening connection of this database: each server's LISTEN is gone.
      await context.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      )
      await setPriceUnannounced(product.id, '600.00')
      // Without the notifications, the old answer must not be served for long (the connection's
      // end takes a moment to be noticed); a cache that missed the loss would serve it for good.
      expect(await eventually(() => priceOn(other, product.id), '600.00')).toBe('600.00')

      // Listening again, it caches again and hears of writes again.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(await priceOn(other, product.id)).toBe('600.00')
      await context.database.db.update(products).set({ price: '700.00' }).where(eq(products.id, product.id))
      expect(await eventually(() => priceOn(other, product.id), '700.00')).toBe('700.00')
    })
  })
})

describe('a catalogue notice', () => {
  const list = { products: [3, 4], selection: { columns: ['created_at', 'price'], stockLevels: [0, 10] } }
  const page = { products: [3] }
  const stock = (product: number, before: number, after: number) => ({
    edited: [],
    editedColumns: [],
    stockMoves: [{ product, before, after }],
  })
  const edit = (product: number, ...editedColumns: string[]) => ({
    edited: [product],
    editedColumns,
    stockMoves: [],
  })

  it('reads the payload of migration 0027, and anything else as a change of anything', () => {
    expect(parseChange('edit:3,9 columns:name,price stock:5:2:1,7:1:0')).toEqual({
      edited: [3, 9],
      editedColumns: ['name', 'price'],
      stockMoves: [
        { product: 5, before: 2, after: 1 },
        { product: 7, before: 1, after: 0 },
      ],
    })
    expect(parseChange('stock:5:2:1')).toEqual(stock(5, 2, 1))
    for (const payload of ['', 'price:3', 'edit:3,x columns:name', 'edit:3', 'stock:5:2'])
      expect(parseChange(payload)).toBe('anything')
  })

  it('alters the answers showing the product, and selections by an edit of their columns or a stock passing their levels', () => {
    expect(alters(stock(3, 5, 4), page)).toBe(true)
    expect(alters(stock(8, 5, 4), page)).toBe(false)
    expect(alters(stock(8, 5, 4), list)).toBe(false)
    expect(alters(stock(8, 1, 0), list)).toBe(true)
    expect(alters(stock(8, 11, 10), list)).toBe(true)
    expect(alters(stock(8, 12, 11), list)).toBe(false)
    expect(alters(edit(8, 'price'), page)).toBe(false)
    expect(alters(edit(3, 'description'), list)).toBe(true)
    expect(alters(edit(8, 'price'), list)).toBe(true)
    expect(alters(edit(8, 'description', 'name'), list)).toBe(false)
    expect(alters('anything', page)).toBe(true)
    expect(alters(stock(8, 5, 4), undefined)).toBe(true)
  })
})
