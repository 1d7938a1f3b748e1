/**
 * The soak of `npm run bench` (issue 34; `BENCH_TARGETS=soak` runs it alone): the shop as it runs in
 * production — nginx with the shipped configuration in front of three API processes on one PostgreSQL —
 * under a realistic mix for SOAK_SECONDS (600 by default). Customers browse, search, fill their carts,
 * check out and write to the shop; staff move orders on, answer messages and edit products. Every
 * process's resident memory is sampled every few seconds. Reported: errors (any answer but 2xx, or no
 * answer), per-kind p50/p95/p99 and req/s after the warm-up, and each process's memory at the warm-up's
 * end, at the end, and its slope in between.
 */
import { readFileSync } from 'node:fs'
import { CHECKOUT } from '../test/fixtures'
import { multipartBody } from '../test/multipart'
import { type NginxAnswer, type NginxCluster, startNginxCluster } from '../test/nginx-cluster'
import { residentMemoryMb } from '../test/process-memory'
import { textOf } from '../test/raw-answer'
import {
  addDeliveryZone,
  client,
  createProduct,
  createUserWithCli,
  logIn,
  newStore,
  signUp,
} from '../test/server-process'
import { type KindRow, latencySummary, printKindRows } from './latency'

export interface SoakSettings {
  seconds: number
  /** Memory and latencies count from here; errors count from the start */
  warmUpSeconds: number
  /** Customers at once, each its own account (so no two share a cart), besides two staff */
  customers: number
  sampleSeconds: number
}

export const soakSettings = (env: NodeJS.ProcessEnv): SoakSettings => {
  const seconds = Number(env.SOAK_SECONDS ?? 600)
  return {
    seconds,
    warmUpSeconds: Number(env.SOAK_WARMUP_SECONDS ?? Math.round(seconds / 5)),
    customers: Number(env.SOAK_CUSTOMERS ?? 16),
    sampleSeconds: Number(env.SOAK_SAMPLE_SECONDS ?? 5),
  }
}

const KINDS = ['browse', 'search', 'cart', 'checkout', 'messages', 'staff'] as const
type Kind = (typeof KINDS)[number]

export interface SoakKindRow extends KindRow {
  kind: Kind
}

export interface SoakProcessMemory {
  process: string
  warmUpEndMb: number
  endMb: number
  peakMb: number
  /** Least-squares slope of the resident memory after the warm-up */
  slopeMbPerMinute: number
}

export interface SoakResult {
  settings: SoakSettings
  requests: number
  requestsPerSecond: number
  errors: number
  /** The first few errors, as `METHOD path → status or message` */
  firstErrors: string[]
  p99: number
  kinds: SoakKindRow[]
  memory: SoakProcessMemory[]
  /** Every sample: seconds since the start and MB by process */
  samples: { at: number; mb: Record<string, number> }[]
}

const CATEGORIES = ['Sofas', 'Chairs', 'Lighting', 'Tables']
const PRODUCTS = 40

/** nginx's worker processes: the children its master lists. */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

function slopePerMinute(points: { at: number; mb: number }[]): number {
  if (points.length < 2) return 0
  const meanAt = points.reduce((sum, p) => sum + p.at, 0) / points.length
  const meanMb = points.reduce((sum, p) => sum + p.mb, 0) / points.length
  let covariance = 0
  let variance = 0
  for (const p of points) {
    covariance += (p.at - meanAt) * (p.mb - meanMb)
    variance += (p.at - meanAt) ** 2
  }
  return variance ? (covariance / variance) * 60 : 0
}

const jsonOf = (answer: NginxAnswer) => JSON.parse(textOf(answer))

/** Something for each kind of request, made fresh. */
const byKind = <T>(make: () => T) =>
  Object.fromEntries(KINDS.map((kind) => [kind, make()])) as Record<Kind, T>

/** Runs the soak on a fresh database on the PostgreSQL server at `databaseServer`, dropped after. */
export async function runSoak(settings: SoakSettings, databaseServer: string): Promise<SoakResult> {
  const store = await newStore('postgres', databaseServer)
  let cluster: NginxCluster | undefined
  try {
    cluster = await startNginxCluster(store, {
      processes: 3,
      env: { NODE_ENV: 'production', TRUST_PROXY: '127.0.0.1' },
      connections: settings.customers + 2,
    })
    const nginx = cluster
    await createUserWithCli(store, 'staff@soak.test', 'staff-password-1', true)
    await addDeliveryZone(store)
    const setupUrl = nginx.servers[0]?.url ?? ''
    const staff = await Promise.all([0, 1].map(() => logIn(setupUrl, 'staff@soak.test', 'staff-password-1')))
    const productIds: number[] = []
    for (let i = 0; i < PRODUCTS; i++) {
      const category = CATEGORIES[i % CATEGORIES.length] as string
      // Stock no run can sell out.
      const product = await createProduct(
        setupUrl,
        staff[0] as string,
        `Soak ${i} Walnut Chair`,
        1_000_000,
        category,
      )
      productIds.push(product.id)
    }
    const customers = await Promise.all(
      Array.from({ length: settings.customers }, async (_, i) => {
        const access = await signUp(setupUrl, `soak${i}@example.com`)
        const inquiry = await client(setupUrl, access)('POST', '/api/buy-now-message/', {
          product_id: productIds[i % PRODUCTS],
        })
        if (inquiry.status !== 201) throw new Error(`inquiry failed: ${JSON.stringify(inquiry.body)}`)
        return { access, conversationId: inquiry.body.conversation_id as number }
      }),
    )
    console.log(
      `  soak: ${settings.customers} customers and 2 staff through nginx to 3 processes for ${settings.seconds} s ` +
        `(warm-up ${settings.warmUpSeconds} s)`,
    )

    const started = Date.now()
    const warmUpEnds = started + settings.warmUpSeconds * 1000
    const ends = started + settings.seconds * 1000
    const times = byKind((): number[] => [])
    const errors = byKind(() => 0)
    const firstErrors: string[] = []

    async function send(
      kind: Kind,
      method: string,
      path: string,
      options: { access?: string; json?: unknown; form?: ReturnType<typeof multipartBody> } = {},
    ): Promise<NginxAnswer | null> {
      const sentAt = performance.now()
      const headers: Record<string, string> = { 'accept-encoding': 'gzip, br' }
      if (options.access) headers.authorization = `Bearer ${options.access}`
      if (options.json !== undefined) headers['content-type'] = 'application/json'
      if (options.form) Object.assign(headers, options.form.headers)
      const body =
        options.form?.payload ?? (options.json === undefined ? undefined : JSON.stringify(options.json))
      const failed = (why: string) => {
        errors[kind] += 1
        if (firstErrors.length < 10) firstErrors.push(`${method} ${path} → ${why}`)
        return null
      }
      try {
        const answer = await nginx.request(path, { method, headers, body })
        if (Date.now() >= warmUpEnds) times[kind].push(performance.now() - sentAt)
        return answer.status < 300 ? answer : failed(`${answer.status} ${textOf(answer)}`)
      } catch (error) {
        return failed((error as Error).message)
      }
    }

    async function customer(index: number) {
      const { access, conversationId } = customers[index] as (typeof customers)[number]
      for (let round = 0; Date.now() < ends; round++) {
        const productId = productIds[(index * 7 + round) % PRODUCTS] as number
        const category = CATEGORIES[round % CATEGORIES.length] as string
        switch (round % 20) {
          case 0:
          case 1:
          case 2:
            await send('browse', 'GET', `/api/products/?page=${1 + (round % 2)}`)
            break
          case 3:
            await send('browse', 'GET', `/api/products/?category=${category}&ordering=price`)
            break
          case 4:
          case 5:
          case 6:
            await send('browse', 'GET', `/api/products/${productId}/`)
            break
          case 7:
            await send('browse', 'GET', '/api/products/showcase/')
            break
          case 8:
            await send('search', 'GET', '/api/products/?search=walnut%20chiar')
            break
          case 9:
            await send('search', 'GET', `/api/products/?search=soak%20${round % PRODUCTS}&in_stock=true`)
            break
          case 10:
          case 12:
            await send('cart', 'POST', '/api/cart/', { access, json: { product_id: productId, quantity: 1 } })
            break
          case 11:
          case 13:
            await send('cart', 'GET', '/api/cart/', { access })
            break
          case 14:
            await send('checkout', 'POST', '/api/orders/', { access, json: CHECKOUT })
            break
          case 15:
            await send('checkout', 'GET', '/api/orders/', { access })
            break
          case 16:
            await send('messages', 'POST', `/api/conversations/${conversationId}/messages/`, {
              access,
              json: { content: `Is product ${productId} still in walnut? (round ${round})` },
            })
            break
          case 17:
            await send('messages', 'GET', `/api/conversations/${conversationId}/messages/`, { access })
            break
          default:
            await send('browse', 'GET', '/api/categories/')
        }
      }
    }

    /** The first moves orders on; the second answers messages; both edit products and read the dashboard. */
    async function staffMember(index: number) {
      const access = staff[index] as string
      for (let round = 0; Date.now() < ends; round++) {
        const product = (index + round) % PRODUCTS
        const productId = productIds[product] as number
        switch (round % 5) {
          case 0:
            if (index === 0) {
              const pending = await send('staff', 'GET', '/api/orders/?scope=all&status=Pending', { access })
              const first = pending && jsonOf(pending).results[0]
              if (first)
                await send('staff', 'PATCH', `/api/orders/${first.id}/`, {
                  access,
                  json: { status: 'Processing' },
                })
            } else {
              const listed = await send('staff', 'GET', '/api/conversations/', { access })
              const first = listed && jsonOf(listed).results[round % 5]
              if (first) {
                await send('staff', 'GET', `/api/conversations/${first.id}/messages/`, { access })
                await send('staff', 'POST', `/api/conversations/${first.id}/messages/`, {
                  access,
                  json: { content: 'Yes, it is in stock in walnut.' },
                })
              }
            }
            break
          case 1:
            await send('staff', 'GET', '/api/staff/counts/', { access })
            break
          case 2:
            await send('staff', 'GET', '/api/analytics/sales-summary/', { access })
            break
          case 3:
            await send('staff', 'PUT', `/api/products/${productId}/`, {
              access,
              form: multipartBody({
                name: `Soak ${product} Walnut Chair`,
                description: `Edited in round ${round}.`,
                category: CATEGORIES[product % CATEGORIES.length] as string,
                price: String(1500 + (round % 7) * 100),
                stock: '1000000',
                is_featured: String(round % 2 === 0),
                is_on_sale: 'false',
              }),
            })
            break
          default:
            await send('staff', 'GET', '/api/orders/?scope=all', { access })
        }
      }
    }

    const processes = (): [string, number][] => [
      ...nginx.servers.map((server, i) => [`api ${i + 1}`, server.child.pid as number] as [string, number]),
      ...childPids(nginx.proxy.pid as number).map(
        (pid, i) => [`nginx worker ${i + 1}`, pid] as [string, number],
      ),
    ]
    const samples: SoakResult['samples'] = []
    const peaks: Record<string, number> = {}
    const sample = () => {
      const mb: Record<string, number> = {}
      for (const [name, pid] of processes()) {
        const memory = residentMemoryMb(pid)
        mb[name] = memory.rssMb
        peaks[name] = memory.peakMb
      }
      samples.push({ at: (Date.now() - started) / 1000, mb })
    }
    sample()
    const sampler = setInterval(sample, settings.sampleSeconds * 1000)
    await Promise.all([...customers.map((_, i) => customer(i)), ...staff.map((_, i) => staffMember(i))])
    clearInterval(sampler)
    sample()

    const measuredSeconds = settings.seconds - settings.warmUpSeconds
    const kinds = KINDS.map((kind) => {
      const summary = latencySummary(times[kind], measuredSeconds)
      return { kind, ...summary, errors: errors[kind] }
    })
    const all = latencySummary(
      KINDS.flatMap((kind) => times[kind]),
      measuredSeconds,
    )
    const afterWarmUp = samples.filter((each) => each.at >= settings.warmUpSeconds)
    const memory = Object.keys(samples[0]?.mb ?? {}).map((name) => {
      const points = afterWarmUp.map((each) => ({ at: each.at, mb: each.mb[name] ?? 0 }))
      return {
        process: name,
        warmUpEndMb: points[0]?.mb ?? 0,
        endMb: points[points.length - 1]?.mb ?? 0,
        peakMb: peaks[name] ?? 0,
        slopeMbPerMinute: Math.round(slopePerMinute(points) * 100) / 100,
      }
    })
    return {
      settings,
      requests: all.requests,
      requestsPerSecond: all.requestsPerSecond,
      errors: KINDS.reduce((sum, kind) => sum + errors[kind], 0),
      firstErrors,
      p99: all.p99,
      kinds,
      memory,
      samples,
    }
  } finally {
    await cluster?.stop()
    await store.drop()
  }
}

/** Memory counts as flat when it grows by less than this a minute after the warm-up (10 MB in 10 minutes). */
export const FLAT_MB_PER_MINUTE = 1

export function printSoak(result: SoakResult): void {
  const { settings } = result
  console.log(
    `\nSoak: ${settings.seconds} s, warm-up ${settings.warmUpSeconds} s, ${settings.customers} customers and 2 staff, ` +
      `nginx and 3 processes on PostgreSQL`,
  )
  printKindRows(result.kinds)
  console.log(
    `| all | ${result.requests} | ${result.requestsPerSecond} | | | ${Math.round(result.p99)} | ${result.errors} |`,
  )
  console.log(
    '\n| process | resident MB at warm-up end | at the end | peak | slope MB/min | flat |\n|---|---|---|---|---|---|',
  )
  for (const row of result.memory) {
    const flat = row.slopeMbPerMinute < FLAT_MB_PER_MINUTE
    console.log(
      `| ${row.process} | ${row.warmUpEndMb} | ${row.endMb} | ${row.peakMb} | ${row.slopeMbPerMinute} | ${flat ? 'yes' : 'no'} |`,
    )
  }
  console.log(
    `\nErrors: ${result.errors}${result.errors ? ` — first: ${result.firstErrors.join('; ')}` : ''}`,
  )
}
