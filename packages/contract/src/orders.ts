import { z } from 'zod'
import { ChosenOption } from './catalog'
import {
  IdParams,
  Money,
  multilineText,
  PageQuery,
  Paginated,
  type RouteSpec,
  Timestamp,
  text,
} from './common'
import { paths } from './paths'

export const ORDER_STATUSES = ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const
export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatus>

export const OrderItem = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  /** The unit price paid: the product's price plus the chosen values' deltas, at the time of the order */
  price: Money,
  /** The chosen options as they were named when the order was placed */
  options: z.array(ChosenOption),
  product: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    images: z.array(z.object({ id: z.number().int(), image_url: z.string() })),
  }),
})
export type OrderItem = z.infer<typeof OrderItem>

export const Order = z.object({
  id: z.number().int(),
  created_at: Timestamp,
  status: OrderStatus,
  total_price: Money,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  items: z.array(OrderItem),
})
export type Order = z.infer<typeof Order>

const Required = (label: string, max: number, kind = text) =>
  kind({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max)

/** SPEC §5: all six shipping fields required, email in email format. */
export const PlaceOrderBody = z.strictObject({
  first_name: Required('First name', 150),
  last_name: Required('Last name', 150),
  email: z.email('Enter a valid email address.').trim().max(254),
  address: Required('Address', 300, multilineText),
  city: Required('City', 100),
  postal_code: Required('Postal code', 20),
})
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>

/** The header a client sends to place an order at most once (API.md "Exactly-once order placement"). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'

/** 1 to 200 visible ASCII characters (RFC 9110 VCHAR), e.g. a UUID made for one checkout attempt. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'An Idempotency-Key is 1 to 200 visible characters, such as a UUID.')

// Loose: the route reads this one header and leaves the others (authorization, content-type) as sent.
export const PlaceOrderHeaders = z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional() })
export type PlaceOrderHeaders = z.infer<typeof PlaceOrderHeaders>

export const OrderListQuery = PageQuery.extend({ scope: z.enum(['all', 'mine']).optional() })
export type OrderListQuery = z.infer<typeof OrderListQuery>

export const UpdateOrderStatusBody = z.strictObject({ status: OrderStatus })
export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusBody>

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
    summary: 'Your orders, newest first; scope=all lists every order (staff)',
    query: OrderListQuery,
    status: 200,
    response: Paginated(Order),
  },
  getOrder: {
    ...paths.orders.getOrder,
    access: 'user',
    summary: 'One order (its owner or staff)',
    params: IdParams,
    status: 200,
    response: Order,
  },
  updateOrder: {
    ...paths.orders.updateOrder,
    access: 'staff',
    summary: 'Change the status of an order',
    params: IdParams,
    body: UpdateOrderStatusBody,
    status: 200,
    response: Order,
  },
} as const satisfies Record<string, RouteSpec>
