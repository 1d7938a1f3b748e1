import type { FastifyInstance } from 'fastify'
import { notFound } from './errors'
import { contentTypeOf, IMMUTABLE_CACHE, isStorageKey, MEDIA_PREFIX } from './storage'

/**
 * Serves uploaded images from the configured storage (disk or bucket), so their URLs load the same
 * either way and the bucket itself can stay private.
 */
export function registerMediaRoute(app: FastifyInstance): void {
  app.get(`${MEDIA_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*']
    const file = isStorageKey(key) ? await app.storage.get(key) : null
    if (!file) throw notFound(`No route GET ${request.url.split('?')[0]}.`)
    return reply
      .header('content-type', contentTypeOf(key))
      .header('content-length', file.size)
      .header('cache-control', IMMUTABLE_CACHE)
      .send(file.body)
  })
}
