import { randomUUID } from 'node:crypto'
import { type LanguageCode, type OrderDocument, paths } from '@store/contract'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { documents, orders } from '../../db/schema'
import { formatMoney } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import { type OrderScope, visibleTo } from '../orders/reading'

type DocumentRow = typeof documents.$inferSelect

/** Rendered papers live here; lib/media-route.ts never serves this folder, only the routes below do. */
export const PAPERS_FOLDER = 'documents'

const pdfPath = (orderId: number, documentId: number) =>
  paths.documents.getDocumentPdf.path
    .replace(':id', String(orderId))
    .replace(':documentId', String(documentId))

const toDocument = (row: DocumentRow, against: string | null, language: LanguageCode): OrderDocument => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  order_id: row.orderId,
  against,
  issued_at: row.issuedAt.toISOString(),
  lines: row.lines.map((line) => ({
    name: language === 'ur' && line.name_ur ? line.name_ur : line.name,
    options: line.options,
    quantity: line.quantity,
    unit_price: formatMoney(line.unit_price),
    total: formatMoney(line.total),
  })),
  tax_total: formatMoney(row.taxTotal),
  total: formatMoney(row.total),
  balance_to_collect: row.balanceToCollect === null ? null : formatMoney(row.balanceToCollect),
  pdf_url: `${pdfPath(row.orderId, row.id)}?lang=${language}`,
})

/** An order's papers, oldest first; null when the order is not visible in the scope. */
export async function listOrderDocuments(
  db: Db,
  orderId: number,
  scope: OrderScope,
  language: LanguageCode,
): Promise<OrderDocument[] | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(scope)))
  if (!order) return null
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.orderId, orderId))
    .orderBy(asc(documents.id))
  const numbers = new Map(rows.map((row) => [row.id, row.number]))
  return rows.map((row) =>
    toDocument(row, row.againstId ? (numbers.get(row.againstId) ?? null) : null, language),
  )
}

async function bytesOf(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key)
  if (!file) return null
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * One paper's PDF in a language; null when the paper or its order is not visible. Rendered the first
 * time it is asked for in that language and kept in the media storage, so every later download is the
 * same bytes. Two first asks at once render the same bytes; the first key saved stays.
 */
export async function documentPdf(
  db: Db,
  storage: MediaStorage,
  { orderId, documentId }: { orderId: number; documentId: number },
  scope: OrderScope,
  language: LanguageCode,
): Promise<{ number: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ document: documents })
    .from(documents)
    .innerJoin(orders, eq(orders.id, documents.orderId))
    .where(and(eq(documents.id, documentId), eq(documents.orderId, orderId), visibleTo(scope)))
  return row ? keptPdf(db, storage, row.document, language) : null
}

/** A paper's PDF for a mail: whoever the mail is for was told of it; null when it is gone. */
export async function attachedPdf(
  db: Db,
  storage: MediaStorage,
  { documentId, language }: { documentId: number; language: LanguageCode },
): Promise<{ number: string; bytes: Buffer } | null> {
  const [paper] = await db.select().from(documents).where(eq(documents.id, documentId))
  return paper ? keptPdf(db, storage, paper, language) : null
}

async function keptPdf(db: Db, storage: MediaStorage, paper: DocumentRow, language: LanguageCode) {
  const keyColumn = language === 'ur' ? 'pdfKeyUr' : 'pdfKeyEn'
  const kept = paper[keyColumn]
  const stored = kept ? await bytesOf(storage, kept) : null
  if (stored) return { number: paper.number, bytes: stored }

  const [against] = paper.againstId
    ? await db.select({ number: documents.number }).from(documents).where(eq(documents.id, paper.againstId))
    : []
  const logo = paper.store.logo_key ? await bytesOf(storage, paper.store.logo_key) : null
  // pdfkit takes about 200 ms to load: a process loads it with the first paper it draws, not at start.
  const { renderDocumentPdf } = await import('./pdf')
  const bytes = await renderDocumentPdf(paper, { language, logo, against: against?.number ?? null })
  // A random folder: the storage may be a public bucket, and numbers can be counted through.
  const key = kept ?? `${PAPERS_FOLDER}/${randomUUID()}/${paper.number}-${language}.pdf`
  await storage.put(key, bytes)
  if (!kept)
    await db
      .update(documents)
      .set({ [keyColumn]: key })
      .where(eq(documents.id, paper.id))
  return { number: paper.number, bytes }
}
