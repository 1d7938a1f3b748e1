import { type RouteSpec, routes } from '@store/contract'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprint } from '../fingerprint'
import { CHECKOUT, type Fixtures, seedFixtures } from '../fixtures'
import { createTestApp, createTestUser, noRateLimits, type TestContext, type TestUser } from '../harness'
import { multipartBody } from '../multipart'

/**
 * Issue 7, bad input on every route: generated from the contract's route table, requests with
 * malformed JSON, wrong types, missing and extra fields, huge and unicode strings, odd numbers,
 * unknown ids, oversized bodies and wrong content types, as anonymous, customer and staff.
 * Nothing may answer 5xx, every 4xx must carry a string `detail`, and refused requests change nothing.
 * Issue 12 adds two sweeps over every route: a control character in every text position, and every
 * JSON body field sent as the wrong JSON type; each must be refused with 400.
 */
const RUNS_PER_ROUTE_AND_ROLE = Number(process.env.FUZZ_RUNS ?? 70)

let context: TestContext
let customer: TestUser
let staff: TestUser

beforeAll(async () => {
  // No rate limits here: thousands of requests from one address would be 429s, proving nothing.
  context = await createTestApp({ rateLimits: noRateLimits })
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
    'line\nbreak\ttab',
    'bell\u0007 escape\u001b[2J delete\u007f next-line\u0085',
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

/** Headers a route reads (e.g. Idempotency-Key), each odd or missing. */
const headersFor = (spec: RouteSpec) =>
  fc.record(Object.fromEntries(fieldNames(spec.headers).map((name) => [name, oddString])), {
    requiredKeys: [],
  })

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
    for (const spec of fuzzable) {
      // Guessed ids sign out the caller's own devices: those routes get callers of their own.
      const roles = spec.path.startsWith('/api/auth/sessions/')
        ? [undefined, await createTestUser(context), await createTestUser(context, { staff: true })]
        : [undefined, customer, staff]
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
            headersFor(spec),
            async (ids, query, payload, headers) => {
              let i = 0
              const url = spec.path.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(ids[i++] ?? '1'))
              const response = await context.app.inject({
                method: spec.method,
                url,
                query,
                headers: { ...headers, ...role?.headers, ...(spec.method === 'GET' ? {} : payload.headers) },
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

// docs/api.md "Strict input": control characters refused everywhere, and tab and line breaks too
// outside the fields that hold several lines of text.
const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']
const LINE_BREAKS = ['\t', '\n', '\r']
const MULTILINE_FIELDS = new Set([
  'description',
  'description_ur',
  'comment',
  'content',
  'address',
  'note',
  'footer',
  // The claim form's lines are JSON text, where a tab or a line break is whitespace.
  'lines',
])

/** `text` with `bad` inside it, where neither trimming nor a parse as a number would drop it. */
const spoil = (text: string, bad: string) => `${text.slice(0, 1)}${bad}${text.slice(1)}`

/** A body each route would accept: the sweeps change one field of it at a time. */
function validBodies(world: Fixtures): Record<string, Record<string, unknown>> {
  const review = { rating: 4, comment: 'Comfortable.' }
  const product = {
    name: 'Sweep Chair',
    description: 'A chair for the sweep.',
    name_ur: 'صفائی کی کرسی',
    description_ur: 'صفائی کے لیے ایک کرسی۔',
    // The fixtures' category: only the spoiled part of a request may be wrong.
    category: 'Test furniture',
    price: '9999.00',
    stock: '5',
    is_featured: 'false',
    is_on_sale: 'true',
    width_cm: '80',
    depth_cm: '60',
    height_cm: '90',
    weight_kg: '12.5',
    material: 'Oak',
    colour: 'Brown',
    lead_time_days: '0',
    options: JSON.stringify([{ name: 'Finish', values: [{ label: 'Natural', price_delta: '0' }] }]),
  }
  const zone = {
    city: 'Sweep City',
    fee: '300',
    free_over: '50000',
    eta_min_days: 2,
    eta_max_days: 5,
    cod_available: true,
    cod_fee: '100',
  }
  const address = {
    label: 'Home',
    first_name: 'Ayesha',
    last_name: 'Khan',
    phone: '03001234567',
    address: '12 Main Boulevard',
    city: 'Lahore',
    postal_code: '54000',
    is_default: false,
  }
  const coupon = {
    code: 'SWEEP10',
    kind: 'percent',
    value: '10',
    min_subtotal: '1000',
    starts_at: '2026-12-01T00:00:00Z',
    ends_at: '2026-12-31T00:00:00Z',
    max_uses: 5,
    is_active: true,
  }
  const staffOrder = {
    customer: { first_name: 'Nadia', last_name: 'Iqbal', phone: '03001234567' },
    channel: 'phone',
    items: [{ product_id: world.productId, quantity: 1 }],
    city: 'Lahore',
    address: '5 Canal Road',
    phone: '03001234567',
    payment_method: 'cod',
    discount: '100',
    delivery_fee: '0',
    note: 'Call after 6 pm.',
  }
  return {
    'POST /api/categories/': { name: 'Sweep Category', name_ur: 'صفائی کی کیٹیگری' },
    'PUT /api/categories/:id/': { name: 'Sweep Category Renamed', name_ur: 'نئی کیٹیگری' },
    'POST /api/delivery-zones/': zone,
    'PUT /api/delivery-zones/:id/': zone,
    'PUT /api/bank-account/': {
      bank_name: 'Meezan Bank',
      account_title: 'Comfort Furniture',
      account_number: '0101-0123456789',
      iban: 'PK36MEZN0001010123456789',
      instructions: 'Write your order number as the reference.',
    },
    'POST /api/addresses/': address,
    'PUT /api/addresses/:id/': address,
    'POST /api/coupons/': coupon,
    'PUT /api/coupons/:id/': coupon,
    'POST /api/auth/register/': {
      first_name: 'New',
      last_name: 'User',
      email: 'n@example.com',
      password: 'long-password',
    },
    'POST /api/auth/login/': { email: 'n@example.com', password: 'long-password' },
    'POST /api/auth/refresh/': { refresh: 'a-refresh-token' },
    'POST /api/auth/logout/': { refresh: 'a-refresh-token' },
    'PATCH /api/auth/profile/': {
      first_name: 'Amna',
      last_name: 'Khan',
      phone: '03001234567',
      notify_email: true,
      language: 'ur',
    },
    'POST /api/auth/password-reset/': { email: 'n@example.com' },
    'POST /api/auth/password-reset/confirm/': { token: 'a-reset-token', password: 'long-password' },
    'POST /api/auth/2fa/setup/': { current_password: 'correct-horse-battery' },
    'POST /api/auth/2fa/confirm/': { code: '123456' },
    'POST /api/auth/2fa/disable/': { code: '123456' },
    'POST /api/auth/2fa/recovery-codes/': { code: '123456' },
    'POST /api/auth/2fa/verify/': { mfa_token: 'an-mfa-token', code: '123456' },
    'PATCH /api/admin/users/:id/': { role: 'support', is_active: true },
    'POST /api/products/': product,
    'PUT /api/products/:id/': product,
    'POST /api/products/:id/delete-image/': { image_id: 1 },
    'POST /api/products/:id/reviews/': review,
    'PUT /api/products/:id/reviews/:reviewId/': review,
    'POST /api/cart/': { product_id: world.productId, quantity: 1 },
    'PATCH /api/cart/': { item_id: 1, quantity: 2 },
    'DELETE /api/cart/': { item_id: 1 },
    'POST /api/orders/': { ...CHECKOUT, coupon_code: 'WELCOME10' },
    'PATCH /api/orders/:id/': { status: 'Processing', payment_status: 'paid', note: 'Confirmed by phone.' },
    'POST /api/orders/quote/': { city: 'Lahore', payment_method: 'cod', coupon_code: 'WELCOME10' },
    'POST /api/orders/:id/cancel/': { note: 'Changed my mind.' },
    'POST /api/orders/:id/edit/': {
      items: [{ product_id: world.productId, quantity: 1 }],
      address: '12 Main Boulevard',
      city: 'Lahore',
      phone: '03001234567',
      note: 'Another fabric, asked on the phone.',
    },
    'POST /api/orders/:id/claims/': {
      lines: JSON.stringify([{ order_item_id: 1, quantity: 1 }]),
      reason: 'damaged',
      description: 'The arm is torn.',
      wanted: 'replace',
    },
    'PATCH /api/claims/:id/': { status: 'rejected', note: 'No damage on the photos.' },
    'PUT /api/settings/claims/': {
      damage_hours: 48,
      exchange_days: 7,
      changed_mind: false,
      made_to_order_returnable: false,
      cancellation_fee_percent: 15,
    },
    'POST /api/admin/orders/:id/cancellation/': {
      decision: 'refuse',
      note: 'It is made.',
      refund_method: 'cash',
    },
    'POST /api/orders/:id/payment-proof/': {},
    // The owner's receipt form (the sweeper owns the order); staff's JSON body shares its schemas' text rules.
    'POST /api/orders/:id/payments/': { amount: '100', method: 'bank_transfer', reference: 'TRX-1' },
    'PATCH /api/orders/:id/payments/:pid/': { status: 'rejected', note: 'Not in the bank.' },
    'POST /api/locations/': { name: 'Sweep showroom', kind: 'showroom', city: 'Lahore', is_active: true },
    'PUT /api/locations/:id/': { name: 'Sweep workshop', kind: 'workshop', city: 'Lahore', is_active: true },
    'POST /api/stock/adjustments/': {
      product_id: world.productId,
      location_id: 1,
      reason: 'production',
      delta: 2,
      note: 'Finished in the workshop.',
    },
    'POST /api/stock/transfers/': {
      product_id: world.productId,
      from: 1,
      to: 2,
      quantity: 1,
      note: 'To the floor.',
    },
    'PUT /api/settings/stock/': { low_stock_threshold: 3 },
    'PUT /api/settings/delivery/': { holidays: ['2026-12-25'], floor_fee: '500', assembly_fees: [] },
    'POST /api/admin/dispatch/runs/': {
      date: '2026-12-01',
      vehicle: 'Van LEA-1',
      driver_id: 1,
      order_ids: [1],
    },
    'POST /api/dispatch/orders/:id/delivered/': { cash_collected: '0', note: 'Signed at the door.' },
    'POST /api/dispatch/orders/:id/failed/': { reason: 'Nobody home.' },
    'POST /api/admin/dispatch/cash/': { driver_id: 1, amount: '100', note: 'Counted.' },
    'PUT /api/settings/payments/': {
      advance_percent_made_to_order: 50,
      advance_percent_over: { amount: '200000', percent: 30 },
      cod_balance_cities: ['Lahore'],
    },
    'PUT /api/settings/store/': {
      legal_name: 'Comfort Furniture (Pvt) Ltd',
      address: '12 Main Boulevard, Gulberg III, Lahore',
      phone: '042 3575 0000',
      ntn: '1234567-8',
      strn: '3277876123456',
      sales_tax_percent: '18',
      footer: 'Thank you.',
      invoice_on: 'confirmed',
    },
    'POST /api/admin/orders/': staffOrder,
    'PUT /api/admin/orders/:id/': staffOrder,
    'POST /api/admin/orders/quote/': {
      items: staffOrder.items,
      city: 'Lahore',
      address: staffOrder.address,
      phone: staffOrder.phone,
      payment_method: 'cod',
      discount: '100',
      delivery_fee: '0',
    },
    'POST /api/orders/:id/review/': { token: 'a-review-token' },
    'POST /api/orders/:id/review/payments/': {
      token: 'a-review-token',
      amount: '100',
      method: 'bank_transfer',
      reference: 'TRX-1',
    },
    'POST /api/buy-now-message/': { product_id: world.productId },
    'POST /api/conversations/:id/messages/': { content: 'Hello' },
  }
}

/** The sweeps' own world (the generated run above deletes what it finds): a customer's product, review, order and conversation. */
let sweeper: TestUser
let fixtures: Fixtures

/** The fixture id a path parameter names, so only the spoiled part of a request is wrong. */
function idFor(spec: RouteSpec, param: string): number {
  if (param === 'reviewId') return fixtures.reviewId
  if (spec.path.startsWith('/api/categories/')) return fixtures.categoryId
  if (spec.path.startsWith('/api/orders/')) return fixtures.orderId
  if (spec.path.startsWith('/api/conversations/')) return fixtures.conversationId
  return fixtures.productId
}

const paramsOf = (spec: RouteSpec) => [...spec.path.matchAll(/:([a-zA-Z]+)/g)].map((match) => match[1] ?? '')

const urlFor = (spec: RouteSpec, override: Record<string, string> = {}) =>
  spec.path.replace(/:([a-zA-Z]+)/g, (_, param: string) =>
    encodeURIComponent(override[param] ?? String(idFor(spec, param))),
  )

/** The field a multipart route takes its files in. */
const fileFieldOf = (spec: RouteSpec) =>
  spec.path.endsWith('/payment-proof/')
    ? 'image'
    : spec.path.endsWith('/payments/')
      ? 'proof'
      : spec.path.endsWith('/claims/')
        ? 'evidence'
        : 'images'

/** Whether the sweep sends the route a multipart form: its own kind, or the customer's form it also takes. */
const sendsForm = (spec: RouteSpec) => spec.multipart === true || spec.form !== undefined

/** The route's multipart form with these fields and, if named, one empty picture. */
const multipartForm = (spec: RouteSpec, fields: Record<string, unknown>, fileName?: string): Payload =>
  multipartBody(
    fields,
    fileName === undefined ? [] : [{ name: fileName, type: 'image/png', bytes: Buffer.alloc(0) }],
    fileFieldOf(spec),
  )

const jsonBody = (body: unknown): Payload => ({
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
})

// Fields where null is a value (no limit, no end, never free), and money, which takes a JSON number
// or a decimal string (docs/api.md "Strict input"): neither is a wrong type there.
// The profile's phone too (null removes it), though an address's or an order's may not be null.
const NULLABLE_FIELDS = new Set([
  'free_over',
  'starts_at',
  'ends_at',
  'max_uses',
  'advance_percent_over',
  'PATCH /api/auth/profile/ phone',
])
const MONEY_FIELDS = new Set([
  'fee',
  'free_over',
  'cod_fee',
  'value',
  'min_subtotal',
  'amount',
  'floor_fee',
  'cash_collected',
  'discount',
  'delivery_fee',
  // A percent with decimals, taken as text or a number as amounts are.
  'sales_tax_percent',
])

/** Everything a JSON field may be sent as that its type is not. */
const wrongTypes = (route: string, field: string, value: unknown): unknown[] => [
  [value],
  { value },
  typeof value === 'boolean' ? String(value) : true,
  ...(NULLABLE_FIELDS.has(field) || NULLABLE_FIELDS.has(`${route} ${field}`) ? [] : [null]),
  ...(MONEY_FIELDS.has(field) ? [] : [typeof value === 'number' ? String(value) : 42]),
]

interface Spoiled {
  spec: RouteSpec
  what: string
  /** The field `errors` must name, when the refusal names one */
  field: string
  request: InjectOptions
}

/** Every request of the sweeps: each is a request the route accepts, spoiled in exactly one place. */
function spoiledRequests(): Spoiled[] {
  const bodies = validBodies(fixtures)
  const spoiled: Spoiled[] = []
  for (const spec of routes) {
    const name = `${spec.method} ${spec.path}`
    const role = typeof spec.access === 'object' ? staff : spec.access === 'user' ? sweeper : undefined
    const body = bodies[name]
    if ((spec.body !== undefined) !== (body !== undefined))
      throw new Error(`${name}: no valid body to start from`)
    const send = (payload: Payload | null, url = urlFor(spec), extra: InjectOptions = {}): InjectOptions => ({
      method: spec.method,
      url,
      ...(payload && { payload: payload.payload }),
      ...extra,
      headers: { ...role?.headers, ...payload?.headers, ...extra.headers },
    })
    const encode = (values: Record<string, unknown>) =>
      sendsForm(spec) ? multipartForm(spec, values) : jsonBody(values)
    const valid = body ? encode(body) : null

    for (const param of paramsOf(spec)) {
      for (const bad of [...CONTROL_CHARACTERS, ...LINE_BREAKS]) {
        const url = urlFor(spec, { [param]: spoil(String(idFor(spec, param)), bad) })
        spoiled.push({
          spec,
          what: `path :${param} with ${JSON.stringify(bad)}`,
          field: param,
          request: send(valid, url),
        })
      }
    }
    for (const key of [...fieldNames(spec.query), 'unknown']) {
      for (const bad of [...CONTROL_CHARACTERS, ...LINE_BREAKS]) {
        const query = { [key]: spoil('1', bad) }
        spoiled.push({
          spec,
          what: `query ${key} with ${JSON.stringify(bad)}`,
          field: key,
          request: send(valid, undefined, { query }),
        })
      }
    }
    for (const header of fieldNames(spec.headers)) {
      for (const bad of [...CONTROL_CHARACTERS, ...LINE_BREAKS]) {
        const headers = { [header]: spoil('key-1', bad) }
        spoiled.push({
          spec,
          what: `header ${header} with ${JSON.stringify(bad)}`,
          field: header,
          request: send(valid, undefined, { headers }),
        })
      }
    }
    if (!body) continue
    for (const [field, value] of Object.entries(body)) {
      if (typeof value === 'string') {
        const refused = MULTILINE_FIELDS.has(field)
          ? CONTROL_CHARACTERS
          : [...CONTROL_CHARACTERS, ...LINE_BREAKS]
        for (const bad of refused) {
          const payload = encode({ ...body, [field]: spoil(value, bad) })
          spoiled.push({ spec, what: `${field} with ${JSON.stringify(bad)}`, field, request: send(payload) })
        }
      }
      if (sendsForm(spec)) continue
      for (const wrong of wrongTypes(name, field, value)) {
        const payload = jsonBody({ ...body, [field]: wrong })
        spoiled.push({ spec, what: `${field} as ${JSON.stringify(wrong)}`, field, request: send(payload) })
      }
    }
    if (sendsForm(spec)) {
      // A line break cannot stand in a part's header line (RFC 7578 has it percent-encoded).
      for (const bad of [...CONTROL_CHARACTERS, '\t']) {
        const payload = multipartForm(spec, body, spoil('front.png', bad))
        spoiled.push({
          spec,
          what: `file name with ${JSON.stringify(bad)}`,
          field: fileFieldOf(spec),
          request: send(payload),
        })
      }
    }
  }
  return spoiled
}

describe('strict input on every route (docs/api.md "Strict input")', () => {
  it('refuses a control character in every text position and a wrong JSON type in every body field, changing nothing', async () => {
    sweeper = await createTestUser(context)
    fixtures = await seedFixtures(context.database.db, sweeper.id, 'Sweep')
    const before = await fingerprint(context.database.db, { except: ['refresh_tokens'] })
    const requests = spoiledRequests()
    const routesReached = new Set<RouteSpec>()
    for (const { spec, what, field, request } of requests) {
      const response = await context.app.inject(request)
      const label = `${spec.method} ${spec.path}: ${what} → ${response.statusCode} ${response.body.slice(0, 200)}`
      expect(response.statusCode, label).toBe(400)
      const answer = response.json() as { detail?: unknown; errors?: Record<string, unknown> }
      expect(typeof answer.detail, label).toBe('string')
      // A list's errors name the field or one of its items (`cities.0`).
      const named = Object.keys(answer.errors ?? {}).map((key) => key.replace(/\.\d+$/, ''))
      expect(named, label).toContain(field)
      routesReached.add(spec)
    }
    expect(await fingerprint(context.database.db, { except: ['refresh_tokens'] })).toEqual(before)
    console.log(
      `strict-input summary ${JSON.stringify({ requests: requests.length, routes: routesReached.size })}`,
    )
    expect(routesReached.size).toBe(routes.length)
  }, 300_000)
})
