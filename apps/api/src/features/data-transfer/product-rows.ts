import { PRODUCT_CSV_COLUMNS, type ProductOption, STOCK_COLUMN_PREFIX } from '@store/contract'
import { asc, eq, gt, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { categories, locations, products, stockLevels } from '../../db/schema'
import type { Cell } from '../../lib/csv'
import { formatMoney } from '../../lib/money'
import { productColumns } from '../catalog/product-reads'
import { keysetPages } from './csv'

/** A location of the store and the column that holds its units. */
export interface StockColumn {
  locationId: number
  column: string
}

/** Every location, oldest first, each as a column of the product file. */
export async function stockColumns(db: Db): Promise<StockColumn[]> {
  const rows = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .orderBy(asc(locations.id))
  return rows.map((row) => ({ locationId: row.id, column: `${STOCK_COLUMN_PREFIX}${row.name}` }))
}

// What the product form edits, as the catalogue reads it; what the store keeps by itself stays out.
const { stock, average_rating, review_count, created_at, images, category_id, ...rowColumns } = productColumns

/** A product as the file holds it: every column's cell as text, its options with their ids aside. */
export interface ProductFileRow {
  id: number
  cells: Record<string, string>
  options: ProductOption[]
  /** Units by location id */
  stock: Map<number, number>
}

const cellOf = (value: string | number | boolean | null): string => (value === null ? '' : String(value))

/** The options cell: the product form's options as JSON, without ids; empty when there are none. */
export const optionsCell = (options: ProductOption[]): string =>
  options.length === 0
    ? ''
    : JSON.stringify(
        options.map((option) => ({
          name: option.name,
          values: option.values.map((value) => ({ label: value.label, price_delta: value.price_delta })),
        })),
      )

/** Products (ordered by id) as file rows, with their stock at each location, one query each. */
async function fileRows(db: Db, where: SQL | undefined, limit?: number): Promise<ProductFileRow[]> {
  const query = db
    .select(rowColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(products.id))
  const rows = await (limit === undefined ? query : query.limit(limit))
  if (rows.length === 0) return []
  const levels = await db
    .select({
      productId: stockLevels.productId,
      locationId: stockLevels.locationId,
      quantity: stockLevels.quantity,
    })
    .from(stockLevels)
    .where(
      inArray(
        stockLevels.productId,
        rows.map((row) => row.id),
      ),
    )
  const stock = new Map<number, Map<number, number>>()
  for (const level of levels) {
    const held = stock.get(level.productId) ?? new Map<number, number>()
    held.set(level.locationId, level.quantity)
    stock.set(level.productId, held)
  }
  return rows.map(({ id, options, price, ...row }) => ({
    id,
    options,
    stock: stock.get(id) ?? new Map(),
    cells: {
      ...Object.fromEntries(Object.entries(row).map(([column, value]) => [column, cellOf(value)])),
      price: formatMoney(price),
      options: optionsCell(options),
    },
  }))
}

/** The file rows of the products with these codes. */
export function productsBySku(db: Db, skus: string[]): Promise<ProductFileRow[]> {
  return skus.length === 0 ? Promise.resolve([]) : fileRows(db, inArray(products.sku, skus))
}

/** The product file's header: its columns, then one per location. */
export const productHeader = (places: StockColumn[]) => [
  ...PRODUCT_CSV_COLUMNS,
  ...places.map((place) => place.column),
]

/** Every product as the file's rows, a page at a time. */
export async function* productFilePages(db: Db, places: StockColumn[]): AsyncGenerator<Cell[][]> {
  const pages = keysetPages((afterId, limit) =>
    fileRows(db, afterId === undefined ? undefined : gt(products.id, afterId), limit),
  )
  for await (const page of pages) {
    yield page.map((product) => [
      ...PRODUCT_CSV_COLUMNS.map((column) => product.cells[column] ?? ''),
      ...places.map((place) => product.stock.get(place.locationId) ?? 0),
    ])
  }
}
