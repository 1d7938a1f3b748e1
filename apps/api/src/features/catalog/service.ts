import type { Category, PartialMatch, Product, ProductDetail, ProductFormValues } from '@store/contract'
import { and, asc, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { categories, productCounts, productImages, products, reviews, users } from '../../db/schema'
import { imageUrls, type StoredImage } from '../../lib/images'
import { formatMoney } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
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
  price: products.price,
  stock: products.stock,
  category: categories.name,
  is_featured: products.isFeatured,
  is_on_sale: products.isOnSale,
  average_rating: sql<number>`case when ${products.reviewCount} > 0
    then round(${products.ratingTotal}::numeric / ${products.reviewCount}, 1) else 0 end`.mapWith(Number),
  review_count: products.reviewCount,
  created_at: products.createdAt,
  images: imagesOfProduct,
}

function selectProducts(db: Db) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
}

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number]

function toProduct(storage: MediaStorage, row: ProductRow): Product {
  return {
    ...row,
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

export interface ProductFilter {
  search?: string | undefined
  /** A category name, in any letter case */
  category?: string | undefined
  onSale?: boolean
  maxStock?: number
}

/**
 * The category with this name, letter case aside, an exact match preferred (as `findCategoryId`).
 * One id rather than a set, so the planner walks products_category_idx in order.
 */
const categoryNamed = (name: string) =>
  sql`(select ${categories.id} from ${categories} where lower(${categories.name}) = lower(${name})
    order by ${categories.name} = ${name} desc limit 1)`

/** The total of a list without a search or a stock bound comes from product_counts, not a count. */
async function countListed(
  db: Db,
  filter: ProductFilter,
  searching: boolean,
  where: SQL | undefined,
): Promise<number> {
  if (searching || filter.maxStock !== undefined) {
    const [total] = await db.select({ n: count() }).from(products).where(where)
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

/** One page of products (newest first, or best match first when searching) and the total count. */
export async function listProducts(
  db: Db,
  storage: MediaStorage,
  filter: ProductFilter,
  window: { limit: number; offset: number },
): Promise<ProductPage> {
  const search = filter.search ? await productSearch(db, filter.search) : null
  const conditions: SQL[] = []
  if (filter.category) conditions.push(eq(products.categoryId, categoryNamed(filter.category)))
  if (filter.onSale) conditions.push(eq(products.isOnSale, true))
  if (filter.maxStock !== undefined) conditions.push(lte(products.stock, filter.maxStock))

  if (search) {
    const page = await rankedPage(
      db,
      storage,
      filter,
      and(search.every.where, ...conditions),
      search.every.score,
      window,
    )
    if (page.count > 0 || search.words < 2) return page
    return closestMatches(db, storage, filter, search, conditions, window)
  }

  const where = and(...conditions)
  const [rows, total] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset),
    countListed(db, filter, false, where),
  ])
  return { count: total, results: rows.map((row) => toProduct(storage, row)) }
}

/** One page of the products passing `where`, highest `score` first, and their total. */
async function rankedPage(
  db: Db,
  storage: MediaStorage,
  filter: ProductFilter,
  where: SQL | undefined,
  score: SQL,
  window: { limit: number; offset: number },
): Promise<ProductPage> {
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
    .select({ ...productColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(desc(page.score), desc(page.createdAt), desc(page.id))
  // Past the last page there is no row to carry the total.
  const total = rows[0]?.total ?? (window.offset > 0 ? await countListed(db, filter, true, where) : 0)
  return { count: total, results: rows.map(({ total: _, ...row }) => toProduct(storage, row)) }
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
  conditions: SQL[],
  window: { limit: number; offset: number },
): Promise<ProductPage> {
  const { some } = search
  const [best] = await db
    .select({ held: sql<number>`coalesce(max(${some.wordsHeld}), 0)`.mapWith(Number) })
    .from(products)
    .where(and(some.where, ...conditions))
  const held = best?.held ?? 0
  if (held === 0) return { count: 0, results: [] }
  const where = and(some.where, sql`${some.wordsHeld} = ${held}`, ...conditions)
  const page = await rankedPage(db, storage, filter, where, some.score, window)
  return { ...page, partialMatch: { words_matched: held, words_total: search.words } }
}

/** The newest featured products, for the home page carousel. */
export async function listFeaturedProducts(db: Db, storage: MediaStorage, limit: number): Promise<Product[]> {
  const rows = await selectProducts(db)
    .where(eq(products.isFeatured, true))
    .orderBy(...newestFirst)
    .limit(limit)
  return rows.map((row) => toProduct(storage, row))
}

export async function getProduct(db: Db, storage: MediaStorage, id: number): Promise<Product | null> {
  const [row] = await selectProducts(db).where(eq(products.id, id))
  return row ? toProduct(storage, row) : null
}

export async function getProductDetail(
  db: Db,
  storage: MediaStorage,
  id: number,
): Promise<ProductDetail | null> {
  const [product, productReviews] = await Promise.all([
    getProduct(db, storage, id),
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

export async function listCategories(
  db: Db,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: Category[] }> {
  const [results, [total]] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.name))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(categories),
  ])
  return { count: total?.n ?? 0, results }
}

/** The id of the category with this name (letter case aside, an exact match preferred), else null. */
export async function findCategoryId(db: Db, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(sql`lower(${categories.name})`, name.toLowerCase()))
    .orderBy(desc(eq(categories.name, name)))
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
  price: values.price,
  stock: values.stock,
  categoryId: values.categoryId,
  isFeatured: values.is_featured,
  isOnSale: values.is_on_sale,
})

const imageRecords = (productId: number, images: readonly StoredImage[]) =>
  images.map((image) => ({ productId, ...image }))

/** Creates a product with its already stored images; returns its id. */
export async function createProduct(
  db: Db,
  values: ProductValues,
  images: readonly StoredImage[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(products).values(productRecord(values)).returning({ id: products.id })
    if (!created) throw new Error('insert returned no row')
    if (images.length) await tx.insert(productImages).values(imageRecords(created.id, images))
    return created.id
  })
}

/** Updates a product's fields and adds the new images to its existing ones; false when it is gone. */
export async function updateProduct(
  db: Db,
  id: number,
  values: ProductValues,
  images: readonly StoredImage[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(products)
      .set(productRecord(values))
      .where(eq(products.id, id))
      .returning({ id: products.id })
    if (!updated) return false
    if (images.length) await tx.insert(productImages).values(imageRecords(id, images))
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
  id: number,
): Promise<{ storageKey: string; widths: number[] }[] | null> {
  return db.transaction(async (tx) => {
    const images = await tx
      .delete(productImages)
      .where(eq(productImages.productId, id))
      .returning(storedImageColumns)
    const [deleted] = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id })
    return deleted ? images : null
  })
}

/** Deletes one image of one product; null when that product has no such image. */
export async function deleteProductImage(
  db: Db,
  productId: number,
  imageId: number,
): Promise<{ storageKey: string; widths: number[] } | null> {
  const [image] = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning(storedImageColumns)
  return image ?? null
}
