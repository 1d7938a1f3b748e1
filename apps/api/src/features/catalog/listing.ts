import type { LanguageCode, PartialMatch, Product, ProductFacets, ProductOrdering } from '@store/contract'
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { preparedOnce } from '../../db/prepared'
import { averageRating, categories, productCounts, productSearch, products, shownName } from '../../db/schema'
import { formatMoney } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import type { Selection } from './answer-cache'
import { answerColumns, newestFirst, selectProducts, toProduct } from './product-reads'
import { type Match, type ProductSearch, searchFor } from './search'

/**
 * Each ordering of the list, ties broken so that pages never overlap; each has its index. The name
 * order is the order of the names the reader sees.
 */
const orderings = (language: LanguageCode): Record<ProductOrdering, SQL[]> => ({
  '-created_at': newestFirst,
  price: [asc(products.price), asc(products.id)],
  '-price': [desc(products.price), desc(products.id)],
  '-average_rating': [desc(averageRating(products)), ...newestFirst],
  name: [asc(sql`lower(${shownName(products, language)})`), asc(products.id)],
})

export interface ProductFilter {
  search?: string | undefined
  /** A category name (letter case aside) or slug */
  category?: string | undefined
  onSale?: boolean
  maxStock?: number
  minPrice?: string | undefined
  maxPrice?: string | undefined
  /** Any of these, letter case aside */
  materials?: string[] | undefined
  colours?: string[] | undefined
  /** Only products with stock (stock > 0): a made-to-order piece at 0 is left out */
  inStock?: boolean
}

/**
 * The category with this name, letter case aside, this slug or this Urdu name (the facets' name for
 * Urdu readers); an exact name preferred (as `findCategoryId`). One id rather than a set, so the
 * planner walks products_category_idx in order.
 */
const categoryNamed = (name: string | Placeholder) =>
  sql`(select ${categories.id} from ${categories}
    where lower(${categories.name}) = lower(${name}) or ${categories.slug} = lower(${name})
      or (${categories.nameUr} <> '' and ${categories.nameUr} = ${name})
    order by ${categories.name} = ${name} desc, lower(${categories.name}) = lower(${name}) desc limit 1)`

/** The filters that facets count by, each leaving its own condition out of its own counts. */
type Facet = 'category' | 'price' | 'material' | 'colour' | 'inStock'
type Conditions = Partial<Record<Facet | 'search' | 'onSale' | 'maxStock', SQL>>

/**
 * How a filter's values go into its conditions: as they are, or as named placeholders, so that one
 * prepared query serves every list of the same shape (`preparedList`).
 */
type Bind = (name: string, value: string) => string | Placeholder
const asValues: Bind = (_, value) => value
const asPlaceholders: Bind = (name) => sql.placeholder(name)

/** The values a list of materials or colours is asked for: blanks dropped. */
const wantedOf = (values: string[] | undefined) => (values ?? []).map((value) => value.trim()).filter(Boolean)

/** `lower(column)` is one of the values, letter case aside: the form products_*_idx are built on. */
function anyOf(column: AnyPgColumn, values: string[] | undefined, name: string, bind: Bind): SQL | undefined {
  const wanted = wantedOf(values)
  if (wanted.length === 0) return undefined
  return sql`lower(${column}) in (${sql.join(
    wanted.map((value, index) => sql`lower(${bind(`${name}${index}`, value)})`),
    sql`, `,
  )})`
}

/** The products whose search documents pass `where`: a search as a condition on `products`. */
const searchedBy = (where: SQL) =>
  sql`${products.id} in (select ${productSearch.productId} from ${productSearch} where ${where})`

function conditionsOf(filter: ProductFilter, search: ProductSearch | null, bind = asValues): Conditions {
  return {
    search: search ? searchedBy(search.every.where) : undefined,
    category: filter.category
      ? eq(products.categoryId, categoryNamed(bind('category', filter.category)))
      : undefined,
    price: and(
      filter.minPrice === undefined ? undefined : gte(products.price, bind('minPrice', filter.minPrice)),
      filter.maxPrice === undefined ? undefined : lte(products.price, bind('maxPrice', filter.maxPrice)),
    ),
    material: anyOf(products.material, filter.materials, 'material', bind),
    colour: anyOf(products.colour, filter.colours, 'colour', bind),
    inStock: filter.inStock ? gt(products.stock, 0) : undefined,
    onSale: filter.onSale ? eq(products.isOnSale, true) : undefined,
    maxStock: filter.maxStock === undefined ? undefined : lte(products.stock, filter.maxStock),
  }
}

/**
 * The columns each ordering sorts by (`orderings`), and what a search's documents are made of
 * (migration 0022) with the date that breaks a score's ties: an edit of one of them may move a product
 * into, out of or within a list.
 */
const orderingColumns: Record<ProductOrdering, AnyPgColumn[]> = {
  '-created_at': [products.createdAt],
  price: [products.price],
  '-price': [products.price],
  '-average_rating': [products.ratingTotal, products.reviewCount, products.createdAt],
  name: [products.name, products.nameUr],
}
const searchColumns = [
  products.name,
  products.nameUr,
  products.description,
  products.descriptionUr,
  products.categoryId,
  products.material,
  products.colour,
  products.createdAt,
]

/** What decides which products `conditionsOf(filter)` selects: columns, and stock levels it tells apart. */
function filterSelection(filter: ProductFilter, counted: AnyPgColumn[] = []): Selection {
  const columns = [
    ...(filter.search ? searchColumns : []),
    ...(filter.category ? [products.categoryId] : []),
    ...(filter.minPrice !== undefined || filter.maxPrice !== undefined ? [products.price] : []),
    ...(filter.materials?.length ? [products.material] : []),
    ...(filter.colours?.length ? [products.colour] : []),
    ...(filter.onSale ? [products.isOnSale] : []),
    ...counted,
  ]
  return {
    columns: columns.map((column) => column.name),
    stockLevels: [
      ...(filter.inStock ? [0] : []),
      ...(filter.maxStock === undefined ? [] : [filter.maxStock]),
    ],
  }
}

/** What a list under `filter` and `ordering` selects and orders by: the cache keeps it through the rest. */
export const listSelection = (filter: ProductFilter, ordering: ProductOrdering | undefined): Selection =>
  filterSelection(filter, orderingColumns[ordering ?? '-created_at'])

/** What the facets under `filter` count by: category, material, colour, price range, what is in stock. */
export function facetsSelection(filter: ProductFilter): Selection {
  const selection = filterSelection(filter, [
    products.categoryId,
    products.material,
    products.colour,
    products.price,
  ])
  return { ...selection, stockLevels: [...selection.stockLevels, 0] }
}

/** Every condition but the one of `left` (a facet's own filter). */
const allBut = (conditions: Conditions, left?: Facet) =>
  and(...Object.entries(conditions).flatMap(([name, condition]) => (name === left ? [] : [condition])))

/** The total of a list filtered at most by category and sale comes from product_counts, not a count. */
function countQuery(db: Db, filter: ProductFilter, conditions: Conditions, bind = asValues) {
  const { category: _, onSale: __, ...others } = conditions
  if (Object.values(others).some(Boolean)) {
    return db.select({ n: count() }).from(products).where(allBut(conditions))
  }
  return db
    .select({
      n: sql<number>`coalesce(sum(${filter.onSale ? productCounts.onSale : productCounts.products}), 0)`.mapWith(
        Number,
      ),
    })
    .from(productCounts)
    .where(
      filter.category
        ? eq(productCounts.categoryId, categoryNamed(bind('category', filter.category)))
        : undefined,
    )
}

async function countListed(db: Db, filter: ProductFilter, conditions: Conditions): Promise<number> {
  const [total] = await countQuery(db, filter, conditions)
  return total?.n ?? 0
}

/** A list asked for: its filter, one page of it, its ordering (else see `listProducts`), the reader's language. */
export interface ProductQuery {
  filter: ProductFilter
  window: { limit: number; offset: number }
  ordering?: ProductOrdering | undefined
  language: LanguageCode
}

export interface ProductPage {
  count: number
  results: Product[]
  /** Set when no product holds every searched word: the results hold this many of them */
  partialMatch?: PartialMatch
}

/**
 * One page of products and the total count. Ordered as asked, else newest first, or best match first
 * when searching (and when no product holds every searched word, the ones holding the most).
 */
export async function listProducts(db: Db, storage: MediaStorage, query: ProductQuery): Promise<ProductPage> {
  const { filter, window, ordering, language } = query
  const search = filter.search ? await searchFor(db, filter.search) : null
  const conditions = conditionsOf(filter, search)
  const where = allBut(conditions)

  if (search && !ordering) {
    const page = await rankedPage(db, storage, query, { conditions, match: search.every })
    if (page.count > 0 || search.words < 2) return page
    return closestMatches(db, storage, query, { search, conditions })
  }

  const [rows, total] = search
    ? await Promise.all([
        selectProducts(db)
          .where(where)
          .orderBy(...orderings(language)[ordering ?? '-created_at'])
          .limit(window.limit)
          .offset(window.offset),
        countListed(db, filter, conditions),
      ])
    : await preparedList(db, query)
  return { count: total, results: rows.map((row) => toProduct(storage, row, language)) }
}

/** A list's page and its total as statements with placeholders for the filter's values and the window. */
function prepareList(db: Db, { filter, ordering, language }: ProductQuery, name: string) {
  const conditions = conditionsOf(filter, null, asPlaceholders)
  return {
    rows: selectProducts(db)
      .where(allBut(conditions))
      .orderBy(...orderings(language)[ordering ?? '-created_at'])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name && `${name}_rows`),
    count: countQuery(db, filter, conditions, asPlaceholders).prepare(name && `${name}_count`),
  }
}

/**
 * A page of a list without a search and its total, from statements prepared once per shape (the
 * filters given, how many materials and colours, the ordering, the language): drizzle takes longer to
 * build a page's statement than PostgreSQL takes to answer it (BENCHMARKS.md, issue 35).
 */
async function preparedList(db: Db, query: ProductQuery) {
  const { filter, window, ordering, language } = query
  const materials = wantedOf(filter.materials)
  const colours = wantedOf(filter.colours)
  const shape = JSON.stringify([
    Boolean(filter.category),
    filter.minPrice !== undefined,
    filter.maxPrice !== undefined,
    materials.length,
    colours.length,
    Boolean(filter.inStock),
    Boolean(filter.onSale),
    filter.maxStock ?? null,
    ordering ?? null,
    language,
  ])
  const values = {
    limit: window.limit,
    offset: window.offset,
    category: filter.category,
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
    ...Object.fromEntries(materials.map((value, index) => [`material${index}`, value])),
    ...Object.fromEntries(colours.map((value, index) => [`colour${index}`, value])),
  }
  const list = preparedOnce(db, `product list ${shape}`, (name) => prepareList(db, query, name))
  const [rows, [total]] = await Promise.all([list.rows.execute(values), list.count.execute(values)])
  return [rows, total?.n ?? 0] as const
}

/**
 * The facets of the catalogue under a filter: for each facet, the products matching every other
 * filter (its own left out, so a shopper sees what choosing another value would give), counted by
 * category, material and colour (those with products only), their price range, and how many have stock.
 */
export async function productFacets(
  db: Db,
  filter: ProductFilter,
  language: LanguageCode,
): Promise<ProductFacets> {
  // A category by the name the reader sees, which the filter also takes (categoryNamed).
  const categoryName = sql<string>`${shownName(categories, language)}`
  const search = filter.search ? await searchFor(db, filter.search) : null
  const conditions = conditionsOf(filter, search)
  // Spellings that differ in letter case are one value, shown as its first spelling in byte order
  // (capitals first), the same on every database whatever its collation.
  const valueCounts = (column: AnyPgColumn, facet: Facet) =>
    db
      .select({ value: sql<string>`min(${column} collate "C")`, count: count() })
      .from(products)
      .where(and(allBut(conditions, facet), isNotNull(column)))
      .groupBy(sql`lower(${column})`)
      .orderBy(sql`lower(${column})`)
  const { category: _, ...others } = conditions
  const [byCategory, materials, colours, [price], [inStock]] = await Promise.all([
    // Without another filter, the counts are product_counts' (the shop's first page and a category's).
    Object.values(others).some(Boolean)
      ? db
          .select({ name: categoryName, count: count() })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(allBut(conditions, 'category'))
          .groupBy(categories.id)
          .orderBy(asc(categoryName))
      : db
          .select({ name: categoryName, count: productCounts.products })
          .from(productCounts)
          .innerJoin(categories, eq(categories.id, productCounts.categoryId))
          .where(gt(productCounts.products, 0))
          .orderBy(asc(categoryName)),
    valueCounts(products.material, 'material'),
    valueCounts(products.colour, 'colour'),
    db
      .select({
        min: sql<string | null>`min(${products.price})::text`,
        max: sql<string | null>`max(${products.price})::text`,
      })
      .from(products)
      .where(allBut(conditions, 'price')),
    db
      .select({ n: count() })
      .from(products)
      .where(and(allBut(conditions, 'inStock'), gt(products.stock, 0))),
  ])
  return {
    categories: byCategory,
    materials,
    colours,
    price: { min: formatMoney(price?.min ?? '0'), max: formatMoney(price?.max ?? '0') },
    in_stock: inStock?.n ?? 0,
  }
}

/**
 * Search documents (a condition on `product_search`) of the products passing the conditions other
 * than the search itself; none when there are no others.
 */
function ofProductsPassing({ search: _, ...others }: Conditions): SQL | undefined {
  const where = allBut(others)
  return where && sql`${productSearch.productId} in (select ${products.id} from ${products} where ${where})`
}

/**
 * The query's page of the products whose documents pass `match` and that pass the other conditions,
 * highest score first, and their total (`conditions.search` is `match` as a condition on products).
 */
async function rankedPage(
  db: Db,
  storage: MediaStorage,
  { filter, window, language }: ProductQuery,
  { conditions, match }: { conditions: Conditions; match: Match },
): Promise<ProductPage> {
  // Every match is scored and counted in one pass over the full-text index and the narrow
  // product_search rows (the total rides along on each row of the page, `count(*) over ()`); products
  // are read only for another filter and for the page's 20 rows, joined to their columns and images
  // afterwards. `offset 0` keeps the planner from merging the levels.
  const hits = db
    .select({
      id: productSearch.productId,
      score: sql<number>`${match.score}`.as('score'),
      createdAt: productSearch.createdAt,
    })
    .from(productSearch)
    .where(and(match.where, ofProductsPassing(conditions)))
    .offset(0)
    .as('hits')
  const page = db
    .select({
      id: hits.id,
      score: hits.score,
      createdAt: hits.createdAt,
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(hits)
    .orderBy(desc(hits.score), desc(hits.createdAt), desc(hits.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page')
  const rows = await db
    .select({ ...answerColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(desc(page.score), desc(page.createdAt), desc(page.id))
  // Past the last page there is no row to carry the total.
  const total = rows[0]?.total ?? (window.offset > 0 ? await countListed(db, filter, conditions) : 0)
  return { count: total, results: rows.map(({ total: _, ...row }) => toProduct(storage, row, language)) }
}

/**
 * For a search no product matches word for word: the products holding the most of its words, best
 * match first. `brass wardrobe` finds nothing brass that is a wardrobe, so it answers every product
 * holding one of the two, each word still forgiven a slip.
 */
async function closestMatches(
  db: Db,
  storage: MediaStorage,
  query: ProductQuery,
  { search, conditions }: { search: ProductSearch; conditions: Conditions },
): Promise<ProductPage> {
  const { some } = search
  const [best] = await db
    .select({ held: sql<number>`coalesce(max(${some.wordsHeld}), 0)`.mapWith(Number) })
    .from(productSearch)
    .where(and(some.where, ofProductsPassing(conditions)))
  const held = best?.held ?? 0
  if (held === 0) return { count: 0, results: [] }
  const closest = { where: sql`${some.where} and ${some.wordsHeld} = ${held}`, score: some.score }
  const page = await rankedPage(db, storage, query, {
    conditions: { ...conditions, search: searchedBy(closest.where) },
    match: closest,
  })
  return { ...page, partialMatch: { words_matched: held, words_total: search.words } }
}
