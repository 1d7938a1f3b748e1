import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, databaseKind, type TestContext } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { queryRows } from '../../db/client'
import { categories, products } from '../../db/schema'

let context: TestContext
let other: FastifyInstance

beforeAll(async () => {
  context = await createTestApp()
  // A second server on the same database: its index learns of writes only through the notices.
  other = await context.secondApp()
})
afterAll(() => context.close())

const searchVersion = async () =>
  Number(
    (
      await queryRows<{ version: string }>(context.database.db, sql`select version::text from search_version`)
    )[0]?.version,
  )

/** The products the index of `app` finds for one whole word, once it is as current as the database. */
async function indexed(app: FastifyInstance, word: string): Promise<number[] | null> {
  const documents = await app.searchIndex.documentsAt(await searchVersion())
  if (!documents) return null
  return documents.ids(documents.match([[{ lexeme: word, prefix: false }]], 'every')).sort((a, b) => a - b)
}

/** The names a search answers, read through the answer cache */
async function found(app: FastifyInstance, text: string): Promise<string[]> {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/products/?search=${encodeURIComponent(text)}`,
    headers: { 'cache-control': 'no-cache' },
  })
  expect(answer.statusCode).toBe(200)
  return answer.json<{ results: { name: string }[] }>().results.map((product) => product.name)
}

/** Reads until `read` gives `expected`: a server hears of another's commit a moment after it. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 5000
  let seen = await read()
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    seen = await read()
  }
  return seen
}

describe('the search index', () => {
  it('follows a product created, renamed and deleted through another server', async () => {
    // The first search builds the index; the changes after it come as notices.
    expect(await found(other, 'quokkawood')).toEqual([])
    const product = await insertProduct(context.database.db, { name: 'Quokkawood Bench' })
    expect(await indexed(other, 'quokkawood')).toEqual([product.id])
    expect(await found(other, 'quokkawod bench')).toEqual(['Quokkawood Bench'])

    await context.database.db
      .update(products)
      .set({ name: 'Numbatwood Bench' })
      .where(eq(products.id, product.id))
    expect(await indexed(other, 'quokkawood')).toEqual([])
    expect(await indexed(other, 'numbatwood')).toEqual([product.id])
    expect(await found(other, 'numbatwood')).toEqual(['Numbatwood Bench'])

    await context.database.db.delete(products).where(eq(products.id, product.id))
    expect(await indexed(other, 'numbatwood')).toEqual([])
    expect(await found(other, 'numbatwood')).toEqual([])
  })

  it("follows a renamed category into its products' documents", async () => {
    const product = await insertProduct(context.database.db, { name: 'Wombat Stool' })
    const [category] = await context.database.db
      .insert(categories)
      .values({ name: 'Perches' })
      .returning({ id: categories.id })
    if (!category) throw new Error('no category')
    await context.database.db
      .update(products)
      .set({ categoryId: category.id })
      .where(eq(products.id, product.id))
    expect(await indexed(other, 'perches')).toEqual([product.id])

    await context.database.db.update(categories).set({ name: 'Roosts' }).where(eq(categories.id, category.id))
    expect(await indexed(other, 'perches')).toEqual([])
    expect(await indexed(other, 'roosts')).toEqual([product.id])
    expect(await found(other, 'roost')).toEqual(['Wombat Stool'])
  })

  it("sends no notice for an order's stock or a review's figures, and one for a renamed product", async () => {
    const product = await insertProduct(context.database.db, { name: 'Dingo Chest', stock: 10 })
    // Its own notice has come once an index holds it.
    expect(await indexed(other, 'dingo')).toEqual([product.id])
    const notices: string[] = []
    const unlisten = await context.database.listen('search_changed', (payload) => notices.push(payload))
    try {
      const before = await searchVersion()
      // The statements an order and a review make on products.
      await context.database.db.execute(
        sql`update products set stock = stock - 2 where id = ${product.id} and stock >= 2`,
      )
      await context.database.db.update(products).set({ reviewCount: 1 }).where(eq(products.id, product.id))
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(notices).toEqual([])
      expect(await searchVersion()).toBe(before)

      await context.database.db
        .update(products)
        .set({ name: 'Dingo Trunk' })
        .where(eq(products.id, product.id))
      expect(await eventually(async () => notices, [`${before + 1}:${product.id}`])).toEqual([
        `${before + 1}:${product.id}`,
      ])
    } finally {
      await unlisten()
    }
  })

  it('sends * when the changed ids would not fit in a notice', async () => {
    const notices: string[] = []
    const unlisten = await context.database.listen('search_changed', (payload) => notices.push(payload))
    try {
      await context.database.db.execute(
        sql`insert into products (name, description, price, stock, category_id)
          select 'Bulk Crate ' || n, 'A crate.', 10, 1, (select min(id) from categories)
          from generate_series(1, 2000) as n`,
      )
      const version = await searchVersion()
      expect(await eventually(async () => notices, [`${version}:*`])).toEqual([`${version}:*`])
      expect((await indexed(other, 'crate'))?.length).toBe(2000)
    } finally {
      await unlisten()
    }
  })

  describe.runIf(databaseKind === 'postgres')('on PostgreSQL', () => {
    it('reads through while the notices are lost, and is built again once they are back', async () => {
      const product = await insertProduct(context.database.db, { name: 'Possum Settee' })
      expect(await indexed(other, 'possum')).toEqual([product.id])
      await context.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      )
      // A change whose notice is lost with the connection (the triggers held back, as if it came then).
      await context.database.db.execute(sql`alter table products disable trigger products_search_updated`)
      try {
        await context.database.db
          .update(products)
          .set({ name: 'Koala Settee' })
          .where(eq(products.id, product.id))
      } finally {
        await context.database.db.execute(sql`alter table products enable trigger products_search_updated`)
      }
      // An index that missed the loss would answer the old name for good.
      expect(await eventually(() => found(other, 'koala'), ['Koala Settee'])).toEqual(['Koala Settee'])
      expect(await eventually(() => indexed(other, 'koala'), [product.id])).toEqual([product.id])
      expect(await indexed(other, 'possum')).toEqual([])
    })
  })
})
