import type {
  Category,
  CategoryBody,
  ChosenOption,
  LanguageCode,
  OptionChoices,
  PartialMatch,
  Product,
  ProductDetail,
  ProductFacets,
  ProductFormValues,
  ProductOption,
  ProductOrdering,
} from '@store/contract'
import { and, asc, count, desc, eq, gt, gte, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { type Db, integerArray } from '../../db/client'
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from '../../db/errors'
import {
  averageRating,
  categories,
  categorySlug,
  productCounts,
  productImages,
  products,
  reviews,
  shownName,
  users,
} from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { imageUrls, type StoredImage } from '../../lib/images'
import { shown } from '../../lib/language'
import { formatMoney } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import { checkPriceRange, optionsOf, outer, replaceOptions } from './options'
import { type ProductSearch, productSearch } from './search'

interface ImageRow {
  id: number
  storageKey: string
  width: number
  height: number
  widths: number[]
}

// Aggregated per product in the same statement, so a page of products is one query, however long.
const imagesOfProduct = sql<ImageRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${productImages.id}, 'storageKey', ${productImages.storageKey}, 'width', ${productImages.width},
    'height', ${productImages.height}, 'widths', ${productImages.widths}) order by ${productImages.id})
  from ${productImages} where ${productImages.productId} = ${products.id}), '[]'::json)`

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  name_ur: products.nameUr,
  description_ur: products.descriptionUr,
  price: products.price,
  stock: products.stock,
  category: categories.name,
  is_featured: products.isFeatured,
  is_on_sale: products.isOnSale,
  average_rating: averageRating(products).mapWith(Number),
  review_count: products.reviewCount,
  created_at: products.createdAt,
  images: imagesOfProduct,
  category_id: products.categoryId,
  options: optionsOf(products.id),
  width_cm: products.widthCm,
  depth_cm: products.depthCm,
  height_cm: products.heightCm,
  weight_kg: products.weightKg,
  material: products.material,
  colour: products.colour,
  lead_time_days: products.leadTimeDays,
}

/** A product answer's columns: the edited ones, and the category's Urdu name for Urdu readers. */
const answerColumns = { ...productColumns, category_ur: categories.nameUr }

function selectProducts(db: Db) {
  return db.select(answerColumns).from(products).innerJoin(categories, eq(categories.id, products.categoryId))
}

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number]

/**
 * A product as the API answers it, in the reader's language (API.md "Languages"): name, description
 * and category name in Urdu where they have an Urdu text; `name_ur` and `description_ur` as staff gave them.
 */
function toProduct(
  storage: MediaStorage,
  { width_cm, depth_cm, height_cm, category_ur, ...row }: ProductRow,
  language: LanguageCode,
): Product {
  return {
    ...row,
    name: shown(language, row.name, row.name_ur),
    description: shown(language, row.description, row.description_ur),
    category: shown(language, row.category, category_ur),
    dimensions:
      width_cm !== null && depth_cm !== null && height_cm !== null ? { width_cm, depth_cm, height_cm } : null,
    price: formatMoney(row.price),
    created_at: row.created_at.toISOString(),
    images: row.images.map((image) => ({
      id: image.id,
      ...imageUrls(storage, image),
      width: image.width,
      height: image.height,
    })),
  }
}

const newestFirst = [desc(products.createdAt), desc(products.id)]

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
const categoryNamed = (name: string) =>
  sql`(select ${categories.id} from ${categories}
    where lower(${categories.name}) = lower(${name}) or ${categories.slug} = lower(${name})
      or (${categories.nameUr} <> '' and ${categories.nameUr} = ${name})
    order by ${categories.name} = ${name} desc, lower(${categories.name}) = lower(${name}) desc limit 1)`

/** The filters that facets count by, each leaving its own condition out of its own counts. */
type Facet = 'category' | 'price' | 'material' | 'colour' | 'inStock'
type Conditions = Partial<Record<Facet | 'search' | 'onSale' | 'maxStock', SQL>>

/** `lower(column)` is one of the values, letter case aside: the form products_*_idx are built on. */
function anyOf(column: AnyPgColumn, values: string[] | undefined): SQL | undefined {
  const wanted = (values ?? []).map((value) => value.trim()).filter(Boolean)
  if (wanted.length === 0) return undefined
  return sql`lower(${column}) in (${sql.join(
    wanted.map((value) => sql`lower(${value})`),
    sql`, `,
  )})`
}

function conditionsOf(filter: ProductFilter, search: ProductSearch | null): Conditions {
  return {
    search: search?.every.where,
    category: filter.category ? eq(products.categoryId, categoryNamed(filter.category)) : undefined,
    price: and(
      filter.minPrice === undefined ? undefined : gte(products.price, filter.minPrice),
      filter.maxPrice === undefined ? undefined : lte(products.price, filter.maxPrice),
    ),
    material: anyOf(products.material, filter.materials),
    colour: anyOf(products.colour, filter.colours),
    inStock: filter.inStock ? gt(products.stock, 0) : undefined,
    onSale: filter.onSale ? eq(products.isOnSale, true) : undefined,
    maxStock: filter.maxStock === undefined ? undefined : lte(products.stock, filter.maxStock),
  }
}

/** Every condition but the one of `left` (a facet's own filter). */
const allBut = (conditions: Conditions, left?: Facet) =>
  and(...Object.entries(conditions).flatMap(([name, condition]) => (name === left ? [] : [condition])))

/** The total of a list filtered at most by category and sale comes from product_counts, not a count. */
async function countListed(db: Db, filter: ProductFilter, conditions: Conditions): Promise<number> {
  const { category: _, onSale: __, ...others } = conditions
  if (Object.values(others).some(Boolean)) {
    const [total] = await db.select({ n: count() }).from(products).where(allBut(conditions))
    return total?.n ?? 0
  }
  const [total] = await db
    .select({
      n: sql<number>`coalesce(sum(${filter.onSale ? productCounts.onSale : productCounts.products}), 0)`.mapWith(
        Number,
      ),
    })
    .from(productCounts)
    .where(filter.category ? eq(productCounts.categoryId, categoryNamed(filter.category)) : undefined)
  return total?.n ?? 0
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
export async function listProducts(
  db: Db,
  storage: MediaStorage,
  filter: ProductFilter,
  window: { limit: number; offset: number },
  ordering?: ProductOrdering,
  language: LanguageCode = 'en',
): Promise<ProductPage> {
  const search = filter.search ? await productSearch(db, filter.search) : null
  const conditions = conditionsOf(filter, search)
  const where = allBut(conditions)

  if (search && !ordering) {
    const page = await rankedPage(db, storage, filter, conditions, search.every.score, window, language)
    if (page.count > 0 || search.words < 2) return page
    return closestMatches(db, storage, filter, search, conditions, window, language)
  }

  const [rows, total] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...orderings(language)[ordering ?? '-created_at'])
      .limit(window.limit)
      .offset(window.offset),
    countListed(db, filter, conditions),
  ])
  return { count: total, results: rows.map((row) => toProduct(storage, row, language)) }
}

/**
 * The facets of the catalogue under a filter: for each facet, the products matching every other
 * filter (its own left out, so a shopper sees what choosing another value would give), counted by
 * category, material and colour (those with products only), their price range, and how many have stock.
 */
export async function productFacets(
  db: Db,
  filter: ProductFilter,
  language: LanguageCode = 'en',
): Promise<ProductFacets> {
  // A category by the name the reader sees, which the filter also takes (categoryNamed).
  const categoryName = sql<string>`${shownName(categories, language)}`
  const search = filter.search ? await productSearch(db, filter.search) : null
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

/** One page of the products passing every condition, highest `score` first, and their total. */
async function rankedPage(
  db: Db,
  storage: MediaStorage,
  filter: ProductFilter,
  conditions: Conditions,
  score: SQL,
  window: { limit: number; offset: number },
  language: LanguageCode,
): Promise<ProductPage> {
  const where = allBut(conditions)
  // Every match is scored and counted in one pass over the full-text index (the total rides along
  // on each row of the page, `count(*) over ()`), carrying only id, score and date; the page's 20
  // rows are joined to their columns and images afterwards. `offset 0` keeps the planner from
  // merging the levels, which would drag each match's whole row through the count.
  const hits = db
    .select({
      id: products.id,
      score: sql<number>`${score}`.as('score'),
      createdAt: products.createdAt,
    })
    .from(products)
    .where(where)
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
  filter: ProductFilter,
  search: ProductSearch,
  conditions: Conditions,
  window: { limit: number; offset: number },
  language: LanguageCode,
): Promise<ProductPage> {
  const { some } = search
  const [best] = await db
    .select({ held: sql<number>`coalesce(max(${some.wordsHeld}), 0)`.mapWith(Number) })
    .from(products)
    .where(allBut({ ...conditions, search: some.where }))
  const held = best?.held ?? 0
  if (held === 0) return { count: 0, results: [] }
  const closest = { ...conditions, search: and(some.where, sql`${some.wordsHeld} = ${held}`) }
  const page = await rankedPage(db, storage, filter, closest, some.score, window, language)
  return { ...page, partialMatch: { words_matched: held, words_total: search.words } }
}

/** The newest featured products, for the home page carousel. */
export async function listFeaturedProducts(
  db: Db,
  storage: MediaStorage,
  limit: number,
  language: LanguageCode = 'en',
): Promise<Product[]> {
  const rows = await selectProducts(db)
    .where(eq(products.isFeatured, true))
    .orderBy(...newestFirst)
    .limit(limit)
  return rows.map((row) => toProduct(storage, row, language))
}

export async function getProduct(
  db: Db,
  storage: MediaStorage,
  id: number,
  language: LanguageCode = 'en',
): Promise<Product | null> {
  const [row] = await selectProducts(db).where(eq(products.id, id))
  return row ? toProduct(storage, row, language) : null
}

export async function getProductDetail(
  db: Db,
  storage: MediaStorage,
  id: number,
  language: LanguageCode = 'en',
): Promise<ProductDetail | null> {
  const [product, productReviews] = await Promise.all([
    getProduct(db, storage, id, language),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        created_at: reviews.createdAt,
        user: { id: users.id, first_name: users.firstName },
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.productId, id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
  ])
  if (!product) return null
  return {
    ...product,
    reviews: productReviews.map((review) => ({ ...review, created_at: review.created_at.toISOString() })),
  }
}

/** A category answer's columns; `name` is the one the reader sees. */
const categoryColumns = (language: LanguageCode) => ({
  id: categories.id,
  name: sql<string>`${shownName(categories, language)}`,
  name_ur: categories.nameUr,
  slug: categories.slug,
  product_count: sql<number>`coalesce(${productCounts.products}, 0)`.mapWith(Number),
})

const selectCategories = (db: Db, language: LanguageCode) =>
  db
    .select(categoryColumns(language))
    .from(categories)
    .leftJoin(productCounts, eq(productCounts.categoryId, categories.id))

/** The categories by the names the reader sees. */
export async function listCategories(
  db: Db,
  window: { limit: number; offset: number },
  language: LanguageCode = 'en',
): Promise<{ count: number; results: Category[] }> {
  const [results, [total]] = await Promise.all([
    selectCategories(db, language)
      .orderBy(asc(shownName(categories, language)), asc(categories.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(categories),
  ])
  return { count: total?.n ?? 0, results }
}

export async function getCategory(
  db: Db,
  id: number,
  language: LanguageCode = 'en',
): Promise<Category | null> {
  const [row] = await selectCategories(db, language).where(eq(categories.id, id))
  return row ?? null
}

/**
 * The 400 for a name another category holds: its Urdu name, the same name in another letter case, or
 * a name that makes the same slug (the unique index the insert or update ran into).
 */
async function nameTaken(db: Db, { name, name_ur }: CategoryBody, id: number | null) {
  if (name_ur) {
    const [urdu] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.nameUr, name_ur), id === null ? undefined : ne(categories.id, id)))
    if (urdu) {
      const detail = `A category named "${name_ur}" already exists.`
      return httpError(400, detail, { name_ur: [detail] })
    }
  }
  const [other] = await db
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.slug, categorySlug(sql`${name}`, sql`null`)))
  const detail = !other
    ? `A category named "${name}" already exists.`
    : other.name.toLowerCase() === name.toLowerCase()
      ? `A category named "${other.name}" already exists.`
      : `"${name}" is too close to the category "${other.name}": both would be "${other.slug}" in a web address.`
  return httpError(400, detail, { name: [detail] })
}

/** A category's audited fields by their API names. */
const categoryRecord = { name: categories.name, name_ur: categories.nameUr }

/** Creates a category; 400 naming the category that already has this name (letter case aside). */
export async function createCategory(
  db: Db,
  actor: Actor,
  body: CategoryBody,
  language: LanguageCode = 'en',
): Promise<Category> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({ name: body.name, nameUr: body.name_ur })
      .onConflictDoNothing()
      .returning({ id: categories.id, ...categoryRecord })
    if (row) {
      const { id, ...after } = row
      await recordChange(tx, actor, {
        action: 'category.create',
        entity: 'category',
        entityId: id,
        before: null,
        after,
      })
    }
    return row
  })
  if (!created) throw await nameTaken(db, body, null)
  const category = await getCategory(db, created.id, language)
  if (!category) throw new Error(`The category ${created.id} vanished as it was created`)
  return category
}

/**
 * Renames a category, in English and Urdu (its slug and its products' search words follow); null
 * when it is gone.
 */
export async function renameCategory(
  db: Db,
  actor: Actor,
  id: number,
  body: CategoryBody,
  language: LanguageCode = 'en',
): Promise<Category | null> {
  try {
    const renamed = await db.transaction(async (tx) => {
      const [before] = await tx
        .select(categoryRecord)
        .from(categories)
        .where(eq(categories.id, id))
        .for('update')
      if (!before) return false
      const [after] = await tx
        .update(categories)
        .set({ name: body.name, nameUr: body.name_ur })
        .where(eq(categories.id, id))
        .returning(categoryRecord)
      await recordChange(tx, actor, {
        action: 'category.update',
        entity: 'category',
        entityId: id,
        before,
        after: after ?? null,
      })
      return true
    })
    if (!renamed) return null
  } catch (error) {
    // Asked once the transaction has rolled back: the failed statement ended it.
    if (sqlState(error) === UNIQUE_VIOLATION) throw await nameTaken(db, body, id)
    throw error
  }
  return getCategory(db, id, language)
}

/**
 * Deletes a category; false when there is none. The products' foreign key refuses while any product
 * is in it, also one added at the same moment: 409 saying how many.
 */
export async function deleteCategory(
  db: Db,
  actor: Actor,
  id: number,
  language: LanguageCode = 'en',
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(categories).where(eq(categories.id, id)).returning(categoryRecord)
      if (!deleted) return false
      await recordChange(tx, actor, {
        action: 'category.delete',
        entity: 'category',
        entityId: id,
        before: deleted,
        after: null,
      })
      return true
    })
  } catch (error) {
    if (sqlState(error) !== FOREIGN_KEY_VIOLATION) throw error
    const category = await getCategory(db, id, language)
    const held = category?.product_count ?? 0
    throw httpError(
      409,
      `The category "${category?.name ?? id}" still has ${held === 1 ? '1 product' : `${held} products`}. ` +
        'Move them to another category or delete them first.',
    )
  }
}

/**
 * The id of the category with this name (letter case aside, an exact match preferred) or this Urdu
 * name (what a product answers Urdu readers as its category), else null.
 */
export async function findCategoryId(db: Db, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      sql`lower(${categories.name}) = ${name.toLowerCase()} or (${categories.nameUr} <> '' and ${categories.nameUr} = ${name})`,
    )
    .orderBy(desc(eq(categories.name, name)), desc(sql`lower(${categories.name}) = ${name.toLowerCase()}`))
    .limit(1)
  return row?.id ?? null
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id))
  return Boolean(row)
}

type ProductValues = Omit<ProductFormValues, 'category'> & { categoryId: number }

const productRecord = (values: ProductValues) => ({
  name: values.name,
  description: values.description,
  nameUr: values.name_ur,
  descriptionUr: values.description_ur,
  price: values.price,
  stock: values.stock,
  categoryId: values.categoryId,
  isFeatured: values.is_featured,
  isOnSale: values.is_on_sale,
  widthCm: values.width_cm,
  depthCm: values.depth_cm,
  heightCm: values.height_cm,
  weightKg: values.weight_kg,
  material: values.material,
  colour: values.colour,
  leadTimeDays: values.lead_time_days,
})

const imageRecords = (productId: number, images: readonly StoredImage[]) =>
  images.map((image) => ({ productId, ...image }))

/** What staff edit of a product: the answer's columns but its id, counts, date and image files. */
const {
  id: _id,
  average_rating: _rating,
  review_count: _reviews,
  created_at: _created,
  category_id: _categoryId,
  images: _images,
  ...editedColumns
} = productColumns

/**
 * A product's audited fields by their API names (price as the wire's string, images by id), its row
 * locked until the caller's transaction ends so no other edit slips between this and the change;
 * null when there is no such product.
 */
async function productSnapshot(tx: Db, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await tx
    .select({
      ...editedColumns,
      images: sql<number[]>`coalesce((select json_agg(${productImages.id} order by ${productImages.id})
        from ${productImages} where ${productImages.productId} = ${products.id}), '[]'::json)`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .for('update', { of: products })
  return row ? { ...row, price: formatMoney(row.price) } : null
}

/** Writes the product's audit entry: its fields as `before` (null on create) and as they are now. */
async function recordProductChange(
  tx: Db,
  actor: Actor,
  id: number,
  action: 'create' | 'update' | 'delete_image',
  before: Record<string, unknown> | null,
) {
  const after = await productSnapshot(tx, id)
  await recordChange(tx, actor, {
    action: `product.${action}`,
    entity: 'product',
    entityId: id,
    before,
    after,
  })
}

/** Creates a product with its options and already stored images; returns its id. */
export async function createProduct(
  db: Db,
  actor: Actor,
  values: ProductValues,
  images: readonly StoredImage[],
): Promise<number> {
  checkPriceRange(values.price, values.options)
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(products).values(productRecord(values)).returning({ id: products.id })
    if (!created) throw new Error('insert returned no row')
    if (images.length) await tx.insert(productImages).values(imageRecords(created.id, images))
    await replaceOptions(tx, created.id, values.options)
    await recordProductChange(tx, actor, created.id, 'create', null)
    return created.id
  })
}

/**
 * Updates a product's fields, replaces its options and adds the new images to its existing ones, in
 * one transaction; false when it is gone.
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  id: number,
  values: ProductValues,
  images: readonly StoredImage[],
): Promise<boolean> {
  checkPriceRange(values.price, values.options)
  return db.transaction(async (tx) => {
    const before = await productSnapshot(tx, id)
    if (!before) return false
    await tx.update(products).set(productRecord(values)).where(eq(products.id, id))
    if (images.length) await tx.insert(productImages).values(imageRecords(id, images))
    await replaceOptions(tx, id, values.options)
    await recordProductChange(tx, actor, id, 'update', before)
    return true
  })
}

const storedImageColumns = { storageKey: productImages.storageKey, widths: productImages.widths }

/**
 * Deletes a product (order lines keep their name and price; the foreign key sets their product to null).
 * Returns the images whose files should now be removed, or null when there was no such product.
 */
export async function deleteProduct(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ storageKey: string; widths: number[] }[] | null> {
  return db.transaction(async (tx) => {
    const before = await productSnapshot(tx, id)
    if (!before) return null
    const images = await tx
      .delete(productImages)
      .where(eq(productImages.productId, id))
      .returning(storedImageColumns)
    await tx.delete(products).where(eq(products.id, id))
    await recordChange(tx, actor, {
      action: 'product.delete',
      entity: 'product',
      entityId: id,
      before,
      after: null,
    })
    return images
  })
}

/** Deletes one image of one product; null when that product has no such image. */
export async function deleteProductImage(
  db: Db,
  actor: Actor,
  productId: number,
  imageId: number,
): Promise<{ storageKey: string; widths: number[] } | null> {
  return db.transaction(async (tx) => {
    const before = await productSnapshot(tx, productId)
    if (!before) return null
    const [image] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning(storedImageColumns)
    if (!image) return null
    await recordProductChange(tx, actor, productId, 'delete_image', before)
    return image
  })
}

/**
 * What a shopper's choice is checked against: the product's name, price, stock, lead time and options.
 * `lock` holds the product row (FOR SHARE) until the caller's transaction ends: an edit of the product
 * and its options waits, so a choice checked here cannot go stale before it is saved. The name is the
 * one a reader of `language` sees (for the sentences that name it).
 */
export async function productForChoice(
  db: Db,
  productId: number,
  { lock = false, language = 'en' }: { lock?: boolean; language?: LanguageCode } = {},
) {
  const query = db
    .select({
      name: sql<string>`${shownName(products, language)}`,
      price: products.price,
      stock: products.stock,
      leadTimeDays: products.leadTimeDays,
      options: optionsOf(products.id),
    })
    .from(products)
    .where(eq(products.id, productId))
  const [product] = await (lock ? query.for('share') : query)
  return product ?? null
}

/**
 * Checks a shopper's choices (option id → value id) against a product's options: every option chosen,
 * each with one of its own values, no other option named. Answers the chosen value ids ascending (the
 * cart's key of a choice set) and the choices as labels in the product's order; 400 naming the first
 * problem otherwise.
 */
export function resolveChoices(
  productName: string,
  options: ProductOption[],
  choices: OptionChoices,
): { valueIds: number[]; chosen: ChosenOption[] } {
  const known = new Set(options.map((option) => String(option.id)))
  const unknown = Object.keys(choices).find((key) => !known.has(key))
  if (unknown !== undefined) throw httpError(400, `"${productName}" has no option ${unknown}.`)
  const valueIds: number[] = []
  const chosen: ChosenOption[] = []
  for (const option of options) {
    const valueId = choices[String(option.id)]
    if (valueId === undefined) throw httpError(400, `Choose the ${option.name} of "${productName}".`)
    const value = option.values.find((candidate) => candidate.id === valueId)
    if (!value) throw httpError(400, `That ${option.name} is not offered for "${productName}".`)
    valueIds.push(valueId)
    chosen.push({ name: option.name, value: value.label })
  }
  return { valueIds: valueIds.sort((a, b) => a - b), chosen }
}

/**
 * A saved choice set of a product (a cart line's, or an order line's), in SQL: the chosen values as
 * `[{name, value}]` in the product's option order, and the sum of their price deltas (numeric).
 */
export function choiceOf(productId: AnyPgColumn, valueIds: AnyPgColumn | number[]) {
  const ids = Array.isArray(valueIds) ? integerArray(valueIds) : outer(valueIds)
  const chosen = sql`product_option_values v join product_options o on o.id = v.option_id
    where v.id = any(${ids}) and o.product_id = ${outer(productId)}`
  return {
    options: sql<ChosenOption[]>`coalesce((select json_agg(json_build_object('name', o.name, 'value', v.label)
      order by o.position, o.id) from ${chosen}), '[]'::json)`,
    delta: sql<string>`coalesce((select sum(v.price_delta) from ${chosen}), 0)`,
  }
}
