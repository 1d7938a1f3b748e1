import { z } from 'zod'
import type { StaffRole } from './access'
import { Id, Money, MoneyInput, multilineText, type RouteSpec, Timestamp, text } from './common'
import { paths } from './paths'

/** docs/api.md "Money on an order": the payments ledger. */
export const ENTRY_KINDS = ['payment', 'refund'] as const
export const EntryKind = z.enum(ENTRY_KINDS, { error: 'Choose a payment or a refund.' })
export type EntryKind = z.infer<typeof EntryKind>

export const LEDGER_METHODS = ['cod', 'bank_transfer', 'cash', 'card', 'wallet'] as const
export const LedgerMethod = z.enum(LEDGER_METHODS, {
  error: 'Choose cash on delivery, bank transfer, cash, card or wallet.',
})
export type LedgerMethod = z.infer<typeof LedgerMethod>

export const ENTRY_STATUSES = ['pending', 'confirmed', 'rejected'] as const
export const EntryStatus = z.enum(ENTRY_STATUSES)
export type EntryStatus = z.infer<typeof EntryStatus>

const Person = z.object({ id: z.number().int(), first_name: z.string() })

/** One payment or refund of an order; only confirmed entries count toward what was paid. */
export const PaymentEntry = z.object({
  id: z.number().int(),
  kind: EntryKind,
  method: LedgerMethod,
  amount: Money,
  /** The transfer's reference, a card slip number… ("" when none) */
  reference: z.string(),
  /** What the person who recorded it wrote ("" when nothing) */
  note: z.string(),
  status: EntryStatus,
  /** The receipt the customer uploaded (an image or a PDF; the owner and staff fetch it with the Bearer header) */
  proof: z.object({ url: z.string(), content_type: z.string() }).nullable(),
  /** null when the person's account is gone */
  recorded_by: Person.nullable(),
  at: Timestamp,
  /** Who confirmed or rejected it (staff recording a confirmed entry check it themselves), when and why; null while pending */
  checked_by: Person.nullable(),
  checked_at: Timestamp.nullable(),
  check_note: z.string(),
})
export type PaymentEntry = z.infer<typeof PaymentEntry>

const Reference = text().trim().max(100, 'A reference is at most 100 characters.')
const Note = multilineText().trim().max(500, 'A note is at most 500 characters.')
const PositiveAmount = MoneyInput.refine((amount) => Number(amount) > 0, 'Enter an amount above zero.')

/** Staff record a payment or a refund taken by any method; confirmed at once unless they say pending. */
export const RecordPaymentBody = z.strictObject({
  kind: EntryKind,
  method: LedgerMethod,
  amount: PositiveAmount,
  reference: Reference.default(''),
  /** Required, and the caller an owner or a manager, for a payment above what is still due */
  note: Note.default(''),
  status: z.enum(['pending', 'confirmed']).default('confirmed'),
})
export type RecordPaymentBody = z.input<typeof RecordPaymentBody>

/** The customer's receipt form (multipart, the file in `proof`): a pending entry for staff to check. */
export const ReceiptForm = z.strictObject({
  amount: PositiveAmount,
  method: z
    .enum(['bank_transfer', 'wallet'], { error: 'Choose bank transfer or wallet.' })
    .default('bank_transfer'),
  reference: Reference.min(1, 'Enter the transfer reference.'),
})
export type ReceiptForm = z.input<typeof ReceiptForm>

/** Staff confirm or reject a pending entry; a rejection says why. */
export const CheckPaymentBody = z
  .strictObject({
    status: z.enum(['confirmed', 'rejected'], { error: 'Choose confirmed or rejected.' }),
    note: Note.default(''),
  })
  .refine((check) => check.status === 'confirmed' || check.note !== '', {
    path: ['note'],
    message: 'Say why the payment is rejected.',
  })
export type CheckPaymentBody = z.input<typeof CheckPaymentBody>

export const PaymentEntryParams = z.strictObject({ id: Id, pid: Id })

/** The store's advance rules (docs/api.md): none until staff set one. */
export const PaymentSettings = z.object({
  /** Percent of a made-to-order piece's price paid ahead (0: none) */
  advance_percent_made_to_order: z.number().int(),
  /** At least this percent of the total paid ahead when the total reaches the amount */
  advance_percent_over: z.object({ amount: Money, percent: z.number().int() }).nullable(),
  /** The cities where cash on delivery may pay the balance; empty: wherever the zone offers it */
  cod_balance_cities: z.array(z.string()),
})
export type PaymentSettings = z.infer<typeof PaymentSettings>

const Percent = (label: string) =>
  z
    .number({ error: `${label} is a whole number from 0 to 100.` })
    .int(`${label} is a whole number from 0 to 100.`)
    .min(0, `${label} is a whole number from 0 to 100.`)
    .max(100, `${label} is a whole number from 0 to 100.`)

export const PaymentSettingsBody = z.strictObject({
  advance_percent_made_to_order: Percent('The made-to-order advance'),
  advance_percent_over: z
    .strictObject({ amount: MoneyInput, percent: Percent('The advance percent') })
    .nullable()
    .default(null),
  cod_balance_cities: z
    .array(
      text({ error: 'A city is text.' })
        .trim()
        .min(1, 'A city cannot be empty.')
        .max(100, 'A city name is at most 100 characters.'),
    )
    .max(200, 'At most 200 cities.')
    .default([]),
})
export type PaymentSettingsBody = z.input<typeof PaymentSettingsBody>

/** Who may take more than an order's total or move an order past a payment rule, with a note. */
export const PAYMENT_OVERRIDE_ROLES: readonly StaffRole[] = ['owner', 'manager']
export const mayOverridePayments = (role: string | null | undefined) =>
  (PAYMENT_OVERRIDE_ROLES as readonly string[]).includes(role ?? '')

export const paymentRoutes = {
  listPayments: {
    ...paths.payments.listPayments,
    access: 'user',
    staffSeesAll: 'orders',
    summary: "An order's payments and refunds, oldest first (its owner or staff with the orders permission)",
    params: z.strictObject({ id: Id }),
    status: 200,
    response: z.array(PaymentEntry),
  },
  recordPayment: {
    ...paths.payments.recordPayment,
    access: 'user',
    staffSeesAll: 'orders',
    summary:
      'The owner sends a receipt (multipart: amount, method, reference and the file `proof`, an image or a PDF) as a pending entry; staff record a payment or a refund (JSON)',
    params: z.strictObject({ id: Id }),
    body: RecordPaymentBody,
    form: ReceiptForm,
    status: 201,
    response: PaymentEntry,
  },
  checkPayment: {
    ...paths.payments.checkPayment,
    access: { staff: 'orders' },
    summary: 'Confirm or reject a pending payment or refund, with a note (a rejection needs one)',
    params: PaymentEntryParams,
    body: CheckPaymentBody,
    status: 200,
    response: PaymentEntry,
  },
  getPaymentEntryProof: {
    ...paths.payments.getPaymentEntryProof,
    access: 'user',
    staffSeesAll: 'orders',
    summary: "The receipt of one entry (its order's owner or staff; 404 for anyone else)",
    params: PaymentEntryParams,
    status: 200,
    response: null,
  },
  getPaymentSettings: {
    ...paths.payments.getPaymentSettings,
    access: { staff: 'settings' },
    summary: 'The advance rules and the cities where cash on delivery may pay a balance',
    status: 200,
    response: PaymentSettings,
  },
  updatePaymentSettings: {
    ...paths.payments.updatePaymentSettings,
    access: { staff: 'settings' },
    summary: 'Set the advance rules and the cities where cash on delivery may pay a balance',
    body: PaymentSettingsBody,
    status: 200,
    response: PaymentSettings,
  },
} as const satisfies Record<string, RouteSpec>
