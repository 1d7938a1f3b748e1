import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors'

/**
 * Route config for a per-minute limit keyed as given (0 turns it off). It is checked once the body
 * is parsed and the caller known, so a key may use either; past it the answer is 429 with Retry-After.
 */
export const perMinute = (max: number, key: (request: FastifyRequest) => string) =>
  max > 0
    ? { rateLimit: { max, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: key } }
    : {}

/**
 * A further per-minute limit, for a route that needs a second one (its config holds one): the handler
 * awaits the check, which throws the same 429 with Retry-After past the limit (0 turns it off). Its
 * `name` keeps its counts apart from every other limit's in a shared store.
 */
export function perMinuteCheck(
  app: FastifyInstance,
  { name, max }: { name: string; max: number },
  key: (request: FastifyRequest) => string,
): (request: FastifyRequest) => Promise<void> {
  if (max <= 0) return async () => {}
  const limit = app.createRateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request) => `${name}|${key(request)}`,
  })
  return async (request) => {
    const verdict = await limit(request)
    if (verdict.isAllowed || !verdict.isExceeded) return
    throw tooManyRequests(verdict.ttlInSeconds)
  }
}

const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many requests. Please wait and try again.', undefined, {
    'retry-after': String(Math.max(1, retryAfterSeconds)),
  })

/**
 * A per-minute limit on failed attempts (0 turns it off): `allowed` answers 429 with Retry-After once
 * `max` failures were counted in the minute, counting nothing itself, and `failed` counts one; so
 * a caller past the limit learns nothing more, right or wrong. `name` keeps its counts apart.
 */
export function perMinuteFailures(
  app: FastifyInstance,
  { name, max }: { name: string; max: number },
  key: (request: FastifyRequest) => string,
) {
  if (max <= 0) return { allowed: async () => {}, failed: async () => {} }
  const limit = app.createRateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request) => `${name}|${key(request)}`,
  })
  return {
    async allowed(request: FastifyRequest) {
      const verdict = await limit(request, { increment: false })
      if (!verdict.isAllowed && verdict.remaining === 0) throw tooManyRequests(verdict.ttlInSeconds)
    },
    async failed(request: FastifyRequest) {
      await limit(request)
    },
  }
}
