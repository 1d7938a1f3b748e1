import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/harness'
import { type Database, queryRows } from '../../db/client'
import { groupQuery, type SearchOperand } from './search'
import { type ScoredProducts, SearchDocuments } from './search-documents'
import {
  type MatchedPositions,
  parseTsvector,
  RANK_WEIGHTS,
  type RankedQuery,
  rankedQuery,
  tsRank,
} from './search-rank'

/**
 * The index's rank must be PostgreSQL's ts_rank, or a page would come out in another order than the
 * database's: held equal on generated documents and queries of the shapes search.ts makes.
 */

const WORDS = [
  'oak',
  'oaken',
  'oaks',
  'walnut',
  'walnuts',
  'wardrobe',
  'wardrobes',
  'ward',
  'chair',
  'chairs',
  'armchair',
  'sofa',
  'table',
  'teak',
  'brass',
  'lamp',
  'lamps',
  'میز',
  'میزیں',
  'کرسی',
]
/** Lexemes to:tsvector never makes, written as tsvector literals: quotes and backslashes in the text form */
const ODD_LEXEMES = ["it''s", 'back\\\\slash', "o''neil"]
const STEMS = ['oak', 'wal', 'war', 'chair', 'lamp', 'میز', 'ta']

/** A small deterministic generator (mulberry32), so a failure can be run again as it was. */
function generator(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const below = (n: number) => Math.floor(next() * n)
  const pick = <T>(values: readonly T[]) => values[below(values.length)] as T
  return { next, below, pick }
}

const random = generator(20261127)
const text = (words: number) => Array.from({ length: words }, () => random.pick(WORDS)).join(' ')

function randomGroups(): SearchOperand[][] {
  const count = 1 + random.below(3)
  return Array.from({ length: count }, (_, index) => {
    const lexemes = new Set(Array.from({ length: 1 + random.below(3) }, () => random.pick(WORDS)))
    const group = [...lexemes].map((lexeme) => ({ lexeme, prefix: false }))
    // The last word as search.ts writes it: a prefix, with whole-word corrections beside it.
    if (index === count - 1 && random.next() < 0.6)
      return [{ lexeme: random.pick(STEMS), prefix: true }, ...group]
    return group
  })
}

let database: Database
let drop: () => Promise<void>
/** The documents' text forms, by id */
const documents = new Map<number, string>()

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase({ migrate: false }))
  const { db } = database
  await db.execute(sql`create table rank_documents (id integer primary key, document tsvector not null)`)
  for (let id = 1; id <= 150; id++) {
    const [a, b, c, d] = [
      text(random.below(4)),
      text(random.below(4)),
      text(random.below(12)),
      text(random.below(3)),
    ]
    const odd = random.next() < 0.2 ? `'${random.pick(ODD_LEXEMES)}':${1 + random.below(40)}` : ''
    await db.execute(sql`insert into rank_documents values (${id},
      setweight(to_tsvector('simple', ${a}), 'A') || setweight(to_tsvector('simple', ${b}), 'B')
      || setweight(to_tsvector('simple', ${c}), 'C') || to_tsvector('simple', ${d})
      || ${odd}::tsvector)`)
  }
  const rows = await queryRows<{ id: number; document: string }>(
    db,
    sql`select id, document::text as document from rank_documents where document <> ''::tsvector`,
  )
  for (const row of rows) documents.set(row.id, row.document)
})
afterAll(async () => {
  await database.close()
  await drop()
})

interface Ranked {
  id: number
  rank: string
  hit: boolean
}

const postgresRanks = (query: string) =>
  queryRows<Ranked>(
    database.db,
    sql`select id, ts_rank(${`{${RANK_WEIGHTS.join(',')}}`}::real[], document, ${query}::tsquery)::text as rank,
      document @@ ${query}::tsquery as hit
      from rank_documents where document <> ''::tsvector order by id`,
  )

/** Whether a document's lexeme is one the operand matches (as PostgreSQL's @@ does). */
const operandMatches = ({ lexeme, prefix }: SearchOperand, documentLexeme: string) =>
  prefix ? documentLexeme.startsWith(lexeme) : documentLexeme === lexeme

const hitsOf = (scored: ScoredProducts) =>
  [...scored.ids].map((id, hit) => ({ id, score: scored.scores[hit] as number }))

/** The positions a parsed document holds for each of the query's operands, as the index gives them. */
function matchedPositions(document: string, query: RankedQuery): MatchedPositions {
  const positions: number[] = []
  const ranges: number[][] = query.operands.map(() => [])
  for (const entry of parseTsvector(document)) {
    const start = positions.length
    positions.push(...entry.positions)
    query.operands.forEach((operand, index) => {
      if (operandMatches(operand, entry.lexeme)) ranges[index]?.push(start, positions.length)
    })
  }
  return { positions, ranges, counts: ranges.map((range) => range.length) }
}

/**
 * Equal to the very float4 PostgreSQL printed (it prints the shortest text that reads back as the
 * same float4): equal scores must tie here as they tie there, or equal matches would change order.
 */
const expectRank = (ours: number, theirs: string) => expect(ours).toBe(Math.fround(Number(theirs)))

describe('ts_rank in memory', () => {
  it('parses the text form of a tsvector, quotes, backslashes and weights included', () => {
    expect(parseTsvector(`'a':1A,5 'b''c':2B 'd\\\\e':3C 'f'`)).toEqual([
      { lexeme: 'a', positions: [(3 << 14) | 1, 5] },
      { lexeme: "b'c", positions: [(2 << 14) | 2] },
      { lexeme: 'd\\e', positions: [(1 << 14) | 3] },
      { lexeme: 'f', positions: [] },
    ])
  })

  it("equals PostgreSQL's ts_rank for every document, for generated queries of every word and of any", async () => {
    let compared = 0
    for (let round = 0; round < 60; round++) {
      const groups = randomGroups()
      for (const combine of ['every', 'some'] as const) {
        const query = rankedQuery(groups, combine)
        if (!query) continue
        const text = groups.map(groupQuery).join(combine === 'every' ? ' & ' : ' | ')
        for (const { id, rank } of await postgresRanks(text)) {
          expectRank(tsRank(query, matchedPositions(documents.get(id) as string, query)), rank)
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000)
  })

  it("matches what PostgreSQL's @@ matches, with its ranks and the count of words held", async () => {
    const index = new SearchDocuments()
    for (const [id, document] of documents) index.put(id, 0, document)
    for (let round = 0; round < 60; round++) {
      const groups = randomGroups()
      const every = rankedQuery(groups, 'every')
      const some = rankedQuery(groups, 'some')
      if (!every || !some) continue
      const allOf = await postgresRanks(groups.map(groupQuery).join(' & '))
      const anyOf = await postgresRanks(groups.map(groupQuery).join(' | '))
      const held = await queryRows<{ id: number; held: number }>(
        database.db,
        sql`select id, (${sql.raw(groups.map((group) => `(document @@ '${groupQuery(group).replace(/'/g, "''")}'::tsquery)::int`).join(' + '))}) as held
          from rank_documents where document <> ''::tsvector`,
      )
      const most = Math.max(0, ...held.map((row) => row.held))

      const everyHit = hitsOf(index.scored(index.match(groups, 'every'), every))
      expect(everyHit.map((hit) => hit.id).sort((a, b) => a - b)).toEqual(
        allOf.filter((row) => row.hit).map((row) => row.id),
      )
      for (const hit of everyHit)
        expectRank(hit.score, allOf.find((row) => row.id === hit.id)?.rank as string)

      const anyMatch = index.match(groups, 'some')
      expect(index.ids(anyMatch).sort((a, b) => a - b)).toEqual(
        anyOf.filter((row) => row.hit).map((row) => row.id),
      )
      const closest = index.scored(anyMatch, some)
      expect(
        hitsOf(closest)
          .map((hit) => hit.id)
          .sort((a, b) => a - b),
      ).toEqual(most === 0 ? [] : held.filter((row) => row.held === most).map((row) => row.id))
      if (closest.count > 0) expect(closest.held).toBe(most)
      for (const hit of hitsOf(closest))
        expectRank(hit.score, anyOf.find((row) => row.id === hit.id)?.rank as string)
    }
  })

  it("pages in PostgreSQL's order: score, then newest, then the higher id", async () => {
    const index = new SearchDocuments()
    // Few distinct dates, so that equal scores are often of the same date too.
    for (const [id, document] of documents) index.put(id, id % 3, document)
    for (let round = 0; round < 30; round++) {
      const groups = randomGroups()
      const every = rankedQuery(groups, 'every')
      if (!every) continue
      const expected = await queryRows<{ id: number }>(
        database.db,
        sql`select id from rank_documents where document @@ ${groups.map(groupQuery).join(' & ')}::tsquery
          order by ts_rank(${`{${RANK_WEIGHTS.join(',')}}`}::real[], document,
            ${groups.map(groupQuery).join(' & ')}::tsquery) desc, id % 3 desc, id desc`,
      )
      const scored = index.scored(index.match(groups, 'every'), every)
      expect(scored.page({ offset: 0, limit: 1000 })).toEqual(expected.map((row) => row.id))
      expect(scored.page({ offset: 3, limit: 5 })).toEqual(expected.slice(3, 8).map((row) => row.id))
    }
  })

  it('finds and scores the same after products are replaced and removed, and after compaction', () => {
    const groups = [[{ lexeme: 'oak', prefix: true }], [{ lexeme: 'chair', prefix: false }]]
    const query = rankedQuery(groups, 'every') as RankedQuery
    const answer = (index: SearchDocuments) => {
      const scored = index.scored(index.match(groups, 'every'), query)
      return {
        page: scored.page({ offset: 0, limit: 500 }),
        hits: hitsOf(scored).sort((a, b) => a.id - b.id),
      }
    }
    const fresh = new SearchDocuments()
    const changed = new SearchDocuments()
    const entries = [...documents]
    for (const [id, document] of entries) changed.put(id, id % 3, document)
    // Every other product replaced by another's document, every fifth removed.
    entries.forEach(([id], at) => {
      if (at % 5 === 0) changed.remove(id)
      else if (at % 2 === 0) changed.put(id, id % 3, entries[(at + 7) % entries.length]?.[1] ?? null)
    })
    entries.forEach(([id], at) => {
      if (at % 5 === 0) return
      fresh.put(
        id,
        id % 3,
        at % 2 === 0 ? (entries[(at + 7) % entries.length]?.[1] ?? null) : (documents.get(id) ?? null),
      )
    })
    expect(answer(fresh).page.length).toBeGreaterThan(0)
    expect(answer(changed)).toEqual(answer(fresh))
    expect(answer(changed.compacted())).toEqual(answer(fresh))
    expect(changed.compacted().size).toBe(fresh.size)
  })

  it('leaves the rank to PostgreSQL when a lexeme is both a prefix and a whole word of the query', () => {
    const groups = [[{ lexeme: 'chairs', prefix: false }], [{ lexeme: 'chairs', prefix: true }]]
    expect(rankedQuery(groups, 'every')).toBeNull()
    expect(
      rankedQuery([[{ lexeme: 'chair', prefix: false }], [{ lexeme: 'chairs', prefix: true }]], 'every'),
    ).toEqual({
      operands: [
        { lexeme: 'chair', prefix: false },
        { lexeme: 'chairs', prefix: true },
      ],
      and: true,
    })
  })
})
