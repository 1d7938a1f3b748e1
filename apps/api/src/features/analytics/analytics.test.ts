import type { OrderStatus } from '@store/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderValues } from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { orders } from '../../db/schema'
import { lastDays } from './service'

let context: TestContext
let staff: TestUser
let customer: TestUser
beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true })
  customer = await createTestUser(context)
})
afterAll(() => context.close())

const DAY_MS = 24 * 60 * 60 * 1000
const dateOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS)

async function insertOrder(daysAgo: number, totalPrice: string, status: OrderStatus = 'Delivered') {
  await context.database.db
    .insert(orders)
    .values({ ...orderValues(customer.id, totalPrice), status, createdAt: dateOf(daysAgo) })
}

const summary = (user: TestUser | null) =>
  call(context.app, {
    method: 'GET',
    url: '/api/analytics/sales-summary/',
    ...(user && { headers: user.headers }),
  })

describe('GET /api/analytics/sales-summary/', () => {
  it('answers 30 days of zeros and zero revenue for a store without orders', async () => {
    const answer = await summary(staff)
    expect(answer.status).toBe(200)
    expect(answer.body.daily_sales.labels).toHaveLength(30)
    expect(answer.body.daily_sales.data).toEqual(Array(30).fill(0))
    expect(answer.body.key_stats).toEqual({
      total_revenue: '0.00',
      total_orders: 0,
      total_products: 0,
      total_users: 2,
    })
  })

  it('sums revenue per UTC day over the last 30 days, cancelled orders excluded', async () => {
    await insertProduct(context.database.db)
    await insertProduct(context.database.db)
    await insertOrder(0, '1000.50')
    await insertOrder(0, '0.25', 'Pending')
    await insertOrder(0, '99999.00', 'Cancelled')
    await insertOrder(3, '85000.00', 'Shipped')
    await insertOrder(29, '10.00')
    await insertOrder(31, '500.00')

    const answer = await summary(staff)
    const { labels, data } = answer.body.daily_sales
    expect(labels.at(-1)).toBe(dateOf(0).toISOString().slice(0, 10))
    expect(labels[0]).toBe(dateOf(29).toISOString().slice(0, 10))
    const revenueOn = (daysAgo: number) => data[labels.indexOf(dateOf(daysAgo).toISOString().slice(0, 10))]
    expect(revenueOn(0)).toBe(1000.75)
    expect(revenueOn(3)).toBe(85000)
    expect(revenueOn(29)).toBe(10)
    expect(data.reduce((total: number, value: number) => total + value, 0)).toBe(86010.75)
    expect(answer.body.key_stats).toEqual({
      total_revenue: '86510.75',
      total_orders: 6,
      total_products: 2,
      total_users: 2,
    })
  })

  it('answers 403 to a customer and 401 without a user', async () => {
    expect((await summary(customer)).status).toBe(403)
    expect((await summary(null)).status).toBe(401)
  })
})

describe('lastDays', () => {
  it('counts back 30 UTC dates across a month boundary, today last', () => {
    const labels = lastDays(new Date('2026-03-01T23:30:00+05:00'))
    expect(labels).toHaveLength(30)
    expect(labels[0]).toBe('2026-01-31')
    expect(labels.at(-1)).toBe('2026-03-01')
    expect(new Set(labels).size).toBe(30)
  })
})
