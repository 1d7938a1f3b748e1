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
