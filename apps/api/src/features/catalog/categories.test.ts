import { paths } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { callRoute } from '../../../test/route-call'
import { categories, products } from '../../db/schema'

let context: TestContext
let staff: TestUser
let customer: TestUser

beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true })
  customer = await createTestUser(context)
})
afterAll(() => context.close())

const create = (name: string, user: TestUser | null = staff) =>
  callRoute(context.app, paths.catalog.createCategory, { body: { name }, user })
const rename = (id: number, name: string) =>
  callRoute(context.app, paths.catalog.updateCategory, { params: { id }, body: { name }, user: staff })
const remove = (id: number, user = staff) =>
  callRoute(context.app, paths.catalog.deleteCategory, { params: { id }, user })
const listCategories = () =>
  callRoute(context.app, paths.catalog.listCategories, { query: { page_size: 100 } })
const search = (text: string) =>
  callRoute(context.app, paths.catalog.listProducts, { query: { search: text } })

async function insertProductIn(categoryId: number, name: string) {
  await context.database.db.insert(products).values({
    name,
    description: 'Made for a category test.',
    price: '5000.00',
    stock: 3,
    categoryId,
  })
}

describe('POST /api/categories/', () => {
  it('creates a category with its slug and no products', async () => {
    const answer = await create('  Dining & Kitchen ')
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: expect.any(Number),
      name: 'Dining & Kitchen',
      name_ur: '',
      slug: 'dining-kitchen',
      product_count: 0,
    })
    const listed = await listCategories()
    expect(listed.body.results).toContainEqual(answer.body)
  })

  it('answers 400 naming the category that has the name, whatever its letter case', async () => {
    const first = await create('Outdoor')
    const again = await create('OUTDOOR')
    expect(again.status).toBe(400)
    expect(again.body.detail).toBe('A category named "Outdoor" already exists.')
    expect(again.body.errors.name).toEqual([again.body.detail])
    const close = await create('Outdoor!')
    expect(close.status).toBe(400)
    expect(close.body.detail).toContain('"Outdoor"')
    const rows = await context.database.db.select().from(categories).where(eq(categories.slug, 'outdoor'))
    expect(rows.map((row) => row.id)).toEqual([first.body.id])
  })

  it('answers 400 for a blank or overlong name, 401 and 403 to others', async () => {
    expect((await create('   ')).body.errors.name).toEqual(['Category name is required.'])
    expect((await create('x'.repeat(101))).status).toBe(400)
    const anonymous = await create('Nobody', null)
    expect(anonymous.status).toBe(401)
    expect((await create('Customer', customer)).status).toBe(403)
  })
})

describe('PUT /api/categories/:id/', () => {
  it('renames a category: its slug, its products and their search words follow', async () => {
    const created = await create('Lamps')
    await insertProductIn(created.body.id, 'Glow Orb')
    const renamed = await rename(created.body.id, 'Lighting')
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({
      id: created.body.id,
      name: 'Lighting',
      name_ur: '',
      slug: 'lighting',
      product_count: 1,
    })
    const found = await search('lighting')
    expect(found.body.results.map((product) => product.category)).toEqual(['Lighting'])
    const byOldName = await search('lamps')
    expect(byOldName.body.count).toBe(0)
    // A change of letter case only is a rename, not a clash with itself.
    const recased = await rename(created.body.id, 'LIGHTING')
    expect(recased.body).toMatchObject({ name: 'LIGHTING', slug: 'lighting' })
  })

  it('answers 400 naming the category that has the new name, and 404 for an unknown one', async () => {
    await create('Mirrors')
    const other = await create('Glassware')
    const clash = await rename(other.body.id, 'mirrors')
    expect(clash.status).toBe(400)
    expect(clash.body.detail).toBe('A category named "Mirrors" already exists.')
    const [kept] = await context.database.db.select().from(categories).where(eq(categories.id, other.body.id))
    expect(kept?.name).toBe('Glassware')
    expect((await rename(999999, 'Anything')).status).toBe(404)
  })
})

describe('DELETE /api/categories/:id/', () => {
  it('answers 409 with a sentence while products use the category, and deletes it once empty', async () => {
    const created = await create('Clocks')
    await insertProductIn(created.body.id, 'Wall Clock')
    await insertProductIn(created.body.id, 'Mantel Clock')
    const refused = await remove(created.body.id)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      detail:
        'The category "Clocks" still has 2 products. Move them to another category or delete them first.',
    })
    await context.database.db.delete(products).where(eq(products.categoryId, created.body.id))
    expect((await remove(created.body.id)).status).toBe(204)
    expect(
      await context.database.db.select().from(categories).where(eq(categories.id, created.body.id)),
    ).toEqual([])
    expect((await remove(created.body.id)).status).toBe(404)
  })

  it('answers 403 to a customer and leaves the category', async () => {
    const created = await create('Cushions')
    expect((await remove(created.body.id, customer)).status).toBe(403)
    expect((await listCategories()).body.results).toContainEqual(created.body)
  })
})
