import { apiAddress, PRODUCT_ORDERINGS, type ProductOrdering, paths } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, type TestContext } from '../../../test/harness'
import { callRoute } from '../../../test/route-call'
import { categories, products } from '../../db/schema'

let context: TestContext

interface Fixture {
  name: string
  category: 'Sofas' | 'Beds' | 'Tables' | 'Dining & Kitchen'
  price: string
  stock: number
  leadTimeDays?: number
  material: string | null
  colour: string | null
  /** Review count and rating total */
  reviews?: [number, number]
  daysAgo: number
}

// Letter case varies on purpose: filters and facets take 'Oak' and 'oak' as one material.
const catalogue: Fixture[] = [
  {
    name: 'Velvet Sofa',
    category: 'Sofas',
    price: '100000.00',
    stock: 5,
    material: 'Velvet',
    colour: 'Green',
    reviews: [2, 9],
    daysAgo: 1,
  },
  {
    name: 'Linen Sofa',
    category: 'Sofas',
    price: '80000.00',
    stock: 0,
    material: 'Linen',
    colour: 'Beige',
    reviews: [1, 3],
    daysAgo: 2,
  },
  {
    name: 'Oak Sofa Bench',
    category: 'Sofas',
    price: '45000.50',
    stock: 2,
    material: 'Oak',
    colour: 'natural',
    daysAgo: 3,
  },
  {
    name: 'Oak Bed',
    category: 'Beds',
    price: '150000.00',
    stock: 1,
    material: 'oak',
    colour: 'Natural',
    reviews: [1, 5],
    daysAgo: 4,
  },
  {
    name: 'Walnut Bed',
    category: 'Beds',
    price: '210000.00',
    stock: 0,
    leadTimeDays: 14,
    material: 'Walnut',
    colour: 'Brown',
    reviews: [2, 9],
    daysAgo: 5,
  },
  {
    name: 'Oak Dining Table',
    category: 'Tables',
    price: '95000.00',
    stock: 7,
    material: 'Oak',
    colour: 'Brown',
    reviews: [2, 8],
    daysAgo: 6,
  },
  {
    name: 'Glass Side Table',
    category: 'Tables',
    price: '20000.00',
    stock: 3,
    material: null,
    colour: null,
    daysAgo: 7,
  },
  {
    name: 'Sofa Table',
    category: 'Tables',
    price: '30000.00',
    stock: 4,
    material: 'Walnut',
    colour: 'Brown',
    reviews: [1, 4],
    daysAgo: 8,
  },
  {
    name: 'Velvet Bed',
    category: 'Beds',
    price: '100000.00',
    stock: 2,
    material: 'Velvet',
    colour: 'Green',
    daysAgo: 9,
  },
]

const ids = new Map<string, number>()
const day = 24 * 60 * 60 * 1000

beforeAll(async () => {
  context = await createTestApp()
  const { db } = context.database
  const rows = await db
    .insert(categories)
    .values(['Sofas', 'Beds', 'Tables', 'Dining & Kitchen'].map((name) => ({ name })))
    .returning()
  const categoryIds = new Map(rows.map((row) => [row.name, row.id]))
  for (const product of catalogue) {
    const [row] = await db
      .insert(products)
      .values({
        name: product.name,
        description: 'Made for the filter tests.',
        price: product.price,
        stock: product.stock,
        leadTimeDays: product.leadTimeDays ?? 0,
        material: product.material,
        colour: product.colour,
        categoryId: categoryIds.get(product.category) ?? Number.NaN,
        reviewCount: product.reviews?.[0] ?? 0,
        ratingTotal: product.reviews?.[1] ?? 0,
        createdAt: new Date(Date.now() - product.daysAgo * day),
      })
      .returning({ id: products.id })
    if (row) ids.set(product.name, row.id)
  }
})
afterAll(() => context.close())

interface Query {
  search?: string
  category?: string
  min_price?: string
  max_price?: string
  material?: string[]
  colour?: string[]
  in_stock?: 'true' | 'false'
  ordering?: ProductOrdering
}

/** The product list's address for a query, to name the query when an assertion fails. */
const url = (query: Query) =>
  apiAddress(paths.catalog.listProducts.path, undefined, { page_size: 100, ...query })
const listProducts = async (query: Query) => {
  const answer = await callRoute(context.app, paths.catalog.listProducts, {
    query: { page_size: 100, ...query },
  })
  expect(answer.status, url(query)).toBe(200)
  return answer.body
}
const facetsOf = async (query: Query) => {
  const answer = await callRoute(context.app, paths.catalog.facets, { query })
  expect(answer.status, apiAddress(paths.catalog.facets.path, undefined, { ...query })).toBe(200)
  return answer.body
}

// What each search finds: 'sofa' also as the start of the category 'Sofas', 'oak' in names and
// materials, 'walnot' corrected to walnut.
const searches: Record<string, string[]> = {
  sofa: ['Velvet Sofa', 'Linen Sofa', 'Oak Sofa Bench', 'Sofa Table'],
  oak: ['Oak Sofa Bench', 'Oak Bed', 'Oak Dining Table'],
  walnot: ['Walnut Bed', 'Sofa Table'],
}

const paisa = (amount: string) => Math.round(Number(amount) * 100)
const rating = (product: Fixture) =>
  product.reviews ? Math.round((product.reviews[1] / product.reviews[0]) * 10) / 10 : 0
const lower = (value: string | null) => value?.toLowerCase() ?? null

type Filter = 'category' | 'price' | 'material' | 'colour' | 'inStock' | 'search'

/** Whether a product passes every filter of the query but `left`. */
function passes(product: Fixture, query: Query, left?: Filter): boolean {
  const checks: Record<Filter, boolean> = {
    search: !query.search || (searches[query.search] ?? []).includes(product.name),
    category: !query.category || product.category.toLowerCase() === query.category.toLowerCase(),
    price:
      (!query.min_price || paisa(product.price) >= paisa(query.min_price)) &&
      (!query.max_price || paisa(product.price) <= paisa(query.max_price)),
    material: !query.material || query.material.map(lower).includes(lower(product.material)),
    colour: !query.colour || query.colour.map(lower).includes(lower(product.colour)),
    inStock: query.in_stock !== 'true' || product.stock > 0,
  }
  return Object.entries(checks).every(([name, ok]) => name === left || ok)
}

const byNewest = (a: Fixture, b: Fixture) => a.daysAgo - b.daysAgo
const orderings: Record<ProductOrdering, (a: Fixture, b: Fixture) => number> = {
  '-created_at': byNewest,
  price: (a, b) => paisa(a.price) - paisa(b.price) || (ids.get(a.name) ?? 0) - (ids.get(b.name) ?? 0),
  '-price': (a, b) => paisa(b.price) - paisa(a.price) || (ids.get(b.name) ?? 0) - (ids.get(a.name) ?? 0),
  '-average_rating': (a, b) => rating(b) - rating(a) || byNewest(a, b),
  name: (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1),
}

const filterSets: Query[] = [
  {},
  { min_price: '45000.50', max_price: '100000' },
  { material: ['OAK', 'walnut'] },
  { colour: ['brown', 'Natural'], in_stock: 'true' },
  { in_stock: 'true', min_price: '30000' },
  { material: ['velvet'], colour: ['green'], max_price: '150000' },
]
const combinations: Query[] = [undefined, ...Object.keys(searches)].flatMap((search) =>
  [undefined, 'Sofas', 'beds'].flatMap((category) =>
    filterSets.map((filters) => ({ ...(search && { search }), ...(category && { category }), ...filters })),
  ),
)

describe('GET /api/products/ filters and orderings', () => {
  it('answers exactly the matching products in every ordering, with search and category', async () => {
    for (const query of combinations) {
      const matching = catalogue.filter((product) => passes(product, query))
      for (const ordering of [undefined, ...PRODUCT_ORDERINGS]) {
        const body = await listProducts({ ...query, ...(ordering && { ordering }) })
        const listed = body.results.map((product) => product.name)
        expect(body.count, url({ ...query, ordering })).toBe(matching.length)
        if (!ordering && query.search) {
          // Best match first: the order is the search's; the set is the filters'.
          expect([...listed].sort()).toEqual(matching.map((product) => product.name).sort())
        } else {
          const expected = [...matching].sort(orderings[ordering ?? '-created_at'])
          expect(listed, url({ ...query, ordering })).toEqual(expected.map((product) => product.name))
        }
      }
    }
  })

  it('treats in_stock=false as no filter, and leaves made-to-order pieces at 0 out of in_stock=true', async () => {
    expect((await listProducts({ in_stock: 'false' })).count).toBe(catalogue.length)
    const inStock = await listProducts({ in_stock: 'true', category: 'Beds' })
    expect(inStock.results.map((product) => product.name)).toEqual(['Oak Bed', 'Velvet Bed'])
  })

  it('takes a category by its slug too', async () => {
    const { db } = context.database
    const [dining] = await db.select().from(categories).where(eq(categories.name, 'Dining & Kitchen'))
    await db.insert(products).values({
      name: 'Spice Rack',
      description: 'Made for the slug test.',
      price: '5000.00',
      stock: 1,
      categoryId: dining?.id ?? Number.NaN,
    })
    const bySlug = await listProducts({ category: 'dining-kitchen' })
    expect(bySlug.results.map((product) => product.name)).toEqual(['Spice Rack'])
    await db.delete(products).where(eq(products.name, 'Spice Rack'))
  })

  it.each([
    ['ordering=cheapest'],
    ['min_price=abc'],
    ['max_price=-5'],
    ['in_stock=yes'],
    [`material=${'x'.repeat(101)}`],
  ])('answers 400 for %s', async (query) => {
    const answer = await call(context.app, { method: 'GET', url: `/api/products/?${query}` })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toEqual(expect.any(String))
  })
})

describe('GET /api/products/facets/', () => {
  it('counts what each other choice would list, and the price range and stock of the rest', async () => {
    for (const query of combinations) {
      const facets = await facetsOf(query)
      const countOf = async (changed: Query) => (await listProducts({ ...query, ...changed })).count

      // Each count is the list's count with that choice in place of the facet's own filter.
      for (const { name, count } of facets.categories) expect(await countOf({ category: name })).toBe(count)
      for (const { value, count } of facets.materials)
        expect(await countOf({ material: [value] })).toBe(count)
      for (const { value, count } of facets.colours) expect(await countOf({ colour: [value] })).toBe(count)
      expect(await countOf({ in_stock: 'true' })).toBe(facets.in_stock)

      // And nothing is left out: the model of the same filters gives the same facets.
      const rest = (left: Filter) => catalogue.filter((product) => passes(product, query, left))
      // Spellings that differ in letter case are one value, shown as the first in byte order.
      const tally = (rows: Fixture[], key: (product: Fixture) => string | null) => {
        const groups = new Map<string, [string, number]>()
        for (const row of rows) {
          const value = key(row)
          if (value === null) continue
          const [spelling, count] = groups.get(value.toLowerCase()) ?? [value, 0]
          groups.set(value.toLowerCase(), [value < spelling ? value : spelling, count + 1])
        }
        return [...groups].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, group]) => group)
      }
      expect(facets.categories.map((row) => [row.name, row.count])).toEqual(
        tally(rest('category'), (product) => product.category),
      )
      expect(facets.materials.map((row) => [row.value, row.count])).toEqual(
        tally(rest('material'), (product) => product.material),
      )
      expect(facets.colours.map((row) => [row.value, row.count])).toEqual(
        tally(rest('colour'), (product) => product.colour),
      )
      const prices = rest('price').map((product) => paisa(product.price))
      expect(facets.price).toEqual({
        min: prices.length ? (Math.min(...prices) / 100).toFixed(2) : '0.00',
        max: prices.length ? (Math.max(...prices) / 100).toFixed(2) : '0.00',
      })
      expect(facets.in_stock).toBe(rest('inStock').filter((product) => product.stock > 0).length)
    }
  })

  it('answers "0.00" for the price range and empty lists when nothing matches', async () => {
    const facets = await facetsOf({ search: 'qqqxxzz' })
    expect(facets).toEqual({
      categories: [],
      materials: [],
      colours: [],
      price: { min: '0.00', max: '0.00' },
      in_stock: 0,
    })
  })
})
