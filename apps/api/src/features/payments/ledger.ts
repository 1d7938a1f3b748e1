import {
  type CheckPaymentBody,
  type EntryKind,
  formatPkr,
  mayOverridePayments,
  type PaymentEntry,
  type ReceiptForm,
  type RecordPaymentBody,
  type Role,
} from '@store/contract'
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { sqlState } from '../../db/errors'
import { orderEvents, orderPayments, orders } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { fromPaisa, toPaisa } from '../../lib/money'
import { creditRefund, invoiceIfDue } from '../documents/issuing'
import type { Notifier } from '../notifications/service'
import { type OrderScope, visibleTo } from '../orders/reading'
import { amountsOf, entryRows, toEntry } from './entries'

const pkr = (paisa: bigint) => formatPkr(Number(paisa))

/** The order row a ledger change reads, locked: every change to one order's payments waits its turn. */
async function lockOrder(tx: Db, orderId: number, scope: OrderScope) {
  const [order] = await tx
    .select({
      userId: orders.userId,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      totalPrice: orders.totalPrice,
      paidTotal: orders.paidTotal,
      refundedTotal: orders.refundedTotal,
      advanceRequired: orders.advanceRequired,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(scope)))
    .for('update')
  return order ?? null
}
type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>

/**
 * What of a refund takes back invoiced money: money paid beyond the order's total (an owner's or a
 * manager's override) goes back first, and the invoice never billed it.
 */
function invoicedPartOf(before: LockedOrder, refund: string): string {
  const held = toPaisa(before.paidTotal) - toPaisa(before.refundedTotal)
  const overpaid = held - toPaisa(before.totalPrice)
  const amount = toPaisa(refund)
  return fromPaisa(overpaid > 0n ? (amount > overpaid ? amount - overpaid : 0n) : amount)
}

/**
 * Staff making a ledger change: who (for the entry; null for the demo seed's made-up history), with
 * which role, and as whom it is audited.
 */
export interface LedgerStaff {
  id: number | null
  role: Role | null
  audit: Actor | null
}

/**
 * Whether a confirmed entry of this kind and amount may count on the order now: 409 with the reason
 * when not. True when it is a payment past the total that an owner or a manager allows with a note.
 */
function judgeConfirmed(
  order: LockedOrder,
  { kind, amount, note, role }: { kind: EntryKind; amount: bigint; note: string; role: Role | null },
): boolean {
  const amounts = amountsOf(order)
  if (kind === 'refund') {
    if (amount > amounts.paid) {
      throw httpError(409, `A refund cannot be more than the ${pkr(amounts.paid)} paid and not yet refunded.`)
    }
    return false
  }
  if (order.status === 'Cancelled') throw httpError(409, 'This order is cancelled.')
  const due = toPaisa(order.totalPrice) - toPaisa(order.paidTotal)
  if (amount <= due) return false
  if (note !== '' && mayOverridePayments(role)) return true
  throw httpError(
    409,
    due > 0n
      ? `That is more than the ${pkr(due)} still due; only an owner or a manager can take more, with a note.`
      : 'This order is paid in full; only an owner or a manager can take more, with a note.',
  )
}

/** The database's own refusals of a race the locks did not see, in the API's words. */
function ledgerConflict(error: unknown): unknown {
  if (sqlState(error) !== '23514') return error
  const constraint = String(
    (error as { constraint?: unknown }).constraint ??
      (error as { cause?: { constraint?: unknown } }).cause?.constraint,
  )
  if (constraint === 'order_payments_within_total')
    return httpError(409, 'Payments cannot exceed the order total.')
  if (constraint === 'orders_refunds_within_payments')
    return httpError(409, 'Refunds cannot exceed what was paid.')
  return error
}

const entryById = async (tx: Db, entryId: number) => {
  const [row] = await entryRows(tx).where(eq(orderPayments.id, entryId))
  if (!row) throw new Error(`Payment entry ${entryId} vanished in its own transaction`)
  return toEntry(row)
}

/**
 * What follows any ledger change, in its transaction: the timeline gets a line when the payment status
 * moved, the customer hears of a confirmed or rejected payment and of a refund paid, and a staff
 * change is audited.
 */
async function afterChange(
  tx: Db,
  notifier: Notifier,
  {
    orderId,
    before,
    entry,
    by,
    action,
    historyLine = true,
  }: {
    orderId: number
    before: LockedOrder
    entry: PaymentEntry
    by: { id: number | null; audit: Actor | null }
    action: 'payment.record' | 'payment.confirm' | 'payment.reject' | 'payment.receipt'
    /** False when the caller writes the timeline's line itself (a status change made with it) */
    historyLine?: boolean
  },
): Promise<void> {
  const [after] = await tx
    .select({ paymentStatus: orders.paymentStatus, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (historyLine && after && after.paymentStatus !== before.paymentStatus) {
    await tx.insert(orderEvents).values({
      orderId,
      status: after.status,
      paymentStatus: after.paymentStatus,
      note: entry.check_note || entry.note,
      actorId: by.id,
    })
  }
  if (entry.status === 'confirmed') {
    if (entry.kind === 'refund') await creditRefund(tx, orderId, invoicedPartOf(before, entry.amount))
    else await invoiceIfDue(tx, orderId, 'paid')
  }
  if (entry.status !== 'pending') await notifier.paymentChecked(tx, orderId, entry)
  if (by.audit) {
    await recordChange(tx, by.audit, {
      action,
      entity: 'payment',
      entityId: entry.id,
      before:
        action === 'payment.confirm' || action === 'payment.reject'
          ? { order_id: orderId, status: 'pending' }
          : null,
      after: {
        order_id: orderId,
        kind: entry.kind,
        method: entry.method,
        amount: entry.amount,
        status: entry.status,
        ...(entry.note && { note: entry.note }),
        ...(entry.check_note && { check_note: entry.check_note }),
      },
    })
  }
}

/** A transaction whose refusal by the ledger's constraints answers 409 with a sentence. */
export async function inLedgerTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work)
  } catch (error) {
    throw ledgerConflict(error)
  }
}

/**
 * Staff record a payment or a refund taken by any method (docs/api.md), inside the caller's
 * transaction; null when there is no such order.
 */
export async function recordEntry(
  tx: Db,
  notifier: Notifier,
  orderId: number,
  {
    by,
    entry,
    historyLine = true,
  }: { by: LedgerStaff; entry: z.output<typeof RecordPaymentBody>; historyLine?: boolean },
): Promise<PaymentEntry | null> {
  const order = await lockOrder(tx, orderId, { ownerId: null })
  if (!order) return null
  // A draft is not an order yet: deleting it would take its money's record with it.
  if (order.status === 'Draft') throw httpError(409, 'This order is a draft; confirm it first.')
  const amount = toPaisa(entry.amount)
  const confirmed = entry.status === 'confirmed'
  if (!confirmed && entry.kind === 'payment' && order.status === 'Cancelled') {
    throw httpError(409, 'This order is cancelled.')
  }
  const overTotalAllowed = confirmed && judgeConfirmed(order, { ...entry, amount, role: by.role })
  const [row] = await tx
    .insert(orderPayments)
    .values({
      orderId,
      kind: entry.kind,
      method: entry.method,
      amount: fromPaisa(amount),
      reference: entry.reference,
      note: entry.note,
      status: entry.status,
      overTotalAllowed,
      recordedBy: by.id,
      ...(confirmed && { checkedBy: by.id, checkedAt: sql`now()` }),
    })
    .returning({ id: orderPayments.id })
  if (!row) throw new Error('The payment insert returned no row')
  const saved = await entryById(tx, row.id)
  await afterChange(tx, notifier, {
    orderId,
    before: order,
    entry: saved,
    by,
    action: 'payment.record',
    historyLine,
  })
  return saved
}

/** `recordEntry` in a transaction of its own. */
export const recordPayment = (
  db: Db,
  notifier: Notifier,
  orderId: number,
  change: { by: LedgerStaff; entry: z.output<typeof RecordPaymentBody> },
) => inLedgerTransaction(db, (tx) => recordEntry(tx, notifier, orderId, change))

/** Staff confirm or reject a pending entry; null when the order has no such entry. */
export function checkPayment(
  db: Db,
  notifier: Notifier,
  { orderId, entryId }: { orderId: number; entryId: number },
  { by, check }: { by: LedgerStaff; check: z.output<typeof CheckPaymentBody> },
): Promise<PaymentEntry | null> {
  return inLedgerTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId, { ownerId: null })
    if (!order) return null
    const [entry] = await tx
      .select({ kind: orderPayments.kind, amount: orderPayments.amount, status: orderPayments.status })
      .from(orderPayments)
      .where(and(eq(orderPayments.id, entryId), eq(orderPayments.orderId, orderId)))
    if (!entry) return null
    if (entry.status !== 'pending') throw httpError(409, `This entry is already ${entry.status}.`)
    if (check.status === 'confirmed') {
      // A receipt past the total is rejected and what came in recorded: its amount is the customer's word.
      judgeConfirmed(order, { kind: entry.kind, amount: toPaisa(entry.amount), note: '', role: null })
    }
    await tx
      .update(orderPayments)
      .set({ status: check.status, checkedBy: by.id, checkedAt: sql`now()`, checkNote: check.note })
      .where(eq(orderPayments.id, entryId))
    const saved = await entryById(tx, entryId)
    const action = check.status === 'confirmed' ? 'payment.confirm' : 'payment.reject'
    await afterChange(tx, notifier, { orderId, before: order, entry: saved, by, action })
    return saved
  })
}

/** A receipt's file as kept: a re-encoded image or a PDF. */
export interface ReceiptFile {
  contentType: string
  bytes: Buffer
}

/** Why the customer may not send a receipt for this order now, if they may not. */
function refuseReceipt(order: LockedOrder): void {
  if (order.status === 'Cancelled') throw httpError(409, 'This order is cancelled.')
  const { balanceDue, advanceDue } = amountsOf(order)
  if (order.paymentMethod !== 'bank_transfer' && advanceDue === 0n) {
    throw httpError(400, 'A receipt can only be uploaded for an order paid by bank transfer.')
  }
  if (balanceDue === 0n) {
    throw httpError(
      409,
      order.paymentStatus === 'paid' || order.paymentStatus === 'refunded'
        ? `The payment of this order is already ${order.paymentStatus}.`
        : 'Nothing is left to pay on this order.',
    )
  }
}

/**
 * Whether the customer may send a receipt for this order, asked before the upload is read: false when
 * the order is not theirs, 400 or 409 when it takes no receipt.
 */
export async function takesReceipt(db: Db, orderId: number, customerId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, { ownerId: customerId })
    if (!order) return false
    refuseReceipt(order)
    return true
  })
}

/**
 * The customer's receipt becomes a pending entry for staff to check; the order is checked again under
 * its lock. `receipt: 'balance'` (the old payment-proof route) is a bank transfer of all that is due.
 * Null when the order is not theirs.
 */
export function submitReceipt(
  db: Db,
  notifier: Notifier,
  orderId: number,
  {
    customerId,
    receipt,
    file,
  }: { customerId: number; receipt: z.output<typeof ReceiptForm> | 'balance'; file: ReceiptFile },
): Promise<PaymentEntry | null> {
  return inLedgerTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId, { ownerId: customerId })
    if (!order) return null
    refuseReceipt(order)
    const { balanceDue } = amountsOf(order)
    const details =
      receipt === 'balance'
        ? { amount: fromPaisa(balanceDue), method: 'bank_transfer' as const, reference: '' }
        : receipt
    if (toPaisa(details.amount) > balanceDue) {
      throw httpError(400, 'The form is not valid.', {
        amount: [`Enter at most ${pkr(balanceDue)}, the amount still due.`],
      })
    }
    const [row] = await tx
      .insert(orderPayments)
      .values({
        orderId,
        kind: 'payment',
        method: details.method,
        amount: fromPaisa(toPaisa(details.amount)),
        reference: details.reference,
        proofContentType: file.contentType,
        proofBytes: file.bytes,
        recordedBy: customerId,
      })
      .returning({ id: orderPayments.id })
    if (!row) throw new Error('The receipt insert returned no row')
    const saved = await entryById(tx, row.id)
    await afterChange(tx, notifier, {
      orderId,
      before: order,
      entry: saved,
      by: { id: customerId, audit: null },
      action: 'payment.receipt',
    })
    await notifier.paymentProofSubmitted(tx, orderId, saved.amount)
    return saved
  })
}

/** An order's entries, oldest first; null when the order is not visible in the scope. */
export async function listPayments(
  db: Db,
  orderId: number,
  scope: OrderScope,
): Promise<PaymentEntry[] | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(scope)))
  if (!order) return null
  const rows = await entryRows(db).where(eq(orderPayments.orderId, orderId)).orderBy(orderPayments.id)
  return rows.map(toEntry)
}

/** One entry's receipt, or (without `entryId`) the order's latest; null when none is visible. */
export async function receiptOf(
  db: Db,
  { orderId, entryId }: { orderId: number; entryId?: number },
  scope: OrderScope,
): Promise<ReceiptFile | null> {
  const [receipt] = await db
    .select({ contentType: orderPayments.proofContentType, bytes: orderPayments.proofBytes })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        entryId === undefined ? undefined : eq(orderPayments.id, entryId),
        isNotNull(orderPayments.proofBytes),
        visibleTo(scope),
      ),
    )
    .orderBy(desc(orderPayments.id))
    .limit(1)
  return receipt?.contentType && receipt.bytes
    ? { contentType: receipt.contentType, bytes: receipt.bytes }
    : null
}
