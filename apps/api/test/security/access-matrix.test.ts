import { can, Role, type RouteSpec, routes, STAFF_ROLES, type StaffRole } from '@store/contract'
import { desc, eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { Secret } from 'otpauth'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addresses,
  cartItems,
  carts,
  categories,
  claimEvidence,
  coupons,
  deliveryRuns,
  deliveryStops,
  deliveryZones,
  documents,
  locations,
  productImages,
  sessions,
  users,
} from '../../src/db/schema'
import { totpCode } from '../../src/features/auth/two-factor'
import { evidenceUrl } from '../../src/features/claims/evidence'
import { todayInPakistan } from '../../src/features/dispatch/days'
import { issueChallan } from '../../src/features/documents/issuing'
import { signReviewToken } from '../../src/features/order-desk/review-link'
import { insertCancellationRequest, insertClaim, insertDeliveredOrder } from '../claim-fixture'
import { CHECKOUT, type Fixtures, insertOrder, insertPayment, one, seedFixtures } from '../fixtures'
import { createTestApp, createTestUser, noRateLimits, type TestContext, type TestUser } from '../harness'
import { multipartBody } from '../multipart'
import { insertProduct } from '../product-fixture'

/**
 * The access matrix: every route of the contract × every kind of caller, with the exact status each
 * must get. The expectations are not written by hand: they follow from the route's access rule and
 * the contract's permission table (a staff role gets a staff route exactly when its role holds the
 * permission). A is the owner of the fixtures (order, review, cart line, conversation); B is another
 * customer. A route without a row fails here; a new role is a new column by itself.
 */
type Caller = 'anonymous' | 'customerA' | 'customerB' | StaffRole
const CALLERS: Caller[] = ['anonymous', 'customerB', ...STAFF_ROLES, 'customerA']

const roleOf = (caller: Exclude<Caller, 'anonymous'>): Role =>
  caller === 'customerA' || caller === 'customerB' ? 'customer' : caller

interface World {
  fixtures: Fixtures
  users: Record<Exclude<Caller, 'anonymous'>, TestUser>
  /** A new customer account, for the routes that change someone's role or access */
  freshCustomer(): Promise<number>
  /** A fresh product for routes that consume one (delete, review, image) */
  freshProduct(): Promise<number>
  /** Puts a line in the user's cart and answers its id */
  cartLine(user: TestUser): Promise<number>
  /** A new Pending order of customer A, for routes that change one for good (cancel) */
  freshOrder(): Promise<number>
}

interface Row {
  request(world: World, caller: Caller): Promise<InjectOptions>
  /** The status of an allowed call when it is not the route's own (a bad token refused to all) */
  allowed?: number
  /**
   * For a `user` route over customer A's own records: what any other user gets (404 or 403). Staff
   * whose role holds the route's `staffSeesAll` permission get the allowed status instead.
   */
  othersGet?: number
}

/** What a caller must get from a route, from its access rule and the permission table. */
function expectedStatus(route: RouteSpec, row: Row, caller: Caller): number {
  const allowed = row.allowed ?? route.status
  if (route.access === 'anyone') return allowed
  if (caller === 'anonymous') return 401
  const role = roleOf(caller)
  if (typeof route.access === 'object') return can(role, route.access.staff) ? allowed : 403
  if (caller === 'customerA' || row.othersGet === undefined) return allowed
  if (route.staffSeesAll && can(role, route.staffSeesAll)) return allowed
  return row.othersGet
}

const receipt = sharp({ create: { width: 300, height: 400, channels: 3, background: '#f5f5f0' } })
  .png()
  .toBuffer()
let emailCounter = 0
let categoryCounter = 0
const categoryName = () => `Matrix category ${++categoryCounter}`

/** An empty category, for the routes that rename or delete one. */
async function freshCategory(): Promise<number> {
  const created = one(
    await context.database.db
      .insert(categories)
      .values({ name: categoryName() })
      .returning({ id: categories.id }),
  )
  return created.id
}

let checkoutCounter = 0
const zoneBody = () => ({
  city: `Matrix City ${++checkoutCounter}`,
  fee: '300',
  eta_min_days: 2,
  eta_max_days: 5,
  cod_available: true,
})
const couponBody = () => ({ code: `MATRIX${++checkoutCounter}`, kind: 'fixed', value: '500' })
const addressBody = {
  label: 'Home',
  first_name: 'Ayesha',
  last_name: 'Khan',
  phone: '03001234567',
  address: '12 Main Boulevard',
  city: 'Lahore',
  postal_code: '54000',
}

let deskCounter = 0
/** A staff order's body for a new customer kept by phone, of one unit of the product. */
const staffOrderBody = (productId: number) => ({
  customer: {
    first_name: 'Desk',
    last_name: 'Customer',
    phone: `0301${String(1_000_000 + ++deskCounter).slice(-7)}`,
  },
  channel: 'phone',
  items: [{ product_id: productId, quantity: 1 }],
  city: 'Lahore',
  address: '5 Canal Road',
  payment_method: 'bank_transfer',
})

const reviewToken = (orderId: number) => signReviewToken(context.app.config.jwtSecret ?? '', orderId).token

/** A Draft the owner took by phone for a new customer (accepted by them through its link when asked). */
async function freshDraft(world: World, { accepted = false } = {}) {
  const productId = await world.freshProduct()
  const body = staffOrderBody(productId)
  const headers = world.users.owner.headers
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/admin/orders/',
    headers,
    payload: body,
  })
  const { id } = created.json() as { id: number }
  if (accepted) {
    await context.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/review/`,
      payload: { token: reviewToken(id) },
    })
  }
  return { id, productId, body }
}

let locationCounter = 0
/** A fresh location, for the routes that change, delete or move stock to one. */
async function freshLocation(): Promise<number> {
  const values = { name: `Matrix store ${++locationCounter}`, kind: 'showroom' as const, city: 'Lahore' }
  return one(await context.database.db.insert(locations).values(values).returning({ id: locations.id })).id
}
/** The first location, where the fixtures' stock is kept. */
async function mainLocation(): Promise<number> {
  return one(
    await context.database.db.select({ id: locations.id }).from(locations).orderBy(locations.id).limit(1),
  ).id
}

/**
 * A new order of customer A on a run today, driven by the caller when their role drives runs (the
 * owner otherwise), for the driver's routes; the stop is done already when `cash` is given.
 */
async function freshStop(world: World, caller: Caller, done?: { cash: string; photo?: Buffer }) {
  const db = context.database.db
  const driver =
    caller !== 'anonymous' && can(roleOf(caller), 'dispatch') ? world.users[caller] : world.users.owner
  const orderId = await world.freshOrder()
  const run = one(
    await db
      .insert(deliveryRuns)
      .values({ date: await todayInPakistan(db), vehicle: 'Matrix van', driverId: driver.id })
      .returning({ id: deliveryRuns.id }),
  )
  const stop = one(
    await db
      .insert(deliveryStops)
      .values({
        runId: run.id,
        orderId,
        position: 1,
        ...(done && {
          status: 'delivered' as const,
          cashCollected: done.cash,
          photoContentType: done.photo ? 'image/png' : null,
          photoBytes: done.photo ?? null,
        }),
      })
      .returning({ id: deliveryStops.id }),
  )
  return { orderId, runId: run.id, stopId: stop.id }
}

/**
 * Turns two-factor sign-in on anew for a staff caller and answers one of its recovery codes (a code
 * of the app's current step may be taken already); a code nobody has for anyone else.
 */
async function freshRecoveryCode(world: World, caller: Caller): Promise<string> {
  if (caller === 'anonymous' || caller === 'customerA' || caller === 'customerB') return '123456'
  const user = world.users[caller]
  await context.database.db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, user.id))
  const setup = await context.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/setup/',
    headers: user.headers,
    payload: { current_password: user.password },
  })
  const confirmed = await context.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/confirm/',
    headers: user.headers,
    payload: { code: totpCode(Secret.fromBase32(setup.json().secret)) },
  })
  return confirmed.json().recovery_codes[0]
}

/** A fresh zone, coupon or address (customer A's), for the routes that change or delete one. */
async function freshZone(): Promise<number> {
  const { city, fee, eta_min_days, eta_max_days } = zoneBody()
  const values = { city, fee, etaMinDays: eta_min_days, etaMaxDays: eta_max_days, codAvailable: true }
  return one(
    await context.database.db.insert(deliveryZones).values(values).returning({ id: deliveryZones.id }),
  ).id
}
async function freshCoupon(): Promise<number> {
  const { code, kind, value } = couponBody()
  return one(
    await context.database.db.insert(coupons).values({ code, kind, value }).returning({ id: coupons.id }),
  ).id
}
async function freshAddress(world: World): Promise<number> {
  const { first_name, last_name, postal_code, ...rest } = addressBody
  const values = {
    ...rest,
    userId: world.users.customerA.id,
    firstName: first_name,
    lastName: last_name,
    postalCode: postal_code,
  }
  return one(await context.database.db.insert(addresses).values(values).returning({ id: addresses.id })).id
}

function productForm() {
  return multipartBody({
    name: 'Matrix Chair',
    description: 'A chair for the access matrix.',
    category: 'Test furniture',
    price: '9999.00',
    stock: '5',
    is_featured: 'false',
    is_on_sale: 'false',
  })
}

const matrix: Record<string, Row> = {
  'POST /api/auth/register/': {
    request: async () => ({
      payload: {
        first_name: 'New',
        last_name: 'User',
        email: `new${++emailCounter}@example.com`,
        password: 'long-password',
      },
    }),
  },
  'POST /api/auth/login/': {
    request: async (world) => ({
      payload: { email: world.users.customerA.email, password: world.users.customerA.password },
    }),
  },
  'POST /api/auth/refresh/': {
    request: async (world) => {
      const { email, password } = world.users.customerB
      const login = await context.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email, password },
      })
      return { payload: { refresh: login.json().refresh } }
    },
  },
  'POST /api/auth/logout/': {
    request: async () => ({ payload: { refresh: 'not-a-token' } }),
  },
  'GET /api/auth/profile/': { request: async () => ({}) },
  'PATCH /api/auth/profile/': {
    request: async () => ({ payload: { notify_email: true } }),
  },
  'POST /api/auth/password-reset/': {
    request: async (world) => ({ payload: { email: world.users.customerB.email } }),
  },
  // An unknown token: the same sentence for everyone, logged in or not.
  'POST /api/auth/password-reset/confirm/': {
    allowed: 400,
    request: async () => ({ payload: { token: 'not-a-reset-token', password: 'long-password' } }),
  },
  'POST /api/auth/2fa/setup/': {
    request: async (world, caller) => ({
      payload: { current_password: caller === 'anonymous' ? 'any-password' : world.users[caller].password },
    }),
  },
  // Each staff caller sets up anew and sends the app's current code, so allowed means turned on.
  'POST /api/auth/2fa/confirm/': {
    request: async (world, caller) => {
      if (caller === 'anonymous' || caller === 'customerA' || caller === 'customerB')
        return { payload: { code: '123456' } }
      const setup = await context.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/setup/',
        headers: world.users[caller].headers,
        payload: { current_password: world.users[caller].password },
      })
      const secret = Secret.fromBase32(setup.json().secret)
      return { payload: { code: totpCode(secret) } }
    },
  },
  'POST /api/auth/2fa/disable/': {
    request: async (world, caller) => ({ payload: { code: await freshRecoveryCode(world, caller) } }),
  },
  'POST /api/auth/2fa/recovery-codes/': {
    request: async (world, caller) => ({ payload: { code: await freshRecoveryCode(world, caller) } }),
  },
  'GET /api/auth/sessions/': { request: async () => ({}) },
  // Another device of customer A's: A signs it out; to anyone else it does not exist.
  'DELETE /api/auth/sessions/:id/': {
    othersGet: 404,
    request: async (world) => {
      const values = { userId: world.users.customerA.id, userAgent: 'Matrix device' }
      const session = one(
        await context.database.db.insert(sessions).values(values).returning({ id: sessions.id }),
      )
      return { url: `/api/auth/sessions/${session.id}/` }
    },
  },
  'POST /api/auth/sessions/revoke-others/': { request: async () => ({}) },
  // A forged mfa token is refused to everyone alike.
  'POST /api/auth/2fa/verify/': {
    allowed: 401,
    request: async () => ({ payload: { mfa_token: 'not-an-mfa-token', code: '123456' } }),
  },
  'GET /api/health/': { request: async () => ({}) },
  'GET /api/ready/': { request: async () => ({}) },
  'GET /api/categories/': { request: async () => ({}) },
  'POST /api/categories/': {
    request: async () => ({ payload: { name: categoryName() } }),
  },
  'PUT /api/categories/:id/': {
    request: async () => ({
      url: `/api/categories/${await freshCategory()}/`,
      payload: { name: categoryName() },
    }),
  },
  'DELETE /api/categories/:id/': {
    request: async () => ({ url: `/api/categories/${await freshCategory()}/` }),
  },
  'GET /api/delivery-zones/': { request: async () => ({}) },
  'POST /api/delivery-zones/': { request: async () => ({ payload: zoneBody() }) },
  'PUT /api/delivery-zones/:id/': {
    request: async () => ({ url: `/api/delivery-zones/${await freshZone()}/`, payload: zoneBody() }),
  },
  'DELETE /api/delivery-zones/:id/': {
    request: async () => ({ url: `/api/delivery-zones/${await freshZone()}/` }),
  },
  'GET /api/locations/': { request: async () => ({}) },
  'POST /api/locations/': {
    request: async () => ({
      payload: { name: `Matrix showroom ${++locationCounter}`, kind: 'showroom', city: 'Lahore' },
    }),
  },
  'PUT /api/locations/:id/': {
    request: async () => ({
      url: `/api/locations/${await freshLocation()}/`,
      payload: { name: `Matrix workshop ${++locationCounter}`, kind: 'workshop', city: 'Lahore' },
    }),
  },
  'DELETE /api/locations/:id/': {
    request: async () => ({ url: `/api/locations/${await freshLocation()}/` }),
  },
  'GET /api/stock/movements/': { request: async () => ({}) },
  'GET /api/admin/export/products.csv': { request: async () => ({}) },
  'GET /api/admin/export/orders.csv': { request: async () => ({}) },
  'GET /api/admin/export/payments.csv': { request: async () => ({}) },
  'GET /api/admin/export/stock.csv': { request: async () => ({}) },
  'POST /api/admin/import/products/': {
    // A dry run of a file with only its header: checked, and nothing changes for the callers after.
    request: async () => ({
      url: '/api/admin/import/products/?dry_run=true',
      ...multipartBody(
        {},
        [
          {
            name: 'products.csv',
            type: 'text/csv',
            bytes: Buffer.from('sku,name,description,category,price\n'),
          },
        ],
        'file',
      ),
    }),
  },
  'POST /api/stock/adjustments/': {
    request: async (world) => ({
      payload: {
        product_id: world.fixtures.productId,
        location_id: await mainLocation(),
        reason: 'production',
        delta: 1,
      },
    }),
  },
  'POST /api/stock/transfers/': {
    request: async (world) => ({
      payload: {
        product_id: world.fixtures.productId,
        from: await mainLocation(),
        to: await freshLocation(),
        quantity: 1,
      },
    }),
  },
  'GET /api/stock/products/:id/': {
    request: async (world) => ({ url: `/api/stock/products/${world.fixtures.productId}/` }),
  },
  'GET /api/stock/low/': { request: async () => ({}) },
  'GET /api/settings/stock/': { request: async () => ({}) },
  'PUT /api/settings/stock/': { request: async () => ({ payload: { low_stock_threshold: 2 } }) },
  'POST /api/products/:id/notify-me/': {
    request: async () => ({
      url: `/api/products/${await insertProduct(context.database.db, { stock: 0 }).then((product) => product.id)}/notify-me/`,
    }),
  },
  'GET /api/settings/delivery/': { request: async () => ({}) },
  'PUT /api/settings/delivery/': { request: async () => ({ payload: { floor_fee: '0', holidays: [] } }) },
  'GET /api/admin/dispatch/': { request: async () => ({}) },
  'POST /api/admin/dispatch/runs/': {
    request: async (world) => ({
      payload: {
        date: await todayInPakistan(context.database.db),
        vehicle: 'Matrix van',
        driver_id: world.users.owner.id,
        order_ids: [await world.freshOrder()],
      },
    }),
  },
  'DELETE /api/admin/dispatch/runs/:id/': {
    request: async (world, caller) => ({
      url: `/api/admin/dispatch/runs/${(await freshStop(world, caller)).runId}/`,
    }),
  },
  'GET /api/dispatch/today/': { request: async () => ({}) },
  'POST /api/dispatch/orders/:id/delivered/': {
    request: async (world, caller) => ({
      url: `/api/dispatch/orders/${(await freshStop(world, caller)).orderId}/delivered/`,
      payload: { cash_collected: '0' },
    }),
  },
  'POST /api/dispatch/orders/:id/failed/': {
    request: async (world, caller) => ({
      url: `/api/dispatch/orders/${(await freshStop(world, caller)).orderId}/failed/`,
      payload: { reason: 'Nobody home' },
    }),
  },
  'GET /api/admin/dispatch/stops/:id/photo/': {
    request: async (world, caller) => ({
      url: `/api/admin/dispatch/stops/${(await freshStop(world, caller, { cash: '0', photo: await receipt })).stopId}/photo/`,
    }),
  },
  'GET /api/admin/dispatch/cash/': { request: async () => ({}) },
  'POST /api/admin/dispatch/cash/': {
    request: async (world) => {
      await freshStop(world, 'owner', { cash: '1000' })
      return { payload: { driver_id: world.users.owner.id, amount: '1' } }
    },
  },
  'GET /api/bank-account/': { request: async () => ({}) },
  'PUT /api/bank-account/': {
    request: async () => ({
      payload: {
        bank_name: 'Meezan Bank',
        account_title: 'Comfort Furniture',
        account_number: '0101-0123456789',
        iban: 'PK36MEZN0001010123456789',
      },
    }),
  },
  'GET /api/addresses/': { request: async () => ({}) },
  'POST /api/addresses/': { request: async () => ({ payload: addressBody }) },
  'PUT /api/addresses/:id/': {
    othersGet: 404,
    request: async (world) => ({ url: `/api/addresses/${await freshAddress(world)}/`, payload: addressBody }),
  },
  'DELETE /api/addresses/:id/': {
    othersGet: 404,
    request: async (world) => ({ url: `/api/addresses/${await freshAddress(world)}/` }),
  },
  'GET /api/coupons/': { request: async () => ({}) },
  'POST /api/coupons/': { request: async () => ({ payload: couponBody() }) },
  'PUT /api/coupons/:id/': {
    request: async () => ({ url: `/api/coupons/${await freshCoupon()}/`, payload: couponBody() }),
  },
  'DELETE /api/coupons/:id/': {
    request: async () => ({ url: `/api/coupons/${await freshCoupon()}/` }),
  },
  'GET /api/products/facets/': { request: async () => ({}) },
  'GET /api/products/': { request: async () => ({}) },
  'GET /api/products/new-arrivals/': { request: async () => ({}) },
  'GET /api/products/flash-deals/': { request: async () => ({}) },
  'GET /api/products/sale/': { request: async () => ({}) },
  'GET /api/products/showcase/': { request: async () => ({}) },
  'GET /api/products/:id/': {
    request: async (world) => ({ url: `/api/products/${world.fixtures.productId}/` }),
  },
  'POST /api/products/': { request: async () => productForm() },
  'PUT /api/products/:id/': {
    // A fresh one: the form's stock of 5 would leave the fixture's chair too few for every caller's order.
    request: async (world) => ({ url: `/api/products/${await world.freshProduct()}/`, ...productForm() }),
  },
  'DELETE /api/products/:id/': {
    request: async (world) => ({ url: `/api/products/${await world.freshProduct()}/` }),
  },
  'POST /api/products/:id/delete-image/': {
    request: async (world) => {
      const productId = await world.freshProduct()
      const image = one(
        await context.database.db
          .insert(productImages)
          .values({ productId, storageKey: 'products/matrix', width: 320, height: 240, widths: [320] })
          .returning({ id: productImages.id }),
      )
      return { url: `/api/products/${productId}/delete-image/`, payload: { image_id: image.id } }
    },
  },
  'POST /api/products/:id/reviews/': {
    request: async (world) => ({
      url: `/api/products/${await world.freshProduct()}/reviews/`,
      payload: { rating: 5, comment: 'Lovely.' },
    }),
  },
  'PUT /api/products/:id/reviews/:reviewId/': {
    othersGet: 403,
    request: async (world) => ({
      url: `/api/products/${world.fixtures.productId}/reviews/${world.fixtures.reviewId}/`,
      payload: { rating: 3, comment: 'Changed my mind.' },
    }),
  },
  'DELETE /api/products/:id/reviews/:reviewId/': {
    othersGet: 403,
    request: async (world) => ({
      url: `/api/products/${world.fixtures.productId}/reviews/${world.fixtures.reviewId}/`,
    }),
  },
  'GET /api/cart/': { request: async () => ({}) },
  'POST /api/cart/': {
    request: async (world) => ({ payload: { product_id: world.fixtures.productId, quantity: 1 } }),
  },
  'PATCH /api/cart/': {
    othersGet: 404,
    request: async (world) => ({
      payload: { item_id: await world.cartLine(world.users.customerA), quantity: 2 },
    }),
  },
  'DELETE /api/cart/': {
    othersGet: 404,
    request: async (world) => ({ payload: { item_id: await world.cartLine(world.users.customerA) } }),
  },
  'POST /api/orders/': {
    request: async (world, role) => {
      if (role !== 'anonymous') await world.cartLine(world.users[role])
      return { payload: CHECKOUT }
    },
  },
  'POST /api/admin/orders/': {
    request: async (world) => ({ payload: staffOrderBody(await world.freshProduct()) }),
  },
  'PUT /api/admin/orders/:id/': {
    request: async (world) => {
      // The same customer: a draft keeps its own.
      const { id, body } = await freshDraft(world)
      return { url: `/api/admin/orders/${id}/`, payload: body }
    },
  },
  'DELETE /api/admin/orders/:id/': {
    request: async (world) => ({ url: `/api/admin/orders/${(await freshDraft(world)).id}/` }),
  },
  'POST /api/admin/orders/:id/confirm/': {
    request: async (world) => ({ url: `/api/admin/orders/${(await freshDraft(world)).id}/confirm/` }),
  },
  'POST /api/admin/orders/:id/send/': {
    request: async (world) => ({ url: `/api/admin/orders/${(await freshDraft(world)).id}/send/` }),
  },
  'POST /api/admin/orders/quote/': {
    request: async (world) => {
      const { customer: _customer, channel: _channel, ...quote } = staffOrderBody(world.fixtures.productId)
      return { payload: quote }
    },
  },
  'GET /api/admin/customers/': { request: async () => ({ query: { search: 'Sweep' } }) },
  // The review link opens without a sign-in: every caller holding the link gets the same answer.
  'GET /api/orders/:id/review/': {
    request: async (world) => {
      const { id } = await freshDraft(world)
      return { url: `/api/orders/${id}/review/`, query: { token: reviewToken(id) } }
    },
  },
  'POST /api/orders/:id/review/': {
    request: async (world) => {
      const { id } = await freshDraft(world)
      return { url: `/api/orders/${id}/review/`, payload: { token: reviewToken(id) } }
    },
  },
  'POST /api/orders/:id/review/payments/': {
    request: async (world) => {
      const { id } = await freshDraft(world, { accepted: true })
      const form = multipartBody(
        { token: reviewToken(id), amount: '100', reference: 'TRX-1' },
        [{ name: 'receipt.png', type: 'image/png', bytes: await receipt }],
        'proof',
      )
      return { url: `/api/orders/${id}/review/payments/`, payload: form.payload, headers: form.headers }
    },
  },
  'GET /api/orders/': { request: async () => ({}) },
  'GET /api/orders/:id/': {
    othersGet: 404,
    request: async (world) => ({ url: `/api/orders/${world.fixtures.orderId}/` }),
  },
  'PATCH /api/orders/:id/': {
    request: async (world) => ({
      url: `/api/orders/${world.fixtures.orderId}/`,
      payload: { status: 'Processing' },
    }),
  },
  'POST /api/orders/quote/': {
    request: async (world, role) => {
      if (role !== 'anonymous') await world.cartLine(world.users[role])
      return { payload: { city: 'Lahore', payment_method: 'cod' } }
    },
  },
  'POST /api/orders/:id/cancel/': {
    othersGet: 404,
    request: async (world) => ({
      url: `/api/orders/${await world.freshOrder()}/cancel/`,
      payload: { note: 'Changed my mind.' },
    }),
  },
  'POST /api/orders/:id/edit/': {
    othersGet: 404,
    request: async (world) => ({
      url: `/api/orders/${await world.freshOrder()}/edit/`,
      payload: { address: '14 Clifton Road, Lahore' },
    }),
  },
  'POST /api/orders/:id/payment-proof/': {
    othersGet: 404,
    request: async (world) => ({
      url: `/api/orders/${world.fixtures.orderId}/payment-proof/`,
      ...multipartBody({}, [{ name: 'receipt.png', type: 'image/png', bytes: await receipt }], 'image'),
    }),
  },
  'GET /api/orders/:id/payment-proof/': {
    othersGet: 404,
    request: async (world) => {
      const orderId = world.fixtures.orderId
      await insertPayment(context.database.db, orderId, {
        status: 'pending',
        proofContentType: 'image/png',
        proofBytes: await receipt,
      })
      return { url: `/api/orders/${orderId}/payment-proof/` }
    },
  },
  'GET /api/orders/:id/payments/': {
    othersGet: 404,
    request: async (world) => ({ url: `/api/orders/${world.fixtures.orderId}/payments/` }),
  },
  'POST /api/orders/:id/payments/': {
    othersGet: 404,
    request: async (world, caller) => {
      const url = `/api/orders/${world.fixtures.orderId}/payments/`
      // Staff who handle orders record an entry; anyone else sends a receipt, as the order's owner does.
      if (caller !== 'anonymous' && can(roleOf(caller), 'orders')) {
        return { url, payload: { kind: 'payment', method: 'cash', amount: '100', status: 'pending' } }
      }
      const fields = { amount: '100', method: 'bank_transfer', reference: 'TRX-1' }
      return {
        url,
        ...multipartBody(fields, [{ name: 'receipt.png', type: 'image/png', bytes: await receipt }], 'proof'),
      }
    },
  },
  'PATCH /api/orders/:id/payments/:pid/': {
    request: async (world) => {
      const orderId = world.fixtures.orderId
      const entryId = await insertPayment(context.database.db, orderId, { status: 'pending', amount: '1.00' })
      return {
        url: `/api/orders/${orderId}/payments/${entryId}/`,
        payload: { status: 'rejected', note: 'Not in the bank.' },
      }
    },
  },
  'GET /api/orders/:id/payments/:pid/proof/': {
    othersGet: 404,
    request: async (world) => {
      const orderId = world.fixtures.orderId
      const entryId = await insertPayment(context.database.db, orderId, {
        status: 'pending',
        proofContentType: 'image/png',
        proofBytes: await receipt,
      })
      return { url: `/api/orders/${orderId}/payments/${entryId}/proof/` }
    },
  },
  'POST /api/orders/:id/claims/': {
    othersGet: 404,
    request: async (world) => {
      const { orderId, itemId } = await insertDeliveredOrder(context.database.db, world.users.customerA.id)
      const fields = {
        lines: JSON.stringify([{ order_item_id: itemId, quantity: 1 }]),
        reason: 'damaged',
        description: 'The arm is torn.',
        wanted: 'repair',
      }
      return { url: `/api/orders/${orderId}/claims/`, ...multipartBody(fields, [], 'evidence') }
    },
  },
  'GET /api/claims/': { request: async () => ({}) },
  'GET /api/claims/:id/': {
    othersGet: 404,
    request: async (world) => ({
      url: `/api/claims/${await insertClaim(context.database.db, world.users.customerA.id)}/`,
    }),
  },
  'PATCH /api/claims/:id/': {
    request: async (world) => ({
      url: `/api/claims/${await insertClaim(context.database.db, world.users.customerA.id)}/`,
      payload: { status: 'approved' },
    }),
  },
  // Whoever holds the address signed for the claim's owner reads the file; without it, nobody (claims.test.ts).
  'GET /api/claims/:id/evidence/:evidenceId/': {
    request: async (world) => {
      const owner = world.users.customerA.id
      const claimId = await insertClaim(context.database.db, owner)
      const key = `claims/matrix-${claimId}`
      await context.app.storage.put(key, await receipt)
      const evidence = one(
        await context.database.db
          .insert(claimEvidence)
          .values({
            claimId,
            kind: 'image',
            storageKey: key,
            contentType: 'image/png',
            size: (await receipt).length,
          })
          .returning({ id: claimEvidence.id }),
      )
      const secret = context.config.jwtSecret ?? ''
      return { url: evidenceUrl(secret, { claimId, evidenceId: evidence.id }, owner) }
    },
  },
  'GET /api/settings/claims/': { request: async () => ({}) },
  'PUT /api/settings/claims/': {
    request: async () => ({
      payload: {
        damage_hours: 48,
        exchange_days: 7,
        changed_mind: false,
        made_to_order_returnable: false,
        cancellation_fee_percent: 15,
      },
    }),
  },
  'POST /api/admin/orders/:id/cancellation/': {
    request: async (world) => ({
      url: `/api/admin/orders/${await insertCancellationRequest(context.database.db, world.users.customerA.id)}/cancellation/`,
      payload: { decision: 'refuse', note: 'It is already made.' },
    }),
  },
  'GET /api/settings/store/': { request: async () => ({}) },
  'PUT /api/settings/store/': {
    request: async () => ({
      payload: {
        legal_name: 'Comfort Living',
        address: 'Lahore',
        phone: '042 1234567',
        sales_tax_percent: '18',
      },
    }),
  },
  'PUT /api/settings/store/logo/': {
    request: async () => ({
      ...multipartBody({}, [{ name: 'logo.png', type: 'image/png', bytes: await receipt }], 'logo'),
    }),
  },
  'DELETE /api/settings/store/logo/': { request: async () => ({}) },
  'GET /api/orders/:id/documents/': {
    othersGet: 404,
    request: async (world) => ({ url: `/api/orders/${world.fixtures.orderId}/documents/` }),
  },
  'GET /api/orders/:id/documents/:documentId/pdf/': {
    othersGet: 404,
    request: async (world) => {
      const orderId = world.fixtures.orderId
      const documentId = await context.database.db.transaction(async (tx) => {
        await issueChallan(tx, orderId)
        const [paper] = await tx
          .select({ id: documents.id })
          .from(documents)
          .orderBy(desc(documents.id))
          .limit(1)
        return paper?.id ?? 0
      })
      return { url: `/api/orders/${orderId}/documents/${documentId}/pdf/` }
    },
  },
  'GET /api/settings/payments/': { request: async () => ({}) },
  'PUT /api/settings/payments/': {
    request: async () => ({
      payload: { advance_percent_made_to_order: 0, advance_percent_over: null, cod_balance_cities: [] },
    }),
  },
  'POST /api/buy-now-message/': {
    request: async (world) => ({ payload: { product_id: world.fixtures.productId } }),
  },
  'GET /api/conversations/': { request: async () => ({}) },
  'GET /api/conversations/:id/messages/': {
    othersGet: 404,
    request: async (world) => ({ url: `/api/conversations/${world.fixtures.conversationId}/messages/` }),
  },
  'POST /api/conversations/:id/messages/': {
    othersGet: 404,
    request: async (world) => ({
      url: `/api/conversations/${world.fixtures.conversationId}/messages/`,
      payload: { content: 'Any news?' },
    }),
  },
  'GET /api/conversations/:id/events/': {
    othersGet: 404,
    request: async (world) => ({ url: `/api/conversations/${world.fixtures.conversationId}/events/` }),
  },
  'GET /api/analytics/sales-summary/': { request: async () => ({}) },
  'GET /api/staff/counts/': { request: async () => ({}) },
  'GET /api/admin/users/': { request: async () => ({}) },
  'PATCH /api/admin/users/:id/': {
    request: async (world) => ({
      url: `/api/admin/users/${await world.freshCustomer()}/`,
      payload: { role: 'support' },
    }),
  },
  'POST /api/admin/users/:id/reset-2fa/': {
    request: async (world) => {
      const id = await world.freshCustomer()
      await context.database.db
        .update(users)
        .set({ role: 'support', totpSecret: 'sealed', totpEnabledAt: new Date() })
        .where(eq(users.id, id))
      return { url: `/api/admin/users/${id}/reset-2fa/` }
    },
  },
  'GET /api/admin/audit/': { request: async () => ({}) },
  'GET /api/admin/reports/sales/': {
    request: async () => ({ url: '/api/admin/reports/sales/?from=2026-11-01&to=2026-11-30&group=week' }),
  },
  'GET /api/admin/reports/sales/csv/': {
    request: async () => ({ url: '/api/admin/reports/sales/csv/?from=2026-11-01&to=2026-11-30&group=city' }),
  },
  'GET /api/staff/events/': { request: async () => ({}) },
}

let context: TestContext
let world: World
let baseUrl: string

beforeAll(async () => {
  context = await createTestApp({ rateLimits: noRateLimits })
  const staff = await Promise.all(STAFF_ROLES.map((role) => createTestUser(context, { role })))
  const users = {
    customerA: await createTestUser(context),
    customerB: await createTestUser(context),
    ...(Object.fromEntries(STAFF_ROLES.map((role, index) => [role, staff[index]])) as Record<
      StaffRole,
      TestUser
    >),
  }
  const fixtures = await seedFixtures(context.database.db, users.customerA.id, 'Matrix')
  const db = context.database.db
  world = {
    fixtures,
    users,
    async freshCustomer() {
      return (await createTestUser(context)).id
    },
    async freshProduct() {
      return (await insertProduct(db)).id
    },
    async freshOrder() {
      const product = await insertProduct(db)
      return insertOrder(db, users.customerA.id, { id: product.id, name: 'Matrix Chair', price: '1000.00' })
    },
    async cartLine(user) {
      const cart = one(
        await db
          .insert(carts)
          .values({ userId: user.id })
          .onConflictDoUpdate({ target: carts.userId, set: { userId: user.id } })
          .returning({ id: carts.id }),
      )
      const line = one(
        await db
          .insert(cartItems)
          .values({ cartId: cart.id, productId: fixtures.productId, quantity: 1 })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.productId, cartItems.optionValueIds],
            set: { quantity: 1 },
          })
          .returning({ id: cartItems.id }),
      )
      return line.id
    },
  }
  // The event stream never ends by itself, so that one row goes over a real socket.
  baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => context.close())

async function statusOf(method: string, options: InjectOptions, caller: Caller): Promise<number> {
  const headers = {
    ...(options.headers as Record<string, string>),
    ...(caller !== 'anonymous' && world.users[caller].headers),
  }
  if (String(options.url).endsWith('/events/')) {
    const controller = new AbortController()
    const response = await fetch(`${baseUrl}${options.url}`, { headers, signal: controller.signal })
    controller.abort()
    return response.status
  }
  const response = await context.app.inject({
    ...options,
    method: method as InjectOptions['method'],
    headers,
  })
  if (response.statusCode >= 400) expect(typeof response.json().detail).toBe('string')
  return response.statusCode
}

describe('the access matrix', () => {
  it('has a caller for every role', () => {
    const roles = new Set(CALLERS.filter((caller) => caller !== 'anonymous').map(roleOf))
    expect([...roles].sort()).toEqual([...Role.options].sort())
  })

  it('has a row for every route of the contract, and no row for a route that does not exist', () => {
    const contractKeys = routes.map((route) => `${route.method} ${route.path}`).sort()
    expect(Object.keys(matrix).sort()).toEqual(contractKeys)
  })

  for (const route of routes) {
    const key = `${route.method} ${route.path}`
    it(`${key}`, async () => {
      const row = matrix[key]
      if (!row) throw new Error(`no matrix row for ${key}`)
      const seen: Partial<Record<Caller, number>> = {}
      const expected: Partial<Record<Caller, number>> = {}
      for (const caller of CALLERS) {
        const options = await row.request(world, caller)
        seen[caller] = await statusOf(route.method, { url: route.path, ...options }, caller)
        expected[caller] = expectedStatus(route, row, caller)
      }
      expect(seen).toEqual(expected)
    })
  }
})
