import type { SearchOperand } from './search'
import { compareLexemes, parseTsvector, type RankedQuery, tsRank } from './search-rank'

/** The products a search found, scored as ts_rank would: one array per field, by hit */
export class ScoredProducts {
  constructor(
    readonly ids: Int32Array,
    readonly scores: Float32Array,
    /** created_at in microseconds since 1970, the order of equal scores */
    readonly created: Float64Array,
    /** How many of the search's words (groups) each holds: as many as any holds */
    readonly held: number,
  ) {}

  get count(): number {
    return this.ids.length
  }

  /**
   * The ids of one page in best-match order: score, then newest, then the higher id (rankedPage's
   * order). Only the hits scoring at least the page's last one are sorted: that score comes from
   * the scores alone, which a typed array sorts natively.
   */
  page({ offset, limit }: { offset: number; limit: number }): number[] {
    const end = offset + limit
    if (end <= 0 || this.count === 0) return []
    const { ids, scores, created } = this
    const least = Float32Array.from(scores).sort()[Math.max(0, this.count - end)] as number
    const best: number[] = []
    for (let hit = 0; hit < this.count; hit++) if ((scores[hit] as number) >= least) best.push(hit)
    best.sort(
      (a, b) =>
        (scores[b] as number) - (scores[a] as number) ||
        (created[b] as number) - (created[a] as number) ||
        (ids[b] as number) - (ids[a] as number),
    )
    return best.slice(offset, end).map((hit) => ids[hit] as number)
  }
}

/** The live products holding words of a search: slots of one SearchDocuments */
export interface Matches {
  slots: number[]
  /** By the index in `slots`: how many of the search's groups the product holds */
  held: number[]
  groups: number
}

/** A typed array that grows as values are appended. */
class Growing<T extends Int32Array | Uint16Array> {
  length = 0
  constructor(public values: T) {}

  /** Lets go of the room kept for growth. */
  trim(): void {
    this.values = this.values.slice(0, this.length) as T
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const larger = new (this.values.constructor as new (size: number) => T)(
        Math.max(1024, this.values.length * 2),
      )
      larger.set(this.values)
      this.values = larger
    }
    this.values[this.length++] = value
  }
}

/**
 * The products' search documents in memory: for each product its lexemes (in id order) with their
 * positions, and for each lexeme the products holding it (postings). A changed product gets a new slot and its old one is left dead (skipped, and dropped when the documents are compacted), so
 * the postings stay in slot order without being rewritten.
 */
export class SearchDocuments {
  readonly #lexemeIds = new Map<string, number>()
  readonly #lexemes: string[] = []
  /** Lexemes in byte order, for prefixes; null once a new lexeme makes it stale */
  #sortedLexemes: string[] | null = null
  /** By lexeme id: the slots whose document holds it, ascending */
  readonly #postings: number[][] = []
  /** By slot: the product, or -1 once the slot is dead */
  readonly #slotProduct: number[] = []
  readonly #slotCreated: number[] = []
  /** By slot: its first entry; its last is the next slot's first, less one */
  readonly #slotEntries: number[] = [0]
  readonly #slotOfProduct = new Map<number, number>()
  /** By entry: its lexeme, and where its positions start (they end where the next entry's start) */
  readonly #entryLexeme = new Growing(new Int32Array(1024))
  readonly #entryPositions = new Growing(new Int32Array(1024))
  readonly #positions = new Growing(new Uint16Array(4096))
  #deadEntries = 0
  /** Scratch for matching, by slot: the last search group that met it (#stamp based), and how many did */
  #seen = new Int32Array(0)
  #held = new Uint16Array(0)
  #stamp = 0

  constructor() {
    this.#entryPositions.push(0)
  }

  get size(): number {
    return this.#slotOfProduct.size
  }

  /** Adds or replaces a product's document, given as a tsvector's text (null: an empty one). */
  put(id: number, created: number, document: string | null): void {
    this.#append(id, created, parseTsvector(document ?? ''))
  }

  remove(id: number): void {
    const slot = this.#slotOfProduct.get(id)
    if (slot === undefined) return
    this.#slotOfProduct.delete(id)
    this.#slotProduct[slot] = -1
    this.#deadEntries += (this.#slotEntries[slot + 1] as number) - (this.#slotEntries[slot] as number)
  }

  /** Whether enough slots are dead that copying the live ones is worth it */
  get wasteful(): boolean {
    return this.#deadEntries > 100_000 && this.#deadEntries > this.#entryLexeme.length / 2
  }

  /** The live documents, copied into new storage without the dead ones. */
  compacted(): SearchDocuments {
    const copy = new SearchDocuments()
    this.#slotProduct.forEach((id, slot) => {
      if (id < 0) return
      const entries: { lexeme: string; positions: ArrayLike<number> }[] = []
      for (
        let entry = this.#slotEntries[slot] as number;
        entry < (this.#slotEntries[slot + 1] as number);
        entry++
      ) {
        entries.push({
          lexeme: this.#lexemes[this.#entryLexeme.values[entry] as number] as string,
          positions: this.#positionsOf(entry),
        })
      }
      copy.#append(id, this.#slotCreated[slot] as number, entries)
    })
    copy.trim()
    return copy
  }

  /** Lets go of the room kept for growth, once the documents are read. */
  trim(): void {
    this.#entryLexeme.trim()
    this.#entryPositions.trim()
    this.#positions.trim()
  }

  /**
   * The live products holding a word of every group (`every`), or of at least one (`some`), with how
   * many groups each holds.
   */
  match(groups: SearchOperand[][], combine: 'every' | 'some'): Matches {
    const slotCount = this.#slotProduct.length
    if (this.#seen.length < slotCount || this.#stamp > 0x7fff0000) {
      this.#seen = new Int32Array(slotCount * 2)
      this.#held = new Uint16Array(slotCount * 2)
      this.#stamp = 0
    }
    const seen = this.#seen
    const held = this.#held
    // A slot whose `seen` is at most `base` has not been met by this search; group g marks base + g + 1.
    const base = this.#stamp
    this.#stamp += groups.length + 1
    const every = combine === 'every'
    // Holding every group, the smallest group first: it bounds the products to look at.
    const lexemesOf = groups.map((group) => [
      ...new Set(group.flatMap((operand) => this.#lexemesMatching(operand))),
    ])
    const order = lexemesOf
      .map((lexemes, index) => ({
        index,
        size: lexemes.reduce((sum, id) => sum + (this.#postings[id] as number[]).length, 0),
      }))
      .sort((a, b) => (every ? a.size - b.size : a.index - b.index))
    const touched: number[] = []
    order.forEach(({ index }, step) => {
      const mark = base + step + 1
      for (const lexeme of lexemesOf[index] as number[]) {
        const slots = this.#postings[lexeme] as number[]
        for (let at = 0; at < slots.length; at++) {
          const slot = slots[at] as number
          const last = seen[slot] as number
          if (last === mark) continue
          const fresh = last <= base
          // Holding every group: only those met by every group before this one count on.
          if (every && (step === 0 ? !fresh : last !== mark - 1)) continue
          seen[slot] = mark
          if (fresh) {
            held[slot] = 0
            touched.push(slot)
          }
          held[slot] = (held[slot] as number) + 1
        }
      }
    })
    const least = every ? groups.length : 1
    const live: number[] = []
    const liveHeld: number[] = []
    for (const slot of touched) {
      if ((held[slot] as number) < least || (this.#slotProduct[slot] as number) < 0) continue
      live.push(slot)
      liveHeld.push(held[slot] as number)
    }
    return { slots: live, held: liveHeld, groups: groups.length }
  }

  /** The products of `matches` */
  ids(matches: Matches): number[] {
    return matches.slots.map((slot) => this.#slotProduct[slot] as number)
  }

  /**
   * The products of `matches`, among those `passing` (all when undefined), that hold the most groups
   * any of them holds, each scored for `query` as ts_rank would.
   */
  scored(matches: Matches, query: RankedQuery, passing?: Set<number>): ScoredProducts {
    let most = 0
    const kept: number[] = []
    matches.slots.forEach((slot, index) => {
      const id = this.#slotProduct[slot] as number
      // A slot that died since the match (a refresh in between) is left out.
      if (id < 0 || (passing && !passing.has(id))) return
      const held = matches.held[index] as number
      if (held > most) {
        most = held
        kept.length = 0
      }
      if (held === most) kept.push(slot)
    })
    return this.#score(kept, query, most)
  }

  /** Scores documents by the query's operands, each document's matching entries in its own order. */
  #score(slots: number[], query: RankedQuery, held: number): ScoredProducts {
    // Each operand's lexemes in byte order, the order ts_rank meets them in a document.
    const lexemesOf = query.operands.map((operand) => this.#lexemesMatching(operand))
    const ranges: number[][] = query.operands.map(() => [])
    const counts: number[] = query.operands.map(() => 0)
    const matched = { positions: this.#positions.values, ranges, counts }
    const lexemes = this.#entryLexeme.values
    const starts = this.#entryPositions.values
    const ids = new Int32Array(slots.length)
    const scores = new Float32Array(slots.length)
    const created = new Float64Array(slots.length)
    slots.forEach((slot, hit) => {
      const first = this.#slotEntries[slot] as number
      const end = this.#slotEntries[slot + 1] as number
      lexemesOf.forEach((wanted, operand) => {
        const range = ranges[operand] as number[]
        let count = 0
        for (const lexeme of wanted) {
          // A document's entries are in lexeme id order.
          let low = first
          let high = end
          while (low < high) {
            const middle = (low + high) >>> 1
            if ((lexemes[middle] as number) < lexeme) low = middle + 1
            else high = middle
          }
          if (low === end || lexemes[low] !== lexeme) continue
          range[count] = starts[low] as number
          range[count + 1] = starts[low + 1] as number
          count += 2
        }
        counts[operand] = count
      })
      ids[hit] = this.#slotProduct[slot] as number
      scores[hit] = tsRank(query, matched)
      created[hit] = this.#slotCreated[slot] as number
    })
    return new ScoredProducts(ids, scores, created, held)
  }

  #positionsOf(entry: number): Uint16Array {
    const starts = this.#entryPositions.values
    return this.#positions.values.subarray(starts[entry], starts[entry + 1])
  }

  /** The ids of the lexemes an operand matches: itself, or for a prefix every lexeme it begins. */
  #lexemesMatching({ lexeme, prefix }: SearchOperand): number[] {
    if (!prefix) {
      const id = this.#lexemeIds.get(lexeme)
      return id === undefined ? [] : [id]
    }
    this.#sortedLexemes ??= [...this.#lexemes].sort(compareLexemes)
    const sorted = this.#sortedLexemes
    let low = 0
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compareLexemes(sorted[middle] as string, lexeme) < 0) low = middle + 1
      else high = middle
    }
    const ids: number[] = []
    for (let at = low; at < sorted.length && (sorted[at] as string).startsWith(lexeme); at++) {
      ids.push(this.#lexemeIds.get(sorted[at] as string) as number)
    }
    return ids
  }

  #append(id: number, created: number, entries: { lexeme: string; positions: ArrayLike<number> }[]): void {
    this.remove(id)
    const slot = this.#slotProduct.length
    this.#slotProduct.push(id)
    this.#slotCreated.push(created)
    this.#slotOfProduct.set(id, slot)
    const identified = entries.map(({ lexeme, positions }) => {
      let lexemeId = this.#lexemeIds.get(lexeme)
      if (lexemeId === undefined) {
        lexemeId = this.#lexemes.length
        this.#lexemeIds.set(lexeme, lexemeId)
        this.#lexemes.push(lexeme)
        this.#postings.push([])
        this.#sortedLexemes = null
      }
      return { lexemeId, positions }
    })
    // In lexeme id order, so that scoring finds a lexeme by binary search.
    identified.sort((a, b) => a.lexemeId - b.lexemeId)
    for (const { lexemeId, positions } of identified) {
      ;(this.#postings[lexemeId] as number[]).push(slot)
      this.#entryLexeme.push(lexemeId)
      for (let i = 0; i < positions.length; i++) this.#positions.push(positions[i] as number)
      this.#entryPositions.push(this.#positions.length)
    }
    this.#slotEntries.push(this.#entryLexeme.length)
  }
}
