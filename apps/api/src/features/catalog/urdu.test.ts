import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT, insertZone } from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { multipartBody } from '../../../test/multipart'
import { insertProduct } from '../../../test/product-fixture'
import { categories, orderItems } from '../../db/schema'

/** API.md "Languages": Urdu product and category texts, given by staff, shown to Urdu readers. */

let context: TestContext
let staff: TestUser
let customer: TestUser
const URDU = { 'accept-language': 'ur' }

const get = (url: string, headers: Record<string, string> = {}) =>
  call(context.app, { method: 'GET', url, headers })
const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  call(context.app, { method, url, headers: staff.headers, payload })
const sendForm = (method: 'POST' | 'PUT', url: string, fields: Record<string, unknown>) => {
  const body = multipartBody(fields)
  return call(context.app, {
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...staff.headers },
  })
}

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
  const category = await send('POST', '/api/categories/', { name: 'Sofas', name_ur: 'صوفے' })
  expect(category.status).toBe(201)
  await send('POST', '/api/categories/', { name: 'Tables' })
  const created = await sendForm('POST', '/api/products/', sofaForm)
  expect(created.status).toBe(201)
  sofaId = created.body.id
  const plain = await sendForm('POST', '/api/products/', {
    ...sofaForm,
    name: 'Plain Table',
    description: 'A table with no Urdu texts yet.',
    name_ur: '',
    description_ur: '',
    category: 'Tables',
  })
  plainId = plain.body.id
})
afterAll(() => context.close())

describe('staff give Urdu texts', () => {
  it('answers a created product with its Urdu texts beside the English ones', async () => {
    const answer = await get(`/api/products/${sofaId}/`)
    expect(answer.body).toMatchObject({
      name: 'Walnut Sofa',
      description: 'A deep three-seater in walnut and linen.',
      name_ur: 'اخروٹ صوفہ',
      description_ur: 'اخروٹ اور لینن کا گہرا، تین نشستوں والا صوفہ۔',
      category: 'Sofas',
    })
  })

  it('updates and clears them with the product form', async () => {
    const created = await sendForm('POST', '/api/products/', {
      ...sofaForm,
      name: 'Spare Sofa',
      name_ur: 'فالتو صوفہ',
    })
    const id = created.body.id
    const updated = await sendForm('PUT', `/api/products/${id}/`, {
      ...sofaForm,
      name: 'Spare Sofa',
      name_ur: 'نیا صوفہ',
    })
    expect(updated.body.name_ur).toBe('نیا صوفہ')
    const cleared = await sendForm('PUT', `/api/products/${id}/`, {
      ...sofaForm,
      name: 'Spare Sofa',
      name_ur: '',
    })
    expect(cleared.body).toMatchObject({ name_ur: '', description_ur: sofaForm.description_ur })
  })

  it('answers a category with its Urdu name; a taken Urdu name is refused on its field', async () => {
    const created = await send('POST', '/api/categories/', { name: 'Lamps', name_ur: 'لیمپ' })
    expect(created.body).toMatchObject({ name: 'Lamps', name_ur: 'لیمپ', slug: 'lamps' })
    const renamed = await send('PUT', `/api/categories/${created.body.id}/`, {
      name: 'Lamps',
      name_ur: 'روشنیاں',
    })
    expect(renamed.body.name_ur).toBe('روشنیاں')
    const taken = await send('POST', '/api/categories/', { name: 'Couches', name_ur: 'صوفے' })
    expect(taken.status).toBe(400)
    expect(taken.body.errors).toEqual({ name_ur: ['A category named "صوفے" already exists.'] })
    const takenOnRename = await send('PUT', `/api/categories/${created.body.id}/`, {
      name: 'Lamps',
      name_ur: 'صوفے',
    })
    expect(takenOnRename.status).toBe(400)
    expect(takenOnRename.body.errors).toHaveProperty('name_ur')
  })
})

describe('Urdu readers', () => {
  it('get the Urdu name, description and category name where there are Urdu texts', async () => {
    const answer = await get(`/api/products/${sofaId}/`, URDU)
    expect(answer.body).toMatchObject({
      name: 'اخروٹ صوفہ',
      description: 'اخروٹ اور لینن کا گہرا، تین نشستوں والا صوفہ۔',
      name_ur: 'اخروٹ صوفہ',
      category: 'صوفے',
    })
    const viaQuery = await get(`/api/products/${sofaId}/?lang=ur`)
    expect(viaQuery.body.name).toBe('اخروٹ صوفہ')
  })

  it('get the English texts where there are none', async () => {
    const answer = await get(`/api/products/${plainId}/`, URDU)
    expect(answer.body).toMatchObject({
      name: 'Plain Table',
      description: 'A table with no Urdu texts yet.',
      category: 'Tables',
    })
  })

  it('get Urdu names in lists, the showcase’s order included, and in categories and facets', async () => {
    const list = await get('/api/products/?page_size=100', URDU)
    expect(list.body.results.map((product: { name: string }) => product.name)).toContain('اخروٹ صوفہ')
    const categoryList = await get('/api/categories/?page_size=100', URDU)
    expect(categoryList.body.results).toContainEqual(
      expect.objectContaining({ name: 'صوفے', name_ur: 'صوفے', slug: 'sofas' }),
    )
    const facets = await get('/api/products/facets/', URDU)
    expect(facets.body.categories.map((category: { name: string }) => category.name)).toEqual(
      expect.arrayContaining(['صوفے', 'Tables']),
    )
  })

  it('filter by the Urdu category name a facet gives them', async () => {
    const answer = await get(`/api/products/?category=${encodeURIComponent('صوفے')}`, URDU)
    expect(answer.status).toBe(200)
    expect(answer.body.count).toBeGreaterThan(0)
    for (const product of answer.body.results) expect(product.category).toBe('صوفے')
  })

  it('see products ordered by the names they read', async () => {
    // ا comes before ب in Urdu as A before B in English: the two orders are opposite here.
    await insertProduct(context.database.db, { name: 'Zeta Alpha Chair', nameUr: 'بید کی کرسی' })
    await insertProduct(context.database.db, { name: 'Zeta Beta Chair', nameUr: 'اونچی کرسی' })
    const names = async (headers: Record<string, string>) =>
      (await get('/api/products/?search=zeta&ordering=name', headers)).body.results.map(
        (product: { name: string }) => product.name,
      )
    expect(await names({})).toEqual(['Zeta Alpha Chair', 'Zeta Beta Chair'])
    expect(await names(URDU)).toEqual(['اونچی کرسی', 'بید کی کرسی'])
  })

  it('find a product by an Urdu word, by a keyboard’s Arabic spelling of it, and by the Urdu category', async () => {
    const byName = await get(`/api/products/?search=${encodeURIComponent('صوفہ')}`, URDU)
    expect(byName.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    expect(byName.body.results[0].name).toBe('اخروٹ صوفہ')
    // An Arabic keyboard types ي (U+064A) where Urdu writes ی (U+06CC): لينن finds لینن.
    const arabicSpelling = await get(
      `/api/products/?search=${encodeURIComponent('\u0644\u064A\u0646\u0646')}`,
    )
    expect(arabicSpelling.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    // A word the text follows with Urdu punctuation (گہرا، …) is still a word of its own.
    const beforeComma = await get(`/api/products/?search=${encodeURIComponent('گہرا')}`)
    expect(beforeComma.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    const byCategory = await get(`/api/products/?search=${encodeURIComponent('صوفے')}`)
    expect(byCategory.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    // English search is as it was.
    const english = await get('/api/products/?search=walnut')
    expect(english.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
  })

  it('follow a renamed Urdu category in search', async () => {
    const [sofas] = await context.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.name, 'Sofas'))
    await send('PUT', `/api/categories/${sofas?.id}/`, { name: 'Sofas', name_ur: 'نشست گاہ' })
    const renamed = await get(`/api/products/?search=${encodeURIComponent('نشست گاہ')}`)
    expect(renamed.body.results.map((product: { id: number }) => product.id)).toContain(sofaId)
    await send('PUT', `/api/categories/${sofas?.id}/`, { name: 'Sofas', name_ur: 'صوفے' })
  })
})

describe('the catalogue cache in two languages', () => {
  it('keeps one answer per language, each with its own ETag, and says it varies by Accept-Language', async () => {
    const url = `/api/products/${sofaId}/`
    const english = await get(url)
    const urdu = await get(url, URDU)
    expect(english.body.name).toBe('Walnut Sofa')
    expect(urdu.body.name).toBe('اخروٹ صوفہ')
    expect(english.headers.vary).toMatch(/accept-language/i)
    expect(english.headers.etag).not.toBe(urdu.headers.etag)
    // Read again from memory: each language still gets its own.
    expect((await get(url, URDU)).body.name).toBe('اخروٹ صوفہ')
    expect((await get(url)).body.name).toBe('Walnut Sofa')
    // A 304 only for the language's own ETag.
    const notModified = await get(url, { ...URDU, 'if-none-match': String(urdu.headers.etag) })
    expect(notModified.status).toBe(304)
    const otherLanguage = await get(url, { ...URDU, 'if-none-match': String(english.headers.etag) })
    expect(otherLanguage.status).toBe(200)
    expect(otherLanguage.body.name).toBe('اخروٹ صوفہ')
    const queried = await get(`${url}?lang=ur`, { 'if-none-match': String(urdu.headers.etag) })
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
    const added = await call(context.app, {
      method: 'POST',
      url: '/api/cart/',
      headers: { ...customer.headers, ...URDU },
      payload: { product_id: product.id, quantity: 1 },
    })
    expect(added.body.items[0].product.name).toBe('ساگوان کا اسٹول')
    const english = await call(context.app, { method: 'GET', url: '/api/cart/', headers: customer.headers })
    expect(english.body.items[0].product.name).toBe('Teak Stool')
    const placed = await call(context.app, {
      method: 'POST',
      url: '/api/orders/',
      headers: { ...customer.headers, ...URDU },
      payload: CHECKOUT,
    })
    expect(placed.status).toBe(201)
    expect(placed.body.items[0].product.name).toBe('ساگوان کا اسٹول')
    const [item] = await context.database.db
      .select({ name: orderItems.productName, nameUr: orderItems.productNameUr })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.body.id))
    expect(item).toEqual({ name: 'Teak Stool', nameUr: 'ساگوان کا اسٹول' })
    const inEnglish = await call(context.app, {
      method: 'GET',
      url: `/api/orders/${placed.body.id}/`,
      headers: customer.headers,
    })
    expect(inEnglish.body.items[0].product.name).toBe('Teak Stool')
  })

  it('name the product in Urdu in a shortage sentence for Urdu readers', async () => {
    const product = await insertProduct(context.database.db, {
      name: 'Last Lamp',
      nameUr: 'آخری لیمپ',
      stock: 1,
    })
    const answer = await call(context.app, {
      method: 'POST',
      url: '/api/cart/',
      headers: { ...customer.headers, ...URDU },
      payload: { product_id: product.id, quantity: 3 },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('"آخری لیمپ" اسٹاک میں صرف 1 ہیں۔')
  })
})
