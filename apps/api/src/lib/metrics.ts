import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { inReadersLanguage } from './error-handler'

export interface Metrics {
  /** A gauge read when Prometheus scrapes; nothing happens while metrics are off. */
  gauge(name: string, help: string, read: () => number): void
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Prometheus metrics at GET /metrics when METRICS_TOKEN is set (Bearer that token; 404 otherwise): request duration by route and status, the database pool, process figures, and
 * gauges features add (open event streams). Each app has its own registry, so tests may build several.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { token: string | undefined }) => {
    const { token } = options
    if (!token) {
      app.decorate('metrics', { gauge() {} })
      // Answered here, or the web app's page fallback would take the path.
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) =>
        reply.code(404).send(inReadersLanguage(request, { detail: `No route ${request.method} /metrics.` })),
      )
      return
    }
    const registry = new Registry()
    collectDefaultMetrics({ register: registry })
    const metrics: Metrics = {
      gauge(name, help, read) {
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read())
          },
        })
      },
    }
    app.decorate('metrics', metrics)

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    })
    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        {
          method: request.method,
          // The pattern, never the raw URL, so ids and unknown paths do not multiply the series.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      )
    })

    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections of this process by state (absent on the embedded database)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = app.database.poolStats()
        if (!stats) return
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value)
      },
    })

    const expected = digest(`Bearer ${token}`)
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Compared as digests of equal length, in constant time.
      const given = digest(request.headers.authorization ?? '')
      if (!timingSafeEqual(given, expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send(inReadersLanguage(request, { detail: 'A valid metrics token is required.' }))
      }
      return reply.type(registry.contentType).send(await registry.metrics())
    })
  },
  { name: 'metrics', dependencies: ['db'] },
)
