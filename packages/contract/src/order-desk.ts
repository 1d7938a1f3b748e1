import { z } from 'zod'
import { PakistaniMobile } from './addresses'
import { OptionChoices } from './catalog'
import {
  BodyId,
  IdParams,
  Money,
  MoneyInput,
  multilineText,
  PageQuery,
  Paginated,
  type RouteSpec,
  Timestamp,
  text,
} from './common'
import { CouponCode } from './coupons'
import { DeliveryChoices } from './delivery'
import { Order, PaymentMethod, Quote } from './orders'
import { paths } from './paths'
import { ReceiptForm } from './payments'

/** docs/api.md "Staff orders": the channels staff take orders on (the shop's checkout is `web`). */
export const STAFF_CHANNELS = ['phone', 'whatsapp', 'showroom'] as const
export const StaffChannel = z.enum(STAFF_CHANNELS, { error: 'Choose phone, WhatsApp or showroom.' })
export type StaffChannel = z.infer<typeof StaffChannel>

/** A draft made this many days ago or more is marked stale in the drafts list. */
export const DRAFT_STALE_DAYS = 30

/** The review link's life: one order, one purpose, seven days. */
export const REVIEW_LINK_DAYS = 7

const Name = (label: string) =>
  text({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} is at most 100 characters.`)

/** A customer of the shop, found by id, or a new one typed by staff (an email makes an account they can sign in to). */
export const StaffOrderCustomer = z.union(
  [
    z.strictObject({ id: BodyId }),
    z.strictObject({
      first_name: Name('First name'),
      last_name: Name('Last name'),
      phone: PakistaniMobile,
      email: z.email('Enter a valid email address.').trim().max(254).optional(),
    }),
  ],
  { error: 'Choose a customer, or give a new one a first name, a last name and a mobile number.' },
)
export type StaffOrderCustomer = z.input<typeof StaffOrderCustomer>

const Quantity = z
  .number({ error: 'Quantity must be a whole number.' })
  .int('Quantity must be a whole number.')
  .min(1, 'Quantity must be at least 1.')
  .max(1000, 'Quantity is at most 1000.')

const PriceReason = text().trim().max(200, 'A reason is at most 200 characters.')

/**
 * One line of a staff order or of an edit: a product with every option chosen, as in the cart. A unit
 * price other than the catalogue's needs a reason and an owner or a manager.
 */
export const DeskLine = z
  .strictObject({
    product_id: BodyId,
    quantity: Quantity,
    options: OptionChoices.default({}),
    unit_price: MoneyInput.optional(),
    price_reason: PriceReason.optional(),
  })
  .refine((line) => line.unit_price === undefined || (line.price_reason ?? '') !== '', {
    path: ['price_reason'],
    message: 'Say why the price is changed.',
  })
export type DeskLine = z.input<typeof DeskLine>

const Lines = z
  .array(DeskLine, { error: 'Add at least one product.' })
  .min(1, 'Add at least one product.')
  .max(50, 'An order has at most 50 lines.')

const Note = multilineText().trim().max(500, 'A note is at most 500 characters.')

/**
 * Staff put an order together (docs/api.md "Staff orders"): it is kept as a Draft, priced by the
 * checkout's quote with the staff's discount and delivery fee in place of the zone's when given.
 */
export const StaffOrderBody = z.strictObject({
  customer: StaffOrderCustomer,
  channel: StaffChannel,
  items: Lines,
  city: text({ error: 'City is required.' })
    .trim()
    .min(1, 'City is required.')
    .max(100, 'City is at most 100 characters.'),
  address: multilineText({ error: 'Address is required.' })
    .trim()
    .min(1, 'Address is required.')
    .max(300, 'Address is at most 300 characters.'),
  /** The delivery phone; the customer's own when left out */
  phone: PakistaniMobile.optional(),
  postal_code: text().trim().max(20, 'Postal code is at most 20 characters.').default(''),
  payment_method: PaymentMethod.default('cod'),
  coupon_code: CouponCode.optional(),
  /** Taken off the subtotal after any coupon */
  discount: MoneyInput.optional(),
  /** In place of the zone's fee */
  delivery_fee: MoneyInput.optional(),
  note: Note.default(''),
  ...DeliveryChoices,
})
export type StaffOrderBody = z.input<typeof StaffOrderBody>

/** The staff order's summary before it is saved: the same quote as the checkout's, lines included. */
export const StaffQuote = Quote.extend({
  lines: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      /** The chosen options by name, "Fabric: Charcoal bouclé" */
      options: z.array(z.object({ name: z.string(), value: z.string() })),
      quantity: z.number().int(),
      catalogue_price: Money,
      unit_price: Money,
      line_total: Money,
      /** Units in stock now (a draft holds none) */
      in_stock: z.number().int(),
    }),
  ),
})
export type StaffQuote = z.infer<typeof StaffQuote>

export const StaffQuoteBody = StaffOrderBody.omit({ customer: true, note: true, channel: true })
export type StaffQuoteBody = z.input<typeof StaffQuoteBody>

/** The link the customer gets (by mail and webhook, and for staff to paste into WhatsApp). */
export const SentDraft = z.object({
  order: Order,
  /** `/orders/{id}/review?token=…` on the shop's own address */
  link: z.string(),
  expires_at: Timestamp,
  /** Whether a mail went out (a customer without an email gets the link from staff) */
  mailed: z.boolean(),
})
export type SentDraft = z.infer<typeof SentDraft>

export const ReviewQuery = z.strictObject({
  token: text({ error: 'This link is not valid.' }).min(1, 'This link is not valid.').max(500),
})
export type ReviewQuery = z.infer<typeof ReviewQuery>

export const AcceptReviewBody = ReviewQuery
export type AcceptReviewBody = z.infer<typeof AcceptReviewBody>

/** What the review link shows: the order, and whether paying needs the account's own sign-in. */
export const OrderReview = z.object({
  order: Order,
  /** True when the customer has a password: paying the advance then needs their sign-in */
  sign_in_to_pay: z.boolean(),
  expires_at: Timestamp,
})
export type OrderReview = z.infer<typeof OrderReview>

/** A receipt sent through the review link (multipart, the file in `proof`), for a customer without a password. */
export const ReviewReceiptForm = ReceiptForm.extend({ token: ReviewQuery.shape.token })
export type ReviewReceiptForm = z.input<typeof ReviewReceiptForm>

/**
 * A change to a placed order (docs/api.md "order edits"): the whole new list of lines, the address,
 * city or phone. Staff may change until Shipped, the customer while Pending.
 */
export const EditOrderBody = z
  .strictObject({
    items: Lines.optional(),
    address: StaffOrderBody.shape.address.optional(),
    city: StaffOrderBody.shape.city.optional(),
    phone: PakistaniMobile.optional(),
    note: Note.default(''),
  })
  .refine(
    (edit) =>
      edit.items !== undefined ||
      edit.address !== undefined ||
      edit.city !== undefined ||
      edit.phone !== undefined,
    { message: 'Change the items, the address, the city or the phone.' },
  )
export type EditOrderBody = z.input<typeof EditOrderBody>

export const EditedOrder = z.object({
  order: Order,
  /** New total − old total, signed: above zero is due, below zero a refund owed */
  difference: Money,
})
export type EditedOrder = z.infer<typeof EditedOrder>

/** A customer as the order desk finds one: by name, phone or email. */
export const DeskCustomer = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** False for a customer kept by name and phone only */
  has_email: z.boolean(),
  city: z.string(),
  address: z.string(),
})
export type DeskCustomer = z.infer<typeof DeskCustomer>

export const FindCustomersQuery = PageQuery.extend({
  search: text().trim().min(1, 'Type a name, phone or email.').max(200),
})
export type FindCustomersQuery = z.infer<typeof FindCustomersQuery>

export const orderDeskRoutes = {
  createStaffOrder: {
    ...paths.orderDesk.createStaffOrder,
    access: { staff: 'orders' },
    summary:
      'Take an order for a customer by phone, WhatsApp or in the showroom: kept as a Draft, holding no stock; a new customer gets an account (reachable by phone without an email)',
    body: StaffOrderBody,
    status: 201,
    response: Order,
  },
  updateDraft: {
    ...paths.orderDesk.updateDraft,
    access: { staff: 'orders' },
    summary: 'Replace a Draft with a new one (409 once it is no longer a Draft)',
    params: IdParams,
    body: StaffOrderBody,
    status: 200,
    response: Order,
  },
  deleteDraft: {
    ...paths.orderDesk.deleteDraft,
    access: { staff: 'orders' },
    summary: 'Delete a Draft (409 once it is no longer a Draft)',
    params: IdParams,
    status: 204,
    response: null,
  },
  confirmDraft: {
    ...paths.orderDesk.confirmDraft,
    access: { staff: 'orders' },
    summary:
      "Confirm a Draft: it takes stock by the checkout's rules and becomes Pending; 409 naming a product that ran out",
    params: IdParams,
    status: 200,
    response: Order,
  },
  sendDraft: {
    ...paths.orderDesk.sendDraft,
    access: { staff: 'orders' },
    summary:
      'Send a Draft to its customer: a signed link to this order for 7 days, by mail (when they have an email) and webhook, and in the answer',
    params: IdParams,
    status: 200,
    response: SentDraft,
  },
  quoteStaffOrder: {
    ...paths.orderDesk.quoteStaffOrder,
    access: { staff: 'orders' },
    summary: "Price a staff order as the checkout would, staff's prices, discount and fee included",
    body: StaffQuoteBody,
    status: 200,
    response: StaffQuote,
  },
  findCustomers: {
    ...paths.orderDesk.findCustomers,
    access: { staff: 'orders' },
    summary: 'Customers whose name, phone or email matches, for the order desk',
    query: FindCustomersQuery,
    status: 200,
    response: Paginated(DeskCustomer),
  },
  getReview: {
    ...paths.orderDesk.getReview,
    access: 'anyone',
    summary:
      "The order a review link shows, without signing in (404 for a wrong, expired or other order's token)",
    params: IdParams,
    query: ReviewQuery,
    status: 200,
    response: OrderReview,
  },
  acceptReview: {
    ...paths.orderDesk.acceptReview,
    access: 'anyone',
    summary:
      'Accept the order of a review link: it takes stock and becomes Pending (409 naming a product that ran out)',
    params: IdParams,
    body: AcceptReviewBody,
    status: 200,
    response: OrderReview,
  },
  payReview: {
    ...paths.orderDesk.payReview,
    access: 'anyone',
    summary:
      'Send the advance receipt through the review link (multipart `proof`), for a customer without a password; one with a password signs in and pays from the order',
    params: IdParams,
    body: ReviewReceiptForm,
    multipart: true,
    status: 200,
    response: OrderReview,
  },
  editOrder: {
    ...paths.orderDesk.editOrder,
    access: 'user',
    staffSeesAll: 'orders',
    summary:
      'Change a placed order: its lines, address, city or phone, re-priced by the quote with stock moved at once (staff until Shipped, the owner while Pending)',
    params: IdParams,
    body: EditOrderBody,
    status: 200,
    response: EditedOrder,
  },
} as const satisfies Record<string, RouteSpec>
