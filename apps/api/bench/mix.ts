/**
 * The mixed bench of `npm run bench` (issue 35; `BENCH_TARGETS=mix` runs it alone): one production
 * process, as `npm start` runs it, on PostgreSQL with 100,000 products, under traffic shaped like a
 * shop's rather than one address asked again and again. MIX_CONNECTIONS shoppers (50), each signed in
 * to an account of their own on a kept-alive connection of their own, loop over a weighted draw:
 * product lists with filters and pages, product pages, typo searches, facets, cart adds and checkouts
 * (about 3% of requests). What they ask for is skewed as visits are (Zipf): a few hot lists and
 * products, a long tail. A fifth of them read in Urdu. A staff member changes a hot product's price
 * through the staff API every MIX_STAFF_EDIT_SECONDS. Reported after the warm-up: req/s and
 * p50/p95/p99 per kind, errors (any answer but 2xx, or none, from the start), the catalogue cache's
 * hit ratio over the window (from /metrics), and the ceiling route driven just before by autocannon.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { apiAddress, LISTING_PAGE_SIZE, PRODUCT_ORDERINGS, type Product } from '@store/contract'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows } from '../src/db/client'
import { multipartBody } from '../test/multipart'
import { type RawAnswer, readAnswer, textOf } from '../test/raw-answer'
import { createUserWithCli } from '../test/server-process'
import { drive, dropPostgresDatabase, freshPostgresDatabase, settle, startServer } from './bench-server'
import type { DriveResult } from './drive'
import { type KindRow, latencySummary, printKindRows } from './latency'
import { BENCH_CHECKOUT, seedBenchCatalogue } from './seed-catalogue'
import { seededRandom, weightedDraw, zipfDraw } from './skewed-draw'
import { judgeMixTargets } from './targets'

export interface MixSettings {
  /** The measured window, after the warm-up */
  seconds: number
  warmUpSeconds: number
  /** Shoppers at once, one account and one connection each; the staff member has one more */
  connections: number
  /** The ceiling route's autocannon run, at the same connections, before the mix */
  ceilingSeconds: number
  staffEditSeconds: number
}

export const mixSettings = (env: NodeJS.ProcessEnv): MixSettings => ({
  seconds: Number(env.MIX_SECONDS ?? 60),
  warmUpSeconds: Number(env.MIX_WARMUP_SECONDS ?? 5),
  connections: Number(env.MIX_CONNECTIONS ?? 50),
  ceilingSeconds: Number(env.MIX_CEILING_SECONDS ?? 10),
  staffEditSeconds: Number(env.MIX_STAFF_EDIT_SECONDS ?? 5),
})

const MIX_KINDS = ['list', 'product', 'search', 'facets', 'cart', 'checkout', 'staff edit'] as const
export type MixKind = (typeof MIX_KINDS)[number]

export interface MixKindRow extends KindRow {
  kind: MixKind
}

export interface CacheCounts {
  hits: number
  misses: number
}

export interface MixResult {
  settings: MixSettings
  products: number
  /** Seconds from the warm-up's end until the last answer came */
  measuredSeconds: number
  requests: number
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  /** The first few errors, as `METHOD path → status or message` */
  firstErrors: string[]
  kinds: MixKindRow[]
  /** Hits and misses of the catalogue cache in the window; null when /metrics does not count them */
  cache: (CacheCounts & { hitRatio: number }) | null
  /**
   * Of the window's catalogue reads, the share whose address (in its language) had been asked before
   * in the run: the hit ratio a cache that nothing ever emptied would reach with this draw
   */
  repeatedReads: number
  ceiling: DriveResult
}

const PRODUCTS = 100_000
const DATABASE = 'store_bench_mix'
/** The most visited products whose stock is made ample (those without options), so checkouts never run out */
const HOT_PRODUCTS = 1000
const AMPLE_STOCK = 1_000_000
/** Distinct filter sets of the product list, and typo searches, drawn from with Zipf's skew */
const FILTER_SETS = 600
const SEARCHES = 200
/** Deeper pages are drawn less often, as shoppers rarely page far */
const PAGE_SKEW = 1.5
const MAX_PAGE = 50
/** The staff member edits the hottest few of the stocked products, one after another */
const STAFF_EDITED = 10
const ANSWER_TIMEOUT_MS = 30_000
/** The kinds the catalogue cache answers */
const CATALOGUE_READS = new Set<MixKind>(['list', 'product', 'search', 'facets'])

/** What a shopper does next; a checkout with an empty cart adds a piece first. */
const nextStep = weightedDraw<MixKind>([
  ['list', 40],
  ['product', 30],
  ['search', 8],
  ['facets', 8],
  ['cart', 11],
  ['checkout', 3],
])

type Query = Record<string, string | number | string[]>

/** One request on `agent`'s connection; the body is read whole but left packed. */
function send(
  agent: Agent,
  base: URL,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: base.hostname, port: base.port, path: pathname, method, headers, agent },
      (response) => readAnswer(response).then(resolve, reject),
    )
    sent.setTimeout(ANSWER_TIMEOUT_MS, () => sent.destroy(new Error('timed out')))
    sent.on('error', reject)
    sent.end(body)
  })
}

/** The catalogue cache's counts since the process started, or null when /metrics has no such gauges. */
function cacheCountsOf(metrics: string): CacheCounts | null {
  const sum = (name: string) => {
    const values = [...metrics.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))].map((match) =>
      Number(match[1]),
    )
    return values.length ? values.reduce((total, value) => total + value, 0) : null
  }
  const hits = sum('catalogue_cache_hits')
  const misses = sum('catalogue_cache_misses')
  return hits === null || misses === null ? null : { hits, misses }
}

async function readCacheCounts(url: string, token: string): Promise<CacheCounts | null> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`)
  return cacheCountsOf(await response.text())
}

async function logIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (response.status !== 200) throw new Error(`login of ${email} failed: ${response.status}`)
  return ((await response.json()) as { access: string }).access
}

/** Runs `work` over `items`, `width` at a time, keeping their order. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map(work))))
  }
  return results
}

/** A slip as shoppers make one: a letter dropped or two swapped, in a word of five letters or more. */
function withTypo(words: string[], random: () => number): string {
  const long = words.filter((word) => word.length >= 5)
  const word = long[Math.floor(random() * long.length)]
  if (!word) return words.join(' ')
  const at = 1 + Math.floor(random() * (word.length - 2))
  const slipped =
    random() < 0.5
      ? word.slice(0, at) + word.slice(at + 1)
      : word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2)
  return words.map((each) => (each === word ? slipped : each)).join(' ')
}

interface Vocabulary {
  categories: string[]
  materials: string[]
  colours: string[]
  /** Product names without their number, for searches */
  names: string[]
}

/** The list's filter sets, most visited first: the whole listing, each category, then mixes of filters. */
function filterSets(vocabulary: Vocabulary, random: () => number): Query[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T
  const priceBands: [number | null, number | null][] = [
    [null, 30000],
    [30000, 100000],
    [100000, 200000],
    [200000, null],
    [50000, 150000],
  ]
  const sets: Query[] = [{}, ...vocabulary.categories.map((category) => ({ category }))]
  const seen = new Set(sets.map((set) => apiAddress('', undefined, set)))
  while (sets.length < FILTER_SETS) {
    const set: Query = {}
    if (random() < 0.7) set.category = pick(vocabulary.categories)
    if (random() < 0.4) set.ordering = pick(PRODUCT_ORDERINGS)
    if (random() < 0.25) set.in_stock = 'true'
    if (random() < 0.2) {
      const [min, max] = pick(priceBands)
      if (min !== null) set.min_price = min
      if (max !== null) set.max_price = max
    }
    if (random() < 0.25)
      set.material =
        random() < 0.2
          ? [pick(vocabulary.materials), pick(vocabulary.materials)]
          : [pick(vocabulary.materials)]
    if (random() < 0.2) set.colour = [pick(vocabulary.colours)]
    const key = apiAddress('', undefined, set)
    if (seen.has(key)) continue
    seen.add(key)
    sets.push(set)
  }
  return sets
}

/** Typo searches, most asked first; a few within a category. */
function searches(vocabulary: Vocabulary, random: () => number): Query[] {
  const queries: Query[] = []
  const seen = new Set<string>()
  while (queries.length < SEARCHES) {
    const words = (vocabulary.names[Math.floor(random() * vocabulary.names.length)] as string).split(' ')
    // A name's words, its first (the style) left out half the time: "walnut wardrobe", "rustic walnut wardrobe".
    const phrase = withTypo(words.slice(random() < 0.5 ? 1 : 0), random).toLowerCase()
    const query: Query = { search: phrase }
    if (random() < 0.2)
      query.category = vocabulary.categories[Math.floor(random() * vocabulary.categories.length)] as string
    const key = apiAddress('', undefined, query)
    if (seen.has(key)) continue
    seen.add(key)
    queries.push(query)
  }
  return queries
}

interface Prepared {
  env: NodeJS.ProcessEnv
  /** Product ids in the order of how often shoppers visit them */
  productsByVisits: number[]
  /** The hot products with ample stock (no options), hottest first: what goes into carts */
  stocked: number[]
  vocabulary: Vocabulary
}

async function prepare(settings: MixSettings, databaseServer: string): Promise<Prepared> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-bench-mix-'))
  const databaseUrl = await freshPostgresDatabase(databaseServer, DATABASE)
  const database = await openDatabase({ databaseUrl, dataDir })
  try {
    await database.migrate()
    const started = Date.now()
    await seedBenchCatalogue(database.db, PRODUCTS, settings.connections)
    console.log(`  mix: seeded ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const ids = (await queryRows<{ id: number }>(database.db, sql`select id from products order by id`)).map(
      (row) => row.id,
    )
    // A fixed shuffle (7919 is prime to 100,000), so the hot products are not simply the newest.
    const productsByVisits = ids.map((_, rank) => ids[(rank * 7919) % ids.length] as number)
    const hot = productsByVisits.slice(0, HOT_PRODUCTS)
    const stockedIds = (
      await queryRows<{ id: number }>(
        database.db,
        // Plain products: a cart add names no options, and a product with options needs them.
        sql`update products set stock = ${AMPLE_STOCK}
            where id in (${sql.join(
              hot.map((id) => sql`${id}`),
              sql`, `,
            )})
              and not exists (select from product_options where product_id = products.id)
            returning id`,
      )
    ).map((row) => row.id)
    const stockedSet = new Set(stockedIds)
    const words = async (column: 'material' | 'colour') =>
      (
        await queryRows<{ value: string }>(
          database.db,
          sql`select distinct ${sql.raw(column)} as value from products where ${sql.raw(column)} is not null order by 1`,
        )
      ).map((row) => row.value)
    const vocabulary: Vocabulary = {
      categories: (
        await queryRows<{ name: string }>(database.db, sql`select name from categories order by id`)
      ).map((row) => row.name),
      materials: await words('material'),
      colours: await words('colour'),
      names: (
        await queryRows<{ name: string }>(
          database.db,
          sql`select distinct regexp_replace(name, ' [0-9]+$', '') as name from products order by 1`,
        )
      ).map((row) => row.name),
    }
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      METRICS_TOKEN: randomBytes(24).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // The accounts sign in before the run; the limits are not what is measured.
      RATE_LIMIT_LOGIN: '0',
      BENCH_CEILING_FILE: path.join(dataDir, 'ceiling-page.json'),
    }
    return {
      env,
      productsByVisits,
      stocked: hot.filter((id) => stockedSet.has(id)),
      vocabulary,
    }
  } finally {
    await database.close()
  }
}

const STAFF_EMAIL = 'staff@mix.bench'
const STAFF_PASSWORD = 'mix-staff-password-1'

/** Runs the mix on a fresh database on the PostgreSQL server at `databaseServer`, dropped after. */
export async function runMix(settings: MixSettings, databaseServer: string): Promise<MixResult> {
  const prepared = await prepare(settings, databaseServer)
  const { env, vocabulary } = prepared
  await createUserWithCli(
    { env: { ...process.env, ...env }, drop: async () => {} },
    STAFF_EMAIL,
    STAFF_PASSWORD,
    true,
  )
  const server = await startServer(env)
  try {
    const base = new URL(server.url)
    const token = env.METRICS_TOKEN as string
    const page = await fetch(`${server.url}/api/products/?page_size=20`)
    writeFileSync(env.BENCH_CEILING_FILE as string, Buffer.from(await page.arrayBuffer()))

    const staffAccess = await logIn(server.url, STAFF_EMAIL, STAFF_PASSWORD)
    const shopperAccess = await inBatches(
      Array.from({ length: settings.connections }, (_, i) => i + 1),
      4,
      (i) => logIn(server.url, `bench${i}@example.com`, 'bench-password-1'),
    )

    // Each filter set's and search's last page, so no shopper asks for a page past it (a 404).
    const setup = seededRandom(35)
    const lastPage = async (query: Query) => {
      const answer = await fetch(
        `${server.url}${apiAddress('/api/products/', undefined, { ...query, page: 1, page_size: LISTING_PAGE_SIZE })}`,
      )
      const { count } = (await answer.json()) as { count: number }
      return Math.min(MAX_PAGE, Math.max(1, Math.ceil(count / LISTING_PAGE_SIZE)))
    }
    const withPages = (queries: Query[]) =>
      inBatches(queries, 8, async (query) => ({
        query,
        pageDraw: zipfDraw(await lastPage(query), PAGE_SKEW),
      }))
    const lists = await withPages(filterSets(vocabulary, setup))
    const searchList = await withPages(searches(vocabulary, setup))
    const drawList = zipfDraw(lists.length)
    const drawSearch = zipfDraw(searchList.length)
    const drawFacets = zipfDraw(lists.length)
    const drawProduct = zipfDraw(prepared.productsByVisits.length)
    const drawStocked = zipfDraw(prepared.stocked.length)

    await settle(server.url)
    const ceiling = await drive({
      url: server.url,
      path: '/api/bench/ceiling/',
      connections: settings.connections,
      duration: settings.ceilingSeconds,
    })
    console.log(
      `  mix: ceiling ${ceiling.requestsPerSecond} req/s, p50 ${Math.round(ceiling.p50)} ms, p99 ${Math.round(ceiling.p99)} ms`,
    )
    await settle(server.url)
    console.log(
      `  mix: ${settings.connections} shoppers and a staff member on one process for ${settings.seconds} s ` +
        `(warm-up ${settings.warmUpSeconds} s)`,
    )

    const started = Date.now()
    const measureFrom = started + settings.warmUpSeconds * 1000
    const ends = measureFrom + settings.seconds * 1000
    const times = Object.fromEntries(MIX_KINDS.map((kind) => [kind, [] as number[]])) as Record<
      MixKind,
      number[]
    >
    const errors = Object.fromEntries(MIX_KINDS.map((kind) => [kind, 0])) as Record<MixKind, number>
    const firstErrors: string[] = []
    const asked = new Set<string>()
    let windowReads = 0
    let windowRepeats = 0

    /** Sends and times one request of `kind`; null unless it was answered 2xx. */
    async function timed(
      agent: Agent,
      kind: MixKind,
      method: string,
      pathname: string,
      headers: Record<string, string>,
      body?: string | Buffer,
    ): Promise<RawAnswer | null> {
      const sentAt = Date.now()
      if (CATALOGUE_READS.has(kind) && method === 'GET') {
        const key = `${headers['accept-language'] ?? 'en'} ${pathname}`
        if (sentAt >= measureFrom) {
          windowReads += 1
          if (asked.has(key)) windowRepeats += 1
        }
        asked.add(key)
      }
      const failed = (why: string) => {
        errors[kind] += 1
        if (firstErrors.length < 10) firstErrors.push(`${method} ${pathname} → ${why}`)
        return null
      }
      try {
        const begun = performance.now()
        const answer = await send(agent, base, method, pathname, headers, body)
        if (sentAt >= measureFrom) times[kind].push(performance.now() - begun)
        return answer.status < 300 ? answer : failed(`${answer.status} ${textOf(answer).slice(0, 200)}`)
      } catch (error) {
        return failed((error as Error).message)
      }
    }

    async function shopper(index: number) {
      const random = seededRandom(1000 + index)
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      const access = shopperAccess[index] as string
      // A fifth read in Urdu: half through the shop's Accept-Language, half from a `?lang=ur` link.
      const urdu = index % 5 === 0 ? (index % 10 === 0 ? 'link' : 'header') : null
      const headers: Record<string, string> = { 'accept-encoding': 'gzip, br' }
      if (urdu !== 'link') headers['accept-language'] = urdu ? 'ur' : 'en'
      const signedIn = { ...headers, authorization: `Bearer ${access}`, 'content-type': 'application/json' }
      const address = (pathname: string, query: Query) =>
        apiAddress(pathname, undefined, urdu === 'link' ? { ...query, lang: 'ur' } : query)
      const pageOf = ({ query, pageDraw }: (typeof lists)[number]) =>
        address('/api/products/', { ...query, page: 1 + pageDraw(random), page_size: LISTING_PAGE_SIZE })
      let cartLines = 0
      let checkouts = 0
      const addToCart = async () => {
        const productId = prepared.stocked[drawStocked(random)] as number
        const body = JSON.stringify({ product_id: productId, quantity: 1 })
        if (await timed(agent, 'cart', 'POST', '/api/cart/', signedIn, body)) cartLines += 1
      }
      while (Date.now() < ends) {
        switch (nextStep(random)) {
          case 'list':
            await timed(
              agent,
              'list',
              'GET',
              pageOf(lists[drawList(random)] as (typeof lists)[number]),
              headers,
            )
            break
          case 'product': {
            const productId = prepared.productsByVisits[drawProduct(random)] as number
            await timed(agent, 'product', 'GET', address(`/api/products/${productId}/`, {}), headers)
            break
          }
          case 'search':
            await timed(
              agent,
              'search',
              'GET',
              pageOf(searchList[drawSearch(random)] as (typeof searchList)[number]),
              headers,
            )
            break
          case 'facets': {
            // The listing's side bar: counts for the filters chosen, whatever the order.
            const { query } = lists[drawFacets(random)] as (typeof lists)[number]
            const filters = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'ordering'))
            await timed(agent, 'facets', 'GET', address('/api/products/facets/', filters), headers)
            break
          }
          case 'cart':
            await addToCart()
            break
          case 'checkout': {
            if (cartLines === 0) await addToCart()
            const placed = await timed(
              agent,
              'checkout',
              'POST',
              '/api/orders/',
              {
                ...signedIn,
                'idempotency-key': `mix-${index}-${checkouts++}`,
              },
              JSON.stringify(BENCH_CHECKOUT),
            )
            if (placed) cartLines = 0
            break
          }
        }
      }
      agent.destroy()
    }

    /** Every few seconds: opens a hot product as staff and saves it with its price changed. */
    async function staffMember() {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      const headers = { 'accept-encoding': 'gzip, br', authorization: `Bearer ${staffAccess}` }
      for (let round = 0; ; round++) {
        const due = started + (round + 1) * settings.staffEditSeconds * 1000
        if (due >= ends) break
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())))
        const productId = prepared.stocked[round % STAFF_EDITED] as number
        // The staff's read of the form is a product page read like any other.
        const read = await timed(agent, 'product', 'GET', `/api/products/${productId}/`, headers)
        if (!read) continue
        const product = JSON.parse(textOf(read)) as Product
        const form = multipartBody(productForm(product, round % 2 === 0 ? 500 : -500))
        await timed(
          agent,
          'staff edit',
          'PUT',
          `/api/products/${productId}/`,
          { ...headers, ...form.headers },
          form.payload,
        )
      }
      agent.destroy()
    }

    const running = Promise.all([
      ...Array.from({ length: settings.connections }, (_, i) => shopper(i)),
      staffMember(),
    ])
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, measureFrom - Date.now())))
    const before = await readCacheCounts(server.url, token)
    await running
    const measuredSeconds = (Date.now() - measureFrom) / 1000
    const after = await readCacheCounts(server.url, token)

    const kinds = MIX_KINDS.map((kind) => ({
      kind,
      ...latencySummary(times[kind], measuredSeconds),
      errors: errors[kind],
    }))
    const all = latencySummary(
      MIX_KINDS.flatMap((kind) => times[kind]),
      measuredSeconds,
    )
    let cache: MixResult['cache'] = null
    if (before && after) {
      const hits = after.hits - before.hits
      const misses = after.misses - before.misses
      cache = { hits, misses, hitRatio: hits + misses ? hits / (hits + misses) : 0 }
    }
    return {
      settings,
      products: PRODUCTS,
      measuredSeconds,
      requests: all.requests,
      requestsPerSecond: all.requestsPerSecond,
      p50: all.p50,
      p99: all.p99,
      errors: MIX_KINDS.reduce((sum, kind) => sum + errors[kind], 0),
      firstErrors,
      kinds,
      cache,
      repeatedReads: windowReads ? windowRepeats / windowReads : 0,
      ceiling,
    }
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    await dropPostgresDatabase(databaseServer, DATABASE)
    rmSync(env.DATA_DIR as string, { recursive: true, force: true })
  }
}

/** The staff product form as it opens on `product`, with its price moved by `change` rupees. */
function productForm(product: Product, change: number): Record<string, string> {
  const optional = (value: number | string | null | undefined) =>
    value === null || value === undefined ? '' : String(value)
  return {
    name: product.name,
    description: product.description,
    name_ur: product.name_ur,
    description_ur: product.description_ur,
    category: product.category,
    price: (Number(product.price) + change).toFixed(2),
    stock: String(product.stock),
    is_featured: String(product.is_featured),
    is_on_sale: String(product.is_on_sale),
    width_cm: optional(product.dimensions?.width_cm),
    depth_cm: optional(product.dimensions?.depth_cm),
    height_cm: optional(product.dimensions?.height_cm),
    weight_kg: optional(product.weight_kg),
    material: optional(product.material),
    colour: optional(product.colour),
    lead_time_days: String(product.lead_time_days),
    advance_percent: optional(product.advance_percent),
    low_stock_threshold: optional(product.low_stock_threshold),
  }
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`

export function printMix(result: MixResult): void {
  const { settings } = result
  console.log(
    `\nMix: ${settings.connections} shoppers and a staff member, one production process on PostgreSQL ` +
      `with ${result.products.toLocaleString('en')} products, ${settings.seconds} s after a ${settings.warmUpSeconds} s warm-up`,
  )
  printKindRows(result.kinds)
  console.log(
    `| all | ${result.requests} | ${result.requestsPerSecond} | ${Math.round(result.p50)} | | ${Math.round(result.p99)} | ${result.errors} |`,
  )
  const { ceiling } = result
  console.log(
    `| ceiling (autocannon, ${settings.ceilingSeconds} s before) | ${ceiling.requests} | ${ceiling.requestsPerSecond} | ` +
      `${Math.round(ceiling.p50)} | ${Math.round(ceiling.p95)} | ${Math.round(ceiling.p99)} | ${ceiling.errors + ceiling.non2xx} |`,
  )
  const cache = result.cache
  console.log(
    `\nCatalogue cache in the window: ${
      cache
        ? `${percent(cache.hitRatio)} hits (${cache.hits} hits, ${cache.misses} misses)`
        : 'n/a (no counts at /metrics)'
    }; ${percent(result.repeatedReads)} of its catalogue reads asked for an address asked before in the run ` +
      `(what a cache never emptied could answer); the mix at ${percent(result.requestsPerSecond / ceiling.requestsPerSecond)} of the ceiling's req/s`,
  )
  console.log('\nThe mix targets, this run:\n\n| target | reached | met |\n|---|---|---|')
  for (const target of judgeMixTargets(result)) {
    console.log(`| ${target.target} | ${target.reached} | ${target.met ? 'yes' : 'no'} |`)
  }
  console.log(
    `\nErrors: ${result.errors}${result.errors ? ` — first: ${result.firstErrors.join('; ')}` : ''}`,
  )
}
