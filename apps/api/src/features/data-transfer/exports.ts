import type { OrderExportQuery, PaymentExportQuery, StockExportQuery } from '@store/contract'
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import {
  locations,
  orderItems,
  orderPayments,
  orders,
  products,
  stockMovements,
  users,
} from '../../db/schema'
import type { Cell } from '../../lib/csv'
import { formatMoney, fromPaisa, toPaisa } from '../../lib/money'
import { orderFilterMatch } from '../orders/reading'
import { dayAfter, movementFilterMatch, startOfDay } from '../stock/movements'
import { keysetPages } from './csv'

const money = (amount: string | null) => (amount === null ? '' : formatMoney(amount))
const instant = (at: Date | null) => (at === null ? '' : at.toISOString())
const withinDays = (column: AnyPgColumn, from?: string, to?: string) => [
  from === undefined ? undefined : gte(column, startOfDay(from)),
  to === undefined ? undefined : lt(column, dayAfter(to)),
]

export const ORDER_HEADER = [
  'order',
  'placed_at',
  'status',
  'payment_status',
  'channel',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'city',
  'postal_code',
  'payment_method',
  'sku',
  'product',
  'options',
  'quantity',
  'unit_price',
  'line_total',
  'subtotal',
  'discount',
  'delivery_fee',
  'cod_fee',
  'assembly_fee',
  'floor_fee',
  'total',
  'paid',
  'refunded',
  'coupon',
  'delivery_date',
]

const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  channel: orders.channel,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  phone: orders.phone,
  address: orders.address,
  city: orders.city,
  postalCode: orders.postalCode,
  paymentMethod: orders.paymentMethod,
  subtotal: orders.subtotal,
  discount: orders.discount,
  deliveryFee: orders.deliveryFee,
  codFee: orders.codFee,
  assemblyFee: orders.assemblyFee,
  floorFee: orders.floorFee,
  total: orders.totalPrice,
  paid: orders.paidTotal,
  refunded: orders.refundedTotal,
  coupon: orders.couponCode,
  deliveryDate: orders.deliveryDate,
}

/** Every order the order list's filters match, newest first, one row per line. */
export async function* orderPages(db: Db, filter: OrderExportQuery): AsyncGenerator<Cell[][]> {
  const where = [
    orderFilterMatch({ status: filter.status, paymentStatus: filter.payment_status, search: filter.search }),
  ]
  const pages = keysetPages(
    (afterId, limit) =>
      db
        .select(orderColumns)
        .from(orders)
        .where(and(...where, afterId === undefined ? undefined : lt(orders.id, afterId)))
        .orderBy(desc(orders.id))
        .limit(limit),
    200,
  )
  for await (const page of pages) {
    const lines = await db
      .select({
        orderId: orderItems.orderId,
        sku: products.sku,
        name: orderItems.productName,
        options: orderItems.options,
        quantity: orderItems.quantity,
        price: orderItems.price,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(
        inArray(
          orderItems.orderId,
          page.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderItems.id))
    yield page.flatMap((order) =>
      lines
        .filter((line) => line.orderId === order.id)
        .map((line) => [
          order.id,
          instant(order.createdAt),
          order.status,
          order.paymentStatus,
          order.channel,
          order.firstName,
          order.lastName,
          order.email,
          order.phone,
          order.address,
          order.city,
          order.postalCode,
          order.paymentMethod,
          line.sku ?? '',
          line.name,
          line.options.map((option) => `${option.name}: ${option.value}`).join('; '),
          line.quantity,
          money(line.price),
          fromPaisa(toPaisa(line.price) * BigInt(line.quantity)),
          money(order.subtotal),
          money(order.discount),
          money(order.deliveryFee),
          money(order.codFee),
          money(order.assemblyFee),
          money(order.floorFee),
          money(order.total),
          money(order.paid),
          money(order.refunded),
          order.coupon ?? '',
          order.deliveryDate ?? '',
        ]),
    )
  }
}

export const PAYMENT_HEADER = [
  'entry',
  'order',
  'recorded_at',
  'kind',
  'method',
  'amount',
  'status',
  'reference',
  'note',
  'recorded_by',
  'checked_by',
  'checked_at',
  'check_note',
  'customer',
]

const recorder = alias(users, 'recorder')
const checker = alias(users, 'checker')

/** The payments ledger, newest first, filtered as asked. */
export async function* paymentPages(db: Db, filter: PaymentExportQuery): AsyncGenerator<Cell[][]> {
  const where: (SQL | undefined)[] = [
    filter.kind && eq(orderPayments.kind, filter.kind),
    filter.method && eq(orderPayments.method, filter.method),
    filter.status && eq(orderPayments.status, filter.status),
    ...withinDays(orderPayments.createdAt, filter.from, filter.to),
  ]
  const pages = keysetPages((afterId, limit) =>
    db
      .select({
        id: orderPayments.id,
        orderId: orderPayments.orderId,
        at: orderPayments.createdAt,
        kind: orderPayments.kind,
        method: orderPayments.method,
        amount: orderPayments.amount,
        status: orderPayments.status,
        reference: orderPayments.reference,
        note: orderPayments.note,
        recordedBy: recorder.email,
        checkedBy: checker.email,
        checkedAt: orderPayments.checkedAt,
        checkNote: orderPayments.checkNote,
        firstName: orders.firstName,
        lastName: orders.lastName,
      })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .leftJoin(recorder, eq(recorder.id, orderPayments.recordedBy))
      .leftJoin(checker, eq(checker.id, orderPayments.checkedBy))
      .where(and(...where, afterId === undefined ? undefined : lt(orderPayments.id, afterId)))
      .orderBy(desc(orderPayments.id))
      .limit(limit),
  )
  for await (const page of pages) {
    yield page.map((entry) => [
      entry.id,
      entry.orderId,
      instant(entry.at),
      entry.kind,
      entry.method,
      money(entry.amount),
      entry.status,
      entry.reference,
      entry.note,
      entry.recordedBy ?? '',
      entry.checkedBy ?? '',
      instant(entry.checkedAt),
      entry.checkNote,
      `${entry.firstName} ${entry.lastName}`,
    ])
  }
}

export const STOCK_HEADER = [
  'movement',
  'at',
  'sku',
  'product',
  'location',
  'delta',
  'reason',
  'reference',
  'note',
  'by',
]

/** The stock ledger, newest first, filtered as its list is. */
export async function* stockPages(db: Db, filter: StockExportQuery): AsyncGenerator<Cell[][]> {
  const where = movementFilterMatch(filter)
  const pages = keysetPages((afterId, limit) =>
    db
      .select({
        id: stockMovements.id,
        at: stockMovements.createdAt,
        sku: products.sku,
        product: products.name,
        location: locations.name,
        delta: stockMovements.delta,
        reason: stockMovements.reason,
        referenceKind: stockMovements.referenceKind,
        referenceId: stockMovements.referenceId,
        note: stockMovements.note,
        by: users.email,
      })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .innerJoin(locations, eq(locations.id, stockMovements.locationId))
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .where(and(...where, afterId === undefined ? undefined : lt(stockMovements.id, afterId)))
      .orderBy(desc(stockMovements.id))
      .limit(limit),
  )
  for await (const page of pages) {
    yield page.map((movement) => [
      movement.id,
      instant(movement.at),
      movement.sku,
      movement.product,
      movement.location,
      movement.delta,
      movement.reason,
      movement.referenceKind === null ? '' : `${movement.referenceKind} ${movement.referenceId}`,
      movement.note,
      movement.by ?? '',
    ])
  }
}
