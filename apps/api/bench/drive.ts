/**
 * The load side of `npm run bench`, run as its own process so it never shares a core's event loop
 * with the server. Reads one scenario as JSON from argv, prints one result as JSON.
 */
import autocannon from 'autocannon'
import { latencySummary } from './latency'
import { BENCH_CHECKOUT } from './seed-catalogue'

export interface Scenario {
  url: string
  connections: number
  /** seconds (GET scenarios) */
  duration: number
  path: string
  /** Sent with every GET besides accept-encoding */
  headers?: Record<string, string>
  /** Order placement: one customer per connection, `count` checkouts in all (cart add + order each) */
  orders?: { tokens: string[]; productIds: number[]; count: number }
}

/** What the checkout run's clients were told, to be held against the orders the database committed. */
export interface CheckoutTally {
  /** Checkouts answered 201, at the first try or a retry with the same Idempotency-Key */
  acknowledged: number
  /** Of those, the ones whose first answer was lost (network error or timeout) and came with a retry */
  acknowledgedOnRetry: number
  /** Checkouts that ended without a 201, by status ('network' when no answer came at all) */
  refused: Record<string, number>
}

export interface DriveResult {
  requests: number
  seconds: number
  requestsPerSecond: number
  p50: number
  p95: number
  p99: number
  non2xx: number
  errors: number
  checkouts?: CheckoutTally
}

const shipping = JSON.stringify(BENCH_CHECKOUT)

async function driveGets(scenario: Scenario): Promise<DriveResult> {
  const times: number[] = []
  const started = Date.now()
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${scenario.url}${scenario.path}`,
        connections: scenario.connections,
        headers: { 'accept-encoding': 'gzip, br', ...scenario.headers },
        duration: scenario.duration,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  })
  return {
    ...latencySummary(times, (Date.now() - started) / 1000),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

// A checkout whose answer has not come in this long counts as lost, and is sent again with its key.
const ANSWER_TIMEOUT_MS = 30_000
const RETRIES = 3

/**
 * Checkouts by `connections` customers at once, each its own customer, so no two checkouts share a
 * cart (autocannon cannot promise that: it clears a connection's context on every loop of its
 * requests, which made two connections buy for one customer and one of them find the cart empty).
 * Each order carries an Idempotency-Key; a lost answer is asked for again with the same key.
 */
async function driveCheckouts(
  scenario: Scenario,
  orders: NonNullable<Scenario['orders']>,
): Promise<DriveResult> {
  if (orders.tokens.length < scenario.connections) throw new Error('one customer per connection is needed')
  const times: number[] = []
  const tally: CheckoutTally = { acknowledged: 0, acknowledgedOnRetry: 0, refused: {} }
  let errors = 0
  let non2xx = 0
  let nextCheckout = 0
  const post = async (path: string, token: string, body: string, key?: string) => {
    const sent = performance.now()
    const response = await fetch(`${scenario.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(key && { 'idempotency-key': key }),
      },
      body,
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    })
    await response.arrayBuffer()
    times.push(performance.now() - sent)
    if (response.status >= 300) non2xx += 1
    return response.status
  }
  /** No answer at all: a network error or the timeout. */
  const lost = () => {
    errors += 1
    return 'network' as const
  }
  const customer = async (token: string, connection: number) => {
    while (nextCheckout < orders.count) {
      const round = nextCheckout++
      const productId = orders.productIds[round % orders.productIds.length]
      const added = await post(
        '/api/cart/',
        token,
        JSON.stringify({ product_id: productId, quantity: 1 }),
      ).catch(lost)
      if (added !== 200) {
        tally.refused[`cart ${added}`] = (tally.refused[`cart ${added}`] ?? 0) + 1
        continue
      }
      const key = `bench-${connection}-${round}`
      let status: number | 'network' = 'network'
      for (let attempt = 0; attempt <= RETRIES && status === 'network'; attempt++) {
        status = await post('/api/orders/', token, shipping, key).catch(lost)
        if (status === 201) {
          tally.acknowledged += 1
          if (attempt > 0) tally.acknowledgedOnRetry += 1
        }
      }
      if (status !== 201) tally.refused[String(status)] = (tally.refused[String(status)] ?? 0) + 1
    }
  }
  const begun = Date.now()
  await Promise.all(
    Array.from({ length: scenario.connections }, (_, i) => customer(orders.tokens[i] as string, i)),
  )
  return { ...latencySummary(times, (Date.now() - begun) / 1000), non2xx, errors, checkouts: tally }
}

const scenario = JSON.parse(process.argv[2] ?? '{}') as Scenario
const run = scenario.orders ? driveCheckouts(scenario, scenario.orders) : driveGets(scenario)
run.then(
  (result) => {
    process.stdout.write(JSON.stringify(result))
    process.exit(0)
  },
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
