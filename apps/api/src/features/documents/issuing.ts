import type { DocumentKind, InvoiceMoment } from '@store/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { documents, orderItems, orders, type StoredDocumentLine, type storeDetails } from '../../db/schema'
import { fromPaisa, toPaisa } from '../../lib/money'
import { amountsOf } from '../payments/entries'
import { nextNumber } from './numbering'
import { storeRow, storeSnapshot } from './store-details'

/** The lines an order's quote adds to its goods, in both languages; a discount takes off. */
const QUOTE_LINES = [
  { column: 'deliveryFee', name: 'Delivery', name_ur: 'ڈیلیوری', sign: 1n },
  { column: 'codFee', name: 'Cash on delivery fee', name_ur: 'کیش آن ڈیلیوری فیس', sign: 1n },
  { column: 'assemblyFee', name: 'Assembly', name_ur: 'فرنیچر جوڑنے کی فیس', sign: 1n },
  { column: 'floorFee', name: 'Carrying up floors', name_ur: 'منزلوں تک پہنچانے کی فیس', sign: 1n },
  { column: 'discount', name: 'Discount', name_ur: 'رعایت', sign: -1n },
] as const

const REFUND_LINE = { name: 'Refund', name_ur: 'رقم کی واپسی' }
const CANCEL_LINE = { name: 'Order cancelled', name_ur: 'آرڈر منسوخ' }

const oneLine = (
  { name, name_ur }: { name: string; name_ur: string },
  paisa: bigint,
): StoredDocumentLine => ({
  name,
  name_ur,
  options: [],
  quantity: 1,
  unit_price: fromPaisa(paisa),
  total: fromPaisa(paisa),
})

/**
 * The sales tax inside a price that includes it at `percent`: total × p / (100 + p), to the nearest
 * paisa (half up).
 */
export function includedTax(total: bigint, percent: string): bigint {
  const basisPoints = BigInt(Math.round(Number(percent) * 100))
  const divisor = 10000n + basisPoints
  return (2n * total * basisPoints + divisor) / (2n * divisor)
}

/** The order row a paper reads, with its goods and the quote's lines. */
async function orderForPaper(tx: Db, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new Error(`Order ${orderId} vanished while a paper was issued`)
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
  const lines: StoredDocumentLine[] = items.map((item) => ({
    name: item.productName,
    name_ur: item.productNameUr,
    options: item.options.map((chosen) => ({ option: chosen.name, value: chosen.value })),
    quantity: item.quantity,
    unit_price: fromPaisa(toPaisa(item.price)),
    total: fromPaisa(toPaisa(item.price) * BigInt(item.quantity)),
  }))
  for (const quote of QUOTE_LINES) {
    const amount = toPaisa(order[quote.column])
    if (amount !== 0n) lines.push(oneLine(quote, quote.sign * amount))
  }
  const customer = {
    name: `${order.firstName} ${order.lastName}`.trim(),
    address: order.address,
    city: [order.city, order.postalCode].filter(Boolean).join(' '),
    phone: order.phone,
  }
  return { order, lines, customer }
}

/** Writes a paper with the next number of its kind, in the caller's transaction. */
async function issue(
  tx: Db,
  paper: {
    kind: DocumentKind
    orderId: number
    againstId?: number
    lines: StoredDocumentLine[]
    customer: (typeof documents.$inferInsert)['customer']
    total: bigint
    taxPercent?: string
    balanceToCollect?: bigint
    store: typeof storeDetails.$inferSelect
  },
): Promise<number> {
  const [clock] = await queryRows<{ ms: number | string }>(
    tx,
    sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
  )
  const issuedAt = new Date(Math.floor(Number(clock?.ms)))
  const { number, fiscalYear, sequence } = await nextNumber(tx, paper.kind, issuedAt)
  const store = storeSnapshot(paper.store)
  const [row] = await tx
    .insert(documents)
    .values({
      number,
      kind: paper.kind,
      fiscalYear,
      sequence,
      orderId: paper.orderId,
      againstId: paper.againstId ?? null,
      issuedAt,
      lines: paper.lines,
      customer: paper.customer,
      store,
      taxTotal: fromPaisa(includedTax(paper.total, paper.taxPercent ?? store.sales_tax_percent)),
      total: fromPaisa(paper.total),
      balanceToCollect: paper.balanceToCollect === undefined ? null : fromPaisa(paper.balanceToCollect),
    })
    .returning({ id: documents.id })
  if (!row) throw new Error('The document insert returned no row')
  return row.id
}

const invoiceOf = async (tx: Db, orderId: number) => {
  const [invoice] = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.orderId, orderId), eq(documents.kind, 'invoice')))
  return invoice ?? null
}

/**
 * Issues the order's invoice when the store invoices at `moment` and it has none yet: at `confirmed`
 * when staff first move it past Pending, at `paid` when its confirmed payments reach its total. The
 * caller holds the order's row lock, so the invoice is issued once however the changes race. Answers
 * the new invoice's id.
 */
export async function invoiceIfDue(tx: Db, orderId: number, moment: InvoiceMoment): Promise<number | null> {
  const store = await storeRow(tx)
  if (store.invoiceOn !== moment || (await invoiceOf(tx, orderId))) return null
  const { order, lines, customer } = await orderForPaper(tx, orderId)
  if (order.status === 'Cancelled') return null
  if (moment === 'paid' && toPaisa(order.paidTotal) < toPaisa(order.totalPrice)) return null
  return issue(tx, { kind: 'invoice', orderId, lines, customer, total: toPaisa(order.totalPrice), store })
}

/** Whether the order was ever invoiced (a cancelled one's invoice stays, credited). */
export const hasInvoice = async (tx: Db, orderId: number) => (await invoiceOf(tx, orderId)) !== null

/** What of the invoice is not yet credited back. */
async function uncredited(tx: Db, invoice: typeof documents.$inferSelect): Promise<bigint> {
  const [credited] = await queryRows<{ sum: string | null }>(
    tx,
    sql`select coalesce(sum(${documents.total}), 0)::text as sum from ${documents} where ${documents.againstId} = ${invoice.id}`,
  )
  return toPaisa(invoice.total) - toPaisa(credited?.sum ?? '0')
}

/**
 * A credit note against the order's invoice, for `amount` but never past what the invoice has not yet
 * credited; nothing when the order has no invoice or it is all credited. Its tax is at the invoice's
 * rate, since it takes back what the invoice billed.
 */
async function credit(tx: Db, orderId: number, wanted: bigint | 'rest'): Promise<void> {
  const invoice = await invoiceOf(tx, orderId)
  if (!invoice) return
  const rest = await uncredited(tx, invoice)
  const amount = wanted === 'rest' || wanted > rest ? rest : wanted
  if (amount <= 0n) return
  const lines =
    wanted === 'rest'
      ? rest === toPaisa(invoice.total)
        ? invoice.lines
        : [oneLine(CANCEL_LINE, amount)]
      : [oneLine(REFUND_LINE, amount)]
  await issue(tx, {
    kind: 'credit_note',
    orderId,
    againstId: invoice.id,
    lines,
    customer: invoice.customer,
    total: amount,
    taxPercent: invoice.store.sales_tax_percent,
    store: await storeRow(tx),
  })
}

/** A confirmed refund: a credit note for it against the invoice (docs/decisions.md). */
export const creditRefund = (tx: Db, orderId: number, amount: string) => credit(tx, orderId, toPaisa(amount))

/** An invoiced order cancelled: a credit note for what the invoice billed and no note has taken back yet. */
export const creditCancellation = (tx: Db, orderId: number) => credit(tx, orderId, 'rest')

/**
 * A delivery challan for the driver when the order goes on a run: its goods, where and whom to, and
 * what to collect at the door.
 */
export async function issueChallan(tx: Db, orderId: number): Promise<void> {
  const { order, lines, customer } = await orderForPaper(tx, orderId)
  await issue(tx, {
    kind: 'delivery_challan',
    orderId,
    lines,
    customer,
    total: toPaisa(order.totalPrice),
    balanceToCollect: amountsOf(order).balanceDue,
    store: await storeRow(tx),
  })
}
