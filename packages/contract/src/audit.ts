import { z } from 'zod'
import { Id, PageQuery, Paginated, type RouteSpec, Timestamp, text } from './common'
import { paths } from './paths'

/** The kinds of record a staff change can touch. */
export const AuditEntity = z.enum([
  'product',
  'category',
  'order',
  'delivery_zone',
  'bank_account',
  'payment_settings',
  'payment',
  'location',
  'stock',
  'stock_settings',
  'delivery_settings',
  'store_details',
  'delivery_run',
  'delivery_stop',
  'cash_hand_in',
  'coupon',
  'user',
  'claim',
  'claim_settings',
])
export type AuditEntity = z.infer<typeof AuditEntity>

/** The changed fields of a record, by their API names: all of them on create and delete */
const Fields = z.record(z.string(), z.unknown()).nullable()

/** One staff change: who, from where, when, what, and the changed fields before and after. */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: Timestamp,
  /** null once written by a process rather than a person */
  actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  ip: z.string().nullable(),
  /** e.g. `product.update`, `order.update`, `user.update` */
  action: z.string(),
  entity: AuditEntity,
  entity_id: z.number().int().nullable(),
  before: Fields,
  after: Fields,
})
export type AuditEntry = z.infer<typeof AuditEntry>

const Day = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-24.')

export const AuditQuery = PageQuery.extend({
  /** Part of the actor's email, any case */
  actor: text().trim().max(254).optional(),
  entity: AuditEntity.optional(),
  entity_id: Id.optional(),
  /** First and last day, inclusive, in Pakistan time */
  from: Day.optional(),
  to: Day.optional(),
})
export type AuditQuery = z.input<typeof AuditQuery>

export const auditRoutes = {
  listAudit: {
    ...paths.audit.listAudit,
    access: { staff: 'audit' },
    summary: 'The audit log, newest first, filtered by actor, record and days',
    query: AuditQuery,
    status: 200,
    response: Paginated(AuditEntry),
  },
} as const satisfies Record<string, RouteSpec>
