import type { ClaimStatus, LedgerMethod, RestockLine, Role, UpdateClaimBody } from '@store/contract'
import { asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import {
  claimEvents,
  claimLines,
  claims,
  locations,
  orderEvents,
  orderItems,
  orders,
  products,
  stockMovements,
} from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { fromPaisa, toPaisa } from '../../lib/money'
import type { Notifier } from '../notifications/service'
import { byProduct, recordTakes, type StockTake, shareOut, shortageDetail, takeStock } from '../orders/stock'
import { inLedgerTransaction, recordEntry } from '../payments/ledger'
import { stockChanged } from '../stock/alerts'

/** The steps a claim may take from each status (docs/api.md "Returns, exchanges and damage claims"). */
const NEXT: Record<ClaimStatus, ClaimStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['pickup_scheduled', 'received', 'resolved'],
  rejected: [],
  pickup_scheduled: ['pickup_scheduled', 'received'],
  received: ['resolved'],
  resolved: [],
}

/** Why a step is refused, by the status asked for. */
const WRONG_STEP: Record<ClaimStatus, string> = {
  requested: 'A claim cannot go back to requested.',
  approved: 'Only a requested claim can be approved.',
  rejected: 'Only a requested claim can be rejected.',
  pickup_scheduled: 'Only an approved claim can have its pickup scheduled.',
  received: 'Only an approved claim, or one waiting for its pickup, can be marked received.',
  resolved: 'Only an approved or received claim can be resolved.',
}

function judgeStep(from: ClaimStatus, to: ClaimStatus) {
  if (NEXT[from].includes(to)) return
  if (from === 'resolved') throw httpError(409, 'This claim is already resolved.')
  if (from === 'rejected') throw httpError(409, 'This claim was rejected; it cannot move on.')
  throw httpError(409, WRONG_STEP[to])
}

type Resolution = NonNullable<z.output<typeof UpdateClaimBody>['resolution']>
type ClaimRow = typeof claims.$inferSelect
type ClaimedLine = { orderItemId: number; quantity: number; productId: number | null; name: string }

/** Who moves a claim on: their id and role (for the ledger's rules), and their audit identity. */
export interface ClaimStaff {
  id: number
  role: Role
  audit: Actor
}

/**
 * Staff move a claim on, with the claim's row locked: two staff resolving it at once make one outcome
 * (the second finds it resolved, 409). Each step is a history entry, audited, and the customer hears
 * of it. False when there is no such claim.
 */
export function updateClaim(
  db: Db,
  notifier: Notifier,
  claimId: number,
  { by, change }: { by: ClaimStaff; change: z.output<typeof UpdateClaimBody> },
): Promise<boolean> {
  return inLedgerTransaction(db, async (tx) => {
    const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for('update')
    if (!claim) return false
    judgeStep(claim.status, change.status)
    const set: Partial<typeof claims.$inferInsert> = { status: change.status }
    if (change.status === 'pickup_scheduled') set.pickupDate = change.pickup_date ?? null
    if (change.status === 'resolved' && change.resolution) {
      Object.assign(set, await resolve(tx, notifier, claim, { by, resolution: change.resolution }))
    }
    await tx.update(claims).set(set).where(eq(claims.id, claimId))
    await tx.insert(claimEvents).values({ claimId, status: change.status, note: change.note, actorId: by.id })
    await recordChange(tx, by.audit, {
      action: 'claim.update',
      entity: 'claim',
      entityId: claimId,
      before: { status: claim.status },
      after: {
        status: change.status,
        ...(change.note && { note: change.note }),
        ...(set.pickupDate && { pickup_date: set.pickupDate }),
        ...(set.resolutionKind && {
          resolution: {
            kind: set.resolutionKind,
            refund_amount: set.refundAmount ?? null,
            replacement_order_id: set.replacementOrderId ?? null,
            restock: set.restock,
          },
        }),
      },
    })
    await notifier.claimChanged(tx, claimId, { note: change.note })
    return true
  })
}

async function claimedLines(tx: Db, claimId: number): Promise<ClaimedLine[]> {
  return tx
    .select({
      orderItemId: claimLines.orderItemId,
      quantity: claimLines.quantity,
      productId: orderItems.productId,
      name: orderItems.productName,
    })
    .from(claimLines)
    .innerJoin(orderItems, eq(orderItems.id, claimLines.orderItemId))
    .where(eq(claimLines.claimId, claimId))
    .orderBy(asc(claimLines.orderItemId))
}

/** What resolving writes: the replacement order, the refund entry, the returned units. */
async function resolve(
  tx: Db,
  notifier: Notifier,
  claim: ClaimRow,
  { by, resolution }: { by: ClaimStaff; resolution: Resolution },
): Promise<Partial<typeof claims.$inferInsert>> {
  const lines = await claimedLines(tx, claim.id)
  const restock = await judgeRestock(tx, lines, resolution.restock)
  let refundAmount: string | null = null
  let replacementOrderId: number | null = null
  if (resolution.kind === 'refund') {
    if (resolution.refund_amount === undefined) {
      throw httpError(400, 'The request body is not valid.', {
        'resolution.refund_amount': ['Give the amount to refund.'],
      })
    }
    refundAmount = fromPaisa(toPaisa(resolution.refund_amount))
    await refund(tx, notifier, claim, { by, amount: refundAmount, method: resolution.refund_method })
  }
  if (resolution.kind === 'replace')
    replacementOrderId = await replacementOrder(tx, notifier, claim, { by, lines })
  await returnToStock(tx, notifier, claim, { by, restock, lines })
  return { resolutionKind: resolution.kind, refundAmount, replacementOrderId, restock }
}

/** Each returned line: of the claim's items, no more than claimed, to a location that exists. */
async function judgeRestock(
  tx: Db,
  lines: ClaimedLine[],
  asked: Resolution['restock'],
): Promise<RestockLine[]> {
  const claimed = new Map(lines.map((line) => [line.orderItemId, line]))
  const used = new Map<number, number>()
  const locationIds = [...new Set(asked.flatMap((line) => (line.location_id ? [line.location_id] : [])))]
  const known = new Set(
    locationIds.length === 0
      ? []
      : (await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, locationIds))).map(
          (row) => row.id,
        ),
  )
  const refuse = (message: string) =>
    httpError(400, 'The request body is not valid.', { 'resolution.restock': [message] })
  return asked.map((line) => {
    const item = claimed.get(line.order_item_id)
    if (!item) throw refuse('Return only items of this claim.')
    const total = (used.get(line.order_item_id) ?? 0) + line.quantity
    if (total > item.quantity) throw refuse(`Only ${item.quantity} of "${item.name}" are in this claim.`)
    used.set(line.order_item_id, total)
    if (line.to === 'write_off') return { ...line, location_id: null }
    if (line.location_id === undefined) throw refuse('Choose the location each returned piece goes back to.')
    if (!known.has(line.location_id)) throw refuse('There is no such location.')
    if (item.productId === null) {
      throw httpError(409, `"${item.name}" is no longer in the catalogue; write it off instead.`)
    }
    return { ...line, location_id: line.location_id }
  })
}

/**
 * Units back in stock: a `return` movement at their location each (products locked in id order, as
 * every stock change locks them). A written-off unit moves nothing: it left stock when it was sold,
 * and taking another unit away for it would make stock wrong (docs/decisions.md, "Claims").
 */
async function returnToStock(
  tx: Db,
  notifier: Notifier,
  claim: ClaimRow,
  { by, restock, lines }: { by: ClaimStaff; restock: RestockLine[]; lines: ClaimedLine[] },
) {
  const productOf = new Map(lines.map((line) => [line.orderItemId, line.productId]))
  const back = restock.flatMap((line) => {
    const productId = productOf.get(line.order_item_id)
    return line.to === 'stock' && line.location_id !== null && productId
      ? [{ productId, locationId: line.location_id, quantity: line.quantity }]
      : []
  })
  if (back.length === 0) return
  const productIds = [...new Set(back.map((line) => line.productId))].sort((a, b) => a - b)
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for('update')
  await tx.insert(stockMovements).values(
    back.map((line) => ({
      productId: line.productId,
      locationId: line.locationId,
      delta: line.quantity,
      reason: 'return' as const,
      referenceKind: 'order' as const,
      referenceId: claim.orderId,
      note: `Claim #${claim.id}`,
      actorId: by.id,
    })),
  )
  await stockChanged(tx, notifier, productIds)
}

/** A confirmed refund in the order's ledger, by the ledger's rules (never past what was paid). */
async function refund(
  tx: Db,
  notifier: Notifier,
  claim: ClaimRow,
  { by, amount, method }: { by: ClaimStaff; amount: string; method: LedgerMethod | undefined },
) {
  const [order] = await tx
    .select({ paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, claim.orderId))
  if (!order) throw new Error(`Order ${claim.orderId} of claim ${claim.id} vanished`)
  await recordEntry(tx, notifier, claim.orderId, {
    by: { id: by.id, role: by.role, audit: by.audit },
    entry: {
      kind: 'refund',
      // Cash on delivery is refunded by bank transfer unless staff say otherwise.
      method: method ?? (order.paymentMethod === 'cod' ? 'bank_transfer' : order.paymentMethod),
      amount,
      reference: '',
      note: `Claim #${claim.id}`,
      status: 'confirmed',
    },
  })
}

/**
 * The replacement: a new order for the same customer, address and channel, holding the claimed lines
 * at price 0, Pending, taking stock by the checkout's rules (409 when short).
 */
async function replacementOrder(
  tx: Db,
  notifier: Notifier,
  claim: ClaimRow,
  { by, lines }: { by: ClaimStaff; lines: ClaimedLine[] },
): Promise<number> {
  const [original] = await tx.select().from(orders).where(eq(orders.id, claim.orderId))
  if (!original) throw new Error(`Order ${claim.orderId} of claim ${claim.id} vanished`)
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.id,
        lines.map((line) => line.orderItemId),
      ),
    )
  const quantityOf = new Map(lines.map((line) => [line.orderItemId, line.quantity]))
  const wanted = items.map((item) => ({ ...item, quantity: quantityOf.get(item.id) ?? 0 }))
  const takes: { productId: number; from: StockTake[] }[] = []
  const stockTaken = new Map<number, number>()
  for (const [productId, group] of byProduct(
    wanted.flatMap((item) => (item.productId ? [{ ...item, productId: item.productId }] : [])),
  )) {
    const taken = await takeStock(
      tx,
      productId,
      group.reduce((sum, item) => sum + item.quantity, 0),
      original.city,
    )
    if (!taken) throw httpError(409, await shortageDetail(tx, productId, 'en'))
    const shares = shareOut(group, taken.taken)
    for (const [index, item] of group.entries()) stockTaken.set(item.id, shares[index] ?? 0)
    takes.push({ productId, from: taken.from })
  }
  const missing = wanted.find((item) => item.productId === null)
  if (missing)
    throw httpError(409, `"${missing.productName}" is no longer in the catalogue; it cannot be sent again.`)
  const today = new Date().toISOString().slice(0, 10)
  const [order] = await tx
    .insert(orders)
    .values({
      userId: original.userId,
      channel: original.channel,
      createdBy: by.id,
      note: `Replacement for claim #${claim.id} on order #${claim.orderId}`,
      firstName: original.firstName,
      lastName: original.lastName,
      email: original.email,
      address: original.address,
      city: original.city,
      postalCode: original.postalCode,
      phone: original.phone,
      paymentMethod: original.paymentMethod,
      subtotal: '0',
      totalPrice: '0',
      floor: original.floor,
      lift: original.lift,
      assembly: original.assembly,
      etaMinDate: today,
      etaMaxDate: today,
    })
    .returning({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
  if (!order) throw new Error('The replacement order insert returned no row')
  await tx.insert(orderItems).values(
    wanted.map((item) => ({
      orderId: order.id,
      productId: item.productId,
      productName: item.productName,
      productNameUr: item.productNameUr,
      price: '0',
      quantity: item.quantity,
      options: item.options,
      optionValueIds: item.optionValueIds,
      stockTaken: stockTaken.get(item.id) ?? 0,
    })),
  )
  await recordTakes(tx, order.id, takes, by.id)
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    paymentStatus: order.paymentStatus,
    note: `Replacement for claim #${claim.id}`,
    actorId: by.id,
  })
  await stockChanged(
    tx,
    notifier,
    takes.map((take) => take.productId),
  )
  await recordChange(tx, by.audit, {
    action: 'order.create',
    entity: 'order',
    entityId: order.id,
    before: null,
    after: { claim_id: claim.id, replaces_order_id: claim.orderId, total_price: '0.00' },
  })
  return order.id
}
