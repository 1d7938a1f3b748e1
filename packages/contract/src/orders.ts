import { z } from 'zod'
import { ShippingFields } from './addresses'
import { ChosenOption } from './catalog'
import {
  CalendarDate,
  IdParams,
  Money,
  multilineText,
  PageQuery,
  Paginated,
  type RouteSpec,
  Timestamp,
  text,
} from './common'
import { CouponCode } from './coupons'
import { DateInput, DeliveryChoices, Service } from './delivery'
import { paths } from './paths'
import { PaymentEntry } from './payments'

/**
 * Draft: a staff order being put together (docs/api.md "Staff orders"); it holds no stock and its
 * customer cannot see it until staff send it.
 */
export const ORDER_STATUSES = ['Draft', 'Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const
export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatus>

/** The statuses staff move a placed order between: a placed order never goes back to Draft. */
export const PlacedStatus = OrderStatus.exclude(['Draft'], {
  error: 'Choose Pending, Processing, Shipped, Delivered or Cancelled.',
})
export type PlacedStatus = z.infer<typeof PlacedStatus>

/** Where a sale was made: the web shop, or by staff for a phone call, a WhatsApp chat or the showroom */
export const ORDER_CHANNELS = ['web', 'phone', 'whatsapp', 'showroom'] as const
export const OrderChannel = z.enum(ORDER_CHANNELS)
export type OrderChannel = z.infer<typeof OrderChannel>

export const PAYMENT_METHODS = ['cod', 'bank_transfer'] as const
export const PaymentMethod = z.enum(PAYMENT_METHODS, { error: 'Choose cash on delivery or bank transfer.' })
export type PaymentMethod = z.infer<typeof PaymentMethod>

/**
 * Derived from the payments ledger (docs/api.md "Money on an order"): proof_submitted while an entry
 * waits for staff, then by what was confirmed.
 */
export const PAYMENT_STATUSES = [
  'unpaid',
  'proof_submitted',
  'partially_paid',
  'paid',
  'partially_refunded',
  'refunded',
] as const
export const PaymentStatus = z.enum(PAYMENT_STATUSES)
export type PaymentStatus = z.infer<typeof PaymentStatus>

/** One change in an order's life: the status and payment status after it, who made it and why. */
export const OrderEvent = z.object({
  status: OrderStatus,
  payment_status: PaymentStatus,
  at: Timestamp,
  /** null when the person's account is gone */
  by: z.object({ id: z.number().int(), first_name: z.string() }).nullable(),
  note: z.string(),
})
export type OrderEvent = z.infer<typeof OrderEvent>

export const OrderItem = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  /** The unit price paid: the product's price plus the chosen values' deltas, at the time of the order */
  price: Money,
  /** The chosen options as they were named when the order was placed */
  options: z.array(ChosenOption),
  /** Why staff set this unit price instead of the catalogue's (owner or manager); null at the catalogue's price */
  price_reason: z.string().nullable(),
  product: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    images: z.array(z.object({ id: z.number().int(), image_url: z.string() })),
  }),
})
export type OrderItem = z.infer<typeof OrderItem>

const Person = z.object({ id: z.number().int(), first_name: z.string() })

export const CANCELLATION_REQUEST_STATUSES = ['pending', 'approved', 'refused'] as const

/**
 * The customer asked to cancel a confirmed order (docs/api.md "Cancellation after confirmation"):
 * staff approve it (the order is cancelled and `refund` goes back as a refund entry) or refuse it.
 */
export const CancellationRequest = z.object({
  status: z.enum(CANCELLATION_REQUEST_STATUSES),
  requested_at: Timestamp,
  /** What the customer wrote ("" when nothing) */
  note: z.string(),
  /** The store's fee: `fee_percent` of what was paid when the request was made */
  fee_percent: z.number().int(),
  fee: Money,
  /** What was paid minus the fee: the refund an approval records */
  refund: Money,
  decided_by: Person.nullable(),
  decided_at: Timestamp.nullable(),
  /** Staff's reason, required when they refuse ("" while pending) */
  decision_note: z.string(),
})
export type CancellationRequest = z.infer<typeof CancellationRequest>

export const Order = z.object({
  id: z.number().int(),
  created_at: Timestamp,
  status: OrderStatus,
  /** Where the sale was made; web for the shop's checkout */
  channel: OrderChannel,
  /** The staff member who took a phone, WhatsApp or showroom order; null for a web order */
  created_by: Person.nullable(),
  /** Staff's note on a staff order ("" when none) */
  note: z.string(),
  /** What staff gave a staff order: a discount after any coupon ("0.00": none), and a delivery fee in place of the zone's (null: the zone's) */
  staff_discount: Money,
  staff_delivery_fee: Money.nullable(),
  /** The latest request to cancel after confirmation; null when none */
  cancellation_request: CancellationRequest.nullable(),
  total_price: Money,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  phone: z.string(),
  payment_method: PaymentMethod,
  payment_status: PaymentStatus,
  /** total_price = subtotal − discount + delivery_fee + cod_fee + the services' fees, each as the quote gave it */
  subtotal: Money,
  discount: Money,
  delivery_fee: Money,
  cod_fee: Money,
  /** Assembly and carrying up floors without a lift, when taken */
  services: z.array(Service),
  coupon_code: z.string().nullable(),
  /** The delivery estimate as calendar days in Pakistan from the day of the order */
  eta_min_date: CalendarDate,
  eta_max_date: CalendarDate,
  /** The day the van brings it (null on orders from before delivery days) */
  delivery_date: CalendarDate.nullable(),
  /** 0 is the ground floor */
  floor: z.number().int(),
  lift: z.boolean(),
  assembly: z.boolean(),
  /** Where the owner and staff fetch the latest receipt (with the Bearer header); null until one is uploaded */
  payment_proof_url: z.string().nullable(),
  /** Confirmed payments − confirmed refunds */
  amount_paid: Money,
  /** Confirmed refunds */
  amount_refunded: Money,
  /** What is still to pay: total − confirmed payments, never below zero ("0.00" on a cancelled order) */
  balance_due: Money,
  /** What must still be paid before the order is confirmed ("0.00" when none) */
  advance_due: Money,
  /** Every payment and refund, oldest first */
  payments: z.array(PaymentEntry),
  /** Every status and payment change, oldest first; the first is the placement */
  history: z.array(OrderEvent),
  items: z.array(OrderItem),
})
export type Order = z.infer<typeof Order>

/** What the checkout prices: the caller's cart delivered to a city, paid one way, maybe with a coupon. */
export const QuoteBody = z.strictObject({
  city: ShippingFields.city,
  payment_method: PaymentMethod,
  coupon_code: CouponCode.optional(),
  ...DeliveryChoices,
})
export type QuoteBody = z.input<typeof QuoteBody>

export const Quote = z.object({
  subtotal: Money,
  discount: Money,
  delivery_fee: Money,
  cod_fee: Money,
  total_price: Money,
  /** Paid ahead, before the order is confirmed ("0.00" when the store's rules ask none) */
  advance_due: Money,
  /** The rest, paid on delivery (cash on delivery) or by transfer before it */
  balance_due: Money,
  eta_min_days: z.number().int(),
  eta_max_days: z.number().int(),
  coupon: z.object({ code: z.string(), discount: Money }).nullable(),
  /** The services asked for, priced; their fees are in the total */
  services: z.array(Service),
  /** The days the vans can come, earliest first: the later of the zone's time and the cart's longest lead time, Sundays and the store's holidays skipped */
  delivery_dates: z.array(CalendarDate),
  /** The day asked for, else the earliest */
  delivery_date: CalendarDate,
})
export type Quote = z.infer<typeof Quote>

/**
 * docs/product.md §5's six shipping fields (required, email in email format) and, for Pakistan, a mobile
 * number, how the customer pays and an optional coupon (docs/api.md "Checkout for Pakistan").
 */
export const PlaceOrderBody = z.strictObject({
  ...ShippingFields,
  email: z.email('Enter a valid email address.').trim().max(254),
  payment_method: PaymentMethod,
  coupon_code: CouponCode.optional(),
  ...DeliveryChoices,
})
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>

/** The header a client sends to place an order at most once (docs/api.md "Exactly-once order placement"). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'

/** 1 to 200 visible ASCII characters (RFC 9110 VCHAR), e.g. a UUID made for one checkout attempt. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'An Idempotency-Key is 1 to 200 visible characters, such as a UUID.')

// Loose: the route reads this one header and leaves the others (authorization, content-type) as sent.
export const PlaceOrderHeaders = z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional() })
export type PlaceOrderHeaders = z.infer<typeof PlaceOrderHeaders>

export const OrderListQuery = PageQuery.extend({
  scope: z.enum(['all', 'mine']).optional(),
  /** Without one, staff lists leave drafts out; `Draft` lists only them */
  status: OrderStatus.optional(),
  payment_status: PaymentStatus.optional(),
  channel: OrderChannel.optional(),
  /** An order number, or part of the customer's name, phone or email */
  search: text().trim().max(200).optional(),
})
export type OrderListQuery = z.infer<typeof OrderListQuery>

const Note = multilineText().trim().max(500, 'A note is at most 500 characters.')

/**
 * Staff move an order on: its status, its payment status or both, with a note for the timeline. The
 * payment status follows the ledger: `paid` records a confirmed payment of the balance and `refunded` a
 * confirmed refund of what was paid. `override` (owner or manager, with a note) moves the status past a
 * payment rule: Processing with an advance due, Delivered with a balance due.
 */
export const UpdateOrderBody = z
  .strictObject({
    status: PlacedStatus.optional(),
    payment_status: z
      .enum(['paid', 'refunded'], { error: 'Record a payment or a refund instead.' })
      .optional(),
    note: Note.default(''),
    override: z.boolean().default(false),
    /** Staff move the delivery day; the customer is told */
    delivery_date: DateInput.optional(),
  })
  .refine(
    (change) =>
      change.status !== undefined ||
      change.payment_status !== undefined ||
      change.delivery_date !== undefined,
    { message: 'Send a status, a payment status or a delivery date.' },
  )
  .refine((change) => !change.override || change.note !== '', {
    path: ['note'],
    message: 'Say why the payment rule is overridden.',
  })
export type UpdateOrderBody = z.input<typeof UpdateOrderBody>

export const CancelOrderBody = z.strictObject({ note: Note.default('') })
export type CancelOrderBody = z.input<typeof CancelOrderBody>

export const orderRoutes = {
  placeOrder: {
    ...paths.orders.placeOrder,
    access: 'user',
    summary: 'Place an order from the cart; once per Idempotency-Key within 24 hours',
    headers: PlaceOrderHeaders,
    body: PlaceOrderBody,
    status: 201,
    response: Order,
  },
  listOrders: {
    ...paths.orders.listOrders,
    access: 'user',
    staffSeesAll: 'orders',
    summary: 'Your orders, newest first; scope=all lists every order (staff with the orders permission)',
    query: OrderListQuery,
    status: 200,
    response: Paginated(Order),
  },
  getOrder: {
    ...paths.orders.getOrder,
    access: 'user',
    staffSeesAll: 'orders',
    summary: 'One order (its owner or staff with the orders permission)',
    params: IdParams,
    status: 200,
    response: Order,
  },
  updateOrder: {
    ...paths.orders.updateOrder,
    access: { staff: 'orders' },
    summary:
      'Change the status of an order with a note, or settle its payment (paid or refunded, written to its ledger); each change is recorded',
    params: IdParams,
    body: UpdateOrderBody,
    status: 200,
    response: Order,
  },
  quoteOrder: {
    ...paths.orders.quoteOrder,
    access: 'user',
    summary: 'Price the cart for a city, payment method and coupon: the totals an order would get',
    body: QuoteBody,
    status: 200,
    response: Quote,
  },
  cancelOrder: {
    ...paths.orders.cancelOrder,
    access: 'user',
    summary:
      "Cancel your own order while it is Pending (stock and coupon use come back); on a confirmed order (Processing) it asks staff instead, with the store's cancellation fee; 409 once Shipped",
    params: IdParams,
    body: CancelOrderBody,
    status: 200,
    response: Order,
  },
  uploadPaymentProof: {
    ...paths.orders.uploadPaymentProof,
    access: 'user',
    summary: 'Upload the bank receipt of your bank-transfer order (multipart `image`)',
    params: IdParams,
    body: z.strictObject({}),
    multipart: true,
    status: 200,
    response: Order,
  },
  getPaymentProof: {
    ...paths.orders.getPaymentProof,
    access: 'user',
    staffSeesAll: 'orders',
    summary: 'The bank receipt image of an order (its owner or staff; 404 for anyone else)',
    params: IdParams,
    status: 200,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
