import type { SearchOperand } from './search'

/**
 * PostgreSQL's `ts_rank(weights, document, query)` (normalization 0) for the queries search.ts makes,
 * computed from a document's positions in memory: the same arithmetic as tsrank.c's calc_rank_and and
 * calc_rank_or, single precision where PostgreSQL's is (`float`), so that the scores, and the order
 * of the products holding them, come out the same. search-rank.test.ts holds it to PostgreSQL's own.
 */

/** ts_rank weights {D, C, B, A}: a word in the name counts most, then the category, then the description. */
export const RANK_WEIGHTS = [0.1, 0.2, 0.5, 1.0] as const
const weights = RANK_WEIGHTS.map(Math.fround)

/** A position as a tsvector holds it: the weight (A = 3 … D = 0) in the top two bits, the place below. */
const WEIGHT_SHIFT = 14
const PLACE_MASK = (1 << WEIGHT_SHIFT) - 1
/** Where PostgreSQL puts a lexeme that has no positions (a stripped document) */
const NO_PLACE = PLACE_MASK
/** π²/6, the limit of Σ 1/i², as tsrank.c writes it */
const SUM_OF_INVERSE_SQUARES = 1.64493406685

const f = Math.fround
const placeOf = (position: number) => position & PLACE_MASK
const weightOf = (position: number) => weights[position >>> WEIGHT_SHIFT] as number

/**
 * What a rank reads of a document: for each operand, where the positions of each of its matching
 * lexemes lie in `positions`, in the document's order, as [start, end) pairs one after the other.
 */
export interface MatchedPositions {
  positions: ArrayLike<number>
  ranges: number[][]
  /** How many numbers of each operand's `ranges` are this document's (the arrays are reused) */
  counts: number[]
}

export interface RankedQuery {
  /** The operands as PostgreSQL ranks them: distinct lexemes in byte order */
  operands: SearchOperand[]
  /** Whether the query's top is an AND (calc_rank_and), else an OR or one operand (calc_rank_or) */
  and: boolean
}

/** Code point order, which is the byte order of the UTF-8 texts PostgreSQL compares. */
export function compareLexemes(a: string, b: string): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i) as number
    const y = b.codePointAt(i) as number
    if (x !== y) return x - y
    if (x > 0xffff) i++
  }
  return a.length - b.length
}

/**
 * The query of `groups` (every group: ANDed; some: ORed) as ts_rank sees it: its operands sorted and
 * made distinct by lexeme alone. Null when one lexeme is both a prefix and a whole word in it: then
 * which of the two PostgreSQL keeps depends on its sort's order of equal items, and the rank is left
 * to PostgreSQL.
 */
export function rankedQuery(groups: SearchOperand[][], combine: 'every' | 'some'): RankedQuery | null {
  const sorted = groups.flat().sort((a, b) => compareLexemes(a.lexeme, b.lexeme))
  const operands: SearchOperand[] = []
  for (const operand of sorted) {
    const previous = operands[operands.length - 1]
    if (previous?.lexeme !== operand.lexeme) operands.push(operand)
    else if (previous.prefix !== operand.prefix) return null
  }
  return { operands, and: combine === 'every' && groups.length > 1 }
}

/** word_distance of tsrank.c: how much two words this far apart count together */
function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30)
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)))
}

/** wordDistance by distance, 0 to 100 (0 is never asked for); beyond, it is 1e-30 */
const WORD_DISTANCES = Array.from({ length: 101 }, (_, distance) => wordDistance(distance))
const FAR = wordDistance(101)

/** The position a lexeme without any ranks at in calc_rank_and: NO_PLACE, weight D */
const PLACELESS = NO_PLACE

// For each operand, the range of the last of its lexemes met so far (as calc_rank_and keeps them):
// end -1 when none was met, start -1 for a lexeme without positions (one at PLACELESS). Reused.
const keptStart: number[] = []
const keptEnd: number[] = []

function rankAnd(query: RankedQuery, { positions, ranges, counts }: MatchedPositions): number {
  let rank = f(-1)
  const count = query.operands.length
  for (let i = 0; i < count; i++) {
    keptStart[i] = -1
    keptEnd[i] = -1
  }
  for (let i = 0; i < count; i++) {
    const found = ranges[i] as number[]
    for (let r = 0; r < (counts[i] as number); r += 2) {
      const placeless = found[r] === found[r + 1]
      const myStart = placeless ? -1 : (found[r] as number)
      const myEnd = placeless ? 0 : (found[r + 1] as number)
      keptStart[i] = myStart
      keptEnd[i] = myEnd
      for (let k = 0; k < i; k++) {
        const theirStart = keptStart[k] as number
        const theirEnd = keptEnd[k] as number
        if (theirEnd < 0) continue
        for (let l = myStart; l < myEnd; l++) {
          const a = l < 0 ? PLACELESS : (positions[l] as number)
          for (let p = theirStart; p < theirEnd; p++) {
            const b = p < 0 ? PLACELESS : (positions[p] as number)
            let distance = Math.abs(placeOf(a) - placeOf(b))
            if (distance === 0 && l >= 0 && p >= 0) continue
            if (distance === 0) distance = NO_PLACE
            const near = distance <= 100 ? (WORD_DISTANCES[distance] as number) : FAR
            const weight = f(Math.sqrt(f(f(weightOf(a) * weightOf(b)) * near)))
            rank = rank < 0 ? weight : f(1.0 - (1.0 - rank) * (1.0 - weight))
          }
        }
      }
    }
  }
  return rank
}

function rankOr(query: RankedQuery, { positions, ranges, counts }: MatchedPositions): number {
  let rank = f(0)
  for (let i = 0; i < query.operands.length; i++) {
    const found = ranges[i] as number[]
    for (let r = 0; r < (counts[i] as number); r += 2) {
      const start = found[r] as number
      const end = found[r + 1] as number
      // A lexeme without positions counts as one occurrence of weight D.
      const count = end > start ? end - start : 1
      let sum = f(0)
      let best = f(-1)
      let bestAt = 0
      for (let j = 0; j < count; j++) {
        const weight = end > start ? weightOf(positions[start + j] as number) : (weights[0] as number)
        sum = f(sum + f(weight / ((j + 1) * (j + 1))))
        if (weight > best) {
          best = weight
          bestAt = j
        }
      }
      // The heaviest occurrence counts as if first: tsrank.c's stand-in for sorting them by weight.
      const counted = f(f(best + sum) - f(best / ((bestAt + 1) * (bestAt + 1))))
      rank = f(rank + counted / SUM_OF_INVERSE_SQUARES)
    }
  }
  return query.operands.length > 0 ? f(rank / query.operands.length) : rank
}

/** ts_rank of a non-empty document for `query`, from the positions of its lexemes the query matches. */
export function tsRank(query: RankedQuery, matched: MatchedPositions): number {
  const rank = query.and && query.operands.length >= 2 ? rankAnd(query, matched) : rankOr(query, matched)
  return rank < 0 ? f(1e-20) : rank
}

/**
 * A tsvector's text form (`'lexeme':1A,5B 'it''s':3`) as its lexemes in order, each with its
 * positions encoded as the tsvector holds them.
 */
export function parseTsvector(text: string): { lexeme: string; positions: number[] }[] {
  const entries: { lexeme: string; positions: number[] }[] = []
  let at = 0
  while (at < text.length) {
    if (text[at] === ' ') {
      at++
      continue
    }
    if (text[at] !== "'") throw new Error(`Not a tsvector at ${at}: ${text.slice(at, at + 20)}`)
    at++
    let lexeme = ''
    for (;;) {
      const char = text[at]
      if (char === undefined) throw new Error('Unterminated lexeme in a tsvector')
      if (char === "'" && text[at + 1] === "'") {
        lexeme += "'"
        at += 2
      } else if (char === "'") {
        at++
        break
      } else if (char === '\\') {
        lexeme += text[at + 1] ?? ''
        at += 2
      } else {
        lexeme += char
        at++
      }
    }
    const positions: number[] = []
    if (text[at] === ':') {
      at++
      for (;;) {
        let place = 0
        for (
          let digit = text.charCodeAt(at) - 48;
          digit >= 0 && digit <= 9;
          digit = text.charCodeAt(at) - 48
        ) {
          place = place * 10 + digit
          at++
        }
        const letter = text[at]
        const weight = letter === 'A' ? 3 : letter === 'B' ? 2 : letter === 'C' ? 1 : 0
        if (weight > 0 || letter === 'D') at++
        positions.push((weight << WEIGHT_SHIFT) | place)
        if (text[at] !== ',') break
        at++
      }
    }
    entries.push({ lexeme, positions })
  }
  return entries
}
