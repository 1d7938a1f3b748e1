import type { FastifyRequest } from 'fastify'

/**
 * Route config for a per-minute limit keyed as given (0 turns it off). It is checked once the body
 * is parsed and the caller known, so a key may use either; past it the answer is 429 with Retry-After.
 */
export const perMinute = (max: number, key: (request: FastifyRequest) => string) =>
  max > 0
    ? { rateLimit: { max, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: key } }
    : {}
