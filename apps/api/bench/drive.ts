/**
 * The load side of `npm run bench`, run as its own process so it never shares a core's event loop
 * with the server. Reads one scenario as JSON from argv, prints one result as JSON.
 */
import autocannon from 'autocannon'

export interface Scenario {
  url: string
  connections: number
  /** seconds (GET scenarios) */
  duration: number
  path: string
  /** Order placement: one token per connection, `orders` checkouts in all (cart add + order each) */
  orders?: { tokens: string[]; productIds: number[]; count: number }
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
  ordersPlaced?: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

const shipping = JSON.stringify({
  first_name: 'Bench',
  last_name: 'Mark',
  email: 'bench@example.com',
  address: '1 Benchmark Road',
  city: 'Karachi',
  postal_code: '74000',
})

async function drive(scenario: Scenario): Promise<DriveResult> {
  const times: number[] = []
  let ordersPlaced = 0
  let nextClient = 0
  const orders = scenario.orders
  const options: autocannon.Options = {
    url: `${scenario.url}${scenario.path}`,
    connections: scenario.connections,
    headers: { 'accept-encoding': 'gzip, br' },
    ...(orders
      ? {
          amount: orders.count * 2,
          requests: [
            {
              method: 'POST',
              path: '/api/cart/',
              setupRequest: (request: autocannon.Request, raw: object) => {
                const context = raw as Record<string, unknown>
                context.token ??= orders.tokens[nextClient++ % orders.tokens.length]
                context.round = ((context.round as number | undefined) ?? 0) + 1
                const productId = orders.productIds[(context.round as number) % orders.productIds.length]
                return {
                  ...request,
                  headers: {
                    ...request.headers,
                    'content-type': 'application/json',
                    authorization: `Bearer ${context.token}`,
                  },
                  body: JSON.stringify({ product_id: productId, quantity: 1 }),
                }
              },
            },
            {
              method: 'POST',
              path: '/api/orders/',
              setupRequest: (request: autocannon.Request, raw: object) => ({
                ...request,
                headers: {
                  ...request.headers,
                  'content-type': 'application/json',
                  authorization: `Bearer ${(raw as Record<string, unknown>).token}`,
                },
                body: shipping,
              }),
              onResponse: (status: number) => {
                if (status === 201) ordersPlaced += 1
              },
            },
          ],
        }
      : { duration: scenario.duration }),
  }
  const started = Date.now()
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)))
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  })
  const seconds = (Date.now() - started) / 1000
  const sorted = times.sort((a, b) => a - b)
  return {
    requests: times.length,
    seconds,
    requestsPerSecond: Math.round(times.length / seconds),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(orders && { ordersPlaced }),
  }
}

const scenario = JSON.parse(process.argv[2] ?? '{}') as Scenario
drive(scenario).then(
  (result) => {
    process.stdout.write(JSON.stringify(result))
    process.exit(0)
  },
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
