import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import compress from '@fastify/compress'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import { addressesFeature } from './features/addresses/routes'
import { analyticsFeature } from './features/analytics/routes'
import { auditFeature } from './features/audit/routes'
import { authFeature } from './features/auth/routes'
import { cartFeature } from './features/cart/routes'
import { catalogueCachePlugin } from './features/catalog/answer-cache'
import { catalogFeature } from './features/catalog/routes'
import { claimsFeature } from './features/claims/routes'
import { couponsFeature } from './features/coupons/routes'
import { dataTransferFeature } from './features/data-transfer/routes'
import { deliveryFeature } from './features/delivery/routes'
import { dispatchFeature } from './features/dispatch/routes'
import { documentsFeature } from './features/documents/routes'
import { healthFeature } from './features/health/routes'
import { messagingFeature } from './features/messaging/routes'
import { createNotifier, type Notifier } from './features/notifications/service'
import { notificationsFeature } from './features/notifications/worker'
import { orderEditFeature } from './features/order-desk/edit-routes'
import { orderDeskFeature } from './features/order-desk/routes'
import { ordersFeature } from './features/orders/routes'
import { paymentsFeature } from './features/payments/routes'
import { peopleFeature } from './features/people/routes'
import { reportsFeature } from './features/reports/routes'
import { reviewsFeature } from './features/reviews/routes'
import { loadPageTemplate } from './features/seo/page-template'
import { seoFeature } from './features/seo/routes'
import { staffFeature } from './features/staff/routes'
import { stockFeature } from './features/stock/routes'
import { authPlugin } from './lib/auth'
import { registerBenchCeiling } from './lib/bench-ceiling'
import { BROTLI_OPTIONS, COMPRESS_FROM_BYTES, COMPRESS_SYNCHRONOUSLY_UP_TO } from './lib/compression'
import { refuseControlCharactersInUrls } from './lib/control-characters'
import { createStorage } from './lib/create-storage'
import { dbPlugin } from './lib/db-plugin'
import { refuseWritesWhenDiskFull } from './lib/disk-space'
import { inReadersLanguage, registerErrorHandling } from './lib/error-handler'
import { cookieLanguage, registerRequestLanguage } from './lib/language'
import { registerSessionStreams } from './lib/live-events'
import { registerMediaRoute } from './lib/media-route'
import { metricsPlugin } from './lib/metrics'
import { openApiDocument, openApiRoute } from './lib/openapi'
import { postgresRateLimitStore } from './lib/rate-limit-store'
import type { MediaStorage } from './lib/storage'

export interface AppOptions {
  config: Config
  database: Database
  /** Where uploaded images go; defaults to the configured one (`DATA_DIR/media` on disk) */
  storage?: MediaStorage
  /** Pino destination for tests that read the log */
  logStream?: NodeJS.WritableStream
}

/** Builds the whole app on an opened database. It never listens: `server.ts` does. */
export async function buildApp({
  config,
  database,
  storage,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret')
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream && { stream: logStream }),
      // Credentials never reach the log, whatever a route or plugin logs.
      redact: {
        // `*.headers`: plugins log request headers too (multipart logs its busboy options at trace level).
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.headers.authorization',
          '*.headers.cookie',
          '*.password',
          '*.refresh',
          '*.access',
          '*.mfa_token',
        ],
        censor: '[redacted]',
      },
    },
    bodyLimit: 1024 * 1024,
    // A draining process serves what still reaches it on an open connection (the database closes only
    // after), rather than answering 503: behind nginx a 503 is the whole shop's answer for a while (the
    // database or the image store away), which nginx must pass on, not retry and count as a failure.
    return503OnClosing: false,
    // Behind nginx, the client's address and scheme come from X-Forwarded-* set by the proxies named
    // in TRUST_PROXY (rate limits key on the address, pagination links on the scheme); never otherwise.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // One id per request in every log line and in the X-Request-Id answer header: the proxy's id when
    // it sends a plausible one (so its log and ours join up), a fresh UUID otherwise.
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && /^[A-Za-z0-9_-]{8,128}$/.test(given) ? given : randomUUID()
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  })
  // JSON is the only text body the API reads: text/plain is a wrong media type (415), not a string body.
  app.removeContentTypeParser('text/plain')
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  registerRequestLanguage(app)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  refuseControlCharactersInUrls(app)
  if (database.kind === 'pglite') refuseWritesWhenDiskFull(app, config.dataDir)

  app.decorate('config', config)
  app.decorate('storage', storage ?? (await createStorage(config)))
  app.decorate('notifier', createNotifier(config))

  await app.register(dbPlugin, { database })
  await app.register(metricsPlugin, { token: config.metricsToken })
  await app.register(catalogueCachePlugin)
  await app.register(authPlugin, { secret: config.jwtSecret, requireStaff2fa: config.requireStaff2fa })
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins(config)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  // Same origin by default; another origin may call the API only when CORS_ORIGINS names it.
  if (config.corsOrigins.length > 0) await app.register(cors, { origin: config.corsOrigins, maxAge: 600 })
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    syncThreshold: COMPRESS_SYNCHRONOUSLY_UP_TO,
  })
  // On PostgreSQL every process counts in the database, so a limit holds for the whole shop; the
  // embedded database has one process, and counts in its memory.
  await app.register(rateLimit, {
    global: false,
    ...(database.kind === 'postgres' && { store: postgresRateLimitStore(database.db) }),
  })
  await app.register(multipart, {
    limits: {
      fileSize: config.media.maxFileBytes,
      files: config.media.maxFiles,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: config.media.maxFiles + 20,
    },
  })
  await app.register(swagger, {
    openapi: {
      info: { title: 'Comfort store API', version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: openApiRoute,
    transformObject: openApiDocument,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })

  registerSessionStreams(app)
  await app.register(healthFeature)
  await app.register(authFeature)
  await app.register(catalogFeature)
  await app.register(reviewsFeature)
  await app.register(cartFeature)
  await app.register(deliveryFeature)
  await app.register(addressesFeature)
  await app.register(couponsFeature)
  await app.register(ordersFeature)
  await app.register(orderEditFeature)
  await app.register(orderDeskFeature)
  await app.register(paymentsFeature)
  await app.register(claimsFeature)
  await app.register(documentsFeature)
  await app.register(stockFeature)
  await app.register(dataTransferFeature)
  await app.register(dispatchFeature)
  await app.register(messagingFeature)
  await app.register(analyticsFeature)
  await app.register(notificationsFeature)
  await app.register(staffFeature)
  await app.register(peopleFeature)
  await app.register(auditFeature)
  await app.register(reportsFeature)
  if (config.benchCeilingFile) registerBenchCeiling(app, config.benchCeilingFile)

  registerMediaRoute(app)

  const webDist = config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist')
  const servesWebApp = config.env === 'production' && existsSync(webDist)
  if (servesWebApp) await registerWebApp(app, webDist)
  const template = servesWebApp ? loadPageTemplate(path.join(webDist, 'index.html')) : null
  await app.register(seoFeature, { template })

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const isPage =
      request.method === 'GET' && !pathname.startsWith('/api/') && !pathname.startsWith('/media/')
    // SPA fallback: the web app's router owns every other path. The page is in the language the
    // browser chose (its `lang` cookie), so it paints in that direction before the scripts run.
    if (template && isPage)
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .send(template.shell(cookieLanguage(request.headers.cookie)))
    return reply
      .code(404)
      .send(inReadersLanguage(request, { detail: `No route ${request.method} ${pathname}.` }))
  })
  return app
}

/** Images load from our own origin, or from S3_PUBLIC_URL (a CDN or public bucket) when it is set. */
function imageOrigins(config: Config): string[] {
  const { mediaStorage } = config
  return mediaStorage.kind === 's3' && mediaStorage.publicUrl ? [new URL(mediaStorage.publicUrl).origin] : []
}

/** Serves the built web app: hashed assets cached for good, everything else revalidated. */
async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    // Build records such as Vite's .vite/manifest.json are for this server, not for browsers.
    dotfiles: 'ignore',
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    storage: MediaStorage
    /** Writes the notifications of a change into the outbox, in the change's transaction */
    notifier: Notifier
  }
}
