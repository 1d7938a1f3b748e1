/** The value below which a share `p` of the sorted times fall (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

/** Count, rate and percentiles of one run's response times (ms), over `seconds`. */
export function latencySummary(times: number[], seconds: number) {
  const sorted = [...times].sort((a, b) => a - b)
  return {
    requests: times.length,
    seconds,
    requestsPerSecond: Math.round(times.length / seconds),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  }
}

/** One kind of request's figures over a run */
export interface KindRow {
  kind: string
  requests: number
  requestsPerSecond: number
  p50: number
  p95: number
  p99: number
  errors: number
}

/** The per-kind figures as a Markdown table, printed. */
export function printKindRows(rows: readonly KindRow[]): void {
  console.log(
    '\n| kind | requests | req/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|',
  )
  for (const row of rows) {
    console.log(
      `| ${row.kind} | ${row.requests} | ${row.requestsPerSecond} | ${Math.round(row.p50)} | ${Math.round(row.p95)} | ${Math.round(row.p99)} | ${row.errors} |`,
    )
  }
}
