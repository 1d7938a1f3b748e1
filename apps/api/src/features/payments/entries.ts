import { type OrderStatus, type PaymentEntry, paths } from '@store/contract'
import { aliasedTable, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderPayments, users } from '../../db/schema'
import { groupBy } from '../../lib/group-by'
import { fromPaisa, toPaisa } from '../../lib/money'

const recorder = aliasedTable(users, 'recorder')
const checker = aliasedTable(users, 'checker')

/** An entry as answered: everything but the receipt's bytes, with the names of who recorded and checked it. */
const entryColumns = {
  id: orderPayments.id,
  orderId: orderPayments.orderId,
  kind: orderPayments.kind,
  method: orderPayments.method,
  amount: orderPayments.amount,
  reference: orderPayments.reference,
  note: orderPayments.note,
  status: orderPayments.status,
  proofContentType: orderPayments.proofContentType,
  createdAt: orderPayments.createdAt,
  checkedAt: orderPayments.checkedAt,
  checkNote: orderPayments.checkNote,
  recorderId: recorder.id,
  recorderName: recorder.firstName,
  checkerId: checker.id,
  checkerName: checker.firstName,
}

export const entryRows = (db: Db) =>
  db
    .select(entryColumns)
    .from(orderPayments)
    .leftJoin(recorder, eq(recorder.id, orderPayments.recordedBy))
    .leftJoin(checker, eq(checker.id, orderPayments.checkedBy))

type EntryRow = Awaited<ReturnType<typeof entryRows>>[number]

export const entryProofPath = (orderId: number, entryId: number) =>
  paths.payments.getPaymentEntryProof.path.replace(':id', String(orderId)).replace(':pid', String(entryId))

const person = (id: number | null, firstName: string | null) =>
  id !== null && firstName !== null ? { id, first_name: firstName } : null

export function toEntry(row: EntryRow): PaymentEntry {
  return {
    id: row.id,
    kind: row.kind,
    method: row.method,
    amount: fromPaisa(toPaisa(row.amount)),
    reference: row.reference,
    note: row.note,
    status: row.status,
    proof: row.proofContentType
      ? { url: entryProofPath(row.orderId, row.id), content_type: row.proofContentType }
      : null,
    recorded_by: person(row.recorderId, row.recorderName),
    at: row.createdAt.toISOString(),
    checked_by: person(row.checkerId, row.checkerName),
    checked_at: row.checkedAt?.toISOString() ?? null,
    check_note: row.checkNote,
  }
}

/** The entries of a page of orders, oldest first, by order: one query whatever the page size. */
export async function entriesOf(db: Db, orderIds: number[]): Promise<Map<number, PaymentEntry[]>> {
  if (orderIds.length === 0) return new Map()
  const rows = await entryRows(db)
    .where(inArray(orderPayments.orderId, orderIds))
    .orderBy(asc(orderPayments.orderId), asc(orderPayments.id))
  const byOrder = groupBy(rows, (row) => row.orderId)
  return new Map([...byOrder].map(([orderId, list]) => [orderId, list.map(toEntry)]))
}

/** The sums an order's triggers keep, as the order row holds them. */
export interface LedgerSums {
  status: OrderStatus
  totalPrice: string
  paidTotal: string
  refundedTotal: string
  advanceRequired: string
}

/** What an order's ledger comes to, in paisa (docs/api.md "Money on an order"). */
export function amountsOf(order: LedgerSums) {
  const total = toPaisa(order.totalPrice)
  const paid = toPaisa(order.paidTotal)
  const refunded = toPaisa(order.refundedTotal)
  const open = order.status !== 'Cancelled'
  const atLeastZero = (paisa: bigint) => (paisa > 0n ? paisa : 0n)
  return {
    /** Confirmed payments not yet paid back: also what may still be refunded */
    paid: paid - refunded,
    refunded,
    /** A refund does not make the customer owe again; a cancelled order owes nothing */
    balanceDue: open ? atLeastZero(total - paid) : 0n,
    advanceDue: open ? atLeastZero(toPaisa(order.advanceRequired) - paid) : 0n,
  }
}
