/** A seeded source of numbers in [0, 1) (mulberry32): the same seed makes the same run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), state | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Draws ranks 0 … count − 1, rank r with a chance proportional to 1 / (r + 1)^exponent (Zipf's law, as
 * visits to a shop's pages fall off): a few ranks come up often, the long tail now and then.
 */
export function zipfDraw(count: number, exponent = 1): (random: () => number) => number {
  const cumulative = new Float64Array(count)
  let total = 0
  for (let rank = 0; rank < count; rank++) {
    total += 1 / (rank + 1) ** exponent
    cumulative[rank] = total
  }
  return (random) => {
    const target = random() * total
    // The first rank whose cumulative weight reaches the target.
    let low = 0
    let high = count - 1
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((cumulative[middle] as number) < target) low = middle + 1
      else high = middle
    }
    return low
  }
}

/** Draws one of `choices` with a chance proportional to its weight. */
export function weightedDraw<T>(choices: readonly (readonly [T, number])[]): (random: () => number) => T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0)
  return (random) => {
    let left = random() * total
    for (const [choice, weight] of choices) {
      left -= weight
      if (left < 0) return choice
    }
    return (choices[choices.length - 1] as readonly [T, number])[0]
  }
}
