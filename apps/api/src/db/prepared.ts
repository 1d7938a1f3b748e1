import type { Db } from './client'

/** Statements kept prepared per database at most; past it, a statement is built for its one use. */
const MOST_PREPARED = 300

const preparedBy = new WeakMap<Db, Map<string, unknown>>()
/** Names unique in the process: a connection knows a prepared statement by its name alone. */
let namesGiven = 0

/**
 * The statement known as `key`, built and prepared once per database and reused with placeholders
 * for its values: on the catalogue's hottest reads drizzle took longer to build a statement than
 * PostgreSQL took to answer it (BENCHMARKS.md, issue 35). `prepare` gets the name to prepare under;
 * an empty name (once MOST_PREPARED are kept) prepares nothing on the server.
 */
export function preparedOnce<Statement>(
  db: Db,
  key: string,
  prepare: (name: string) => Statement,
): Statement {
  const kept = preparedBy.get(db) ?? new Map<string, unknown>()
  preparedBy.set(db, kept)
  const statement = kept.get(key) as Statement | undefined
  if (statement) return statement
  if (kept.size >= MOST_PREPARED) return prepare('')
  namesGiven += 1
  const fresh = prepare(`prepared_${namesGiven}`)
  kept.set(key, fresh)
  return fresh
}
