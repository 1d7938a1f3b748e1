import { paths } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT, insertZone, one } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { categories, orderItems } from '../../db/schema'

/** docs/api.md "Languages": Urdu product and category texts, given by staff, shown to Urdu readers. */

let context: TestContext
let staff: TestUser
let customer: TestUser
const URDU = { 'accept-language': 'ur' }

const sofaForm = {
  name: 'Walnut Sofa',
  description: 'A deep three-seater in walnut and linen.',
  name_ur: 'اخروٹ صوفہ',
  description_ur: 'اخروٹ اور لینن کا گہرا، تین نشستوں والا صوفہ۔',
  category: 'Sofas',
  price: '150000',
  stock: '5',
}

let sofaId: number
let plainId: number

beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true })
  customer = await createTestUser(context)
  const category = await callRoute(context.app, paths.catalog.createCategory, {
    body: { name: 'Sofas', name_ur: 'صوفے' },
    user: staff,
  })
  expect(category.status).toBe(201)
  await callRoute(context.app, paths.catalog.createCategory, { body: { name: 'Tables' }, user: staff })
  const created = await callRoute(context.app, paths.catalog.createProduct, { body: sofaForm, user: staff })
  expect(created.status).toBe(201)
  sofaId = created.body.id
  const plain = await callRoute(context.app, paths.catalog.createProduct, {
    body: {
      ...sofaForm,
      name: 'Plain Table',
      description: 'A table with no Urdu texts yet.',
      name_ur: '',
      description_ur: '',
      category: 'Tables',
    },
    user: staff,
  })
  plainId = plain.body.id
})
afterAll(() => context.close())

describe('staff give Urdu texts', () => {
  it('answers a created product with its Urdu texts beside the English ones', async () => {
    const answer = await callRoute(context.app, paths.catalog.getProduct, { params: { id: sofaId } })
    expect(answer.body).toMatchObject({
      name: 'Walnut Sofa',
      description: 'A deep three-seater in walnut and linen.',
      name_ur: 'اخروٹ صوفہ',
      description_ur: 'اخروٹ اور لینن کا گہرا، تین نشستوں والا صوفہ۔',
      category: 'Sofas',
    })
  })

  it('updates and clears them with the product form', async () => {
    const created = await callRoute(context.app, paths.catalog.createProduct, {
      body: {
        ...sofaForm,
        name: 'Spare Sofa',
        name_ur: 'فالتو صوفہ',
      },
      user: staff,
    })
    const id = created.body.id
    const updated = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id },
      body: {
        ...sofaForm,
        name: 'Spare Sofa',
        name_ur: 'نیا صوفہ',
      },
      user: staff,
    })
    expect(updated.body.name_ur).toBe('نیا صوفہ')
    const cleared = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id },
      body: {
        ...sofaForm,
        name: 'Spare Sofa',
        name_ur: '',
      },
      user: staff,
    })
    expect(cleared.body).toMatchObject({ name_ur: '', description_ur: sofaForm.description_ur })
  })

  it('answers a category with its Urdu name; a taken Urdu name is refused on its field', async () => {
    const created = await callRoute(context.app, paths.catalog.createCategory, {
      body: { name: 'Lamps', name_ur: 'لیمپ' },
      user: staff,
    })
    expect(created.body).toMatchObject({ name: 'Lamps', name_ur: 'لیمپ', slug: 'lamps' })
    const renamed = await callRoute(context.app, paths.catalog.updateCategory, {
      params: { id: created.body.id },
      body: {
        name: 'Lamps',
        name_ur: 'روشنیاں',
      },
      user: staff,
    })
    expect(renamed.body.name_ur).toBe('روشنیاں')
    const taken = await callRoute(context.app, paths.catalog.createCategory, {
      body: { name: 'Couches', name_ur: 'صوفے' },
      user: staff,
    })
    expect(taken.status).toBe(400)
    expect(taken.body.errors).toEqual({ name_ur: ['A category named "صوفے" already exists.'] })
    const takenOnRename = await callRoute(context.app, paths.catalog.updateCategory, {
      params: { id: created.body.id },
      body: {
        name: 'Lamps',
        name_ur: 'صوفے',
      },
      user: staff,
    })
    expect(takenOnRename.status).toBe(400)
    expect(takenOnRename.body.errors).toHaveProperty('name_ur')
  })
})

describe('Urdu readers', () => {
  it('get the Urdu name, description and category name where there are Urdu texts', async () => {
    const answer = await callRoute(context.app, paths.catalog.getProduct, {
      params: { id: sofaId },
      headers: URDU,
    })
    expect(answer.body).toMatchObject({
      name: 'اخروٹ صوفہ',
      description: 'اخروٹ اور لینن کا گہرا، تین نشستوں والا صوفہ۔',
      name_ur: 'اخروٹ صوفہ',
      category: 'صوفے',
    })
    const viaQuery = await callRoute(context.app, paths.catalog.getProduct, {
      params: { id: sofaId },
      query: { lang: 'ur' },
    })
    expect(viaQuery.body.name).toBe('اخروٹ صوفہ')
  })

  it('get the English texts where there are none', async () => {
    const answer = await callRoute(context.app, paths.catalog.getProduct, {
      params: { id: plainId },
      headers: URDU,
    })
    expect(answer.body).toMatchObject({
      name: 'Plain Table',
      description: 'A table with no Urdu texts yet.',
      category: 'Tables',
    })
  })

  it('get Urdu names in lists, the showcase’s order included, and in categories and facets', async () => {
    const list = await callRoute(context.app, paths.catalog.listProducts, {
      query: { page_size: 100 },
      headers: URDU,
    })
    expect(list.body.results.map((product: { name: string }) => product.name)).toContain('اخروٹ صوفہ')
    const categoryList = await callRoute(context.app, paths.catalog.listCategories, {
      query: { page_size: 100 },
      headers: URDU,
    })
    expect(categoryList.body.results).toContainEqual(
      expect.objectContaining({ name: 'صوفے', name_ur: 'صوفے', slug: 'sofas' }),
    )
    const facets = await callRoute(context.app, paths.catalog.facets, { headers: URDU })
    expect(facets.body.categories.map((category: { name: string }) => category.name)).toEqual(
      expect.arrayContaining(['صوفے', 'Tables']),
    )
  })

  it('filter by the Urdu category name a facet gives them', async () => {
    const answer = await callRoute(context.app, paths.catalog.listProducts, {
      query: { category: 'صوفے' },
      headers: URDU,
    })
    expect(answer.status).toBe(200)
    expect(answer.body.count).toBeGreaterThan(0)
    for (const product of answer.body.results) expect(product.category).toBe('صوفے')
  })

  it('see products ordered by the names they read', async () => {
    // ا comes before ب in Urdu as A before B in English: the two orders are opposite here.
    await insertProduct(context.database.db, { name: 'Zeta Alpha Chair', nameUr: 'بید کی کرسی' })
    await insertProduct(context.database.db, { name: 'Zeta Beta Chair', nameUr: 'اونچی کرسی' })
    const names = async (headers: Record<string, string>) =>
      (
        await callRoute(context.app, paths.catalog.listProducts, {
          query: { search: 'zeta', ordering: 'name' },
          headers: headers,
        })
      ).body.results.map((product: { name: string }) => product.name)
    expect(await names({})).toEqual(['Zeta Alpha Chair', 'Zeta Beta Chair'])
    expect(await names(URDU)).toEqual(['اونچی کرسی', 'بید کی کرسی'])
  })

  it('find a product by an Urdu word, by a keyboard’s Arabic spelling of it, and by the Urdu category', async () => {
    const byName = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'صوفہ' },
      headers: URDU,
    })
    expect(byName.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    expect(byName.body.results[0]?.name).toBe('اخروٹ صوفہ')
    // An Arabic keyboard types ي (U+064A) where Urdu writes ی (U+06CC): لينن finds لینن.
    const arabicSpelling = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: '\u0644\u064A\u0646\u0646' },
    })
    expect(arabicSpelling.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    // A word the text follows with Urdu punctuation (گہرا، …) is still a word of its own.
    const beforeComma = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'گہرا' },
    })
    expect(beforeComma.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    const byCategory = await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'صوفے' } })
    expect(byCategory.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    // English search is as it was.
    const english = await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'walnut' } })
    expect(english.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
  })

  it('follow a renamed Urdu category in search', async () => {
    const sofas = one(
      await context.database.db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.name, 'Sofas')),
    )
    await callRoute(context.app, paths.catalog.updateCategory, {
      params: { id: sofas.id },
      body: { name: 'Sofas', name_ur: 'نشست گاہ' },
      user: staff,
    })
    const renamed = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'نشست گاہ' },
    })
    expect(renamed.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    await callRoute(context.app, paths.catalog.updateCategory, {
      params: { id: sofas.id },
      body: { name: 'Sofas', name_ur: 'صوفے' },
      user: staff,
    })
  })
})

describe('the catalogue cache in two languages', () => {
  it('keeps one answer per language, each with its own ETag, and says it varies by Accept-Language', async () => {
    const get = (headers: Record<string, string> = {}, query: { lang?: 'ur' } = {}) =>
      callRoute(context.app, paths.catalog.getProduct, { params: { id: sofaId }, query, headers })
    const english = await get()
    const urdu = await get(URDU)
    expect(english.body.name).toBe('Walnut Sofa')
    expect(urdu.body.name).toBe('اخروٹ صوفہ')
    expect(english.headers.vary).toMatch(/accept-language/i)
    expect(english.headers.etag).not.toBe(urdu.headers.etag)
    // Read again from memory: each language still gets its own.
    expect((await get(URDU)).body.name).toBe('اخروٹ صوفہ')
    expect((await get()).body.name).toBe('Walnut Sofa')
    // A 304 only for the language's own ETag.
    const notModified = await get({ ...URDU, 'if-none-match': String(urdu.headers.etag) })
    expect(notModified.status).toBe(304)
    const otherLanguage = await get({ ...URDU, 'if-none-match': String(english.headers.etag) })
    expect(otherLanguage.status).toBe(200)
    expect(otherLanguage.body.name).toBe('اخروٹ صوفہ')
    const queried = await get({ 'if-none-match': String(urdu.headers.etag) }, { lang: 'ur' })
    expect(queried.status).toBe(304)
  })
})

describe('cart lines and order items', () => {
  it('name the product in Urdu for Urdu readers, the order keeping the Urdu name it had', async () => {
    await insertZone(context.database.db)
    const product = await insertProduct(context.database.db, {
      name: 'Teak Stool',
      nameUr: 'ساگوان کا اسٹول',
      stock: 5,
    })
    const added = await callRoute(context.app, paths.cart.addToCart, {
      body: { product_id: product.id, quantity: 1 },
      user: customer,
      headers: URDU,
    })
    expect(added.body.items[0]?.product.name).toBe('ساگوان کا اسٹول')
    const english = await callRoute(context.app, paths.cart.getCart, { user: customer })
    expect(english.body.items[0]?.product.name).toBe('Teak Stool')
    const placed = await callRoute(context.app, paths.orders.placeOrder, {
      body: CHECKOUT,
      user: customer,
      headers: URDU,
    })
    expect(placed.status).toBe(201)
    expect(placed.body.items[0]?.product.name).toBe('ساگوان کا اسٹول')
    const [item] = await context.database.db
      .select({ name: orderItems.productName, nameUr: orderItems.productNameUr })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.body.id))
    expect(item).toEqual({ name: 'Teak Stool', nameUr: 'ساگوان کا اسٹول' })
    const inEnglish = await callRoute(context.app, paths.orders.getOrder, {
      params: { id: placed.body.id },
      user: customer,
    })
    expect(inEnglish.body.items[0]?.product.name).toBe('Teak Stool')
  })

  it('name the product in Urdu in a shortage sentence for Urdu readers', async () => {
    const product = await insertProduct(context.database.db, {
      name: 'Last Lamp',
      nameUr: 'آخری لیمپ',
      stock: 1,
    })
    const answer = await callRoute(context.app, paths.cart.addToCart, {
      body: { product_id: product.id, quantity: 3 },
      user: customer,
      headers: URDU,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('"آخری لیمپ" اسٹاک میں صرف 1 ہیں۔')
  })
})
