import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import type { FastifyReply } from 'fastify'

/** Excel reads a CSV as UTF-8 (and so shows Urdu) only when the file starts with this mark. */
export const BYTE_ORDER_MARK = '\uFEFF'

export type Cell = string | number | null

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or a carriage return before
 * one) as a formula: such a text goes out behind an apostrophe, which spreadsheets show as text. A text
 * already starting with apostrophes before such a character gets one more, so `unguardCell` can take
 * exactly one off and give back what was there. Numbers are written as numbers.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/

export const guardCell = (cell: Cell): Cell =>
  typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell

export const unguardCell = (cell: string): string =>
  cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell

const lines = (rows: Cell[][]) => stringify(rows.map((row) => row.map(guardCell)))

/**
 * Answers a CSV download built page by page as it is sent, so no export holds a whole table in
 * memory: the header first (behind the byte order mark), then each page of rows `pages` yields.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: string[],
  pages: AsyncIterable<Cell[][]>,
): FastifyReply {
  async function* text() {
    yield BYTE_ORDER_MARK + lines([header])
    for await (const rows of pages) if (rows.length > 0) yield lines(rows)
  }
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(text()))
}

/**
 * The rows a query ordered by id gives page after page: `fetch` is handed the last id of the page
 * before (undefined for the first), so each page is an index range rather than an ever larger offset.
 */
export async function* keysetPages<Row extends { id: number }>(
  fetch: (afterId: number | undefined, limit: number) => Promise<Row[]>,
  limit = 500,
): AsyncGenerator<Row[]> {
  let afterId: number | undefined
  for (;;) {
    const rows = await fetch(afterId, limit)
    if (rows.length > 0) yield rows
    const last = rows[rows.length - 1]
    if (rows.length < limit || !last) return
    afterId = last.id
  }
}

/** The day a file was made, in Pakistan, for its name: `orders-2026-11-28.csv`. */
export const fileDay = (now = new Date()) =>
  new Date(now.getTime() + 5 * 60 * 60 * 1000).toISOString().slice(0, 10)
