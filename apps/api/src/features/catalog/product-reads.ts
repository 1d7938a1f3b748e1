import type { LanguageCode, Product, ProductDetail } from '@store/contract'
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedOnce } from '../../db/prepared'
import { averageRating, categories, productImages, products, reviews, users } from '../../db/schema'
import { imageUrls } from '../../lib/images'
import { shown } from '../../lib/language'
import { formatMoney } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import type { Selection } from './answer-cache'
import { optionsOf } from './options'

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

export const productColumns = {
  id: products.id,
  sku: products.sku,
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
  advance_percent: products.advancePercent,
  low_stock_threshold: products.lowStockThreshold,
}

/** A product answer's columns: the edited ones, and the category's Urdu name for Urdu readers. */
export const answerColumns = { ...productColumns, category_ur: categories.nameUr }

export function selectProducts(db: Db) {
  return db.select(answerColumns).from(products).innerJoin(categories, eq(categories.id, products.categoryId))
}

export type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number]

/**
 * A product as the API answers it, in the reader's language (docs/api.md "Languages"): name, description
 * and category name in Urdu where they have an Urdu text; `name_ur` and `description_ur` as staff gave them.
 */
export function toProduct(
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

export const newestFirst = [desc(products.createdAt), desc(products.id)]

/** What the showcase selects and orders by, for the catalogue cache: featured, newest first. */
export const FEATURED_SELECTION: Selection = {
  columns: [products.isFeatured.name, products.createdAt.name],
  stockLevels: [],
}

/** The newest featured products, for the home page carousel. */
export async function listFeaturedProducts(
  db: Db,
  storage: MediaStorage,
  limit: number,
  language: LanguageCode,
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
  language: LanguageCode,
): Promise<Product | null> {
  const byId = preparedOnce(db, 'product by id', (name) =>
    selectProducts(db)
      .where(eq(products.id, sql.placeholder('id')))
      .prepare(name),
  )
  const [row] = await byId.execute({ id })
  return row ? toProduct(storage, row, language) : null
}

/** A product's reviews with their authors' first names, newest first. */
const reviewsOf = (db: Db, productId: number) =>
  preparedOnce(db, 'reviews of a product', (name) =>
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
      .where(eq(reviews.productId, sql.placeholder('productId')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .prepare(name),
  ).execute({ productId })

export async function getProductDetail(
  db: Db,
  storage: MediaStorage,
  id: number,
  language: LanguageCode,
): Promise<ProductDetail | null> {
  const [product, productReviews] = await Promise.all([
    getProduct(db, storage, id, language),
    reviewsOf(db, id),
  ])
  if (!product) return null
  return {
    ...product,
    reviews: productReviews.map((review) => ({ ...review, created_at: review.created_at.toISOString() })),
  }
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id))
  return Boolean(row)
}
