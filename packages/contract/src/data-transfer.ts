import { z } from 'zod'
import { type RouteSpec, text } from './common'
import { DateInput } from './delivery'
import { OrderStatus, PaymentStatus } from './orders'
import { paths } from './paths'
import { EntryKind, EntryStatus, LedgerMethod } from './payments'
import { MovementReason } from './stock'

/**
 * docs/api.md "Papers and data": the catalogue, the orders, the payments ledger and the stock ledger as
 * CSV (UTF-8 with a byte order mark, so Excel shows Urdu), and products loaded back from the same file.
 */

/** The largest product file the import reads. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
/** The most products one file holds, and the most problems a check lists: both bound the work and the answer. */
export const IMPORT_MAX_ROWS = 20_000
export const IMPORT_MAX_PROBLEMS = 500

/**
 * The product file's columns, in export order. `options` holds the product form's options as JSON
 * without ids: `[{"name":"Fabric","values":[{"label":"Velvet","price_delta":"4000.00"}]}]` (ids are
 * matched by option name and value label on import, so carts choosing them keep their choice). Stock
 * follows as one column per location, named `stock: <location name>`; a location left out keeps its
 * units. Empty cells of optional numbers leave them unset (the store's rule applies).
 */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'name_ur',
  'description',
  'description_ur',
  'category',
  'price',
  'options',
  'is_featured',
  'is_on_sale',
  'width_cm',
  'depth_cm',
  'height_cm',
  'weight_kg',
  'material',
  'colour',
  'lead_time_days',
  'advance_percent',
  'low_stock_threshold',
] as const
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]

/** Without these a product file is refused as a whole; the others keep a product's values when left out. */
export const PRODUCT_CSV_REQUIRED: readonly ProductCsvColumn[] = [
  'sku',
  'name',
  'description',
  'category',
  'price',
]

/** A column holding one location's units: `stock: Main warehouse`. */
export const STOCK_COLUMN_PREFIX = 'stock: '

const OptionalId = z.coerce.number().int().positive().max(2_147_483_647).optional()

/** The order list's filters (without its pages): the export holds every matching order. */
export const OrderExportQuery = z.strictObject({
  status: OrderStatus.optional(),
  payment_status: PaymentStatus.optional(),
  search: text().trim().max(200).optional(),
})
export type OrderExportQuery = z.infer<typeof OrderExportQuery>

/** Ledger entries recorded on these days in Pakistan (inclusive), of this kind, method and status. */
export const PaymentExportQuery = z.strictObject({
  kind: EntryKind.optional(),
  method: LedgerMethod.optional(),
  status: EntryStatus.optional(),
  from: DateInput.optional(),
  to: DateInput.optional(),
})
export type PaymentExportQuery = z.infer<typeof PaymentExportQuery>

/** The stock ledger's filters (without its pages). */
export const StockExportQuery = z.strictObject({
  product: OptionalId,
  location: OptionalId,
  reason: MovementReason.optional(),
  from: DateInput.optional(),
  to: DateInput.optional(),
})
export type StockExportQuery = z.infer<typeof StockExportQuery>

export const ImportQuery = z.strictObject({
  /** `true`: check the file and say what it would do, changing nothing */
  dry_run: z.enum(['true', 'false']).optional(),
})
export type ImportQuery = z.infer<typeof ImportQuery>

/** One problem of a product file: its row as a spreadsheet numbers it (the header is row 1). */
export const ImportProblem = z.object({ row: z.number().int(), column: z.string(), message: z.string() })
export type ImportProblem = z.infer<typeof ImportProblem>

/**
 * What an import did, or in a dry run would do. With any problem nothing is applied (a real run too):
 * `created` and `updated` then count what the rows without problems would do.
 */
export const ImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(ImportProblem),
})
export type ImportResult = z.infer<typeof ImportResult>

const csv = 'streamed as CSV, UTF-8 with a byte order mark'

export const dataTransferRoutes = {
  exportProducts: {
    ...paths.dataTransfer.exportProducts,
    access: { staff: 'catalogue' },
    summary: `Every product with its options, Urdu texts and stock by location, ${csv}; the import's format`,
    status: 200,
    response: null,
  },
  exportOrders: {
    ...paths.dataTransfer.exportOrders,
    access: { staff: 'orders' },
    summary: `The orders matching the order list's filters, one row per order line, newest first, ${csv}`,
    query: OrderExportQuery,
    status: 200,
    response: null,
  },
  exportPayments: {
    ...paths.dataTransfer.exportPayments,
    access: { staff: 'orders' },
    summary: `The payments ledger (payments and refunds of every order), newest first, ${csv}`,
    query: PaymentExportQuery,
    status: 200,
    response: null,
  },
  exportStock: {
    ...paths.dataTransfer.exportStock,
    access: { staff: 'catalogue' },
    summary: `The stock ledger filtered as its list is, newest first, ${csv}`,
    query: StockExportQuery,
    status: 200,
    response: null,
  },
  importProducts: {
    ...paths.dataTransfer.importProducts,
    access: { staff: 'catalogue' },
    summary:
      'Create or update products by sku from a CSV file (multipart `file`, at most 5 MB); all rows or none, audited as one import; `dry_run=true` only checks',
    query: ImportQuery,
    multipart: true,
    status: 200,
    response: ImportResult,
  },
} as const satisfies Record<string, RouteSpec>
