import { type PlaceOrderBody, paths, type QuoteBody } from '@store/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT, couponUses, insertCoupon, insertZone } from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { queryRows } from '../../db/client'
import { type coupons, type deliveryZones, orders } from '../../db/schema'

/** docs/api.md "Checkout for Pakistan": the quote, and the placement priced exactly as it. */
let context: TestContext
beforeAll(async () => {
  context = await createTestApp()
  await insertZone(context.database.db)
})
afterAll(() => context.close())

// A phone as people type it: kept as 03001234567.
const shipping = { ...CHECKOUT, phone: '0300-1234567' }

let counter = 0
const unique = (prefix: string) => `${prefix}${++counter}`

/** A customer whose cart holds goods worth exactly `subtotal` (one line). */
async function shopperWith(subtotal: string, stock = 10) {
  const customer = await createTestUser(context)
  const product = await insertProduct(context.database.db, { price: subtotal, stock })
  const added = await callRoute(context.app, paths.cart.addToCart, {
    body: { product_id: product.id, quantity: 1 },
    user: customer,
  })
  expect(added.status).toBe(200)
  return customer
}

/** A zone of its own for one test, Lahore's settings unless told. */
async function zone(settings: Partial<typeof deliveryZones.$inferInsert> = {}) {
  const city = unique('Testabad ')
  await insertZone(context.database.db, { ...settings, city })
  return city
}

const coupon = (settings: Partial<typeof coupons.$inferInsert> = {}) =>
  insertCoupon(context.database.db, settings)

const quote = (user: TestUser, body: QuoteBody) =>
  callRoute(context.app, paths.orders.quoteOrder, { body, user })

const place = (user: TestUser, fields: Partial<PlaceOrderBody>, headers?: Record<string, string>) =>
  callRoute(context.app, paths.orders.placeOrder, {
    body: { ...shipping, payment_method: 'cod', ...fields },
    user,
    headers,
  })

const usesOf = (couponId: number) => couponUses(context.database.db, couponId)

describe('POST /api/orders/quote/', () => {
  it('prices the cart: subtotal, delivery fee, COD fee, total and the estimate in days', async () => {
    const customer = await shopperWith('20000.50')
    const cod = await quote(customer, { city: 'Lahore', payment_method: 'cod' })
    expect(cod.status).toBe(200)
    expect(cod.body).toEqual({
      subtotal: '20000.50',
      discount: '0.00',
      delivery_fee: '1500.00',
      cod_fee: '250.00',
      total_price: '21750.50',
      advance_due: '0.00',
      balance_due: '21750.50',
      eta_min_days: 2,
      eta_max_days: 4,
      coupon: null,
      services: [],
      delivery_dates: expect.arrayContaining([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]),
      delivery_date: cod.body.delivery_dates[0],
    })
    const transfer = await quote(customer, { city: 'Lahore', payment_method: 'bank_transfer' })
    expect(transfer.body).toMatchObject({ cod_fee: '0.00', total_price: '21500.50' })
  })

  it('matches the city whatever its letter case and spaces', async () => {
    const customer = await shopperWith('1000.00')
    for (const city of ['lahore', 'LAHORE', '  Lahore  ', 'La hore']) {
      const answer = await quote(customer, { city, payment_method: 'cod' })
      expect(answer.status, city).toBe(200)
      expect(answer.body.delivery_fee, city).toBe('1500.00')
    }
    const placed = await place(customer, { city: ' la Hore' })
    expect(placed.status).toBe(201)
    // The order keeps the zone's spelling.
    expect(placed.body.city).toBe('Lahore')
  })

  it('answers 400 "We do not deliver to {city} yet." for a city without a zone, on quote and order', async () => {
    const customer = await shopperWith('1000.00')
    const quoted = await quote(customer, { city: 'Gilgit', payment_method: 'bank_transfer' })
    expect(quoted.status).toBe(400)
    expect(quoted.body.detail).toBe('We do not deliver to Gilgit yet.')
    const placed = await place(customer, { city: 'Gilgit', payment_method: 'bank_transfer' })
    expect(placed.status).toBe(400)
    expect(placed.body.detail).toBe('We do not deliver to Gilgit yet.')
  })

  it('answers 400 for cash on delivery where it is not offered, and prices a bank transfer there', async () => {
    const city = await zone({ codAvailable: false, codFee: '0.00' })
    const customer = await shopperWith('1000.00')
    const refused = await quote(customer, { city, payment_method: 'cod' })
    expect(refused.status).toBe(400)
    expect(refused.body.detail).toBe(
      `Cash on delivery is not offered in ${city}; please pay by bank transfer.`,
    )
    expect((await place(customer, { city })).body.detail).toBe(refused.body.detail)
    expect((await quote(customer, { city, payment_method: 'bank_transfer' })).status).toBe(200)
  })

  it.each([
    ['below the threshold', '99999.99', '1500.00'],
    ['at the threshold', '100000.00', '0.00'],
    ['above the threshold', '100000.01', '0.00'],
  ])('charges delivery %s (%s → fee %s)', async (_, subtotal, fee) => {
    const customer = await shopperWith(subtotal)
    const answer = await quote(customer, { city: 'Lahore', payment_method: 'bank_transfer' })
    expect(answer.body.delivery_fee).toBe(fee)
    expect(answer.body.total_price).toBe(
      ((Math.round(Number(subtotal) * 100) + Math.round(Number(fee) * 100)) / 100).toFixed(2),
    )
  })

  it('measures free delivery on the subtotal after the discount; a zone without threshold always charges', async () => {
    const customer = await shopperWith('105000.00')
    const tenThousand = await coupon({ kind: 'fixed', value: '10000.00' })
    const discounted = await quote(customer, {
      city: 'Lahore',
      payment_method: 'bank_transfer',
      coupon_code: tenThousand.code,
    })
    expect(discounted.body).toMatchObject({
      discount: '10000.00',
      delivery_fee: '1500.00',
      total_price: '96500.00',
    })
    const city = await zone({ freeOver: null, fee: '7500.00' })
    const far = await quote(customer, { city, payment_method: 'bank_transfer' })
    expect(far.body.delivery_fee).toBe('7500.00')
  })

  it('answers 400 "Your cart is empty." for an empty cart', async () => {
    const customer = await createTestUser(context)
    const answer = await quote(customer, { city: 'Lahore', payment_method: 'cod' })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Your cart is empty.')
  })
})

describe('coupons at checkout', () => {
  it('takes a percent off, rounded to the paisa, matching the code whatever its letter case', async () => {
    const customer = await shopperWith('999.99')
    const twelveAndHalf = await coupon({ value: '12.50' })
    const answer = await quote(customer, {
      city: 'Lahore',
      payment_method: 'bank_transfer',
      coupon_code: twelveAndHalf.code.toLowerCase(),
    })
    expect(answer.status).toBe(200)
    // 999.99 × 12.5% = 124.99875 → 125.00
    expect(answer.body).toMatchObject({
      discount: '125.00',
      total_price: '2374.99',
      coupon: { code: twelveAndHalf.code, discount: '125.00' },
    })
  })

  it('takes a fixed amount off, never more than the subtotal', async () => {
    const customer = await shopperWith('3000.00')
    const big = await coupon({ kind: 'fixed', value: '5000.00' })
    const answer = await quote(customer, { city: 'Lahore', payment_method: 'cod', coupon_code: big.code })
    expect(answer.body).toMatchObject({ subtotal: '3000.00', discount: '3000.00', total_price: '1750.00' })
  })

  const hour = 60 * 60 * 1000
  it.each([
    ['unknown', null, (code: string) => `There is no coupon ${code}.`],
    // Off or not started answers as unknown, so guessing codes tells nothing.
    ['not active', { isActive: false }, (code: string) => `There is no coupon ${code}.`],
    [
      'not started yet',
      { startsAt: new Date(Date.now() + hour) },
      (code: string) => `There is no coupon ${code}.`,
    ],
    ['expired', { endsAt: new Date(Date.now() - hour) }, (code: string) => `The coupon ${code} has expired.`],
    ['used up', { maxUses: 3, usedCount: 3 }, (code: string) => `The coupon ${code} has been used up.`],
    [
      'below its minimum subtotal',
      { minSubtotal: '50000.00' },
      (code: string) => `The coupon ${code} needs a subtotal of at least PKR 50,000.`,
    ],
  ])('refuses a coupon that is %s with its sentence, on quote and order', async (_, settings, sentence) => {
    const customer = await shopperWith('49999.99')
    const code = settings === null ? 'NOSUCHCODE' : (await coupon(settings)).code
    const quoted = await quote(customer, { city: 'Lahore', payment_method: 'cod', coupon_code: code })
    expect(quoted.status).toBe(400)
    expect(quoted.body.detail).toBe(sentence(code))
    const placed = await place(customer, { coupon_code: code })
    expect(placed.status).toBe(400)
    expect(placed.body.detail).toBe(sentence(code))
  })
})

describe('guessing coupon codes', () => {
  it('stops after the limit of codes that do not work, per account and address, on quote and order alike', async () => {
    const guesser = await shopperWith('20000.00')
    const real = await coupon({ kind: 'fixed', value: '500.00' })
    const limit = context.config.rateLimits.couponGuesses
    for (let guess = 0; guess < limit; guess += 1) {
      const code = `GUESS${guess}`
      const answer =
        guess % 2
          ? await quote(guesser, { city: 'Lahore', payment_method: 'cod', coupon_code: code })
          : await place(guesser, { coupon_code: code })
      expect(answer.status).toBe(400)
    }
    // Past the limit even the right code is not looked up.
    const stopped = await quote(guesser, { city: 'Lahore', payment_method: 'cod', coupon_code: real.code })
    expect(stopped.status).toBe(429)
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0)
    // Without a code, and for another account, the checkout goes on.
    expect((await quote(guesser, { city: 'Lahore', payment_method: 'cod' })).status).toBe(200)
    const other = await shopperWith('20000.00')
    expect(
      (await quote(other, { city: 'Lahore', payment_method: 'cod', coupon_code: real.code })).status,
    ).toBe(200)
  })
})

describe('POST /api/orders/ priced as the quote', () => {
  it('gives the order exactly the quote’s totals, and takes one coupon use', async () => {
    const customer = await shopperWith('45999.99')
    const percent = await coupon({ value: '7.50' })
    const choices: QuoteBody = { city: 'Lahore', payment_method: 'cod', coupon_code: percent.code }
    const quoted = await quote(customer, choices)
    expect(quoted.status).toBe(200)
    const placed = await place(customer, choices)
    expect(placed.status).toBe(201)
    const { subtotal, discount, delivery_fee, cod_fee, total_price } = placed.body
    expect({ subtotal, discount, delivery_fee, cod_fee, total_price }).toEqual({
      subtotal: quoted.body.subtotal,
      discount: quoted.body.discount,
      delivery_fee: quoted.body.delivery_fee,
      cod_fee: quoted.body.cod_fee,
      total_price: quoted.body.total_price,
    })
    expect(placed.body).toMatchObject({
      coupon_code: percent.code,
      phone: '03001234567',
      payment_method: 'cod',
    })
    expect(await usesOf(percent.id)).toBe(1)
    const [row] = await context.database.db
      .select({ couponId: orders.couponId })
      .from(orders)
      .where(eq(orders.id, placed.body.id))
    expect(row?.couponId).toBe(percent.id)
  })

  it('dates the delivery estimate from the order day in Pakistan, in calendar days', async () => {
    const city = await zone({ etaMinDays: 3, etaMaxDays: 10 })
    const customer = await shopperWith('1000.00')
    const placed = await place(customer, { city })
    const [today] = await queryRows<{ day: string }>(
      context.database.db,
      sql`select (now() at time zone 'Asia/Karachi')::date::text as day`,
    )
    const plus = (days: number) => {
      const date = new Date(`${today?.day}T00:00:00Z`)
      date.setUTCDate(date.getUTCDate() + days)
      return date.toISOString().slice(0, 10)
    }
    expect([placed.body.eta_min_date, placed.body.eta_max_date]).toEqual([plus(3), plus(10)])
  })

  it('never uses a coupon more than its maximum when 20 buyers race for 5 uses', async () => {
    const limited = await coupon({ value: '10.00', maxUses: 5 })
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopperWith('10000.00')))
    const answers = await Promise.all(buyers.map((buyer) => place(buyer, { coupon_code: limited.code })))
    const placed = answers.filter((answer) => answer.status === 201)
    const refused = answers.filter((answer) => answer.status === 400)
    expect(placed).toHaveLength(5)
    expect(refused).toHaveLength(15)
    for (const answer of placed) expect(answer.body.discount).toBe('1000.00')
    for (const answer of refused)
      expect(answer.body.detail).toBe(`The coupon ${limited.code} has been used up.`)
    expect(await usesOf(limited.id)).toBe(5)
    const holding = await context.database.db.select().from(orders).where(eq(orders.couponId, limited.id))
    expect(holding).toHaveLength(5)
  })

  it('takes no second coupon use for a retry with the same Idempotency-Key', async () => {
    const customer = await shopperWith('10000.00')
    const once = await coupon({ maxUses: 10 })
    const send = () => place(customer, { coupon_code: once.code }, { 'idempotency-key': 'coupon-retry' })
    const first = await send()
    const retry = await send()
    expect([first.status, retry.status]).toEqual([201, 201])
    expect(retry.body).toEqual(first.body)
    expect(await usesOf(once.id)).toBe(1)
  })

  it('answers 400 for a phone that is not a Pakistani mobile, or an unknown payment method', async () => {
    const customer = await shopperWith('1000.00')
    const phone = await place(customer, { phone: '042-35761234' })
    expect(phone.status).toBe(400)
    expect(Object.keys(phone.body.errors)).toEqual(['phone'])
    // Sent as it is: the contract's type refuses a payment method it does not know.
    const method = await call(context.app, {
      method: 'POST',
      url: '/api/orders/',
      headers: customer.headers,
      payload: { ...shipping, payment_method: 'card' },
    })
    expect(method.status).toBe(400)
    expect(Object.keys(method.body.errors)).toEqual(['payment_method'])
  })
})
