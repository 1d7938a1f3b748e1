import { createHash, randomUUID } from 'node:crypto'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../../db/client'
import { databaseUnavailable } from '../../db/errors'
import { ChannelListener } from '../../db/listener'
import { BROTLI_OPTIONS, COMPRESS_FROM_BYTES } from '../../lib/compression'

/**
 * The channel the catalogue's triggers notify at the commit of every write to it (migrations 0011
 * and 0027): an empty payload when anything may have changed, or what a change of products was.
 */
const CHANNEL = 'catalogue_changed'
/** About 30 MB of answers at ~15 KB a page; the least recently used go first. */
const MAX_ENTRIES = 2000
/** How long a request waits for another's read of the same answer before it reads for itself */
const SHARED_READ_WAIT_MS = 5000
/** The changes remembered for the reads under way; a read that began before them is not kept. */
const CHANGES_KEPT = 500
/** A writer's own notice arrives within this, or its process forgets every answer to be sure. */
const CATCH_UP_WAIT_MS = 2000
/** Notices a process sends itself to learn that the notices before them have arrived */
const CATCH_UP_PREFIX = 'caught-up:'
/**
 * Browsers and CDNs may show an answer up to this old while they check it again in the background;
 * a signed-in caller (staff editing the catalogue) always checks first.
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, stale-while-revalidate=30'
const PRIVATE_CACHE_CONTROL = 'private, no-cache'
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** What a kept answer shows, so that a change of products drops only the answers it alters. */
export interface Shown {
  /** The products whose fields the answer holds: a product's page, a list's rows */
  products: readonly number[]
  /** Set for an answer that selects, orders or counts products (a list, the facets, the categories) */
  selection?: Selection
}

export interface Selection {
  /**
   * The columns of `products` that decide which products it holds, in what order, and what it counts:
   * an edit of one of them may change it.
   */
  columns: readonly string[]
  /** The stock levels it tells apart: products at or below a level from those above it */
  stockLevels: readonly number[]
}

interface StockMove {
  product: number
  before: number
  after: number
}

/**
 * A committed change as its notice tells it: anything, or edits of named products (and the columns
 * the edits changed) and stock moves.
 */
export type CatalogueChange =
  | 'anything'
  | { edited: readonly number[]; editedColumns: readonly string[]; stockMoves: readonly StockMove[] }

const ids = (text: string) => text.split(',').map(Number)

/** Reads a catalogue_changed payload (migration 0027); anything not understood counts as anything. */
export function parseChange(payload: string): CatalogueChange {
  if (payload === '') return 'anything'
  const edited: number[] = []
  const editedColumns: string[] = []
  const stockMoves: StockMove[] = []
  for (const part of payload.split(' ')) {
    if (part.startsWith('edit:')) edited.push(...ids(part.slice('edit:'.length)))
    else if (part.startsWith('columns:')) editedColumns.push(...part.slice('columns:'.length).split(','))
    else if (part.startsWith('stock:')) {
      for (const move of part.slice('stock:'.length).split(',')) {
        const [product, before, after] = ids(move.replaceAll(':', ','))
        stockMoves.push({ product: product as number, before: before as number, after: after as number })
      }
    } else return 'anything'
  }
  const numbers = [...edited, ...stockMoves.flatMap((move) => [move.product, move.before, move.after])]
  const understood = numbers.every(Number.isInteger) && (edited.length === 0) === (editedColumns.length === 0)
  return understood ? { edited, editedColumns, stockMoves } : 'anything'
}

/** Whether an answer that shows `shown` may read differently after `change` (no `shown`: anything). */
export function alters(change: CatalogueChange, shown: Shown | undefined): boolean {
  if (change === 'anything' || !shown) return true
  const holds = (product: number) => shown.products.includes(product)
  if (change.edited.some(holds) || change.stockMoves.some((move) => holds(move.product))) return true
  const { selection } = shown
  if (!selection) return false
  const { columns, stockLevels } = selection
  const reselects =
    change.edited.length > 0 && change.editedColumns.some((column) => columns.includes(column))
  return (
    reselects ||
    change.stockMoves.some((move) =>
      stockLevels.some((level) => move.before <= level !== move.after <= level),
    )
  )
}

interface Entry {
  body: string
  etag: string
  shown: Shown | undefined
  /** The body compressed, made at its first hit in each encoding: a kept answer is compressed once. */
  encoded: Partial<Record<Encoding, Buffer>>
}

type Encoding = 'br' | 'gzip'

/** As the compression plugin compresses the other answers (app.ts) */
const encoders: Record<Encoding, (body: string) => Buffer> = {
  br: (body) => brotliCompressSync(body, BROTLI_OPTIONS),
  gzip: (body) => gzipSync(body),
}

/**
 * The encoding the client prefers of brotli and gzip (brotli on a tie), by its q-values, `*` counting
 * for both; none when it accepts neither or asks for none (`x-no-compression`, as the plugin honours).
 */
function encodingFor(headers: FastifyRequest['headers']): Encoding | null {
  if (headers['x-no-compression'] !== undefined) return null
  const quality = new Map<string, number>()
  for (const part of (headers['accept-encoding'] ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';')
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean)
    quality.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const of = (name: string) => quality.get(name) ?? quality.get('*') ?? 0
  const [br, gzip] = [of('br'), Math.max(of('gzip'), quality.get('x-gzip') ?? 0)]
  if (br > 0 && br >= gzip) return 'br'
  return gzip > 0 ? 'gzip' : null
}

/** Sends a kept answer, compressed as the client accepts from the bytes compressed at its first hit. */
function sendKept(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.type('application/json; charset=utf-8')
  const encoding = encodingFor(request.headers)
  if (!encoding || Buffer.byteLength(entry.body) < COMPRESS_FROM_BYTES) return reply.send(entry.body)
  entry.encoded[encoding] ??= encoders[encoding](entry.body)
  return reply.header('content-encoding', encoding).send(entry.encoded[encoding])
}

/**
 * The catalogue's answers, kept per process as the very bytes sent. At the commit of any process's
 * write to the catalogue (PostgreSQL NOTIFY from triggers, so every writer counts, an order's stock
 * too) each process drops the answers the change alters: an order's stock change drops that product's
 * page and the lists showing it, and the lists it joins or leaves (sold out, a flash deal); a product's
 * edit drops its page, the lists showing it and the selections by the columns it changed (a new
 * price: lists filtered or ordered by price, the facets' price range). Used only while this process
 * is listening: with the connection lost, every read goes to the database until it listens again, and
 * a kept answer is served only when the database cannot answer at all (`stale`), which beats a 503 to
 * a shopper browsing.
 */
export class CatalogueCache {
  readonly #entries = new Map<string, Entry>()
  /** The reads under way, by key, and what settles when each is over (kept or not) */
  readonly #reading = new Map<string, { generation: number; done: Promise<void>; settle: () => void }>()
  /** Counted up by every change; `#changes` holds the latest, for the reads that began before them */
  #generation = 0
  readonly #changes: { generation: number; change: CatalogueChange }[] = []
  readonly #listener: ChannelListener
  /** This process's catch-up notices not yet back, by payload */
  readonly #catchUps = new Map<string, () => void>()
  readonly #catchUpPrefix = `${CATCH_UP_PREFIX}${randomUUID()}:`
  #catchUpCount = 0
  /** Answers given from memory and answers read from the database, since the process started */
  hits = 0
  misses = 0

  constructor(
    private readonly database: Database,
    log: FastifyBaseLogger,
  ) {
    this.#listener = new ChannelListener(
      database,
      CHANNEL,
      {
        notice: (payload) => this.#notice(payload),
        // Whatever changed before the LISTEN took effect is not in the (empty) cache.
        listening: () => this.clear(),
        // Read through until listening again; the answers kept could miss a change from now on, so
        // they stay only for when the database is gone (forgotten once listening again).
        lost: () => this.#record('anything'),
      },
      log,
    )
  }

  /** Counted up by every change: an answer read under an older one is kept if no change since alters it. */
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
    if (under) {
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

  /**
   * Keeps an answer read under `generation` unless a change since alters what it shows (`shown`
   * unknown: any change does); gives its ETag.
   */
  store(key: string, generation: number, body: string, shown?: Shown): Entry {
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`
    const entry: Entry = { body, etag, shown, encoded: {} }
    if (this.listening && !this.#changedSince(generation, shown)) {
      this.#entries.set(key, entry)
      if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value as string)
    }
    return entry
  }

  /** Forgets every answer, as for a change of anything. */
  clear(): void {
    this.#entries.clear()
    this.#record('anything')
  }

  /**
   * Resolves once every catalogue change committed before the call has been applied here, so the
   * writer's next read sees its write: PostgreSQL delivers notices in commit order, so the one this
   * sends comes back after them. Without it back in time, every answer is forgotten instead.
   */
  async caughtUp(): Promise<void> {
    if (!this.listening) return
    this.#catchUpCount += 1
    const token = `${this.#catchUpPrefix}${this.#catchUpCount}`
    let timer: NodeJS.Timeout | undefined
    const back = new Promise<boolean>((resolve) => {
      this.#catchUps.set(token, () => resolve(true))
      timer = setTimeout(() => resolve(false), CATCH_UP_WAIT_MS)
    })
    try {
      await this.database.notify(CHANNEL, token)
      if (!(await back)) this.clear()
    } catch {
      this.clear()
    } finally {
      clearTimeout(timer)
      this.#catchUps.delete(token)
    }
  }

  #notice(payload: string): void {
    if (payload.startsWith(CATCH_UP_PREFIX)) {
      this.#catchUps.get(payload)?.()
      return
    }
    const change = parseChange(payload)
    if (change === 'anything') {
      this.clear()
      return
    }
    for (const [key, entry] of this.#entries) if (alters(change, entry.shown)) this.#entries.delete(key)
    this.#record(change)
  }

  /** Counts a change; after a change of anything, no read under way is kept: their waiters read anew. */
  #record(change: CatalogueChange): void {
    this.#generation += 1
    this.#changes.push({ generation: this.#generation, change })
    if (this.#changes.length > CHANGES_KEPT) this.#changes.shift()
    if (change !== 'anything') return
    for (const read of this.#reading.values()) read.settle()
    this.#reading.clear()
  }

  /** Whether a change after `generation` may alter an answer showing `shown` (or is forgotten). */
  #changedSince(generation: number, shown: Shown | undefined): boolean {
    if (generation === this.#generation) return false
    const oldest = this.#changes[0]
    if (!oldest || oldest.generation > generation + 1) return true
    return this.#changes.some((logged) => logged.generation > generation && alters(logged.change, shown))
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
    // Its encoding follows Accept-Encoding, on a 304 too, so a cache refreshing its copy keeps the key.
    .header('vary', 'authorization, accept-language, accept-encoding')
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
/** What the answers read show, as their handlers tell it */
const shownBy = new WeakMap<FastifyRequest, Shown>()

/**
 * Tells the cache what the answer to this request shows, so the answer is kept through the changes
 * that leave it as it is; an answer that does not tell is dropped by any change.
 */
export function recordShown(request: FastifyRequest, shown: Shown): void {
  shownBy.set(request, shown)
}

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
        cache.misses += 1
        reads.set(request, { generation, shared: true })
        return
      }
      entry = cache.get(key)
    }
    if (!entry) {
      cache.misses += 1
      reads.set(request, { generation: cache.generation, shared: false })
      return
    }
    cache.hits += 1
    reads.set(request, 'hit')
    if (describe(request, reply, entry)) return reply.send()
    return sendKept(request, reply, entry)
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
    const entry = cache.store(keyOf(request), read.generation, payload, shownBy.get(request))
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
 * orders and the stock ledger (stock), and a person's first name (shown on reviews). A login, a cart
 * line or a message leaves the catalogue alone.
 */
const CATALOGUE_WRITERS = [
  '/api/products/',
  '/api/categories/',
  '/api/orders/',
  '/api/stock/',
  '/api/locations/',
  '/api/auth/profile/',
  '/api/admin/users/',
]

/**
 * The process's catalogue cache, for every feature: the catalogue's routes read from it, and a
 * catalogue write this process answers is sent only once the cache has heard of it (the notice may
 * trail the answer, and the writer's next read must see its write).
 */
export const catalogueCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = new CatalogueCache(app.database, app.log)
    await cache.start()
    app.decorate('catalogueCache', cache)
    app.addHook('onSend', async (request, reply, payload) => {
      const catalogueWrite =
        WRITES.has(request.method) && CATALOGUE_WRITERS.some((prefix) => request.url.startsWith(prefix))
      if (catalogueWrite && reply.statusCode < 400) await cache.caughtUp()
      return payload
    })
    app.addHook('onClose', () => cache.close())
    app.metrics.gauge(
      'catalogue_cache_hits',
      'Catalogue answers given from memory since the start',
      () => cache.hits,
    )
    app.metrics.gauge(
      'catalogue_cache_misses',
      'Catalogue answers read from the database since the start',
      () => cache.misses,
    )
  },
  { name: 'catalogue-cache', dependencies: ['db', 'metrics'] },
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
