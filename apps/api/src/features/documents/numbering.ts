import type { DocumentKind } from '@store/contract'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { documentCounters } from '../../db/schema'

const PREFIXES: Record<DocumentKind, string> = {
  invoice: 'INV',
  credit_note: 'CN',
  delivery_challan: 'DC',
}

const karachiDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Karachi',
  year: 'numeric',
  month: 'numeric',
})

/** Pakistan's fiscal year (July to June) a moment falls in, in Asia/Karachi: `2026-27`. */
export function fiscalYearOf(moment: Date): string {
  const parts = karachiDate.formatToParts(moment)
  const year = Number(parts.find((part) => part.type === 'year')?.value)
  const month = Number(parts.find((part) => part.type === 'month')?.value)
  const start = month >= 7 ? year : year - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/**
 * The next number of a kind in the fiscal year, inside the issuing transaction. The upsert holds the
 * counter row's lock to the transaction's end, so papers issued at once on any process wait their turn
 * (no repeats), and a transaction that rolls back takes its number back with it (no gaps).
 */
export async function nextNumber(
  tx: Db,
  kind: DocumentKind,
  issuedAt: Date,
): Promise<{ number: string; fiscalYear: string; sequence: number }> {
  const fiscalYear = fiscalYearOf(issuedAt)
  const [counter] = await tx
    .insert(documentCounters)
    .values({ kind, fiscalYear, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.fiscalYear],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last })
  if (!counter) throw new Error('The document counter returned no row')
  const number = `${PREFIXES[kind]}-${fiscalYear}-${String(counter.last).padStart(6, '0')}`
  return { number, fiscalYear, sequence: counter.last }
}
