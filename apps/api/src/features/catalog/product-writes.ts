import type { ProductFormValues } from '@store/contract'
import { and, eq, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors'
import { categories, productImages, products } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import type { StoredImage } from '../../lib/images'
import { formatMoney } from '../../lib/money'
import type { Notifier } from '../notifications/service'
import { stockChanged } from '../stock/alerts'
import { checkPriceRange, replaceOptions } from './options'
import { productColumns } from './product-reads'

type ProductValues = Omit<ProductFormValues, 'category'> & { categoryId: number }

/** A product as staff save it: its fields, and its new images, already stored. */
export interface ProductSave {
  values: ProductValues
  images: readonly StoredImage[]
}

/** A product's row as a form or a file sets it. */
export const productRecord = (values: ProductValues) => ({
  // Left out, a new product is numbered by the database and an edited one keeps its code.
  ...(values.sku !== undefined && { sku: values.sku }),
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
  advancePercent: values.advance_percent,
  lowStockThreshold: values.low_stock_threshold,
})

/**
 * The stock a product form sets is written to the ledger by the database (migration 0021: a count at
 * the first location, an opening for a new product); the session names who set it.
 */
const stockWrittenBy = (tx: Db, actor: Actor) =>
  tx.execute(sql`select set_config('store.actor_id', ${String(actor.id)}, true)`)

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
  {
    id,
    action,
    before,
  }: { id: number; action: 'create' | 'update' | 'delete_image'; before: Record<string, unknown> | null },
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

/** The database refusing a second product with a code, as the API says it. */
export async function skuUnique<T>(sku: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw httpError(409, 'The form is not valid.', {
        // Unnamed, the database drew a number staff had already given another product by hand.
        sku: [
          sku === undefined
            ? 'The next store code is taken; give this product a code.'
            : `Another product has the code ${sku}.`,
        ],
      })
    }
    throw error
  }
}

/**
 * Moves the store's numbering past the highest code given in its own form (`CL-000123`) by hand or by
 * a file, so the next product left without a code does not draw one already taken.
 */
export async function keepStoreNumbersAhead(tx: Db): Promise<void> {
  await queryRows(
    tx,
    sql`select setval('products_sku_seq', greatest(
      (select last_value from products_sku_seq),
      (select coalesce(max(substring(${products.sku} from '^CL-([0-9]{1,15})$')::bigint), 1) from ${products})
    ))`,
  )
}

/** Creates a product with its options and already stored images; returns its id. */
export async function createProduct(db: Db, actor: Actor, { values, images }: ProductSave): Promise<number> {
  checkPriceRange(values.price, values.options)
  return skuUnique(values.sku, () =>
    db.transaction(async (tx) => {
      await stockWrittenBy(tx, actor)
      const [created] = await tx.insert(products).values(productRecord(values)).returning({ id: products.id })
      if (!created) throw new Error('insert returned no row')
      if (images.length) await tx.insert(productImages).values(imageRecords(created.id, images))
      await replaceOptions(tx, created.id, values.options)
      if (values.sku !== undefined) await keepStoreNumbersAhead(tx)
      await recordProductChange(tx, actor, { id: created.id, action: 'create', before: null })
      return created.id
    }),
  )
}

/**
 * Updates a product's fields, replaces its options and adds the new images to its existing ones, in
 * one transaction, with what a change of its stock tells staff and shoppers; false when it is gone.
 */
export async function updateProduct(
  db: Db,
  { actor, notifier }: { actor: Actor; notifier: Notifier },
  id: number,
  { values, images }: ProductSave,
): Promise<boolean> {
  checkPriceRange(values.price, values.options)
  return skuUnique(values.sku, () =>
    db.transaction(async (tx) => {
      const before = await productSnapshot(tx, id)
      if (!before) return false
      await stockWrittenBy(tx, actor)
      await tx.update(products).set(productRecord(values)).where(eq(products.id, id))
      if (images.length) await tx.insert(productImages).values(imageRecords(id, images))
      await replaceOptions(tx, id, values.options)
      if (values.sku !== undefined) await keepStoreNumbersAhead(tx)
      await recordProductChange(tx, actor, { id, action: 'update', before })
      await stockChanged(tx, notifier, [id])
      return true
    }),
  )
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
    await recordProductChange(tx, actor, { id: productId, action: 'delete_image', before })
    return image
  })
}
