import { z } from 'zod'
import {
  BodyId,
  CalendarDate,
  Id,
  IdParams,
  Money,
  MoneyInput,
  multilineText,
  PageQuery,
  Paginated,
  type RouteSpec,
  Timestamp,
} from './common'
import { DateInput } from './delivery'
import { Order } from './orders'
import { paths } from './paths'
import { LedgerMethod } from './payments'

/** docs/api.md "Returns, exchanges and damage claims". */
export const CLAIM_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'pickup_scheduled',
  'received',
  'resolved',
] as const
export const ClaimStatus = z.enum(CLAIM_STATUSES, { error: 'Choose a claim status.' })
export type ClaimStatus = z.infer<typeof ClaimStatus>

export const CLAIM_REASONS = ['damaged', 'wrong_item', 'defect', 'changed_mind'] as const
export const ClaimReason = z.enum(CLAIM_REASONS, {
  error: 'Choose damaged, wrong item, defect or changed my mind.',
})
export type ClaimReason = z.infer<typeof ClaimReason>

export const CLAIM_WANTS = ['replace', 'repair', 'refund'] as const
export const ClaimWanted = z.enum(CLAIM_WANTS, { error: 'Choose a replacement, a repair or a refund.' })
export type ClaimWanted = z.infer<typeof ClaimWanted>

export const RESOLUTION_KINDS = ['replace', 'repair', 'refund', 'none'] as const
export const ResolutionKind = z.enum(RESOLUTION_KINDS, { error: 'Choose replace, repair, refund or none.' })
export type ResolutionKind = z.infer<typeof ResolutionKind>

/** Evidence limits: up to 6 photos and one video (mp4, webm or mov, checked by content). */
export const CLAIM_MAX_IMAGES = 6
export const CLAIM_MAX_VIDEOS = 1
/** The default of `CLAIM_VIDEO_MAX_BYTES` */
export const CLAIM_VIDEO_MAX_BYTES = 50 * 1024 * 1024

const Person = z.object({ id: z.number().int(), first_name: z.string() })

export const ClaimLine = z.object({
  order_item_id: z.number().int(),
  quantity: z.number().int(),
  /** The item's name and options as the order keeps them, in the reader's language */
  product_name: z.string(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
})
export type ClaimLine = z.infer<typeof ClaimLine>

export const Evidence = z.object({
  id: z.number().int(),
  kind: z.enum(['image', 'video']),
  /**
   * Signed for the reader (owner or staff) and good for an hour, so an <img> or a <video> can load it
   * without the Bearer header; videos answer range requests
   */
  url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
})
export type Evidence = z.infer<typeof Evidence>

export const RestockLine = z.object({
  order_item_id: z.number().int(),
  quantity: z.number().int(),
  to: z.enum(['stock', 'write_off']),
  /** Where a restocked unit goes back; null for a write-off */
  location_id: z.number().int().nullable(),
})
export type RestockLine = z.infer<typeof RestockLine>

export const Resolution = z.object({
  kind: ResolutionKind,
  /** The refund entry written in the order's ledger */
  refund_amount: Money.nullable(),
  /** The zero-priced order that sends the replacement */
  replacement_order_id: z.number().int().nullable(),
  restock: z.array(RestockLine),
})
export type Resolution = z.infer<typeof Resolution>

export const ClaimEvent = z.object({
  status: ClaimStatus,
  at: Timestamp,
  by: Person.nullable(),
  note: z.string(),
})
export type ClaimEvent = z.infer<typeof ClaimEvent>

export const Claim = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  customer: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  created_at: Timestamp,
  status: ClaimStatus,
  reason: ClaimReason,
  lines: z.array(ClaimLine),
  description: z.string(),
  evidence: z.array(Evidence),
  wanted: ClaimWanted,
  /** The day staff collect the pieces; null until scheduled */
  pickup_date: CalendarDate.nullable(),
  resolution: Resolution.nullable(),
  /** Oldest first; the first is the request */
  history: z.array(ClaimEvent),
  /** The conversation with the store, where messages about the claim go */
  conversation_id: z.number().int().nullable(),
})
export type Claim = z.infer<typeof Claim>

const Description = multilineText()
  .trim()
  .min(1, 'Describe the problem.')
  .max(2000, 'A description is at most 2000 characters.')

const ClaimLineInput = z.strictObject({
  order_item_id: BodyId,
  quantity: z
    .number({ error: 'Quantity must be a whole number.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(1000),
})

/**
 * The claim form's text fields (multipart; the files as repeated `evidence` fields). `lines` is JSON
 * text: `[{order_item_id, quantity}]`.
 */
export const ClaimForm = z.strictObject({
  lines: z
    .string({ error: 'Choose the items with the problem.' })
    .transform((raw, context) => {
      try {
        return JSON.parse(raw) as unknown
      } catch {
        context.addIssue({ code: 'custom', message: 'Choose the items with the problem.' })
        return z.NEVER
      }
    })
    .pipe(
      z
        .array(ClaimLineInput, { error: 'Choose the items with the problem.' })
        .min(1, 'Choose the items with the problem.')
        .max(50),
    ),
  reason: ClaimReason,
  description: Description,
  wanted: ClaimWanted,
})
export type ClaimForm = z.input<typeof ClaimForm>

export const ClaimListQuery = PageQuery.extend({
  status: ClaimStatus.optional(),
  order: Id.optional(),
})
export type ClaimListQuery = z.infer<typeof ClaimListQuery>

const Note = multilineText().trim().max(500, 'A note is at most 500 characters.')

export const ResolutionChoice = z.strictObject({
  kind: ResolutionKind,
  /** For a refund: the amount (at most what was paid and not refunded) and how it goes back */
  refund_amount: MoneyInput.optional(),
  refund_method: LedgerMethod.optional(),
  restock: z
    .array(
      z.strictObject({
        order_item_id: BodyId,
        quantity: ClaimLineInput.shape.quantity,
        to: z.enum(['stock', 'write_off'], { error: 'Choose back to stock or written off.' }),
        location_id: BodyId.optional(),
      }),
    )
    .max(50)
    .default([]),
})
export type ResolutionChoice = z.input<typeof ResolutionChoice>

/**
 * Staff move a claim on: requested → approved | rejected (with a reason) → pickup_scheduled (with a
 * date) → received → resolved (with a resolution). A note goes into the claim's history.
 */
export const UpdateClaimBody = z
  .strictObject({
    status: ClaimStatus,
    pickup_date: DateInput.optional(),
    note: Note.default(''),
    resolution: ResolutionChoice.optional(),
  })
  .refine((change) => change.status !== 'rejected' || change.note !== '', {
    path: ['note'],
    message: 'Say why the claim is rejected.',
  })
  .refine((change) => change.status !== 'pickup_scheduled' || change.pickup_date !== undefined, {
    path: ['pickup_date'],
    message: 'Choose the pickup date.',
  })
  .refine((change) => change.status !== 'resolved' || change.resolution !== undefined, {
    path: ['resolution'],
    message: 'Choose how the claim is resolved.',
  })
export type UpdateClaimBody = z.input<typeof UpdateClaimBody>

export const ClaimSettings = z.object({
  /** Damage is reported within this many hours of delivery */
  damage_hours: z.number().int(),
  /** Exchanges and other problems within this many days of delivery */
  exchange_days: z.number().int(),
  /** Whether "changed my mind" is a reason the store accepts */
  changed_mind: z.boolean(),
  /** Whether made-to-order pieces (lead time above 0) may be returned */
  made_to_order_returnable: z.boolean(),
  /** Percent of what was paid kept when a confirmed order is cancelled */
  cancellation_fee_percent: z.number().int(),
})
export type ClaimSettings = z.infer<typeof ClaimSettings>

const WholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} is a whole number from 0 to ${max}.` })
    .int(`${label} is a whole number from 0 to ${max}.`)
    .min(0, `${label} is a whole number from 0 to ${max}.`)
    .max(max, `${label} is a whole number from 0 to ${max}.`)

export const ClaimSettingsBody = z.strictObject({
  damage_hours: WholeNumber('The damage window', 8760),
  exchange_days: WholeNumber('The exchange window', 365),
  changed_mind: z.boolean({ error: 'Say whether a change of mind is accepted.' }),
  made_to_order_returnable: z.boolean({ error: 'Say whether made-to-order pieces can be returned.' }),
  cancellation_fee_percent: WholeNumber('The cancellation fee', 100),
})
export type ClaimSettingsBody = z.input<typeof ClaimSettingsBody>

export const EvidenceParams = z.strictObject({ id: Id, evidenceId: Id })
export const EvidenceQuery = z.strictObject({ token: z.string().max(500).default('') })
export type EvidenceQuery = z.infer<typeof EvidenceQuery>

/** Staff answer a customer's request to cancel a confirmed order; a refusal says why. */
export const DecideCancellationBody = z
  .strictObject({
    decision: z.enum(['approve', 'refuse'], { error: 'Choose approve or refuse.' }),
    note: Note.default(''),
    /** How the refund goes back; the order's own method when left out (bank transfer for cash on delivery) */
    refund_method: LedgerMethod.optional(),
  })
  .refine((answer) => answer.decision === 'approve' || answer.note !== '', {
    path: ['note'],
    message: 'Say why the cancellation is refused.',
  })
export type DecideCancellationBody = z.input<typeof DecideCancellationBody>

export const claimRoutes = {
  createClaim: {
    ...paths.claims.createClaim,
    access: 'user',
    summary:
      "Report a problem with a delivered order (multipart: `lines` as JSON, `reason`, `description`, `wanted`, and up to 6 images and 1 video as repeated `evidence` files) within the store's windows",
    params: IdParams,
    body: ClaimForm,
    multipart: true,
    status: 201,
    response: Claim,
  },
  listClaims: {
    ...paths.claims.listClaims,
    access: 'user',
    staffSeesAll: 'orders',
    summary: 'Your claims, newest first; staff with the orders permission see every claim, oldest first',
    query: ClaimListQuery,
    status: 200,
    response: Paginated(Claim),
  },
  getClaim: {
    ...paths.claims.getClaim,
    access: 'user',
    staffSeesAll: 'orders',
    summary: 'One claim (its owner or staff with the orders permission; 404 for anyone else)',
    params: IdParams,
    status: 200,
    response: Claim,
  },
  updateClaim: {
    ...paths.claims.updateClaim,
    access: { staff: 'orders' },
    summary:
      'Move a claim on: approve or reject, schedule the pickup, mark received, resolve (replacement order, repair, or refund in the ledger; each line back to stock or written off)',
    params: IdParams,
    body: UpdateClaimBody,
    status: 200,
    response: Claim,
  },
  getEvidence: {
    ...paths.claims.getEvidence,
    access: 'anyone',
    summary:
      "A claim's photo or video by the signed address a claim's owner or staff read (404 without a valid signature), with HTTP range requests",
    params: EvidenceParams,
    query: EvidenceQuery,
    status: 200,
    response: null,
  },
  getClaimSettings: {
    ...paths.claims.getClaimSettings,
    access: 'anyone',
    summary: "The store's windows for claims and its cancellation fee (the returns policy shoppers read)",
    status: 200,
    response: ClaimSettings,
  },
  updateClaimSettings: {
    ...paths.claims.updateClaimSettings,
    access: { staff: 'settings' },
    summary: "Change the store's windows for claims and its cancellation fee",
    body: ClaimSettingsBody,
    status: 200,
    response: ClaimSettings,
  },
  decideCancellation: {
    ...paths.claims.decideCancellation,
    access: { staff: 'orders' },
    summary:
      "Approve (the order is cancelled, stock comes back, what was paid less the fee is refunded) or refuse a customer's request to cancel a confirmed order",
    params: IdParams,
    body: DecideCancellationBody,
    status: 200,
    response: Order,
  },
} as const satisfies Record<string, RouteSpec>
