import { healthRoutes } from '@store/contract'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { httpError } from '../../lib/errors'
import { implement } from '../../lib/route'

/** A load balancer polls every few seconds: a dependency that hangs counts as down after this long. */
const CHECK_TIMEOUT_MS = 2_000

export async function healthFeature(app: FastifyInstance) {
  implement(app, healthRoutes.health, async () => {
    await app.db.execute(sql`select 1`)
    return { status: 'ok' as const }
  })

  implement(app, healthRoutes.ready, async () => {
    const [database, storage] = await Promise.all([
      answers(app, 'database', () => app.db.execute(sql`select 1`)),
      answers(app, 'media storage', (signal) => app.storage.check(signal)),
    ])
    const down = [database ? null : 'the database', storage ? null : 'the media storage'].filter(Boolean)
    if (down.length > 0) throw httpError(503, `Not ready: ${down.join(' and ')} did not answer.`)
    return { status: 'ready' as const }
  })
}

async function answers(
  app: FastifyInstance,
  what: string,
  check: (signal: AbortSignal) => Promise<unknown>,
): Promise<boolean> {
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS)
  const timedOut = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
  )
  try {
    await Promise.race([check(signal), timedOut])
    return true
  } catch (error) {
    app.log.warn({ err: error }, `readiness: the ${what} did not answer`)
    return false
  }
}
