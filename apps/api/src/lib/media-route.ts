import type { FastifyInstance } from 'fastify'
import { notFound } from './errors'
import { contentTypeOf, IMMUTABLE_CACHE, isStorageKey, MEDIA_PREFIX } from './storage'

/**
 * Serves uploaded images from the configured storage (disk or bucket), so their URLs load the same
 * either way and the bucket itself can stay private.
 */
const isPrivateKey = (key: string) => key.startsWith('documents/') || key.startsWith('claims/')

export function registerMediaRoute(app: FastifyInstance): void {
  app.get(`${MEDIA_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*']
    // Rendered papers name a customer and their address, and a claim's photos and video show their
    // home: only their own routes serve them.
    const file = isStorageKey(key) && !isPrivateKey(key) ? await app.storage.get(key) : null
    if (!file) throw notFound(`No route GET ${request.url.split('?')[0]}.`)
    return reply
      .header('content-type', contentTypeOf(key))
      .header('content-length', file.size)
      .header('cache-control', IMMUTABLE_CACHE)
      .send(file.body)
  })
}
