import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../db/client'

/** A store's answer for one key: the hits in its window so far, and the window's milliseconds left. */
interface Hits {
  current: number
  ttl: number
}
type Done = (error: Error | null, hits?: Hits) => void

/** One in this many hits also clears windows long over, so the table stays as small as its live keys. */
const SWEEP_EVERY = 500

/**
 * @fastify/rate-limit's store in PostgreSQL (docs/design.md "shared limits"): every process counts
 * in one row per route and key, so a limit holds for the whole shop however many processes serve
 * it. One statement per hit: it starts the window, or counts in it, atomically (the row's lock orders
 * concurrent hits). The table is unlogged (migration 0024): counts are worth nothing after a crash.
 */
export function postgresRateLimitStore(db: Db) {
  let hitsSinceSweep = 0
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string

    /**
     * The plugin hands a route's limit its merged options, the route under `routeInfo` (its typings
     * say the route itself); a limit made with `createRateLimit` has none, and names itself in its keys.
     */
    constructor(options?: object) {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)?.routeInfo
      this.prefix = route?.url ? `${String(route.method)} ${String(route.url)}|` : 'check|'
    }

    incr(key: string, done: Done, timeWindow: number) {
      const window = sql`make_interval(secs => ${timeWindow / 1000})`
      queryRows<{ current: number; ttl: number }>(
        db,
        sql`insert into rate_limit_hits as h (key, window_started, hits) values (${this.prefix + key}, now(), 1)
          on conflict (key) do update set
            hits = case when h.window_started + ${window} <= now() then 1 else h.hits + 1 end,
            window_started = case when h.window_started + ${window} <= now() then now() else h.window_started end
          returning hits as current,
            greatest(0, ceil(extract(epoch from (window_started + ${window} - now())) * 1000))::integer as ttl`,
      )
        .then(([hits]) => {
          if (++hitsSinceSweep >= SWEEP_EVERY) {
            hitsSinceSweep = 0
            // Only tidying: a failure (the database gone a moment) costs nothing but a bigger table.
            db.execute(
              sql`delete from rate_limit_hits where window_started < now() - interval '1 hour'`,
            ).catch(() => {})
          }
          done(null, hits ?? { current: 1, ttl: timeWindow })
        })
        .catch((error: Error) => done(error))
    }

    /** The hits so far in the key's window, counting none (an ended window reads as none). */
    read(key: string, done: Done, timeWindow: number) {
      const window = sql`make_interval(secs => ${timeWindow / 1000})`
      queryRows<Hits>(
        db,
        sql`select hits as current,
            greatest(0, ceil(extract(epoch from (window_started + ${window} - now())) * 1000))::integer as ttl
          from rate_limit_hits where key = ${this.prefix + key} and window_started + ${window} > now()`,
      )
        .then(([hits]) => done(null, hits ?? { current: 0, ttl: 0 }))
        .catch((error: Error) => done(error))
    }

    child(options: object) {
      return new PostgresRateLimitStore(options)
    }
  }
}
