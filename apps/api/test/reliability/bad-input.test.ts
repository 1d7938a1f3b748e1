import { type RouteSpec, routes } from '@store/contract'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprint } from '../fingerprint'
import { seedFixtures } from '../fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../harness'

/**
 * Issue 7, bad input on every route: generated from the contract's route table, requests with
 * malformed JSON, wrong types, missing and extra fields, huge and unicode strings, odd numbers,
 * unknown ids, oversized bodies and wrong content types, as anonymous, customer and staff.
 * Nothing may answer 5xx, every 4xx must carry a string `detail`, and refused requests change nothing.
 */
const RUNS_PER_ROUTE_AND_ROLE = Number(process.env.FUZZ_RUNS ?? 70)

let context: TestContext
let customer: TestUser
let staff: TestUser

beforeAll(async () => {
  // No rate limits here: thousands of requests from one address would be 429s, proving nothing.
  context = await createTestApp({ rateLimits: { login: 0, register: 0, messages: 0 } })
  customer = await createTestUser(context)
  staff = await createTestUser(context, { staff: true })
  await seedFixtures(context.database.db, customer.id)
})
afterAll(() => context.close())

const oddNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, -0.0001, 1e21, Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)
const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '💺🛋️',
    'ﷺ',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    'NaN',
    'null',
    '../../etc/passwd',
  ),
  fc.constant('x'.repeat(20_000)),
)
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  oddNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(oddString, oddNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), oddString, { maxKeys: 3 }),
)

function fieldNames(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape ? Object.keys(shape) : []
}

/** A body: fields of the schema with odd values, some missing, some extra, or not an object at all. */
function bodyFor(spec: RouteSpec): fc.Arbitrary<unknown> {
  const names = fieldNames(spec.body)
  const record =
    names.length > 0
      ? fc.record(Object.fromEntries(names.map((name) => [name, oddValue])), { requiredKeys: [] })
      : fc.constant({})
  const withExtra = fc.tuple(
    record,
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), oddValue, { maxKeys: 2 }),
  )
  return fc.oneof(
    record,
    withExtra.map(([a, b]) => ({ ...b, ...(a as object) })),
    oddValue,
  )
}

const idSegment = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', 'abc', '99999999', '1e3', '%00', '9'.repeat(30), ' 1'),
  fc.nat({ max: 50 }).map(String),
  fc.constantFrom(...[1, 2, 3]).map(String),
)

type Payload = Pick<InjectOptions, 'headers' | 'payload'>

const payloadFor = (spec: RouteSpec): fc.Arbitrary<Payload> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: bodyFor(spec).map(
        (body): Payload => ({
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
      ),
    },
    fc.constantFrom<Payload>(
      { payload: '{"unterminated": ', headers: { 'content-type': 'application/json' } },
      { payload: 'not json at all', headers: { 'content-type': 'application/json' } },
      { payload: '<xml/>', headers: { 'content-type': 'application/xml' } },
      { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      {
        payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
      { payload: '', headers: { 'content-type': 'application/json' } },
      {
        payload: JSON.stringify({ big: 'y'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
      },
    ),
  )

const queryFor = (spec: RouteSpec) =>
  fc.dictionary(
    fc.constantFrom(...fieldNames(spec.query), 'page', 'page_size', 'search', 'unknown'),
    fc.oneof(
      oddString.map((s) => s.slice(0, 300)),
      oddNumber.map(String),
    ),
    { maxKeys: 4 },
  )

const isWrite = (spec: RouteSpec) => spec.method !== 'GET'
// The stream route answers with a long-lived stream; its auth and ids are covered, not its body.
const fuzzable = routes.filter((spec) => !spec.path.endsWith('/events/'))

describe('every route refuses bad input cleanly', () => {
  it(`sends at least ${RUNS_PER_ROUTE_AND_ROLE * fuzzable.length * 3} generated requests: no 5xx, a detail on every 4xx`, async () => {
    let sent = 0
    let batchesChecked = 0
    const roles = [undefined, customer, staff]
    for (const spec of fuzzable) {
      for (const role of roles) {
        const before = isWrite(spec)
          ? await fingerprint(context.database.db, { except: ['refresh_tokens'] })
          : null
        let accepted = 0
        await fc.assert(
          fc.asyncProperty(
            fc.array(idSegment, { minLength: 3, maxLength: 3 }),
            queryFor(spec),
            payloadFor(spec),
            async (ids, query, payload) => {
              let i = 0
              const url = spec.path.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(ids[i++] ?? '1'))
              const response = await context.app.inject({
                method: spec.method,
                url,
                query,
                headers: { ...role?.headers, ...(spec.method === 'GET' ? {} : payload.headers) },
                ...(spec.method === 'GET' ? {} : { payload: payload.payload }),
              })
              sent += 1
              if (response.statusCode < 300) accepted += 1
              expect(response.statusCode, `${spec.method} ${url}`).toBeLessThan(500)
              if (response.statusCode >= 400) {
                const detail = (response.json() as { detail?: unknown }).detail
                expect(typeof detail, `${spec.method} ${url} ${response.body.slice(0, 200)}`).toBe('string')
              }
            },
          ),
          { numRuns: RUNS_PER_ROUTE_AND_ROLE, seed: 20261122 + sent },
        )
        // Where every request of a batch was refused, the data must be exactly as before it.
        if (before && accepted === 0) {
          expect(
            await fingerprint(context.database.db, { except: ['refresh_tokens'] }),
            `${spec.method} ${spec.path}`,
          ).toEqual(before)
          batchesChecked += 1
        }
      }
    }
    console.log(
      `bad-input summary ${JSON.stringify({ requests: sent, unchangedBatchesChecked: batchesChecked })}`,
    )
    expect(sent).toBeGreaterThanOrEqual(RUNS_PER_ROUTE_AND_ROLE * fuzzable.length * 3)
    expect(batchesChecked).toBeGreaterThan(0)
  }, 600_000)
})
