import { describe, expect, it } from 'vitest'
import { seededRandom, weightedDraw, zipfDraw } from './skewed-draw'

const draws = (count: number, draw: () => number) => Array.from({ length: count }, draw)

describe('seededRandom', () => {
  it('gives the same numbers for the same seed, each in [0, 1)', () => {
    const first = draws(1000, seededRandom(35))
    expect(draws(1000, seededRandom(35))).toEqual(first)
    expect(draws(1000, seededRandom(36))).not.toEqual(first)
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true)
  })
})

describe('zipfDraw', () => {
  it('draws rank r about 1 / (r + 1) as often as rank 0, and every rank within the count', () => {
    const random = seededRandom(1)
    const draw = zipfDraw(1000)
    const ranks = draws(200_000, () => draw(random))
    expect(ranks.every((rank) => Number.isInteger(rank) && rank >= 0 && rank < 1000)).toBe(true)
    const counts = new Array<number>(1000).fill(0)
    for (const rank of ranks) counts[rank] = (counts[rank] ?? 0) + 1
    // 1 / H(1000) of the draws fall on rank 0: about 13%.
    expect((counts[0] ?? 0) / 200_000).toBeCloseTo(0.134, 2)
    expect((counts[0] ?? 0) / (counts[9] ?? 1)).toBeGreaterThan(8)
    expect((counts[0] ?? 0) / (counts[9] ?? 1)).toBeLessThan(12)
    // The long tail is drawn too: most of the last hundred ranks come up.
    expect(counts.slice(900).filter((count) => count > 0).length).toBeGreaterThan(90)
  })
})

describe('weightedDraw', () => {
  it('draws each choice in proportion to its weight', () => {
    const random = seededRandom(2)
    const draw = weightedDraw([
      ['a', 97],
      ['b', 3],
    ])
    const picked = draws(100_000, () => (draw(random) === 'b' ? 1 : 0)).reduce<number>((sum, b) => sum + b, 0)
    expect(picked / 100_000).toBeCloseTo(0.03, 2)
  })
})
