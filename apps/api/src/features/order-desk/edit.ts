import {
  can,
  type EditedOrder,
  type EditOrderBody,
  formatPkr,
  type LanguageCode,
  type Role,
} from '@store/contract'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import {
  claims,
  coupons,
  orderEvents,
  orderItems,
  orderStockTakes,
  orders,
  products,
  stockMovements,
} from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { HttpError, httpError } from '../../lib/errors'
import { fromPaisa, toPaisa } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import { hasInvoice } from '../documents/issuing'
import type { Notifier } from '../notifications/service'
import { pricedAmounts } from '../orders/placing'
import { isNoSuchCoupon, type Price, priceOrder, usedUp } from '../orders/pricing'
import { getOrder } from '../orders/reading'
import {
  byProduct,
  recordTakes,
  type StockTake,
  shareOut,
  shortageDetail,
  takeCouponUse,
  takeStock,
} from '../orders/stock'
import { addGoods, noGoods } from '../payments/rules'
import { stockChanged } from '../stock/alerts'
import { type ResolvedLine, resolveLines } from './lines'

/** Who changes an order: staff with `orders`, or the order's owner. */
export interface OrderEditor {
  id: number
  firstName: string
  role: Role | null
  audit: Actor
}

type ItemRow = typeof orderItems.$inferSelect
type OrderRow = typeof orders.$inferSelect

/** A line of the new list, with the item it keeps: the same product with the same choices. */
interface NextLine extends Omit<ResolvedLine, 'catalogueUnitPrice'> {
  keeps: ItemRow | null
}

/**
 * docs/api.md "order edits": staff until the order is shipped, its owner while it is Pending; a draft
 * is changed by the order desk, and a cancelled order not at all.
 */
function judgeEditor(status: OrderRow['status'], staff: boolean): void {
  if (status === 'Draft') throw httpError(409, 'This order is a draft; edit the draft instead.')
  if (status === 'Cancelled') throw httpError(409, 'This order is cancelled; it can no longer be changed.')
  if (status === 'Shipped') throw httpError(409, 'This order has been shipped; it can no longer be changed.')
  if (status === 'Delivered') {
    throw httpError(409, 'This order has been delivered; it can no longer be changed.')
  }
  if (!staff && status !== 'Pending') {
    throw httpError(409, 'Only a pending order can be changed; write to us and we will change it for you.')
  }
}

/** Whether an item kept its choices' ids (older orders kept only their names: never the same line). */
const comparable = (item: ItemRow) => item.optionValueIds.length === item.options.length

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, index) => id === [...b].sort((x, y) => x - y)[index])

/**
 * The new list against the order's items: a line with the same product and choices as an item keeps
 * that item and its price (the customer keeps the price they were given) unless staff set another or
 * it grows; any other line is new, at today's catalogue price.
 */
function matchLines(items: ItemRow[], lines: ResolvedLine[], overridden: boolean[]): NextLine[] {
  const used = new Set<number>()
  return lines.map((line, index) => {
    const keeps = items.find(
      (item) =>
        !used.has(item.id) &&
        item.productId === line.productId &&
        comparable(item) &&
        sameIds(item.optionValueIds, line.optionValueIds),
    )
    if (keeps) used.add(keeps.id)
    const { catalogueUnitPrice: _, ...rest } = line
    // The price given holds for the units it was given for: more of them cost today's price.
    if (!keeps || overridden[index] || line.quantity > keeps.quantity)
      return { ...rest, keeps: keeps ?? null }
    return { ...rest, unitPrice: keeps.price, priceReason: keeps.priceReason, keeps }
  })
}

/** The order's items as lines of the new list, when the edit leaves the items as they are. */
const unchangedLines = (items: ItemRow[]): NextLine[] =>
  items.map((item) => ({
    productId: item.productId ?? 0,
    quantity: item.quantity,
    optionValueIds: item.optionValueIds,
    options: item.options,
    unitPrice: item.price,
    priceReason: item.priceReason,
    name: item.productName,
    nameUr: item.productNameUr,
    keeps: item,
  }))

const unitsOf = (lines: { productId: number | null; quantity: number }[], productId: number) =>
  lines.reduce((sum, line) => sum + (line.productId === productId ? line.quantity : 0), 0)

/**
 * Moves stock by the difference, product by product in id order (as every change locks them): a
 * product with fewer units gives the rest back to the locations it came from (a cancel movement), one
 * with more takes them by the checkout's rules (409 naming it when short; a made-to-order piece takes
 * what there is). Answers, by product, the units the order holds from stock now.
 */
async function moveStock(
  tx: Db,
  orderId: number,
  {
    items,
    next,
    city,
    actorId,
    language,
  }: {
    items: ItemRow[]
    next: NextLine[]
    city: string
    actorId: number
    language: LanguageCode
  },
): Promise<{ held: Map<number, number>; moved: number[] }> {
  const takes = await tx
    .select()
    .from(orderStockTakes)
    .where(eq(orderStockTakes.orderId, orderId))
    .orderBy(asc(orderStockTakes.productId), desc(orderStockTakes.locationId))
  const held = new Map<number, number>()
  for (const take of takes) held.set(take.productId, (held.get(take.productId) ?? 0) + take.quantity)
  const productIds = [
    ...new Set([
      ...items.flatMap((item) => (item.productId ? [item.productId] : [])),
      ...next.map((line) => line.productId),
    ]),
  ].sort((a, b) => a - b)
  const moved: number[] = []
  const taken: { productId: number; from: StockTake[] }[] = []
  for (const productId of productIds) {
    const before = unitsOf(items, productId)
    const wanted = unitsOf(next, productId)
    const holding = held.get(productId) ?? 0
    if (wanted === before) continue
    if (wanted < holding) {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
      let back = holding - wanted
      for (const take of takes.filter((row) => row.productId === productId)) {
        if (back === 0) break
        const units = Math.min(back, take.quantity)
        back -= units
        await tx.insert(stockMovements).values({
          productId,
          locationId: take.locationId,
          delta: units,
          reason: 'cancel',
          referenceKind: 'order',
          referenceId: orderId,
          actorId,
        })
        const where = and(
          eq(orderStockTakes.orderId, orderId),
          eq(orderStockTakes.productId, productId),
          eq(orderStockTakes.locationId, take.locationId),
        )
        if (units === take.quantity) await tx.delete(orderStockTakes).where(where)
        else
          await tx
            .update(orderStockTakes)
            .set({ quantity: take.quantity - units })
            .where(where)
      }
      held.set(productId, wanted)
      moved.push(productId)
    } else if (wanted > holding) {
      const take = await takeStock(tx, productId, wanted - holding, city)
      if (!take) throw httpError(409, await shortageDetail(tx, productId, language))
      taken.push({ productId, from: take.from })
      held.set(productId, holding + take.taken)
      if (take.taken > 0) moved.push(productId)
    }
  }
  await recordTakes(tx, orderId, taken, actorId)
  return { held, moved }
}

/** Rewrites the order's items: kept ones updated in place (their ids stay), the rest deleted or added. */
async function writeItems(
  tx: Db,
  orderId: number,
  items: ItemRow[],
  next: NextLine[],
  held: Map<number, number>,
) {
  const kept = new Set(next.flatMap((line) => (line.keeps ? [line.keeps.id] : [])))
  for (const item of items) {
    if (!kept.has(item.id)) await tx.delete(orderItems).where(eq(orderItems.id, item.id))
  }
  for (const [productId, group] of byProduct(next)) {
    const shares = shareOut(group, held.get(productId) ?? 0)
    for (const [index, line] of group.entries()) {
      const values = {
        quantity: line.quantity,
        price: line.unitPrice,
        priceReason: line.priceReason,
        stockTaken: shares[index] ?? 0,
      }
      if (line.keeps) await tx.update(orderItems).set(values).where(eq(orderItems.id, line.keeps.id))
      else
        await tx.insert(orderItems).values({
          ...values,
          orderId,
          productId,
          productName: line.name,
          productNameUr: line.nameUr,
          options: line.options,
          optionValueIds: line.optionValueIds,
        })
    }
  }
}

/** Whether a refusal of the pricing is about the order's coupon: the edit then goes on without it. */
const couponRefused = (error: unknown): error is HttpError =>
  error instanceof HttpError &&
  error.statusCode === 400 &&
  (error.detail.startsWith('The coupon ') || isNoSuchCoupon(error))

/**
 * Prices the new order as the checkout would, with its coupon when it still applies. The order's own
 * use of the coupon is given back first (so a coupon of one use still counts for the order that holds
 * it) and taken again; a coupon that no longer applies is dropped, and the reason told (Shopify's way,
 * docs/decisions.md).
 */
async function reprice(
  tx: Db,
  order: OrderRow,
  request: Omit<Parameters<typeof priceOrder>[1], 'couponCode'>,
): Promise<{ price: Price; dropped: string | null }> {
  if (order.couponId !== null) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      .where(and(eq(coupons.id, order.couponId), sql`${coupons.usedCount} > 0`))
  }
  if (order.couponCode === null) return { price: await priceOrder(tx, request), dropped: null }
  let dropped: string | null = null
  let price: Price
  try {
    price = await priceOrder(tx, { ...request, couponCode: order.couponCode })
  } catch (error) {
    if (!couponRefused(error)) throw error
    dropped = error.detail
    price = await priceOrder(tx, request)
  }
  if (price.coupon && !(await takeCouponUse(tx, price.coupon.id))) {
    dropped = usedUp(price.coupon.code)
    price = await priceOrder(tx, request)
  }
  return { price, dropped }
}

/** An amount of a change, signed: "PKR +8,000", "PKR −1,500". */
const signedPkr = (paisa: bigint) =>
  `PKR ${paisa < 0n ? '\u2212' : '+'}${formatPkr(Number(paisa < 0n ? -paisa : paisa)).replace('PKR ', '')}`

const described = (line: { name: string; options: { name: string; value: string }[] }) =>
  line.options.length === 0
    ? line.name
    : `${line.name} (${line.options.map((option) => `${option.name}: ${option.value}`).join(', ')})`

/** What the new list changes, in the history's words: "Fabric Beige linen → Charcoal bouclé". */
function describeLines(items: ItemRow[], next: NextLine[]): string[] {
  const parts: string[] = []
  const kept = new Set(next.flatMap((line) => (line.keeps ? [line.keeps.id] : [])))
  const removed = items.filter((item) => !kept.has(item.id))
  const added: NextLine[] = []
  for (const line of next) {
    if (line.keeps) {
      if (line.keeps.quantity !== line.quantity)
        parts.push(`${line.name}: quantity ${line.keeps.quantity} → ${line.quantity}`)
      if (
        line.priceReason !== line.keeps.priceReason ||
        toPaisa(line.unitPrice) !== toPaisa(line.keeps.price)
      )
        parts.push(
          `${line.name}: PKR ${formatPkr(Number(toPaisa(line.unitPrice))).replace('PKR ', '')} (${line.priceReason ?? 'catalogue price'})`,
        )
      continue
    }
    // The same product with other choices: the choices that changed, "Fabric Beige linen → Charcoal bouclé".
    const at = removed.findIndex((item) => item.productId === line.productId)
    const was = at === -1 ? undefined : removed.splice(at, 1)[0]
    if (!was) {
      added.push(line)
      continue
    }
    const changes = line.options.flatMap((option) => {
      const before = was.options.find((old) => old.name === option.name)?.value
      return before === option.value ? [] : [`${option.name} ${before ?? 'none'} → ${option.value}`]
    })
    if (was.quantity !== line.quantity) changes.push(`quantity ${was.quantity} → ${line.quantity}`)
    // A line ordered before choices kept their ids is priced again even with the same choices: say so.
    if (changes.length === 0 && toPaisa(was.price) !== toPaisa(line.unitPrice))
      changes.push(
        `price ${formatPkr(Number(toPaisa(was.price)))} → ${formatPkr(Number(toPaisa(line.unitPrice)))}`,
      )
    parts.push(changes.length === 0 ? line.name : `${line.name}: ${changes.join(', ')}`)
  }
  for (const line of added) parts.push(`added ${line.quantity} × ${described(line)}`)
  for (const item of removed)
    parts.push(`removed ${item.quantity} × ${described({ name: item.productName, options: item.options })}`)
  return parts
}

/** The order's money and lines as the audit log keeps them before and after. */
const auditView = (
  order: Pick<
    OrderRow,
    | 'subtotal'
    | 'discount'
    | 'deliveryFee'
    | 'codFee'
    | 'assemblyFee'
    | 'floorFee'
    | 'totalPrice'
    | 'advanceRequired'
    | 'couponCode'
    | 'city'
    | 'address'
    | 'phone'
    | 'deliveryDate'
  >,
  lines: {
    productId: number | null
    quantity: number
    price: string
    options: { name: string; value: string }[]
    priceReason: string | null
  }[],
) => ({
  items: lines.map((line) => ({
    product_id: line.productId,
    quantity: line.quantity,
    unit_price: fromPaisa(toPaisa(line.price)),
    options: line.options,
    ...(line.priceReason && { price_reason: line.priceReason }),
  })),
  subtotal: fromPaisa(toPaisa(order.subtotal)),
  discount: fromPaisa(toPaisa(order.discount)),
  delivery_fee: fromPaisa(toPaisa(order.deliveryFee)),
  cod_fee: fromPaisa(toPaisa(order.codFee)),
  assembly_fee: fromPaisa(toPaisa(order.assemblyFee)),
  floor_fee: fromPaisa(toPaisa(order.floorFee)),
  total_price: fromPaisa(toPaisa(order.totalPrice)),
  advance_required: fromPaisa(toPaisa(order.advanceRequired)),
  coupon_code: order.couponCode,
  city: order.city,
  address: order.address,
  phone: order.phone,
  delivery_date: order.deliveryDate,
})

/**
 * Changes a placed order (docs/api.md "order edits") in one transaction with its row locked: the new
 * lines checked and priced (kept lines at their price), stock moved by the difference, the order
 * re-priced by the checkout's rules for its (new) city, payment method, delivery choices and coupon,
 * one history line, one audit entry, and the customer told. Null when the order is not the editor's to
 * see (staff with `orders` see every order).
 */
export async function editOrder(
  db: Db,
  storage: MediaStorage,
  notifier: Notifier,
  orderId: number,
  {
    editor,
    edit,
    language,
  }: { editor: OrderEditor; edit: z.output<typeof EditOrderBody>; language: LanguageCode },
): Promise<EditedOrder | null> {
  const staff = can(editor.role, 'orders')
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), staff ? undefined : eq(orders.userId, editor.id)))
      .for('update')
    if (!order) return null
    judgeEditor(order.status, staff)
    // A replacement costs nothing by design: changing it would be a free order.
    const [replacing] = await tx
      .select({ id: claims.id })
      .from(claims)
      .where(eq(claims.replacementOrderId, orderId))
    if (replacing) {
      throw httpError(409, `This order replaces pieces of claim #${replacing.id}; it cannot be changed.`)
    }
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id))
    const city = edit.city ?? order.city
    let next = unchangedLines(items)
    if (edit.items) {
      const resolved = await resolveLines(tx, edit.items, { role: editor.role, language })
      next = matchLines(
        items,
        resolved,
        edit.items.map((line) => line.unit_price !== undefined),
      )
    }
    const { held, moved } = edit.items
      ? await moveStock(tx, orderId, { items, next, city, actorId: editor.id, language })
      : { held: new Map<number, number>(), moved: [] }
    const goods = noGoods()
    for (const line of next) {
      const amount = toPaisa(line.unitPrice) * BigInt(line.quantity)
      if (line.productId) addGoods(goods, line.productId, amount, line.quantity)
      else goods.subtotal += amount
    }
    const { price, dropped } = await reprice(tx, order, {
      goods,
      city,
      paymentMethod: order.paymentMethod,
      delivery: { floor: order.floor, lift: order.lift, assembly: order.assembly },
      // A staff order keeps the discount and the delivery fee staff gave it.
      staff: {
        discount: toPaisa(order.staffDiscount),
        deliveryFee: order.staffDeliveryFee === null ? undefined : toPaisa(order.staffDeliveryFee),
      },
    })
    // The day the van comes stays, while the vans still come then for these goods.
    const deliveryDate =
      order.deliveryDate === null || price.deliveryDates.includes(order.deliveryDate)
        ? order.deliveryDate
        : price.deliveryDate
    const lineChanges = edit.items ? describeLines(items, next) : []
    const difference = price.total - toPaisa(order.totalPrice)
    if ((lineChanges.length > 0 || difference !== 0n) && (await hasInvoice(tx, orderId))) {
      throw httpError(
        409,
        'This order has been invoiced, and an issued invoice never changes: only its address and phone can be changed now. To change its items, cancel it and place a new order.',
      )
    }
    if (edit.items) await writeItems(tx, orderId, items, next, held)
    const changes = {
      ...pricedAmounts(price),
      city: price.city,
      address: edit.address ?? order.address,
      phone: edit.phone ?? order.phone,
      deliveryDate,
    }
    const [after] = await tx.update(orders).set(changes).where(eq(orders.id, orderId)).returning()
    if (!after) throw new Error(`Order ${orderId} vanished while its row was locked`)

    const parts = [...lineChanges]
    if (after.city !== order.city) parts.push(`city ${order.city} → ${after.city}`)
    if (after.address !== order.address) parts.push(`address ${order.address} → ${after.address}`)
    if (after.phone !== order.phone) parts.push(`phone ${order.phone} → ${after.phone}`)
    if (dropped) parts.push(`coupon ${order.couponCode} removed (${dropped})`)
    if (after.deliveryDate !== order.deliveryDate)
      parts.push(`delivery day ${order.deliveryDate} → ${after.deliveryDate}`)
    if (parts.length === 0 && difference === 0n) {
      return { order: await answerOf(tx, storage, orderId, language), difference: '0.00' }
    }
    const summary = [parts.join('; '), ...(difference === 0n ? [] : [signedPkr(difference)])]
      .filter((part) => part !== '')
      .join(', ')
    const note = `Changed by ${editor.firstName}: ${summary}${edit.note ? ` — ${edit.note}` : ''}`
    await tx.insert(orderEvents).values({
      orderId,
      status: after.status,
      paymentStatus: after.paymentStatus,
      note,
      actorId: editor.id,
    })
    const newItems = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id))
    await recordChange(tx, editor.audit, {
      action: 'order.edit',
      entity: 'order',
      entityId: orderId,
      before: auditView(order, items),
      after: { ...auditView(after, newItems), ...(edit.note && { note: edit.note }) },
    })
    // Staff's note is news to the customer; the customer's own is not repeated back to them.
    await notifier.orderEdited(tx, orderId, { changes: summary, note: staff ? edit.note : '' })
    if (moved.length > 0) await stockChanged(tx, notifier, moved)
    return { order: await answerOf(tx, storage, orderId, language), difference: fromPaisa(difference) }
  })
}

/** The order as answered after the edit, read in the edit's own transaction. */
async function answerOf(tx: Db, storage: MediaStorage, orderId: number, language: LanguageCode) {
  const order = await getOrder(tx, storage, orderId, { ownerId: null, language })
  if (!order) throw new Error(`Order ${orderId} vanished in its own transaction`)
  return order
}
