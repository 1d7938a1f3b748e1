import { paths } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { one } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { callRoute } from '../../../test/route-call'
import { coupons, orders } from '../../db/schema'

let context: TestContext
let staff: TestUser
let customer: TestUser

beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true })
  customer = await createTestUser(context)
})
afterAll(() => context.close())

const coupon = (code: string, changes: object = {}) => ({
  code,
  kind: 'percent' as const,
  value: '10',
  min_subtotal: 20000,
  starts_at: '2026-12-01T05:00:00+05:00',
  ends_at: '2026-12-31T23:59:59Z',
  max_uses: 100,
  is_active: true,
  ...changes,
})

const createCoupon = (code: string, changes: object = {}) =>
  callRoute(context.app, paths.coupons.createCoupon, { body: coupon(code, changes), user: staff })

const rowOf = async (id: number) =>
  one(await context.database.db.select().from(coupons).where(eq(coupons.id, id)))

describe('POST /api/coupons/', () => {
  it('creates a coupon: money as strings, moments in UTC, no uses yet', async () => {
    const created = await createCoupon(' Eid25 ', { value: 25 })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(Number),
      code: 'Eid25',
      kind: 'percent',
      value: '25.00',
      min_subtotal: '20000.00',
      starts_at: '2026-12-01T00:00:00.000Z',
      ends_at: '2026-12-31T23:59:59.000Z',
      max_uses: 100,
      used_count: 0,
      is_active: true,
    })
    const minimal = await callRoute(context.app, paths.coupons.createCoupon, {
      body: { code: 'FLAT5000', kind: 'fixed', value: '5000' },
      user: staff,
    })
    expect(minimal.body).toMatchObject({
      value: '5000.00',
      min_subtotal: '0.00',
      starts_at: null,
      ends_at: null,
      max_uses: null,
      is_active: true,
    })
  })

  it('answers 409 naming the coupon whose code matches in any letter case', async () => {
    await createCoupon('WINTER10')
    const clash = await createCoupon('winter10', { kind: 'fixed', value: 500 })
    expect(clash.status).toBe(409)
    expect(clash.body).toEqual({
      detail: 'A coupon with the code WINTER10 already exists.',
      errors: { code: ['A coupon with the code WINTER10 already exists.'] },
    })
    const rows = await context.database.db.select().from(coupons).where(eq(coupons.code, 'winter10'))
    expect(rows).toEqual([])
  })

  it('answers 400 with errors naming each broken rule', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ value: '100.01' }, { value: ['A percent discount is at most 100.'] }],
      [{ value: 0 }, { value: ['The discount must be above 0.'] }],
      // A broken field gets its own message only, not the cross-field rules' as well.
      [{ value: 'ten' }, { value: ['Enter an amount such as 12500 or 12500.50.'] }],
      [
        { starts_at: '2026-12-10T00:00:00Z', ends_at: '2026-12-09T00:00:00Z' },
        { ends_at: ['The end must come after the start.'] },
      ],
      [{ max_uses: 0 }, { max_uses: ['Maximum uses is at least 1; leave it empty for no limit.'] }],
      [{ max_uses: '5' }, { max_uses: ['Maximum uses is a whole number.'] }],
      [{ code: 'EID 25' }, { code: ['A coupon code holds letters, digits, dashes and underscores only.'] }],
      [
        { code: 'EID\u000025' },
        {
          code: [
            'Use one line of text without control characters.',
            'A coupon code holds letters, digits, dashes and underscores only.',
          ],
        },
      ],
      [{ starts_at: 'tomorrow' }, { starts_at: ['Enter a date and time such as 2026-12-01T00:00:00Z.'] }],
    ]
    for (const [changes, errors] of cases) {
      const answer = await createCoupon('RULES', changes)
      expect(answer.status, JSON.stringify(changes)).toBe(400)
      expect(answer.body.errors, JSON.stringify(changes)).toEqual(errors)
    }
    // A fixed amount may be above 100; the use count is the orders' to set, not the form's.
    expect((await createCoupon('BIGFIXED', { kind: 'fixed', value: 15000 })).status).toBe(201)
    expect((await createCoupon('COUNTED', { used_count: 3 })).status).toBe(400)
    expect(await context.database.db.select().from(coupons).where(eq(coupons.code, 'RULES'))).toEqual([])
  })

  it('answers 401 to anonymous callers and 403 to customers', async () => {
    expect(
      (await callRoute(context.app, paths.coupons.createCoupon, { body: coupon('MINE'), user: null })).status,
    ).toBe(401)
    expect(
      (await callRoute(context.app, paths.coupons.createCoupon, { body: coupon('MINE'), user: customer }))
        .status,
    ).toBe(403)
  })
})

describe('GET /api/coupons/', () => {
  it('lists every coupon to staff, newest first, paginated', async () => {
    await createCoupon('OLDER')
    await createCoupon('NEWER')
    const page = await callRoute(context.app, paths.coupons.listCoupons, {
      query: { page_size: 2 },
      user: staff,
    })
    expect(page.status).toBe(200)
    expect(page.body.results.map((each: { code: string }) => each.code)).toEqual(['NEWER', 'OLDER'])
    expect(page.body.next).toContain('page=2')
    const all = await callRoute(context.app, paths.coupons.listCoupons, {
      query: { page_size: 100 },
      user: staff,
    })
    expect(all.body.count).toBe(all.body.results.length)
    expect((await callRoute(context.app, paths.coupons.listCoupons, { user: null })).status).toBe(401)
    expect((await callRoute(context.app, paths.coupons.listCoupons, { user: customer })).status).toBe(403)
  })
})

describe('PUT /api/coupons/:id/', () => {
  it('changes a coupon and keeps its use count', async () => {
    const created = await createCoupon('SPRING')
    await context.database.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, created.body.id))
    const changed = await callRoute(context.app, paths.coupons.updateCoupon, {
      params: { id: created.body.id },
      body: coupon('spring', { kind: 'fixed', value: 1500, max_uses: 3, is_active: false, ends_at: null }),
      user: staff,
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({
      ...created.body,
      code: 'spring',
      kind: 'fixed',
      value: '1500.00',
      ends_at: null,
      max_uses: 3,
      used_count: 3,
      is_active: false,
    })
    expect(
      (
        await callRoute(context.app, paths.coupons.updateCoupon, {
          params: { id: created.body.id },
          body: coupon('SPRING', { max_uses: null }),
          user: staff,
        })
      ).body,
    ).toMatchObject({ max_uses: null, used_count: 3 })
  })

  it('answers 400 with a sentence for a maximum below the uses made, changing nothing', async () => {
    const created = await createCoupon('SUMMER', { max_uses: 10 })
    await context.database.db.update(coupons).set({ usedCount: 4 }).where(eq(coupons.id, created.body.id))
    const refused = await callRoute(context.app, paths.coupons.updateCoupon, {
      params: { id: created.body.id },
      body: coupon('SUMMER', { max_uses: 3, value: 50 }),
      user: staff,
    })
    expect(refused.status).toBe(400)
    const detail = 'This coupon has been used 4 times, so its maximum uses cannot be lower than that.'
    expect(refused.body).toEqual({ detail, errors: { max_uses: [detail] } })
    expect(await rowOf(created.body.id)).toMatchObject({ maxUses: 10, usedCount: 4, value: '10.00' })
  })

  it('answers 409 for another coupon’s code, 404 for an unknown coupon', async () => {
    await createCoupon('AUTUMN')
    const other = await createCoupon('MONSOON')
    const clash = await callRoute(context.app, paths.coupons.updateCoupon, {
      params: { id: other.body.id },
      body: coupon('Autumn'),
      user: staff,
    })
    expect(clash.status).toBe(409)
    expect(clash.body.detail).toBe('A coupon with the code AUTUMN already exists.')
    expect((await rowOf(other.body.id)).code).toBe('MONSOON')
    expect(
      (
        await callRoute(context.app, paths.coupons.updateCoupon, {
          params: { id: 999999 },
          body: coupon('NOWHERE'),
          user: staff,
        })
      ).status,
    ).toBe(404)
  })
})

describe('DELETE /api/coupons/:id/', () => {
  it('deletes a coupon; orders that used it keep its code and their discount', async () => {
    const created = await createCoupon('GONE10')
    const order = one(
      await context.database.db
        .insert(orders)
        .values({
          userId: customer.id,
          firstName: 'Ayesha',
          lastName: 'Khan',
          email: 'ayesha@example.com',
          phone: '03001234567',
          address: '12 Main Boulevard',
          city: 'Lahore',
          postalCode: '54000',
          paymentMethod: 'cod',
          subtotal: '50000.00',
          discount: '5000.00',
          deliveryFee: '350.00',
          totalPrice: '45350.00',
          couponId: created.body.id,
          couponCode: 'GONE10',
          etaMinDate: '2026-12-03',
          etaMaxDate: '2026-12-05',
        })
        .returning({ id: orders.id }),
    )
    expect(
      (
        await callRoute(context.app, paths.coupons.deleteCoupon, {
          params: { id: created.body.id },
          user: staff,
        })
      ).status,
    ).toBe(204)
    const kept = one(await context.database.db.select().from(orders).where(eq(orders.id, order.id)))
    expect(kept).toMatchObject({
      couponId: null,
      couponCode: 'GONE10',
      discount: '5000.00',
      totalPrice: '45350.00',
    })
    expect(
      (
        await callRoute(context.app, paths.coupons.deleteCoupon, {
          params: { id: created.body.id },
          user: staff,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await callRoute(context.app, paths.coupons.deleteCoupon, {
          params: { id: created.body.id },
          user: customer,
        })
      ).status,
    ).toBe(403)
  })
})
