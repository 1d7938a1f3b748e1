import type { LanguageCode, Order, Role, StaffOrderBody, StaffQuote, StaffQuoteBody } from '@store/contract'
import { eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { orderItems, orders, products } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { fromPaisa, toPaisa } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import { daysFromToday, deliveryAsked, pricedAmounts, toQuote } from '../orders/placing'
import { type Price, priceOrder } from '../orders/pricing'
import { getOrder } from '../orders/reading'
import { addGoods, noGoods } from '../payments/rules'
import { customerOf } from './customers'
import { mayOverridePrices, type ResolvedLine, resolveLines } from './lines'

type QuoteInput = z.output<typeof StaffQuoteBody>
type DraftInput = z.output<typeof StaffOrderBody>

/** Who is at the order desk: their id (the order's `created_by`), role (who may set prices) and audit trail. */
export interface DeskStaff {
  id: number
  role: Role
  audit: Actor
}

/**
 * A discount, or a delivery fee other than the zone's, is an owner's or a manager's to give, as a unit
 * price is; a draft saved again keeps the ones it had, whoever saves it.
 */
function judgeStaffTerms(
  body: QuoteInput,
  role: Role,
  kept?: { discount: string; deliveryFee: string | null },
) {
  const discount = body.discount === undefined ? 0n : toPaisa(body.discount)
  const fee = body.delivery_fee === undefined ? null : toPaisa(body.delivery_fee)
  const keptFee = kept?.deliveryFee == null ? null : toPaisa(kept.deliveryFee)
  const changed = discount !== (kept ? toPaisa(kept.discount) : 0n) || fee !== keptFee
  if (changed && (discount > 0n || fee !== null) && !mayOverridePrices(role)) {
    throw httpError(403, 'Only an owner or a manager can give a discount or set the delivery fee.')
  }
}

/** A staff order priced as the checkout prices one, staff's discount and delivery fee included. */
async function priceDraft(db: Db, lines: ResolvedLine[], body: QuoteInput): Promise<Price> {
  const goods = noGoods()
  for (const line of lines) {
    addGoods(goods, line.productId, toPaisa(line.unitPrice) * BigInt(line.quantity), line.quantity)
  }
  const price = await priceOrder(db, {
    goods,
    city: body.city,
    paymentMethod: body.payment_method,
    couponCode: body.coupon_code,
    delivery: deliveryAsked(body),
    staff: {
      discount: body.discount === undefined ? undefined : toPaisa(body.discount),
      deliveryFee: body.delivery_fee === undefined ? undefined : toPaisa(body.delivery_fee),
    },
  })
  // Staff's prices and fee have no catalogue behind them: the sums must still fit the order's columns.
  if (price.subtotal > MOST_AN_ORDER_HOLDS || price.total > MOST_AN_ORDER_HOLDS) {
    throw httpError(400, 'An order comes to at most PKR 9,999,999,999.99.')
  }
  return price
}

/** The largest amount an order's money columns (numeric(12, 2)) hold, in paisa. */
const MOST_AN_ORDER_HOLDS = 999_999_999_999n

/** The summary of a staff order before it is saved: the checkout's quote, with its lines and their stock. */
export async function quoteStaffOrder(
  db: Db,
  body: QuoteInput,
  { role, language }: { role: Role; language: LanguageCode },
): Promise<StaffQuote> {
  judgeStaffTerms(body, role)
  const lines = await resolveLines(db, body.items, { role, language })
  const price = await priceDraft(db, lines, body)
  const stock = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    )
  const stockOf = new Map(stock.map((row) => [row.id, row.stock]))
  return {
    ...toQuote(price, deliveryAsked(body)),
    lines: lines.map((line) => ({
      product_id: line.productId,
      name: language === 'ur' && line.nameUr !== '' ? line.nameUr : line.name,
      options: line.options,
      quantity: line.quantity,
      catalogue_price: line.catalogueUnitPrice,
      unit_price: line.unitPrice,
      line_total: fromPaisa(toPaisa(line.unitPrice) * BigInt(line.quantity)),
      in_stock: stockOf.get(line.productId) ?? 0,
    })),
  }
}

/** What the audit log keeps of a draft: its customer, terms, amounts and lines. */
async function draftRecord(tx: Db, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
  if (!order) return null
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))
  return {
    status: order.status,
    customer_id: order.userId,
    channel: order.channel,
    city: order.city,
    address: order.address,
    phone: order.phone,
    payment_method: order.paymentMethod,
    coupon_code: order.couponCode,
    discount: order.discount,
    delivery_fee: order.deliveryFee,
    staff_discount: order.staffDiscount,
    staff_delivery_fee: order.staffDeliveryFee,
    total_price: order.totalPrice,
    note: order.note,
    items: items
      .sort((a, b) => a.id - b.id)
      .map((item) => ({
        product_id: item.productId,
        quantity: item.quantity,
        options: item.options,
        option_value_ids: item.optionValueIds,
        price: item.price,
        price_reason: item.priceReason,
      })),
  }
}

/** The order locked for a change by the desk: null when there is none, 409 once it is no longer a Draft. */
async function lockDraft(tx: Db, orderId: number) {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
  if (!order) return null
  if (order.status !== 'Draft') throw httpError(409, 'This order is no longer a draft.')
  return order
}

/**
 * Saves a staff order as a Draft (a new one, or in place of the draft `orderId`): its customer found or
 * made, its lines resolved, priced by the checkout's quote. A draft holds no stock and no coupon use;
 * confirming it takes them. Audited. Null when `orderId` names no order.
 */
export async function saveDraft(
  db: Db,
  storage: MediaStorage,
  {
    orderId,
    body,
    staff,
    publicUrl,
    language,
  }: { orderId?: number; body: DraftInput; staff: DeskStaff; publicUrl: string; language: LanguageCode },
): Promise<Order | null> {
  return db.transaction(async (tx) => {
    const before =
      orderId === undefined
        ? null
        : await lockDraft(tx, orderId).then((found) => found && draftRecord(tx, orderId))
    if (orderId !== undefined && !before) return null
    const customer = await customerOf(tx, body.customer, { publicUrl, draftCustomer: before?.customer_id })
    // Its review link is the customer's: handing the draft to someone else would show them that link's order.
    if (before && customer.id !== before.customer_id) {
      throw httpError(409, 'A draft keeps its customer; delete it and start a new one for someone else.')
    }
    const phone = body.phone ?? customer.phone
    if (!phone) {
      throw httpError(400, 'The form is not valid.', { phone: ["Give the customer's mobile number."] })
    }
    judgeStaffTerms(
      body,
      staff.role,
      before ? { discount: before.staff_discount, deliveryFee: before.staff_delivery_fee } : undefined,
    )
    const lines = await resolveLines(tx, body.items, { role: staff.role, language, kept: before?.items })
    const price = await priceDraft(tx, lines, body)
    const values = {
      userId: customer.id,
      status: 'Draft' as const,
      channel: body.channel,
      createdBy: staff.id,
      note: body.note,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email ?? '',
      address: body.address,
      city: price.city,
      postalCode: body.postal_code,
      phone,
      paymentMethod: body.payment_method,
      ...pricedAmounts(price),
      staffDiscount: body.discount === undefined ? '0' : fromPaisa(toPaisa(body.discount)),
      staffDeliveryFee: body.delivery_fee === undefined ? null : fromPaisa(toPaisa(body.delivery_fee)),
      etaMinDate: daysFromToday(price.etaMinDays),
      etaMaxDate: daysFromToday(price.etaMaxDays),
      deliveryDate: price.deliveryDate,
      floor: body.floor,
      lift: body.lift,
      assembly: body.assembly,
    }
    let id: number
    if (orderId === undefined) {
      const [created] = await tx.insert(orders).values(values).returning({ id: orders.id })
      if (!created) throw new Error('The draft insert returned no row')
      id = created.id
    } else {
      await tx.update(orders).set(values).where(eq(orders.id, orderId))
      await tx.delete(orderItems).where(eq(orderItems.orderId, orderId))
      id = orderId
    }
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: id,
        productId: line.productId,
        productName: line.name,
        productNameUr: line.nameUr,
        price: line.unitPrice,
        quantity: line.quantity,
        options: line.options,
        optionValueIds: line.optionValueIds,
        priceReason: line.priceReason,
        stockTaken: 0,
      })),
    )
    await recordChange(tx, staff.audit, {
      action: orderId === undefined ? 'order.draft_create' : 'order.draft_update',
      entity: 'order',
      entityId: id,
      before,
      after: await draftRecord(tx, id),
    })
    return getOrder(tx, storage, id, { ownerId: null, language })
  })
}

/** Deletes a Draft, audited; false when there is no such order, 409 once it is no longer a Draft. */
export async function deleteDraft(db: Db, orderId: number, staff: DeskStaff): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockDraft(tx, orderId))) return false
    const before = await draftRecord(tx, orderId)
    await tx.delete(orders).where(eq(orders.id, orderId))
    await recordChange(tx, staff.audit, {
      action: 'order.draft_delete',
      entity: 'order',
      entityId: orderId,
      before,
      after: null,
    })
    return true
  })
}
