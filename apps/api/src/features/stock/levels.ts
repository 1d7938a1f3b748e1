import type { StockLevels } from '@store/contract'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { locations, products, stockLevels } from '../../db/schema'
import { thresholdOf } from './alerts'

const levelColumns = {
  product_id: products.id,
  name: products.name,
  stock: products.stock,
  low_stock_threshold: products.lowStockThreshold,
  threshold: thresholdOf,
}
type LevelRow = {
  product_id: number
  name: string
  stock: number
  low_stock_threshold: number | null
  threshold: number
}

/** The products' stock at each location (in location order), one query for a page. */
async function withLocations(db: Db, rows: LevelRow[]): Promise<StockLevels[]> {
  if (rows.length === 0) return []
  const held = await db
    .select({
      productId: stockLevels.productId,
      location_id: locations.id,
      name: locations.name,
      quantity: stockLevels.quantity,
    })
    .from(stockLevels)
    .innerJoin(locations, eq(locations.id, stockLevels.locationId))
    .where(
      inArray(
        stockLevels.productId,
        rows.map((row) => row.product_id),
      ),
    )
    .orderBy(asc(locations.id))
  return rows.map((row) => ({
    ...row,
    by_location: held
      .filter((level) => level.productId === row.product_id)
      .map(({ productId: _, ...level }) => level),
  }))
}

/** A product's stock by location; null when there is no such product. */
export async function getStockLevels(db: Db, productId: number): Promise<StockLevels | null> {
  const rows = await db.select(levelColumns).from(products).where(eq(products.id, productId))
  const [levels] = await withLocations(db, rows)
  return levels ?? null
}

/** Products kept in stock at or below their threshold, lowest stock first. */
export async function listLowStock(db: Db, window: { limit: number; offset: number }) {
  const low = sql`${products.leadTimeDays} = 0 and ${products.stock} <= ${thresholdOf}`
  const [rows, [counted]] = await Promise.all([
    db
      .select(levelColumns)
      .from(products)
      .where(low)
      .orderBy(asc(products.stock), asc(products.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(products).where(low),
  ])
  return { count: counted?.count ?? 0, results: await withLocations(db, rows) }
}
