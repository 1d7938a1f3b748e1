import { z } from 'zod'
import {
  BodyId,
  IdParams,
  multilineText,
  PageQuery,
  Paginated,
  type RouteSpec,
  Timestamp,
  text,
} from './common'
import { DateInput } from './delivery'
import { paths } from './paths'

/** docs/api.md "Stock you can trust": where pieces are kept, and every unit that moved. */
export const LOCATION_KINDS = ['warehouse', 'showroom', 'workshop'] as const
export const LocationKind = z.enum(LOCATION_KINDS, { error: 'Choose a warehouse, a showroom or a workshop.' })
export type LocationKind = z.infer<typeof LocationKind>

export const Location = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: LocationKind,
  city: z.string(),
  is_active: z.boolean(),
})
export type Location = z.infer<typeof Location>

export const LocationBody = z.strictObject({
  name: text({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(100, 'A name is at most 100 characters.'),
  kind: LocationKind,
  city: text({ error: 'City is required.' })
    .trim()
    .min(1, 'City is required.')
    .max(100, 'A city name is at most 100 characters.'),
  is_active: z.boolean().default(true),
})
export type LocationBody = z.input<typeof LocationBody>

export const MOVEMENT_REASONS = [
  'opening',
  'sale',
  'cancel',
  'return',
  'adjustment',
  'transfer',
  'count',
  'production',
  'write_off',
] as const
export const MovementReason = z.enum(MOVEMENT_REASONS)
export type MovementReason = z.infer<typeof MovementReason>

/** One change of a product's stock at one location: never edited, never deleted. */
export const StockMovement = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  /** Units in (above 0) or out (below 0) */
  delta: z.number().int(),
  reason: MovementReason,
  /** What caused it: an order, or the transfer whose other half it is */
  reference: z.object({ kind: z.enum(['order', 'transfer']), id: z.number().int() }).nullable(),
  note: z.string(),
  /** Who made it (the customer for their own order and cancel); null for the opening and once the account is gone */
  actor: z.object({ id: z.number().int(), first_name: z.string() }).nullable(),
  at: Timestamp,
})
export type StockMovement = z.infer<typeof StockMovement>

const OptionalId = z.coerce.number().int().positive().max(2_147_483_647).optional()

export const MovementQuery = PageQuery.extend({
  product: OptionalId,
  location: OptionalId,
  reason: MovementReason.optional(),
  /** Days in Pakistan, inclusive */
  from: DateInput.optional(),
  to: DateInput.optional(),
})
export type MovementQuery = z.infer<typeof MovementQuery>

const StockNote = multilineText().trim().max(500, 'A note is at most 500 characters.')
const Units = (label: string) =>
  z
    .number({ error: `${label} is a whole number.` })
    .int(`${label} is a whole number.`)
    .min(-1_000_000, `${label} is at most 1,000,000 units.`)
    .max(1_000_000, `${label} is at most 1,000,000 units.`)

/**
 * Staff change a product's stock at a location, always with a reason: a count sets the number there
 * (`count`) and records the difference; any other reason moves `delta` units.
 */
export const AdjustmentBody = z
  .strictObject({
    product_id: BodyId,
    location_id: BodyId,
    reason: z.enum(['adjustment', 'count', 'production', 'write_off', 'return'], {
      error: 'Choose why the stock changes.',
    }),
    delta: Units('The change').optional(),
    count: Units('The count').min(0, 'A count cannot be negative.').optional(),
    note: StockNote.default(''),
  })
  .refine((body) => (body.reason === 'count' ? body.count !== undefined : body.delta !== undefined), {
    path: ['delta'],
    message: 'Give the units that change, or for a count the number counted.',
  })
  .refine((body) => body.reason === 'count' || body.delta !== 0, {
    path: ['delta'],
    message: 'A change of 0 units changes nothing.',
  })
export type AdjustmentBody = z.input<typeof AdjustmentBody>

export const TransferBody = z
  .strictObject({
    product_id: BodyId,
    from: BodyId,
    to: BodyId,
    quantity: Units('The quantity').min(1, 'Move at least one unit.'),
    note: StockNote.default(''),
  })
  .refine((body) => body.from !== body.to, { path: ['to'], message: 'Choose another location to move to.' })
export type TransferBody = z.input<typeof TransferBody>

/** A product's stock where it is kept (staff only: the shop's floor plan is not public). */
export const StockLevels = z.object({
  product_id: z.number().int(),
  name: z.string(),
  stock: z.number().int(),
  /** The product's own threshold; null: the store's default */
  low_stock_threshold: z.number().int().nullable(),
  /** The threshold that applies */
  threshold: z.number().int(),
  by_location: z.array(
    z.object({ location_id: z.number().int(), name: z.string(), quantity: z.number().int() }),
  ),
})
export type StockLevels = z.infer<typeof StockLevels>

export const StockSettings = z.object({ low_stock_threshold: z.number().int() })
export type StockSettings = z.infer<typeof StockSettings>
export const StockSettingsBody = z.strictObject({
  low_stock_threshold: z
    .number({ error: 'The threshold is a whole number from 0 to 10,000.' })
    .int('The threshold is a whole number from 0 to 10,000.')
    .min(0, 'The threshold is a whole number from 0 to 10,000.')
    .max(10_000, 'The threshold is a whole number from 0 to 10,000.'),
})
export type StockSettingsBody = z.input<typeof StockSettingsBody>

export const BackInStockRequest = z.object({ product_id: z.number().int(), created_at: Timestamp })
export type BackInStockRequest = z.infer<typeof BackInStockRequest>

export const stockRoutes = {
  listLocations: {
    ...paths.stock.listLocations,
    access: { staff: 'catalogue' },
    summary: 'Every location, active first, then by name',
    status: 200,
    response: z.array(Location),
  },
  createLocation: {
    ...paths.stock.createLocation,
    access: { staff: 'catalogue' },
    summary: 'Add a warehouse, showroom or workshop; 409 when the name is taken',
    body: LocationBody,
    status: 201,
    response: Location,
  },
  updateLocation: {
    ...paths.stock.updateLocation,
    access: { staff: 'catalogue' },
    summary: 'Rename or move a location, or set it inactive (orders no longer take stock from it)',
    params: IdParams,
    body: LocationBody,
    status: 200,
    response: Location,
  },
  deleteLocation: {
    ...paths.stock.deleteLocation,
    access: { staff: 'catalogue' },
    summary: 'Remove a location; 409 while it holds stock or has history',
    params: IdParams,
    status: 204,
    response: null,
  },
  listMovements: {
    ...paths.stock.listMovements,
    access: { staff: 'catalogue' },
    summary: 'The stock ledger, newest first, by product, location, reason and days',
    query: MovementQuery,
    status: 200,
    response: Paginated(StockMovement),
  },
  adjustStock: {
    ...paths.stock.adjustStock,
    access: { staff: 'catalogue' },
    summary: 'Change a product’s stock at a location with a reason; a count sets the number; 409 below 0',
    body: AdjustmentBody,
    status: 201,
    response: StockLevels,
  },
  transferStock: {
    ...paths.stock.transferStock,
    access: { staff: 'catalogue' },
    summary: 'Move units of a product from one location to another; 409 when the first holds too few',
    body: TransferBody,
    status: 201,
    response: StockLevels,
  },
  getStockLevels: {
    ...paths.stock.getStockLevels,
    access: { staff: 'catalogue' },
    summary: 'A product’s stock by location and its low-stock threshold',
    params: IdParams,
    status: 200,
    response: StockLevels,
  },
  listLowStock: {
    ...paths.stock.listLowStock,
    access: { staff: 'catalogue' },
    summary: 'Products kept in stock at or below their threshold, lowest first, with stock by location',
    query: PageQuery,
    status: 200,
    response: Paginated(StockLevels),
  },
  getStockSettings: {
    ...paths.stock.getStockSettings,
    access: { staff: 'catalogue' },
    summary: 'The store’s default low-stock threshold',
    status: 200,
    response: StockSettings,
  },
  updateStockSettings: {
    ...paths.stock.updateStockSettings,
    access: { staff: 'catalogue' },
    summary: 'Set the store’s default low-stock threshold',
    body: StockSettingsBody,
    status: 200,
    response: StockSettings,
  },
  notifyMe: {
    ...paths.stock.notifyMe,
    access: 'user',
    summary: 'Ask for a mail when a sold-out product (not made to order) is back in stock; once per request',
    params: IdParams,
    status: 201,
    response: BackInStockRequest,
  },
} as const satisfies Record<string, RouteSpec>
