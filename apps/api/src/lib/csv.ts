import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import type { FastifyReply } from 'fastify'

/** Excel reads a CSV as UTF-8 (and so shows Urdu) only when the file starts with this mark. */
export const BYTE_ORDER_MARK = '\uFEFF'

export type Cell = string | number | null

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or a carriage return before
 * one) as a formula: such a text goes out behind an apostrophe, which spreadsheets show as text (CSV
 * injection). A text already starting with apostrophes before such a character gets one more, so
 * `unguardCell` can take exactly one off and give back what was there. Numbers stay numbers, a
 * negative amount written as text ("-500.00") too.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/

export const guardCell = (cell: Cell): Cell =>
  typeof cell === 'string' && FORMULA_START.test(cell) && !NEGATIVE_NUMBER.test(cell) ? `'${cell}` : cell

export const unguardCell = (cell: string): string =>
  cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell

/** Rows as CSV text, each cell guarded. */
export const csvLines = (rows: Cell[][]) => stringify(rows.map((row) => row.map(guardCell)))

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
    yield BYTE_ORDER_MARK + csvLines([header])
    for await (const rows of pages) if (rows.length > 0) yield csvLines(rows)
  }
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(text()))
}
