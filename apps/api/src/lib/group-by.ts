/** The values by key, each group in the values' order. */
export function groupBy<T>(values: T[], keyOf: (value: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const value of values) {
    const key = keyOf(value)
    const group = groups.get(key)
    if (group) group.push(value)
    else groups.set(key, [value])
  }
  return groups
}
