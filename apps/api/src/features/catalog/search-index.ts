import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Database, queryRows } from '../../db/client'
import { ChannelListener } from '../../db/listener'
import { SearchDocuments } from './search-documents'

/** The channel products' document changes are told on, with search_version (migration 0018). */
const CHANNEL = 'search_changed'
/** Products read per statement while building: a few MB of documents at a time */
const BUILD_BATCH = 5000
/**
 * How long a search waits for the index to reach the documents it read the version of (a build at
 * first use, a notice on its way) before PostgreSQL ranks it instead.
 */
const WAIT_MS = 10_000

interface DocumentRow {
  id: number
  created: string
  document: string | null
}

/** A notice's payload, `version:id,id,…` or `version:*` */
interface Change {
  version: number
  ids: number[] | 'all'
}

function parseChange(payload: string): Change | null {
  const [version, ids] = payload.split(':')
  if (!version || ids === undefined) return null
  return { version: Number(version), ids: ids === '*' ? 'all' : ids.split(',').map(Number) }
}

// created_at to the microsecond, as the ranked order breaks ties by it.
const documentColumns = sql.raw(`id, (extract(epoch from created_at) * 1000000)::bigint::text as created,
  search_document::text as document`)

/**
 * The process's index of the products' search documents (SearchDocuments), built at the first search
 * and kept current by the notices of migration 0018's triggers, whoever made the change. A search asks
 * for the index at the search_version it read with its words: it gets it once every change up to that
 * one is applied (after a build, or a rebuild once the notices are back), or null (PostgreSQL ranks
 * the search as before) while the notices are lost or when the wait runs out.
 */
export class SearchIndex {
  #documents: SearchDocuments | null = null
  /** The search_version the documents reflect */
  #version = 0
  /** Built and current as of #version (no notice lost since the build) */
  #current = false
  /** A search has asked for it: build it, and rebuild it after a lost connection */
  #wanted = false
  #changes: Change[] = []
  /** Counted up whenever the notices stop or start again: a build begun before then is not current */
  #epoch = 0
  #working = false
  readonly #waiters = new Set<() => void>()
  readonly #listener: ChannelListener

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#listener = new ChannelListener(
      database,
      CHANNEL,
      {
        notice: (payload) => {
          const change = parseChange(payload)
          // Before the first build there is nothing to change: it will read everything.
          if (change && this.#wanted) this.#changes.push(change)
          this.#work()
        },
        // Whatever changed before the LISTEN came without a notice: read everything again.
        listening: () => this.#stale(),
        lost: () => this.#stale(),
      },
      log,
    )
  }

  start(): Promise<void> {
    return this.#listener.start()
  }

  close(): Promise<void> {
    return this.#listener.close()
  }

  /** The documents with every change up to `version` applied; null when they cannot be had now. */
  async documentsAt(version: number): Promise<SearchDocuments | null> {
    this.#wanted = true
    this.#work()
    const deadline = Date.now() + WAIT_MS
    while (this.#listener.listening && !this.#reached(version) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now())
        this.#waiters.add(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return this.#listener.listening && this.#reached(version) ? this.#documents : null
  }

  #stale(): void {
    this.#epoch += 1
    this.#current = false
    this.#changes = []
    this.#wake()
    this.#work()
  }

  #reached(version: number): boolean {
    return this.#current && this.#version >= version
  }

  #wake(): void {
    const waiters = [...this.#waiters]
    this.#waiters.clear()
    for (const wake of waiters) wake()
  }

  /** Builds or applies the changes told, one step at a time, until nothing is left to do. */
  #work(): void {
    if (this.#working || !this.#wanted) return
    this.#working = true
    void this.#run()
  }

  async #run(): Promise<void> {
    try {
      while (this.#listener.listening) {
        if (!this.#current) await this.#build()
        else if (this.#changes.length > 0) await this.#apply()
        else break
        this.#wake()
      }
    } catch (error) {
      this.log.error({ err: error }, 'search index: could not read the documents; trying again')
      this.#current = false
      await new Promise((resolve) => setTimeout(resolve, 1000))
    } finally {
      this.#working = false
      this.#wake()
    }
    if (this.#listener.listening && (!this.#current || this.#changes.length > 0)) this.#work()
  }

  async #build(): Promise<void> {
    const started = performance.now()
    const epoch = this.#epoch
    // Read first: a change committed after this comes with a notice, kept in #changes meanwhile.
    const [row] = await queryRows<{ version: string }>(
      this.database.db,
      sql`select version::text from search_version`,
    )
    const version = Number(row?.version ?? 0)
    const documents = new SearchDocuments()
    for (let last = 0; ; ) {
      const rows = await queryRows<DocumentRow>(
        this.database.db,
        sql`select ${documentColumns} from products where id > ${last} order by id limit ${BUILD_BATCH}`,
      )
      for (const { id, created, document } of rows) documents.put(id, Number(created), document)
      if (rows.length < BUILD_BATCH) break
      last = (rows[rows.length - 1] as DocumentRow).id
    }
    if (epoch !== this.#epoch) return
    documents.trim()
    this.#documents = documents
    this.#version = version
    this.#changes = this.#changes.filter((change) => change.version > version)
    this.#current = true
    this.log.info(
      { products: documents.size, ms: Math.round(performance.now() - started), version },
      'search index: built',
    )
  }

  /** Reads again the products the notices named, in order; a gap in the versions or a '*' rebuilds. */
  async #apply(): Promise<void> {
    const changes = this.#changes
    this.#changes = []
    const ids = new Set<number>()
    let version = this.#version
    for (const change of changes) {
      if (change.version <= version) continue
      if (change.version !== version + 1 || change.ids === 'all') {
        this.#current = false
        return
      }
      for (const id of change.ids) ids.add(id)
      version = change.version
    }
    const documents = this.#documents
    if (!documents || ids.size === 0) return
    const epoch = this.#epoch
    const rows = await queryRows<DocumentRow>(
      this.database.db,
      sql`select ${documentColumns} from products where id = any(${`{${[...ids].join(',')}}`}::int[])`,
    )
    if (epoch !== this.#epoch) return
    for (const id of ids) documents.remove(id)
    for (const { id, created, document } of rows) documents.put(id, Number(created), document)
    this.#documents = documents.wasteful ? documents.compacted() : documents
    this.#version = version
  }
}

/** The process's search index, for the catalogue's routes. */
export const searchIndexPlugin = fp(
  async (app: FastifyInstance) => {
    const index = new SearchIndex(app.database, app.log)
    await index.start()
    app.decorate('searchIndex', index)
    app.addHook('onClose', () => index.close())
  },
  { name: 'search-index', dependencies: ['db'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    searchIndex: SearchIndex
  }
}
