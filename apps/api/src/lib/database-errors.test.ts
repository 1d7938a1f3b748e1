import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerErrorHandling } from './error-handler'
import { registerRequestLanguage } from './language'

/**
 * How the error handler answers the failures of a database that is away or full, as the drivers give
 * them (drizzle wraps the driver's error in `cause`). The outage itself is played for real in
 * test/reliability/database-outage.test.ts; a full PostgreSQL disk cannot be, so its answer is here.
 */
const failures: Record<string, () => Error> = {
  refused: () =>
    new Error('Failed query: select 1', {
      cause: new AggregateError([Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })]),
    }),
  'shutting-down': () =>
    new Error('Failed query: insert', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    }),
  'connection-lost': () =>
    new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }),
  'pool-timeout': () => new Error('timeout exceeded when trying to connect'),
  'disk-full': () =>
    new Error('Failed query: insert', {
      cause: Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
        code: '53100',
      }),
    }),
  'a-bug': () => new TypeError('undefined is not a function'),
}

const app = Fastify({ logger: false })
beforeAll(async () => {
  registerErrorHandling(app)
  registerRequestLanguage(app)
  app.get('/:failure', async (request) => {
    throw failures[(request.params as { failure: string }).failure]?.()
  })
  await app.ready()
})
afterAll(() => app.close())

describe('a database that is away or full', () => {
  it.each(['refused', 'shutting-down', 'connection-lost', 'pool-timeout'])(
    'answers 503 with Retry-After and a sentence when the database is away (%s)',
    async (failure) => {
      const response = await app.inject({ url: `/${failure}` })
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.json()).toEqual({
        detail: 'The store is briefly unavailable. Please try again in a moment.',
      })
    },
  )

  it('answers 503 with a later Retry-After when its disk is full, in the reader’s language', async () => {
    const response = await app.inject({ url: '/disk-full', headers: { 'accept-language': 'ur' } })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('60')
    expect(response.json().detail).toBe(
      'اسٹور ابھی کچھ محفوظ نہیں کر سکتا: اس کی ڈسک بھر گئی ہے۔ براہِ کرم بعد میں دوبارہ کوشش کریں۔',
    )
  })

  it('still answers 500 for a bug', async () => {
    const response = await app.inject({ url: '/a-bug' })
    expect(response.statusCode).toBe(500)
    expect(response.headers['retry-after']).toBeUndefined()
  })
})
