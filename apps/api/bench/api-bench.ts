/**
 * `npm run bench`: the API's speed on a realistic catalogue — 100,000 products on PostgreSQL and
 * 10,000 on the embedded PGlite — driven by autocannon from a second process against the production
 * server, with a ceiling route in the same build for comparison; then the mix (bench/mix.ts): one
 * production process on PostgreSQL under a shop's traffic; then the soak (bench/soak.ts): the nginx
 * cluster under a mixed load for SOAK_SECONDS; then the product CSV (bench/csv-import.ts): 10,000
 * products imported from one file. Prints tables, writes JSON.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows } from '../src/db/client'
import { createTokenService } from '../src/lib/auth'
import { residentMemoryMb } from '../test/process-memory'
import { drive, freshPostgresDatabase, settle, startServer } from './bench-server'
import { type CsvStep, printCsv, runCsvBench } from './csv-import'
import type { DriveResult } from './drive'
import { type MixResult, mixSettings, printMix, runMix } from './mix'
import { seedBenchCatalogue } from './seed-catalogue'
import { printSoak, runSoak, type SoakResult, soakSettings } from './soak'
import { judgeTargets } from './targets'

const apiRoot = path.resolve(import.meta.dirname, '..')
const repoRoot = path.resolve(apiRoot, '../..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000)
const CUSTOMERS = 200
const postgresServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
/**
 * Only the routes whose row name holds one of these (comma-separated, letter case aside), e.g.
 * `BENCH_ROUTES='ceiling,read through,order'`; every route when unset. The first row run is the ceiling
 * the ratios are taken to, so name it first to keep the ratios meaningful.
 */
const ROUTES = (process.env.BENCH_ROUTES ?? '')
  .split(',')
  .map((name) => name.trim().toLowerCase())
  .filter(Boolean)
/** The checkout row's name, which BENCH_ROUTES matches like any other's */
const CHECKOUT_ROW = 'order placement (cart add + checkout)'
const chosen = (route: string) =>
  ROUTES.length === 0 || ROUTES.some((name) => route.toLowerCase().includes(name))

interface Target {
  /** `demo`: the embedded store as a shop starts it, with the demo catalogue (about 40 products) */
  name: 'postgres' | 'pglite' | 'demo'
  products: number
}

const targetNames = (process.env.BENCH_TARGETS ?? 'postgres,pglite,demo,mix,soak,csv').split(',')
const targets: Target[] = targetNames
  .filter((name) => name !== 'mix' && name !== 'soak' && name !== 'csv')
  .map((name) => ({
    name: name as Target['name'],
    products: name === 'postgres' ? 100_000 : name === 'pglite' ? 10_000 : 0,
  }))

interface Prepared {
  env: NodeJS.ProcessEnv
  customerIds: number[]
  /** Products given ample stock for the checkout scenario */
  stockedIds: number[]
}

async function prepareDatabase(target: Target): Promise<Prepared> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `store-bench-${target.name}-`))
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, DATABASE_URL: '' }
  if (target.name === 'postgres') {
    env.DATABASE_URL = await freshPostgresDatabase(postgresServer, 'store_bench')
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir })
  await database.migrate()
  // The demo store is seeded by the server's own first start.
  if (target.name === 'demo') {
    await database.close()
    return { env: { ...env, SEED_DEMO: 'true' }, customerIds: [], stockedIds: [] }
  }
  const started = Date.now()
  await seedBenchCatalogue(database.db, target.products, CUSTOMERS)
  console.log(
    `  seeded ${target.products} products on ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  // Done before the server starts: the embedded database admits one process at a time.
  const customers = await queryRows<{ id: number }>(database.db, sql`select id from users order by id`)
  const stocked = await queryRows<{ id: number }>(
    database.db,
    // Plain products: a checkout's cart add names no options, and a product with options needs them.
    sql`update products set stock = 1000000 where id in (
      select id from products where not exists (select from product_options where product_id = products.id)
      order by id limit 50) returning id`,
  )
  await database.close()
  return { env, customerIds: customers.map((c) => c.id), stockedIds: stocked.map((p) => p.id) }
}

const memories: { database: string; rssMb: number; peakMb: number }[] = []

interface Row extends DriveResult {
  database: string
  route: string
  ratioToCeiling: number | null
}

async function benchTarget(target: Target): Promise<Row[]> {
  console.log(`\n${target.name}: ${target.products ? target.products.toLocaleString('en') : 'demo'} products`)
  const ceilingFile = path.join(mkdtempSync(path.join(tmpdir(), 'store-ceiling-')), 'page.json')
  const secret = randomBytes(32).toString('hex')
  const prepared = await prepareDatabase(target)
  const env: NodeJS.ProcessEnv = {
    JWT_SECRET: secret,
    SEED_DEMO: 'false',
    ...prepared.env,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '0',
    RATE_LIMIT_REGISTER: '0',
    RATE_LIMIT_MESSAGES: '0',
    BENCH_CEILING_FILE: ceilingFile,
  }
  const server = await startServer(env)
  try {
    const page = await fetch(`${server.url}/api/products/?page_size=20`)
    writeFileSync(ceilingFile, Buffer.from(await page.arrayBuffer()))
    const list = (await (await fetch(`${server.url}/api/products/?page_size=1`)).json()) as {
      results: { id: number }[]
    }
    const productId = list.results[0]?.id ?? 1
    // Each scenario asks for one address again and again, so after its first answer every read is
    // answered from the process's catalogue cache; the "read through" rows send Cache-Control:
    // no-cache, which makes the server read the database each time (what a cache miss costs).
    const readThrough = { 'cache-control': 'no-cache' }
    type Route = [string, string, { connections?: number; headers?: Record<string, string> }?]
    // The demo store's figures are held against the health route (issue 18), its first row.
    const demoRoutes: Route[] = [
      ['health (the ratio is to this)', '/api/health/'],
      ['ceiling (bare route, same bytes)', '/api/bench/ceiling/'],
      ['product list (page of 20)', '/api/products/?page_size=20'],
      ['product list, read through', '/api/products/?page_size=20', { headers: readThrough }],
      ['product detail', `/api/products/${productId}/`],
      ['product detail, read through', `/api/products/${productId}/`, { headers: readThrough }],
    ]
    const catalogueRoutes: Route[] = [
      ['ceiling (bare route, same bytes)', '/api/bench/ceiling/'],
      ['product list (page of 20)', '/api/products/?page_size=20'],
      ['product list, read through', '/api/products/?page_size=20', { headers: readThrough }],
      [
        'product list, read through, 10 connections',
        '/api/products/?page_size=20',
        { headers: readThrough, connections: 10 },
      ],
      ['product list, category filter', '/api/products/?category=Lighting&page_size=20'],
      ['search with a typo', '/api/products/?search=walnut%20wardrob&page_size=20'],
      [
        'search with a typo, 10 connections',
        '/api/products/?search=walnut%20wardrob&page_size=20',
        { connections: 10 },
      ],
      [
        'search with a typo, read through',
        '/api/products/?search=walnut%20wardrob&page_size=20',
        { headers: readThrough },
      ],
      [
        'search with a typo, read through, 10 connections',
        '/api/products/?search=walnut%20wardrob&page_size=20',
        { headers: readThrough, connections: 10 },
      ],
      [
        'product list, filtered and sorted by price',
        '/api/products/?material=Oak&colour=Brown&min_price=50000&in_stock=true&ordering=price&page_size=20',
      ],
      ['facets, whole catalogue', '/api/products/facets/'],
      ['facets, category and material', '/api/products/facets/?category=Lighting&material=Brass'],
      ['product detail', `/api/products/${productId}/`],
      ['product detail, read through', `/api/products/${productId}/`, { headers: readThrough }],
      ['showcase', '/api/products/showcase/'],
    ]
    const routes = (target.name === 'demo' ? demoRoutes : catalogueRoutes).filter(([route]) => chosen(route))
    const rows: Row[] = []
    let ceiling = 0
    for (const [route, pathname, options] of routes) {
      await settle(server.url)
      const result = await drive({
        url: server.url,
        path: pathname,
        connections: options?.connections ?? CONNECTIONS,
        duration: SECONDS,
        ...(options?.headers && { headers: options.headers }),
      })
      if (!ceiling) ceiling = result.requestsPerSecond
      rows.push({
        database: target.name,
        route,
        ...result,
        ratioToCeiling: result.requestsPerSecond / ceiling,
      })
      console.log(`  ${route}: ${result.requestsPerSecond} req/s, p99 ${Math.round(result.p99)} ms`)
    }
    const memory = residentMemoryMb(server.child.pid as number)
    memories.push({ database: target.name, ...memory })
    console.log(`  server memory after the routes: ${memory.rssMb} MB resident, peak ${memory.peakMb} MB`)

    if (target.name === 'demo' || !chosen(CHECKOUT_ROW)) return rows

    // Checkouts: many customers, a bounded count; then stock must match exactly what was sold.
    const tokens = createTokenService(secret)
    await settle(server.url)
    const accessTokens = await Promise.all(
      prepared.customerIds.map((id) => tokens.sign({ sub: String(id), type: 'access' }, 3600)),
    )
    const result = await drive({
      url: server.url,
      path: '/api/orders/',
      connections: CONNECTIONS,
      duration: 0,
      orders: { tokens: accessTokens, productIds: prepared.stockedIds, count: ORDERS },
    })
    const checkouts = result.checkouts
    if (!checkouts) throw new Error('the checkout run reported no tally')
    const ordersPerSecond = Math.round(checkouts.acknowledged / result.seconds)
    rows.push({
      database: target.name,
      route: CHECKOUT_ROW,
      ...result,
      requestsPerSecond: ordersPerSecond,
      ratioToCeiling: null,
    })
    console.log(`  order placement: ${ordersPerSecond} orders/s, p99 ${Math.round(result.p99)} ms`)
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    const check = await openDatabase({
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir: env.DATA_DIR as string,
    })
    const stocked = sql.join(
      prepared.stockedIds.map((id) => sql`${id}`),
      sql`, `,
    )
    const [sold] = await queryRows<{ orders: string; units: string; taken: string; drift: string }>(
      check.db,
      sql`select (select count(*) from orders) as orders,
                 (select coalesce(sum(quantity), 0) from order_items) as units,
                 (select sum(1000000 - stock) from products where id in (${stocked})) as taken,
                 (select count(*) from stock_levels l where l.product_id in (${stocked}) and l.quantity <>
                   (select coalesce(sum(delta), 0) from stock_movements m
                    where m.product_id = l.product_id and m.location_id = l.location_id)) as drift`,
    )
    await check.close()
    console.log(`  stock check: ${sold?.units} units ordered, ${sold?.taken} units taken from stock`)
    if (sold?.units !== sold?.taken) throw new Error('stock does not match the orders')
    // docs/api.md "Stock you can trust": every location holds the sum of its movements.
    if (sold?.drift !== '0') throw new Error(`${sold?.drift} stock levels differ from their movements`)
    // Every order the database committed must have reached its client as a 201, and no more.
    console.log(
      `  checkouts: ${sold?.orders} committed, ${checkouts.acknowledged} acknowledged ` +
        `(${checkouts.acknowledgedOnRetry} on a retry with the same key); not placed: ${JSON.stringify(checkouts.refused)}`,
    )
    if (Number(sold?.orders) !== checkouts.acknowledged) {
      throw new Error('committed orders and acknowledged checkouts differ')
    }
    return rows
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGTERM')
  }
}

const all: Row[] = []
for (const target of targets) all.push(...(await benchTarget(target)))
const mix: MixResult | null = targetNames.includes('mix')
  ? await runMix(mixSettings(process.env), postgresServer)
  : null
const soak: SoakResult | null = targetNames.includes('soak')
  ? await runSoak(soakSettings(process.env), postgresServer)
  : null

const csv: CsvStep[] | null = targetNames.includes('csv') ? await runCsvBench(postgresServer) : null

const outDir = path.join(repoRoot, 'bench-results')
mkdirSync(outDir, { recursive: true })
const written: string[] = []
if (all.length > 0) {
  const file = path.join(outDir, 'api.json')
  writeFileSync(
    file,
    JSON.stringify(
      { date: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, rows: all, memories },
      null,
      2,
    ),
  )
  written.push(file)
  console.log('\n| database | route | req/s | p50 ms | p95 ms | p99 ms | ratio to ceiling | non-2xx |')
  console.log('|---|---|---|---|---|---|---|---|')
  for (const row of all) {
    const ratio = row.ratioToCeiling === null ? '—' : `${Math.round(row.ratioToCeiling * 100)}%`
    const unit = row.route.startsWith('order') ? ' orders/s' : ''
    console.log(
      `| ${row.database} | ${row.route} | ${row.requestsPerSecond}${unit} | ${Math.round(row.p50)} | ${Math.round(row.p95)} | ${Math.round(row.p99)} | ${ratio} | ${row.non2xx} |`,
    )
  }
  console.log('\n| database | server resident memory after the routes, MB | peak, MB |\n|---|---|---|')
  for (const memory of memories) console.log(`| ${memory.database} | ${memory.rssMb} | ${memory.peakMb} |`)
  console.log('\nThe targets, this run:\n\n| database | target | reached | met |\n|---|---|---|---|')
  for (const result of judgeTargets(all)) {
    console.log(
      `| ${result.database} | ${result.target} | ${result.reached} | ${result.met ? 'yes' : 'no'} |`,
    )
  }
}
if (mix) {
  const file = path.join(outDir, 'mix.json')
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), ...mix }, null, 2))
  written.push(file)
  printMix(mix)
}
if (soak) {
  // Its own file, so a soak run alone leaves the routes' figures as they were.
  const file = path.join(outDir, 'soak.json')
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), ...soak }, null, 2))
  written.push(file)
  printSoak(soak)
}
if (csv) {
  const file = path.join(outDir, 'csv.json')
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), steps: csv }, null, 2))
  written.push(file)
  printCsv(csv)
}
console.log(`\nWritten to ${written.map((each) => path.relative(repoRoot, each)).join(', ')}`)
process.exit(0)
