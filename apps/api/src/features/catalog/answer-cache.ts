import { createHash } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../../db/client'
import { databaseUnavailable } from '../../db/errors'
import { ChannelListener } from '../../db/listener'

/** The channel the catalogue's triggers notify at the commit of every write to it (migration 0011). */
const CHANNEL = 'catalogue_changed'
/** About 30 MB of answers at ~15 KB a page; the least recently used go first. */
const MAX_ENTRIES = 2000
/** How long a request waits for another's read of the same answer before it reads for itself */
const SHARED_READ_WAIT_MS = 5000
/**
 * Browsers and CDNs may show an answer up to this old while they check it again in the background;
 * a signed-in caller (staff editing the catalogue) always checks first.
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, stale-while-revalidate=30'
const PRIVATE_CACHE_CONTROL = 'private, no-cache'
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

interface Entry {
  body: string
  etag: string
}

/**
 * The catalogue's answers, kept per process as the very bytes sent, and forgotten whole when any
 * process's write to the catalogue commits (PostgreSQL NOTIFY from triggers, so every writer counts,
 * an order's stock too). Used only while this process is listening: with the connection lost, every
 * read goes to the database until it listens again, and a kept answer is served only when the
 * database cannot answer at all (`stale`), which beats a 503 to a shopper browsing.
 */
export class CatalogueCache {
  readonly #entries = new Map<string, Entry>()
  /** The reads under way, by key, and what settles when each is over (kept or not) */
  readonly #reading = new Map<string, { generation: number; done: Promise<void>; settle: () => void }>()
  #generation = 0
  readonly #listener: ChannelListener

  constructor(database: Database, log: FastifyBaseLogger) {
    this.#listener = new ChannelListener(
      database,
      CHANNEL,
      {
        notice: () => this.clear(),
        // Whatever changed before the LISTEN took effect is not in the (empty) cache.
        listening: () => this.clear(),
        // Read through until listening again; the answers kept could miss a change from now on, so
        // they stay only for when the database is gone (forgotten once listening again).
        lost: () => this.#endReads(),
      },
      log,
    )
  }

  /** Bumped by every change: an answer read under an older generation is not kept. */
  get generation(): number {
    return this.#generation
  }

  async start(): Promise<void> {
    await this.#listener.start()
  }

  get listening(): boolean {
    return this.#listener.listening
  }

  get(key: string): Entry | undefined {
    if (!this.listening) return undefined
    const entry = this.#entries.get(key)
    if (entry) {
      // Most recently used last: the map's order is the eviction order.
      this.#entries.delete(key)
      this.#entries.set(key, entry)
    }
    return entry
  }

  /** The answer kept for `key`, listening or not: for when the database cannot be read at all. */
  stale(key: string): Entry | undefined {
    return this.#entries.get(key)
  }

  /**
   * A missed answer: the first request to miss a key reads it (true) while later ones wait for that
   * read (false, at most SHARED_READ_WAIT_MS), then take what it kept or read for themselves. A cold
   * or just-emptied cache costs one read per answer, not one per request waiting for it. `readDone`
   * must follow a true.
   */
  async claimRead(key: string): Promise<boolean> {
    const under = this.#reading.get(key)
    if (under && under.generation === this.#generation) {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        under.done,
        new Promise((resolve) => (timer = setTimeout(resolve, SHARED_READ_WAIT_MS))),
      ])
      clearTimeout(timer)
      return false
    }
    let settle = () => {}
    const done = new Promise<void>((resolve) => {
      settle = resolve
    })
    this.#reading.set(key, { generation: this.#generation, done, settle })
    return true
  }

  readDone(key: string, generation: number): void {
    const read = this.#reading.get(key)
    if (read?.generation !== generation) return
    this.#reading.delete(key)
    read.settle()
  }

  /** Keeps an answer read under `generation` unless the catalogue changed since; gives its ETag. */
  store(key: string, generation: number, body: string): Entry {
    const entry = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` }
    if (this.listening && generation === this.#generation) {
      this.#entries.set(key, entry)
      if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value as string)
    }
    return entry
  }

  clear(): void {
    this.#entries.clear()
    this.#endReads()
  }

  /** No read under way is kept: their waiters read for themselves. */
  #endReads(): void {
    this.#generation += 1
    for (const read of this.#reading.values()) read.settle()
    this.#reading.clear()
  }

  async close(): Promise<void> {
    await this.#listener.close()
  }
}

/** Whether an If-None-Match header names this ETag (weakly compared, as for a GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const weak = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag))
}

/** Validators and caching rules of a catalogue answer; 304 when the client holds it already. */
function describe(request: FastifyRequest, reply: FastifyReply, entry: Entry): boolean {
  reply
    .header('etag', entry.etag)
    .header('cache-control', request.headers.authorization ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL)
    // The answer's language follows Accept-Language (docs/api.md "Languages"); `?lang=` is in the URL.
    .header('vary', 'authorization, accept-language')
  if (!matches(request.headers['if-none-match'], entry.etag)) return false
  reply.code(304)
  return true
}

/**
 * Pagination links name the host, so the address as the client wrote it is the key, with the
 * language the answer is in (from `?lang=` or Accept-Language).
 */
const keyOf = (request: FastifyRequest) =>
  `${request.language} ${request.protocol}://${request.host}${request.url}`

/**
 * How each request of a cached route fared: answered from memory, or read (with the generation it
 * started under, and whether others wait for its read).
 */
const reads = new WeakMap<FastifyRequest, { generation: number; shared: boolean } | 'hit'>()
/** Requests whose read failed because the database is away, and the kept answer they get instead */
const staleAnswers = new WeakMap<FastifyRequest, Entry>()

/**
 * Serves the routes whose config says `catalogueAnswer` from the process's cache, with an ETag and a
 * 304 for a client that holds the answer; to be registered in the feature that owns those routes.
 */
export function cacheCatalogueAnswers(app: FastifyInstance): void {
  const cache = app.catalogueCache
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.catalogueAnswer) return
    // A client asking for a fresh answer (a browser's hard reload, the bench's read-through runs) gets
    // one from the database, which then replaces the kept one.
    const fresh = /\bno-cache\b/.test(request.headers['cache-control'] ?? '')
    const key = keyOf(request)
    let entry = fresh ? undefined : cache.get(key)
    if (!entry && !fresh && cache.listening) {
      const generation = cache.generation
      if (await cache.claimRead(key)) {
        reads.set(request, { generation, shared: true })
        return
      }
      entry = cache.get(key)
    }
    if (!entry) {
      reads.set(request, { generation: cache.generation, shared: false })
      return
    }
    reads.set(request, 'hit')
    if (describe(request, reply, entry)) return reply.send()
    return reply.type('application/json; charset=utf-8').send(entry.body)
  })
  app.addHook('onError', async (request, _reply, error) => {
    const read = reads.get(request)
    if (!read || read === 'hit' || !databaseUnavailable(error)) return
    const entry = cache.stale(keyOf(request))
    if (entry) staleAnswers.set(request, entry)
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const stale = staleAnswers.get(request)
    if (stale) {
      reply.code(200).removeHeader('retry-after').type('application/json; charset=utf-8')
      return describe(request, reply, stale) ? '' : stale.body
    }
    const read = reads.get(request)
    if (!read || read === 'hit' || reply.statusCode !== 200 || typeof payload !== 'string') return payload
    const entry = cache.store(keyOf(request), read.generation, payload)
    return describe(request, reply, entry) ? '' : payload
  })
  // Once the answer is kept (onSend ran) or the read failed or was abandoned, its waiters look again.
  const endRead = async (request: FastifyRequest) => {
    const read = reads.get(request)
    if (read && read !== 'hit' && read.shared) cache.readDone(keyOf(request), read.generation)
  }
  app.addHook('onResponse', endRead)
  app.addHook('onRequestAbort', endRead)
}

/**
 * Where the writes that change catalogue rows live: products, their images and reviews, categories,
 * and orders (stock). A login, a cart line or a message leaves the cache alone.
 */
const CATALOGUE_WRITERS = ['/api/products/', '/api/categories/', '/api/orders/']

/**
 * The process's catalogue cache, for every feature: the catalogue's routes read from it, and a
 * catalogue write this process answers forgets it at once (the notification that also comes may trail
 * the answer, and the writer's next read must see its write).
 */
export const catalogueCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = new CatalogueCache(app.database, app.log)
    await cache.start()
    app.decorate('catalogueCache', cache)
    app.addHook('onSend', async (request, reply, payload) => {
      const catalogueWrite =
        WRITES.has(request.method) && CATALOGUE_WRITERS.some((prefix) => request.url.startsWith(prefix))
      if (catalogueWrite && reply.statusCode < 400) cache.clear()
      return payload
    })
    app.addHook('onClose', () => cache.close())
  },
  { name: 'catalogue-cache', dependencies: ['db'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache
  }
  interface FastifyContextConfig {
    /** A public catalogue read: answered from the process's catalogue cache when it holds it */
    catalogueAnswer?: boolean
  }
}
