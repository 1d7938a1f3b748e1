import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { productSearch, searchTerms } from '../../db/schema'

/** Conditions on `product_search` rows */
export interface Match {
  where: SQL
  /** Higher is better; only meaningful on rows that passed `where` */
  score: SQL
}

/** One lexeme of a search, matched as it is or, for a prefix, as the start of a document's lexeme */
interface SearchOperand {
  lexeme: string
  prefix: boolean
}

export interface ProductSearch {
  /** How many distinct words the text has */
  words: number
  /** The products holding every word, each maybe with a slip */
  every: Match
  /** The products holding any of the words, and how many of the words each one holds */
  some: Match & { wordsHeld: SQL<number> }
}

/** Words shorter than this are searched as typed: one edit away from 'oak' is half the dictionary. */
const MIN_CORRECTED_LENGTH = 3

/**
 * Whether `a` becomes `b` by one edit: a letter inserted, removed or replaced, or two neighbours
 * swapped ('chiar' → 'chair', which plain Levenshtein counts as two).
 */
function isOneEditApart(a: string, b: string): boolean {
  const x = Array.from(a)
  const y = Array.from(b)
  if (Math.abs(x.length - y.length) > 1 || a === b) return false
  let start = 0
  while (start < x.length && start < y.length && x[start] === y[start]) start++
  let endX = x.length
  let endY = y.length
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--
    endY--
  }
  const restX = endX - start
  const restY = endY - start
  if (restX <= 1 && restY <= 1) return true
  return restX === 2 && restY === 2 && x[start] === y[start + 1] && x[start + 1] === y[start]
}

/** A lexeme as a tsquery operand: quoted, so it is taken as it is, without parsing or stemming. */
const operandText = ({ lexeme, prefix }: SearchOperand) =>
  `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`

/** A word's group as a tsquery: its lexemes ORed. */
const groupQuery = (group: SearchOperand[]) => `(${group.map(operandText).join(' | ')})`

interface TypedWord {
  word: string
  /** Vocabulary words one or two Levenshtein edits away; narrowed to one edit here */
  near: string[]
}

/** A text matched by LIKE as it is: its wildcards and the escape character escaped. */
const likeLiteral = (text: SQL) =>
  sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`

/**
 * The lexemes of each word of a typed text: its words folded, split and lower-cased as the documents
 * are ('simple' config, migration 0016), each with the catalogue's words one edit away (search_terms),
 * and the last one as a prefix (the shopper may still be typing). No groups when the text has no words.
 */
async function wordGroups(db: Db, text: string): Promise<SearchOperand[][]> {
  // A word one edit away from an n-letter word keeps its first (n-1)/2 letters or its last n-1-(n-1)/2
  // untouched, wherever the edit is: the trigram index (migration 0019) finds the words starting or
  // ending so, and only those are measured. Trigram similarity alone (`%`) would miss slips such as
  // 'chiar' for 'chair', whose similarity is 0.2.
  const typed = sql.raw('typed.lexeme')
  const length = sql`char_length(${typed})`
  const head = likeLiteral(sql`left(${typed}, (${length} - 1) / 2)`)
  const tail = likeLiteral(sql`right(${typed}, ${length} - 1 - (${length} - 1) / 2)`)
  const words = await queryRows<TypedWord>(
    db,
    sql`select ${typed} as word, array(
        select ${searchTerms.term} from ${searchTerms}
        where ${length} >= ${MIN_CORRECTED_LENGTH} and ${typed} !~ '[0-9]'
          and (${searchTerms.term} like ${head} || '%' or ${searchTerms.term} like '%' || ${tail})
          and abs(char_length(${searchTerms.term}) - ${length}) <= 1
          and levenshtein_less_equal(${searchTerms.term}, ${typed}, 2) <= 2
      ) as near
      from unnest(to_tsvector('simple', search_text_fold(${text}))) as typed
      order by typed.positions[1]`,
  )
  const last = words.length - 1
  return words.map(({ word, near }, index) => {
    const corrections = near.filter((term) => isOneEditApart(word, term))
    const exactly = (lexeme: string) => ({ lexeme, prefix: false })
    if (index === last && Array.from(word).length >= MIN_CORRECTED_LENGTH) {
      // The prefix covers the word itself and every correction that only lengthens it, and each
      // operand costs an index lookup: 'wardrob':* alone, not 'wardrob' | 'wardrobe' | 'wardrob':*.
      const others = corrections.filter((term) => !term.startsWith(word))
      return [{ lexeme: word, prefix: true }, ...others.map(exactly)]
    }
    return [word, ...corrections].map(exactly)
  })
}

/**
 * ts_rank's weights of the document's parts (migration 0016): D unused, C description, B category,
 * material and colour, A name.
 */
const WEIGHTS = '{0.1, 0.2, 0.5, 1.0}'

const match = (query: string): Match => {
  const tsquery = sql`${query}::tsquery`
  return {
    where: sql`${productSearch.searchDocument} @@ ${tsquery}`,
    score: sql`ts_rank(${WEIGHTS}::real[], ${productSearch.searchDocument}, ${tsquery})`,
  }
}

/**
 * Typo-tolerant search over name, category and description: the typed words are corrected against
 * the catalogue's vocabulary, then matched with the full-text GIN index on product_search (migration
 * 0022), so only the documents holding the words are read and ranked: every word, or for
 * when no product holds them all, any of them, with how many each holds. Null for a blank text; a text without words (say '%') matches nothing.
 */
export async function searchFor(db: Db, text: string): Promise<ProductSearch | null> {
  if (!text.trim()) return null
  const groups = await wordGroups(db, text)
  if (groups.length === 0) {
    // A cast, since a bare 0 in ORDER BY would name a column.
    const nothing = { where: sql`false`, score: sql`0::real` }
    return { words: 0, every: nothing, some: { ...nothing, wordsHeld: sql<number>`0` } }
  }
  const queries = groups.map(groupQuery)
  const held = queries.map((query) => sql`(${productSearch.searchDocument} @@ ${query}::tsquery)::int`)
  return {
    words: groups.length,
    every: match(queries.join(' & ')),
    some: { ...match(queries.join(' | ')), wordsHeld: sql<number>`(${sql.join(held, sql` + `)})` },
  }
}
