import {
  type CancellationRequest,
  type LanguageCode,
  type Order,
  type OrderChannel,
  type OrderEvent,
  type OrderStatus,
  type PaymentEntry,
  type PaymentStatus,
  paths,
} from '@store/contract'
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderEvents, orderItems, orders, productImages, users } from '../../db/schema'
import { groupBy } from '../../lib/group-by'
import { imageUrls } from '../../lib/images'
import { shown } from '../../lib/language'
import { formatMoney, fromPaisa, toPaisa } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import { latestCancellationRequests } from '../claims/cancellation-request'
import { servicesOf } from '../dispatch/days'
import { amountsOf, entriesOf } from '../payments/entries'

export const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  channel: orders.channel,
  createdBy: orders.createdBy,
  note: orders.note,
  staffDiscount: orders.staffDiscount,
  staffDeliveryFee: orders.staffDeliveryFee,
  totalPrice: orders.totalPrice,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  address: orders.address,
  city: orders.city,
  postalCode: orders.postalCode,
  phone: orders.phone,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  subtotal: orders.subtotal,
  discount: orders.discount,
  deliveryFee: orders.deliveryFee,
  codFee: orders.codFee,
  couponCode: orders.couponCode,
  etaMinDate: orders.etaMinDate,
  etaMaxDate: orders.etaMaxDate,
  deliveryDate: orders.deliveryDate,
  floor: orders.floor,
  lift: orders.lift,
  assembly: orders.assembly,
  assemblyFee: orders.assemblyFee,
  floorFee: orders.floorFee,
  paidTotal: orders.paidTotal,
  refundedTotal: orders.refundedTotal,
  advanceRequired: orders.advanceRequired,
}
export type OrderRow = Pick<typeof orders.$inferSelect, keyof typeof orderColumns>

export type OrderItemRow = typeof orderItems.$inferSelect
type ImageRow = typeof productImages.$inferSelect

/** The images of the items' products, by product (a deleted product has none). */
async function imagesOfItems(db: Db, items: OrderItemRow[]): Promise<Map<number, ImageRow[]>> {
  const productIds = [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))]
  const images = productIds.length
    ? await db
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, productIds))
        .orderBy(asc(productImages.id))
    : []
  return groupBy(images, (image) => image.productId)
}

/** Each order's history, oldest first, by who made each change: one query for a page of orders. */
async function historiesOf(db: Db, orderIds: number[]): Promise<Map<number, OrderEvent[]>> {
  const rows = await db
    .select({
      orderId: orderEvents.orderId,
      status: orderEvents.status,
      paymentStatus: orderEvents.paymentStatus,
      note: orderEvents.note,
      createdAt: orderEvents.createdAt,
      actorId: users.id,
      actorName: users.firstName,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.id))
  const histories = new Map<number, OrderEvent[]>()
  for (const row of rows) {
    const history = histories.get(row.orderId) ?? []
    history.push({
      status: row.status,
      payment_status: row.paymentStatus,
      at: row.createdAt.toISOString(),
      by:
        row.actorId !== null && row.actorName !== null
          ? { id: row.actorId, first_name: row.actorName }
          : null,
      note: row.note,
    })
    histories.set(row.orderId, history)
  }
  return histories
}

/** The first names of the staff who took these orders (web orders have none). */
async function creatorsOf(db: Db, rows: OrderRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.createdBy === null ? [] : [row.createdBy])))]
  if (ids.length === 0) return new Map()
  const found = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(found.map((user) => [user.id, user.firstName]))
}

const creatorOf = (id: number | null, creators: Map<number, string>) => {
  const firstName = id === null ? undefined : creators.get(id)
  return id === null || firstName === undefined ? null : { id, first_name: firstName }
}

const paymentProofPath = (orderId: number) =>
  paths.orders.getPaymentProof.path.replace(':id', String(orderId))

function toOrder(
  storage: MediaStorage,
  row: OrderRow,
  {
    items,
    imagesOf,
    history,
    payments,
    creators,
    cancellationRequest,
  }: {
    items: OrderItemRow[]
    imagesOf: Map<number, ImageRow[]>
    history: OrderEvent[]
    payments: PaymentEntry[]
    creators: Map<number, string>
    cancellationRequest: CancellationRequest | null
  },
  language: LanguageCode,
): Order {
  const amounts = amountsOf(row)
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    channel: row.channel,
    created_by: creatorOf(row.createdBy, creators),
    note: row.note,
    staff_discount: formatMoney(row.staffDiscount),
    staff_delivery_fee: row.staffDeliveryFee === null ? null : formatMoney(row.staffDeliveryFee),
    cancellation_request: cancellationRequest,
    total_price: formatMoney(row.totalPrice),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    address: row.address,
    city: row.city,
    postal_code: row.postalCode,
    phone: row.phone,
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    subtotal: formatMoney(row.subtotal),
    discount: formatMoney(row.discount),
    delivery_fee: formatMoney(row.deliveryFee),
    cod_fee: formatMoney(row.codFee),
    services: servicesOf(row, { assemblyFee: toPaisa(row.assemblyFee), floorFee: toPaisa(row.floorFee) }),
    coupon_code: row.couponCode,
    eta_min_date: row.etaMinDate,
    eta_max_date: row.etaMaxDate,
    delivery_date: row.deliveryDate,
    floor: row.floor,
    lift: row.lift,
    assembly: row.assembly,
    payment_proof_url: payments.some((entry) => entry.proof) ? paymentProofPath(row.id) : null,
    amount_paid: fromPaisa(amounts.paid),
    amount_refunded: fromPaisa(amounts.refunded),
    balance_due: fromPaisa(amounts.balanceDue),
    advance_due: fromPaisa(amounts.advanceDue),
    payments,
    history,
    items: [...items]
      .sort((a, b) => a.id - b.id)
      .map((item) => ({
        id: item.id,
        quantity: item.quantity,
        price: formatMoney(item.price),
        options: item.options,
        price_reason: item.priceReason,
        product: {
          id: item.productId,
          name: shown(language, item.productName, item.productNameUr),
          images: (item.productId ? (imagesOf.get(item.productId) ?? []) : []).map((image) => ({
            id: image.id,
            image_url: imageUrls(storage, image).image_url,
          })),
        },
      })),
  }
}

/**
 * Adds items, their products' images, the histories, the payments and the latest requests to cancel to a
 * page of orders: five queries
 * whatever the page size (one when the items and histories are at hand, as for an order just placed,
 * which has no payments yet).
 * Answers the orders in any language (the items' names), from the same rows.
 */
export async function detailsOf(
  db: Db,
  storage: MediaStorage,
  rows: OrderRow[],
  known?: { items: OrderItemRow[]; histories: Map<number, OrderEvent[]> },
): Promise<(language: LanguageCode) => Order[]> {
  if (rows.length === 0) return () => []
  const orderIds = rows.map((row) => row.id)
  const items =
    known?.items ?? (await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)))
  const imagesOf = await imagesOfItems(db, items)
  const histories = known?.histories ?? (await historiesOf(db, orderIds))
  const paymentsOf = known ? new Map<number, PaymentEntry[]>() : await entriesOf(db, orderIds)
  const creators = await creatorsOf(db, rows)
  // An order just placed has no request to cancel yet.
  const cancellationRequests = known ? new Map() : await latestCancellationRequests(db, orderIds)
  const itemsOf = groupBy(items, (item) => item.orderId)
  return (language) =>
    rows.map((row) =>
      toOrder(
        storage,
        row,
        {
          items: itemsOf.get(row.id) ?? [],
          imagesOf,
          history: histories.get(row.id) ?? [],
          payments: paymentsOf.get(row.id) ?? [],
          creators,
          cancellationRequest: cancellationRequests.get(row.id) ?? null,
        },
        language,
      ),
    )
}

const withDetails = async (db: Db, storage: MediaStorage, rows: OrderRow[], language: LanguageCode) =>
  (await detailsOf(db, storage, rows))(language)

/** `ownerId` limits what is visible to one user's orders; null (staff) sees every order. */
export interface OrderScope {
  ownerId: number | null
}

/** Who reads orders: the orders they may see, and the language they read the items' names in. */
export interface OrderReader extends OrderScope {
  language: LanguageCode
}

/** A customer never sees a Draft of theirs: staff are still putting it together (docs/api.md "Staff orders"). */
export const visibleTo = (scope: OrderScope): SQL | undefined =>
  scope.ownerId === null ? undefined : and(eq(orders.userId, scope.ownerId), ne(orders.status, 'Draft'))

export async function getOrder(
  db: Db,
  storage: MediaStorage,
  orderId: number,
  reader: OrderReader,
): Promise<Order | null> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(reader)))
  const [order] = await withDetails(db, storage, rows, reader.language)
  return order ?? null
}

/** Which orders a list shows within its scope; each filter left out matches every order. */
export interface OrderFilter {
  status?: OrderStatus | undefined
  paymentStatus?: PaymentStatus | undefined
  channel?: OrderChannel | undefined
  /** An order number (`12` or `#12`), or part of the customer's name, email or phone */
  search?: string | undefined
}

/** A phone as digits in its national form, so '0300 123' finds '+923001234567' and the reverse. */
export const nationalPhone = (phone: SQLWrapper | string) => sql`regexp_replace(${phone}, ${'^\\+92'}, '0')`

function searchMatch(search: string): SQL | undefined {
  const words = search.trim()
  if (words === '') return undefined
  // '#12' names an order number and nothing else; '12' may also be part of a phone.
  const numbered = /^#(\d{1,9})$/.exec(words)
  if (numbered) return eq(orders.id, Number(numbered[1]))
  // strpos, not LIKE: a % or _ typed by staff is a character to find, not a wildcard.
  const contains = (haystack: SQL, needle: SQL | string) => sql`strpos(${haystack}, ${needle}) > 0`
  const lowered = sql`lower(${words})`
  const digits = words.replace(/[\s-]/g, '')
  return or(
    /^\d{1,9}$/.test(words) ? eq(orders.id, Number(words)) : undefined,
    contains(sql`lower(${orders.firstName} || ' ' || ${orders.lastName})`, lowered),
    contains(sql`lower(${orders.email})`, lowered),
    digits === '' ? undefined : contains(nationalPhone(orders.phone), nationalPhone(digits)),
  )
}

/**
 * The order list's filters as a condition: its export holds the same orders. Drafts are listed apart:
 * only a filter on the Draft status shows them.
 */
export const orderFilterMatch = (filter: OrderFilter) =>
  and(
    filter.status ? eq(orders.status, filter.status) : ne(orders.status, 'Draft'),
    filter.channel && eq(orders.channel, filter.channel),
    filter.paymentStatus && eq(orders.paymentStatus, filter.paymentStatus),
    filter.search === undefined ? undefined : searchMatch(filter.search),
  )

/** A page of the orders the reader sees, newest first. */
export async function listOrders(
  db: Db,
  storage: MediaStorage,
  reader: OrderReader,
  { filter, window }: { filter: OrderFilter; window: { limit: number; offset: number } },
): Promise<{ count: number; results: Order[] }> {
  const where = and(visibleTo(reader), orderFilterMatch(filter))
  const [total] = await db.select({ n: count() }).from(orders).where(where)
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(window.limit)
    .offset(window.offset)
  return { count: total?.n ?? 0, results: await withDetails(db, storage, rows, reader.language) }
}
