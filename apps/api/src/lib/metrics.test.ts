import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, databaseKind, type TestContext } from '../../test/harness'

const token = 'metrics-token-for-the-tests'

describe('GET /metrics without METRICS_TOKEN', () => {
  let context: TestContext
  beforeAll(async () => {
    context = await createTestApp()
  })
  afterAll(() => context?.close())

  it('answers 404, token or not', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'No route GET /metrics.' })
  })
})

describe('GET /metrics with METRICS_TOKEN', () => {
  let context: TestContext
  beforeAll(async () => {
    context = await createTestApp({ metricsToken: token })
  })
  afterAll(() => context?.close())

  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', token]) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      })
      expect(response.statusCode, authorization).toBe(401)
      expect(response.json().detail).toEqual(expect.any(String))
    }
  })

  it('gives request durations by route pattern and status, the pool, streams and the process', async () => {
    await context.app.inject({ method: 'GET', url: '/api/products/' })
    await context.app.inject({ method: 'GET', url: '/api/products/999999/' })
    const response = await context.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/plain')
    const text = response.body
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/products/",status_code="200"} 1',
    )
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/products/:id/",status_code="404"} 1',
    )
    expect(text).toContain('event_stream_clients 0')
    expect(text).toMatch(/process_resident_memory_bytes \d+/)
    if (databaseKind === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/)
  })
})

describe('request ids', () => {
  let context: TestContext
  beforeAll(async () => {
    context = await createTestApp()
  })
  afterAll(() => context?.close())

  it('answers each request with its id, the proxy’s when it sends a plausible one', async () => {
    const own = await context.app.inject({ method: 'GET', url: '/api/health/' })
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const forwarded = await context.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' },
    })
    expect(forwarded.headers['x-request-id']).toBe('0123456789abcdef0123456789abcdef')
    const odd = await context.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    })
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})
