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
