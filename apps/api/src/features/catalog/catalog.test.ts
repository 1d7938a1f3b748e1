import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { paths } from '@store/contract'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemAt, orderValues } from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { multipartBody } from '../../../test/multipart'
import { callRoute } from '../../../test/route-call'
import {
  categories,
  orderItems,
  orders,
  productImages,
  products,
  reviews,
  searchTerms,
} from '../../db/schema'

const MAX_FILE_BYTES = 50_000
const MAX_FILES = 3

let context: TestContext
let staff: TestUser
let customer: TestUser
const categoryIds: Record<string, number> = {}

const day = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * day)

async function insertProduct(values: {
  name: string
  category: string
  description?: string
  price?: string
  stock?: number
  isFeatured?: boolean
  isOnSale?: boolean
  createdAt?: Date
  reviewCount?: number
  ratingTotal?: number
}): Promise<number> {
  const { category, ...rest } = values
  const [row] = await context.database.db
    .insert(products)
    .values({
      description: `${values.name}, made in Lahore.`,
      price: '10000.00',
      stock: 20,
      ...rest,
      categoryId: categoryIds[category] ?? Number.NaN,
    })
    .returning({ id: products.id })
  if (!row) throw new Error('no product inserted')
  return row.id
}

const ids = { chesterfield: 0, sectional: 0, lamp: 0, chair: 0, wardrobe: 0, rug: 0 }

beforeAll(async () => {
  context = await createTestApp({
    media: { maxFileBytes: MAX_FILE_BYTES, maxFiles: MAX_FILES, maxPixels: 40_000_000 },
  })
  staff = await createTestUser(context, { staff: true })
  customer = await createTestUser(context, { firstName: 'Ayesha' })
  const rows = await context.database.db
    .insert(categories)
    .values(['Sofas', 'Lighting', 'Chairs', 'Storage', 'Rugs', 'Tables'].map((name) => ({ name })))
    .returning()
  for (const row of rows) categoryIds[row.name] = row.id

  ids.chesterfield = await insertProduct({
    name: 'Velvet Chesterfield Sofa',
    category: 'Sofas',
    description: 'A deep three-seater in emerald velvet with rolled arms.',
    price: '185000',
    stock: 4,
    isFeatured: true,
    isOnSale: true,
    createdAt: daysAgo(1),
    reviewCount: 3,
    ratingTotal: 13,
  })
  ids.sectional = await insertProduct({
    name: 'Modular Sectional',
    category: 'Sofas',
    description: 'Six modules you can arrange as you like.',
    stock: 0,
    isOnSale: true,
    createdAt: daysAgo(2),
  })
  ids.lamp = await insertProduct({
    name: 'Brass Arc Floor Lamp',
    category: 'Lighting',
    description: 'A sweeping arc of brushed brass over a marble base.',
    stock: 30,
    isOnSale: true,
    createdAt: daysAgo(3),
  })
  ids.chair = await insertProduct({
    name: 'Rattan Accent Chair',
    category: 'Chairs',
    createdAt: daysAgo(4),
    isFeatured: true,
  })
  ids.wardrobe = await insertProduct({
    name: 'Oak Wardrobe',
    category: 'Storage',
    description: 'Solid oak with walnut handles and a hanging rail.',
    stock: 9,
    createdAt: daysAgo(5),
  })
  ids.rug = await insertProduct({
    name: 'Hand-Knotted Wool Rug',
    category: 'Rugs',
    description: 'Lovely in front of a sofa or under a bed.',
    createdAt: daysAgo(6),
  })
  for (let n = 1; n <= 5; n++) {
    await insertProduct({
      name: `Side Table ${n}`,
      category: 'Tables',
      isFeatured: true,
      createdAt: daysAgo(10 + n),
    })
  }
})

afterAll(async () => {
  await context?.close()
})

const names = (body: { results: { name: string }[] }) => body.results.map((product) => product.name)

const validFields = {
  name: 'Teak Dining Table',
  description: 'Seats six. Oiled teak from Changa Manga.',
  category: 'Tables',
  price: '95000',
  stock: '7',
  is_featured: 'false',
  is_on_sale: 'true',
}

const colour = { r: 200, g: 120, b: 60 }
const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer()
const jpeg = () =>
  sharp({ create: { width: 480, height: 640, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
/** Random pixels do not compress: a PNG well over the test's size limit. */
const largePng = () =>
  sharp(Buffer.from(Array.from({ length: 300 * 300 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 300, height: 300, channels: 3 },
  })
    .png()
    .toBuffer()

const storedFiles = () => {
  const dir = path.join(context.mediaDir, 'products')
  return existsSync(dir) ? readdirSync(dir).length : 0
}

const fileOf = (imageUrl: string) => path.join(context.mediaDir, imageUrl.replace(/^\/media\//, ''))

describe('GET /api/categories/', () => {
  it('lists categories by name, paginated', async () => {
    const answer = await callRoute(context.app, paths.catalog.listCategories, { query: { page_size: 2 } })
    expect(answer.status).toBe(200)
    expect(answer.body.count).toBe(6)
    expect(answer.body.results).toEqual([
      { id: categoryIds.Chairs, name: 'Chairs', name_ur: '', slug: 'chairs', product_count: 1 },
      { id: categoryIds.Lighting, name: 'Lighting', name_ur: '', slug: 'lighting', product_count: 1 },
    ])
    expect(answer.body.next).toMatch(/page=2/)
    expect(answer.body.previous).toBeNull()
  })
})

describe('GET /api/products/', () => {
  it('answers products in the contract shape, newest first', async () => {
    const answer = await callRoute(context.app, paths.catalog.listProducts)
    expect(answer.status).toBe(200)
    expect(answer.body.count).toBe(11)
    expect(answer.body.results[0]).toEqual({
      id: ids.chesterfield,
      sku: expect.stringMatching(/^CL-\d{6}$/),
      name: 'Velvet Chesterfield Sofa',
      description: 'A deep three-seater in emerald velvet with rolled arms.',
      name_ur: '',
      description_ur: '',
      price: '185000.00',
      stock: 4,
      category: 'Sofas',
      is_featured: true,
      is_on_sale: true,
      average_rating: 4.3,
      review_count: 3,
      images: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      category_id: categoryIds.Sofas,
      options: [],
      dimensions: null,
      weight_kg: null,
      material: null,
      colour: null,
      lead_time_days: 0,
      advance_percent: null,
      low_stock_threshold: null,
    })
    expect(answer.body.results[1]?.average_rating).toBe(0)
  })

  it.each([
    ['sofaa', 'Velvet Chesterfield Sofa'],
    ['wardrob', 'Oak Wardrobe'],
    ['lamb', 'Brass Arc Floor Lamp'],
    ['chiar', 'Rattan Accent Chair'],
    ['OAK WARDROBE', 'Oak Wardrobe'],
  ])('finds %s despite the slip, best match first', async (term, expected) => {
    const answer = await callRoute(context.app, paths.catalog.listProducts, { query: { search: term } })
    expect(answer.status).toBe(200)
    expect(names(answer.body)[0]).toBe(expected)
  })

  it('ranks name matches above a mention in a description', async () => {
    const answer = await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'sofa' } })
    const found = names(answer.body)
    expect(found).toContain('Hand-Knotted Wool Rug')
    expect(found.indexOf('Velvet Chesterfield Sofa')).toBeLessThan(found.indexOf('Hand-Knotted Wool Rug'))
    expect(found.indexOf('Modular Sectional')).toBeLessThan(found.indexOf('Hand-Knotted Wool Rug'))
    expect(answer.body.count).toBe(found.length)
  })

  it('matches the description and the category name', async () => {
    expect(
      names((await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'walnut' } })).body),
    ).toEqual(['Oak Wardrobe'])
    expect(
      names(
        (await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'lighting' } })).body,
      ),
    ).toEqual(['Brass Arc Floor Lamp'])
  })

  it('corrects a slip in a word only the description holds', async () => {
    expect(
      names((await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'walnot' } })).body),
    ).toEqual(['Oak Wardrobe'])
    expect(
      names(
        (await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'emrald velvet' } }))
          .body,
      ),
    ).toEqual(['Velvet Chesterfield Sofa'])
  })

  it('needs every word when a product holds them all, each maybe with a slip, and counts exactly', async () => {
    const answer = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'brass lamb' },
    })
    expect(names(answer.body)).toEqual(['Brass Arc Floor Lamp'])
    expect(answer.body.count).toBe(1)
    expect(answer.body).not.toHaveProperty('partial_match')
  })

  it('answers the products holding the most words when none holds every one, and says so', async () => {
    // Nothing brass is a wardrobe: the brass lamp and the wardrobe each hold one of the two words.
    const both = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'brsas wardrobe' },
    })
    expect(both.status).toBe(200)
    expect(names(both.body).sort()).toEqual(['Brass Arc Floor Lamp', 'Oak Wardrobe'])
    expect(both.body.count).toBe(2)
    expect(both.body.partial_match).toEqual({ words_matched: 1, words_total: 2 })
    // The lamp holds two of the three words (brass, marble), the wardrobe one: only the lamp.
    const most = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'brass marble wardrob' },
    })
    expect(names(most.body)).toEqual(['Brass Arc Floor Lamp'])
    expect(most.body.partial_match).toEqual({ words_matched: 2, words_total: 3 })
    const filtered = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'brass wardrobe', category: 'Storage' },
    })
    expect(names(filtered.body)).toEqual(['Oak Wardrobe'])
    expect(filtered.body.partial_match).toEqual({ words_matched: 1, words_total: 2 })
    const none = await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'zzzz qqqq' } })
    expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] })
  })

  it('pages the closest matches like any list', async () => {
    const first = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'brass wardrobe', page_size: 1 },
    })
    const second = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'brass wardrobe', page_size: 1, page: 2 },
    })
    expect(first.body.count).toBe(2)
    expect(first.body.next).toMatch(/page=2/)
    expect(second.body.partial_match).toEqual({ words_matched: 1, words_total: 2 })
    expect([...names(first.body), ...names(second.body)].sort()).toEqual([
      'Brass Arc Floor Lamp',
      'Oak Wardrobe',
    ])
    expect(
      (
        await callRoute(context.app, paths.catalog.listProducts, {
          query: { search: 'brass wardrobe', page_size: 1, page: 3 },
        })
      ).status,
    ).toBe(404)
  })

  it('takes the last word as the start of a longer one', async () => {
    expect(
      names(
        (await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'chesterf' } })).body,
      ),
    ).toEqual(['Velvet Chesterfield Sofa'])
  })

  it('treats LIKE wildcards as plain characters', async () => {
    expect(
      (await callRoute(context.app, paths.catalog.listProducts, { query: { search: '%' } })).body.count,
    ).toBe(0)
    expect(
      (await callRoute(context.app, paths.catalog.listProducts, { query: { search: '_' } })).body.count,
    ).toBe(0)
  })

  it('ignores a blank search', async () => {
    expect(
      (await callRoute(context.app, paths.catalog.listProducts, { query: { search: '  ' } })).body.count,
    ).toBe(11)
  })

  it('filters by category name, in any letter case', async () => {
    const answer = await callRoute(context.app, paths.catalog.listProducts, { query: { category: 'sofas' } })
    expect(names(answer.body)).toEqual(['Velvet Chesterfield Sofa', 'Modular Sectional'])
    expect(
      (await callRoute(context.app, paths.catalog.listProducts, { query: { category: 'Nothing' } })).body,
    ).toMatchObject({ count: 0, results: [] })
    const both = await callRoute(context.app, paths.catalog.listProducts, {
      query: { category: 'Sofas', search: 'sectional' },
    })
    expect(names(both.body)).toEqual(['Modular Sectional'])
  })

  it('pages with links', async () => {
    const answer = await callRoute(context.app, paths.catalog.listProducts, {
      query: { page: 2, page_size: 4 },
    })
    expect(answer.body.results).toHaveLength(4)
    expect(answer.body.next).toMatch(/page=3/)
    expect(answer.body.previous).toMatch(/page=1/)
  })

  it('serves a page_size over 100 at 100 and answers 404 past the last page, as DRF does', async () => {
    const capped = await callRoute(context.app, paths.catalog.listProducts, { query: { page_size: 500 } })
    expect(capped.status).toBe(200)
    expect(capped.body.next ?? '').not.toMatch(/page_size=500/)
    const past = await callRoute(context.app, paths.catalog.listProducts, { query: { page: 999 } })
    expect(past.status).toBe(404)
    expect(past.body).toEqual({ detail: 'Invalid page.' })
  })

  it.each(['page=0', 'page_size=0', 'page=abc', `search=${'x'.repeat(201)}`])(
    'answers 400 for %s',
    async (query) => {
      const answer = await call(context.app, { method: 'GET', url: `/api/products/?${query}` })
      expect(answer.status).toBe(400)
      expect(answer.body.detail).toEqual(expect.any(String))
    },
  )

  // docs/api.md "Strict input": `?search=%00` answered 500, as PostgreSQL refuses a NUL in text.
  it.each([
    'search=%00',
    'search=oak%09wardrobe',
    'category=Sofas%0A',
    'page=%091',
    'unknown=%1B',
    'a%C2%85=1',
  ])('answers 400 with a detail for a control character in the query: %s', async (query) => {
    const answer = await call(context.app, { method: 'GET', url: `/api/products/?${query}` })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toEqual(expect.any(String))
  })
})

describe('GET /api/products/ collections', () => {
  it('new-arrivals: newest first', async () => {
    const answer = await callRoute(context.app, paths.catalog.listNewArrivals, { query: { page_size: 3 } })
    expect(names(answer.body)).toEqual([
      'Velvet Chesterfield Sofa',
      'Modular Sectional',
      'Brass Arc Floor Lamp',
    ])
    expect(answer.body.count).toBe(11)
  })

  it('flash-deals: on sale with stock at or below 10', async () => {
    const answer = await callRoute(context.app, paths.catalog.listFlashDeals)
    expect(names(answer.body)).toEqual(['Velvet Chesterfield Sofa', 'Modular Sectional'])
  })

  it('sale: everything on sale', async () => {
    const answer = await callRoute(context.app, paths.catalog.listSale)
    expect(names(answer.body)).toEqual([
      'Velvet Chesterfield Sofa',
      'Modular Sectional',
      'Brass Arc Floor Lamp',
    ])
  })

  it('showcase: a plain array of at most 5 featured products', async () => {
    const answer = await callRoute(context.app, paths.catalog.showcase)
    expect(answer.status).toBe(200)
    expect(Array.isArray(answer.body)).toBe(true)
    expect(answer.body).toHaveLength(5)
    expect(answer.body.every((product: { is_featured: boolean }) => product.is_featured)).toBe(true)
    expect(answer.body[0]?.name).toBe('Velvet Chesterfield Sofa')
  })
})

describe('GET /api/products/:id/', () => {
  it('answers the product with its reviews, newest first', async () => {
    const other = await createTestUser(context, { firstName: 'Bilal' })
    await context.database.db.insert(reviews).values([
      { productId: ids.chair, userId: customer.id, rating: 4, comment: 'Sturdy.', createdAt: daysAgo(2) },
      { productId: ids.chair, userId: other.id, rating: 5, comment: 'Lovely weave.', createdAt: daysAgo(1) },
    ])
    const answer = await callRoute(context.app, paths.catalog.getProduct, { params: { id: ids.chair } })
    expect(answer.status).toBe(200)
    expect(answer.body.name).toBe('Rattan Accent Chair')
    expect(answer.body.reviews).toEqual([
      {
        id: expect.any(Number),
        rating: 5,
        comment: 'Lovely weave.',
        created_at: expect.any(String),
        user: { id: other.id, first_name: 'Bilal' },
      },
      {
        id: expect.any(Number),
        rating: 4,
        comment: 'Sturdy.',
        created_at: expect.any(String),
        user: { id: customer.id, first_name: 'Ayesha' },
      },
    ])
  })

  it('answers 404 with a detail for an unknown id, and for one that is no id at all', async () => {
    const missing = await callRoute(context.app, paths.catalog.getProduct, { params: { id: 999999 } })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ detail: 'Product not found.' })
    for (const id of ['abc', '0', '99999999999']) {
      const answer = await callRoute(context.app, paths.catalog.getProduct, { params: { id } })
      expect(answer.status).toBe(404)
      expect(typeof answer.body.detail).toBe('string')
    }
  })

  it('answers 400 for a control character in the path, also one a number would skip', async () => {
    for (const id of ['%00', `${ids.lamp}%09`, `%0A${ids.lamp}`]) {
      const answer = await call(context.app, { method: 'GET', url: `/api/products/${id}/` })
      expect(answer.status, id).toBe(400)
      expect(answer.body.errors).toEqual({ id: ['Control characters are not allowed here.'] })
    }
  })
})

describe('POST /api/products/', () => {
  it('creates a product with two real images that can be fetched', async () => {
    const answer = await callRoute(context.app, paths.catalog.createProduct, {
      body: validFields,
      files: [
        { name: 'front.png', type: 'image/png', bytes: await png() },
        { name: 'side.jpg', type: 'image/jpeg', bytes: await jpeg() },
      ],
      user: staff,
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      name: 'Teak Dining Table',
      category: 'Tables',
      price: '95000.00',
      stock: 7,
      is_featured: false,
      is_on_sale: true,
      average_rating: 0,
      review_count: 0,
    })
    expect(answer.body.images).toHaveLength(2)
    expect(answer.body.images[0]).toMatchObject({ width: 400, height: 300 })
    expect(answer.body.images[1]).toMatchObject({ width: 480, height: 640 })
    for (const image of answer.body.images) {
      expect(image.srcset).toContain(' 320w')
      const file = await context.app.inject({ method: 'GET', url: image.image_url })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe('image/webp')
      expect(file.headers['cache-control']).toMatch(/max-age=31536000.*immutable/)
    }
    const detail = await callRoute(context.app, paths.catalog.getProduct, { params: { id: answer.body.id } })
    expect(detail.body.images).toEqual(answer.body.images)
  })

  it('answers 415 for text bytes named .jpg, storing nothing', async () => {
    const before = storedFiles()
    const answer = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...validFields, name: 'Fake' },
      files: [
        { name: 'front.png', type: 'image/png', bytes: await png() },
        { name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('this is not a picture at all') },
      ],
      user: staff,
    })
    expect(answer.status).toBe(415)
    expect(answer.body.detail).toEqual(expect.any(String))
    expect(storedFiles()).toBe(before)
    expect(await context.database.db.select().from(products).where(eq(products.name, 'Fake'))).toEqual([])
  })

  it('answers 413 for a file over the size limit', async () => {
    const bytes = await largePng()
    expect(bytes.length).toBeGreaterThan(MAX_FILE_BYTES)
    const answer = await callRoute(context.app, paths.catalog.createProduct, {
      body: validFields,
      user: staff,
      files: [{ name: 'big.png', type: 'image/png', bytes }],
    })
    expect(answer.status).toBe(413)
    expect(answer.body.detail).toMatch(/at most/)
  })

  it('answers 413 for more files than allowed, keeping none of them', async () => {
    const before = storedFiles()
    const image = { name: 'a.png', type: 'image/png', bytes: await png() }
    const answer = await callRoute(context.app, paths.catalog.createProduct, {
      body: validFields,
      user: staff,
      files: Array.from({ length: MAX_FILES + 1 }, () => image),
    })
    expect(answer.status).toBe(413)
    expect(answer.body.detail).toBe(`At most ${MAX_FILES} images can be uploaded at once.`)
    expect(storedFiles()).toBe(before)
  })

  it('answers 400 with errors by field', async () => {
    const answer = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...validFields, name: ' ', price: 'cheap', stock: '-1', is_on_sale: 'maybe' },
      user: staff,
    })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.errors).sort()).toEqual(['is_on_sale', 'name', 'price', 'stock'])
    expect(answer.body.errors.name).toEqual(['Product name is required.'])
  })

  it('answers 400 for an unknown category and removes the images it stored', async () => {
    const before = storedFiles()
    const answer = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...validFields, category: 'Spaceships' },
      user: staff,
      files: [{ name: 'a.png', type: 'image/png', bytes: await png() }],
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors.category?.[0]).toContain('Spaceships')
    expect(storedFiles()).toBe(before)
  })

  it('answers 400 for unknown fields and files outside "images"', async () => {
    const withId = { ...validFields, id: '5' }
    const extra = await callRoute(context.app, paths.catalog.createProduct, {
      body: withId,
      user: staff,
    })
    expect(extra.status).toBe(400)
    const wrongField = await callRoute(context.app, paths.catalog.createProduct, {
      body: validFields,
      user: staff,
      files: [{ name: 'a.png', type: 'image/png', bytes: await png() }],
      fileField: 'photo',
    })
    expect(wrongField.status).toBe(400)
    expect(wrongField.body.errors.photo).toBeDefined()
  })

  it('keeps line breaks in a description and refuses control characters in fields and file names', async () => {
    const before = storedFiles()
    const described = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...validFields, description: 'Seats six.\r\n\tOiled teak.' },
      user: staff,
    })
    expect(described.status).toBe(201)
    expect(described.body.description).toBe('Seats six.\r\n\tOiled teak.')
    for (const [field, value] of [
      ['name', 'Teak\tTable'],
      ['category', 'Tables\n'],
      ['description', 'Seats six.\u0000'],
      ['price', '95000\u0000'],
    ] as const) {
      const answer = await callRoute(context.app, paths.catalog.createProduct, {
        body: { ...validFields, [field]: value },
        user: staff,
      })
      expect(answer.status, field).toBe(400)
      expect(Object.keys(answer.body.errors), field).toEqual([field])
    }
    // FormData escapes line breaks in a file name; a hand-made body need not.
    const named = multipartBody(validFields, [{ name: 'MARK.png', type: 'image/png', bytes: await png() }])
    const payload = Buffer.from(named.payload.toString('latin1').replace('MARK', 'front\u0001'), 'latin1')
    const badName = await call(context.app, {
      method: 'POST',
      url: '/api/products/',
      payload,
      headers: { ...named.headers, ...staff.headers },
    })
    expect(badName.status).toBe(400)
    expect(badName.body.errors).toEqual({ images: ['A file name cannot hold control characters.'] })
    expect(storedFiles()).toBe(before)
  })

  it('answers 415 for JSON and 400 for a malformed multipart body', async () => {
    const json = await call(context.app, {
      method: 'POST',
      url: '/api/products/',
      headers: staff.headers,
      payload: validFields,
    })
    expect(json.status).toBe(415)
    expect(json.body.detail).toEqual(expect.any(String))
    const broken = await call(context.app, {
      method: 'POST',
      url: '/api/products/',
      headers: { ...staff.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nSofa',
    })
    expect(broken.status).toBe(400)
    const noBoundary = await call(context.app, {
      method: 'POST',
      url: '/api/products/',
      headers: { ...staff.headers, 'content-type': 'multipart/form-data' },
      payload: 'name=Sofa',
    })
    expect(noBoundary.status).toBe(400)
  })
})

describe('PUT /api/products/:id/', () => {
  it('updates the fields and adds new images to the existing ones', async () => {
    const created = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...validFields, name: 'Jute Rug' },
      user: staff,
      files: [{ name: 'a.png', type: 'image/png', bytes: await png() }],
    })
    const id = created.body.id
    const answer = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id },
      body: { ...validFields, name: 'Jute Rug, large', category: 'rugs', price: '12500.5', stock: '0' },
      user: staff,
      files: [{ name: 'b.jpg', type: 'image/jpeg', bytes: await jpeg() }],
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      id,
      name: 'Jute Rug, large',
      category: 'Rugs',
      price: '12500.50',
      stock: 0,
    })
    expect(answer.body.images.map((image: { id: number }) => image.id)).toEqual([
      itemAt(created.body.images, 0).id,
      expect.any(Number),
    ])
  })

  it('answers 404 for an unknown product', async () => {
    const answer = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id: 999999 },
      body: validFields,
      user: staff,
    })
    expect(answer.status).toBe(404)
  })
})

describe('DELETE /api/products/:id/', () => {
  it('deletes the product and its image files; order lines keep name and price', async () => {
    const created = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...validFields, name: 'Ottoman' },
      user: staff,
      files: [{ name: 'a.png', type: 'image/png', bytes: await png() }],
    })
    const imageFile = fileOf(itemAt(created.body.images, 0).image_url)
    expect(existsSync(imageFile)).toBe(true)
    const [order] = await context.database.db
      .insert(orders)
      .values(orderValues(customer.id, '95000.00'))
      .returning({ id: orders.id })
    if (!order) throw new Error('no order')
    await context.database.db.insert(orderItems).values({
      orderId: order.id,
      productId: created.body.id,
      productName: 'Ottoman',
      price: '95000.00',
      quantity: 1,
      stockTaken: 1,
    })

    const answer = await callRoute(context.app, paths.catalog.deleteProduct, {
      params: { id: created.body.id },
      user: staff,
    })
    expect(answer.status).toBe(204)
    expect(
      (await callRoute(context.app, paths.catalog.getProduct, { params: { id: created.body.id } })).status,
    ).toBe(404)
    expect(existsSync(imageFile)).toBe(false)
    const lines = await context.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    expect(lines).toEqual([
      expect.objectContaining({ productId: null, productName: 'Ottoman', price: '95000.00' }),
    ])
  })

  it('answers 404 for an unknown product', async () => {
    const answer = await callRoute(context.app, paths.catalog.deleteProduct, {
      params: { id: 999999 },
      user: staff,
    })
    expect(answer.status).toBe(404)
  })
})

describe('POST /api/products/:id/delete-image/', () => {
  it('removes an image of the product, and only of that product', async () => {
    const image = { name: 'a.png', type: 'image/png', bytes: await png() }
    const first = await callRoute(context.app, paths.catalog.createProduct, {
      body: validFields,
      user: staff,
      files: [image, image],
    })
    const second = await callRoute(context.app, paths.catalog.createProduct, {
      body: validFields,
      user: staff,
      files: [image],
    })
    const [kept, removed] = [itemAt(first.body.images, 0), itemAt(first.body.images, 1)]
    const deleteImage = (productId: number, imageId: unknown) =>
      call(context.app, {
        method: 'POST',
        url: `/api/products/${productId}/delete-image/`,
        headers: staff.headers,
        payload: { image_id: imageId },
      })

    const foreign = await deleteImage(second.body.id, removed.id)
    expect(foreign.status).toBe(404)
    expect(foreign.body.detail).toEqual(expect.any(String))

    expect((await deleteImage(first.body.id, removed.id)).status).toBe(204)
    expect(existsSync(fileOf(removed.image_url))).toBe(false)
    const left = await context.database.db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, first.body.id))
    expect(left).toEqual([{ id: kept.id }])
    expect((await deleteImage(first.body.id, 'abc')).status).toBe(400)
  })
})

describe('staff routes', () => {
  const staffRoutes = [
    { method: 'POST', path: '/api/products/' },
    { method: 'PUT', path: '/api/products/:id/' },
    { method: 'DELETE', path: '/api/products/:id/' },
    { method: 'POST', path: '/api/products/:id/delete-image/' },
  ] as const

  it.each(staffRoutes)(
    '$method $path: 401 for anonymous, 403 for a customer',
    async ({ method, path: route }) => {
      const url = () => route.replace(':id', String(ids.lamp))
      const body = multipartBody(validFields)
      const anonymous = await call(context.app, { method, url: url(), ...body })
      expect(anonymous.status).toBe(401)
      const forbidden = await call(context.app, {
        method,
        url: url(),
        payload: body.payload,
        headers: { ...body.headers, ...customer.headers },
      })
      expect(forbidden.status).toBe(403)
      expect(
        (await callRoute(context.app, paths.catalog.getProduct, { params: { id: ids.lamp } })).status,
      ).toBe(200)
    },
  )

  it('lets staff through on every one of them', async () => {
    const created = await callRoute(context.app, paths.catalog.createProduct, {
      body: validFields,
      user: staff,
    })
    expect(created.status).toBe(201)
    const updated = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id: created.body.id },
      body: validFields,
      user: staff,
    })
    expect(updated.status).toBe(200)
    const noImage = await callRoute(context.app, paths.catalog.deleteImage, {
      params: { id: created.body.id },
      body: { image_id: 1 },
      user: staff,
    })
    expect(noImage.status).toBe(404)
    const deleted = await callRoute(context.app, paths.catalog.deleteProduct, {
      params: { id: created.body.id },
      user: staff,
    })
    expect(deleted.status).toBe(204)
  })
})

describe('search vocabulary', () => {
  const termsLike = async (pattern: string) =>
    (
      await context.database.db
        .select({ term: searchTerms.term, products: searchTerms.products })
        .from(searchTerms)
        .where(sql`${searchTerms.term} like ${pattern}`)
        .orderBy(searchTerms.term)
    ).map((row) => `${row.term}:${row.products}`)

  it('follows products as they are created, renamed and deleted', async () => {
    const fields = { ...validFields, name: 'Zebrawood Console', description: 'Striped zebrawood, oiled.' }
    const created = await callRoute(context.app, paths.catalog.createProduct, { body: fields, user: staff })
    expect(created.status).toBe(201)
    expect(await termsLike('zebra%')).toEqual(['zebrawood:1'])
    expect(
      names(
        (await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'zebrawod consle' } }))
          .body,
      ),
    ).toEqual(['Zebrawood Console'])

    const renamed = { ...fields, name: 'Ebony Console', description: 'Dark ebony, oiled.' }
    expect(
      (
        await callRoute(context.app, paths.catalog.updateProduct, {
          params: { id: created.body.id },
          body: renamed,
          user: staff,
        })
      ).status,
    ).toBe(200)
    expect(await termsLike('zebra%')).toEqual([])
    expect(await termsLike('ebony')).toEqual(['ebony:1'])
    expect(
      (await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'zebrawood' } })).body
        .count,
    ).toBe(0)
    expect(
      names((await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'ebonny' } })).body),
    ).toEqual(['Ebony Console'])

    const deleted = await callRoute(context.app, paths.catalog.deleteProduct, {
      params: { id: created.body.id },
      user: staff,
    })
    expect(deleted.status).toBe(204)
    expect(await termsLike('ebony')).toEqual([])
    expect(await termsLike('console')).toEqual([])
  })

  it('follows a renamed category into its products', async () => {
    await context.database.db
      .update(categories)
      .set({ name: 'Luminaires' })
      .where(eq(categories.name, 'Lighting'))
    try {
      expect(
        names(
          (await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'luminares' } })).body,
        ),
      ).toEqual(['Brass Arc Floor Lamp'])
      expect(await termsLike('lighting')).toEqual([])
    } finally {
      await context.database.db
        .update(categories)
        .set({ name: 'Lighting' })
        .where(eq(categories.name, 'Luminaires'))
    }
    expect(await termsLike('lighting')).toEqual(['lighting:1'])
  })

  it('leaves the vocabulary alone when only the stock changes', async () => {
    const before = await termsLike('%')
    await context.database.db.update(products).set({ stock: 3 }).where(eq(products.id, ids.rug))
    expect(await termsLike('%')).toEqual(before)
  })
})
