import { readFileSync } from 'node:fs'
import { type APIRequestContext, expect, test } from '@playwright/test'
import type { Order, Paginated, SalesReport } from '@store/contract'
import { bearer, createCustomer, logIn, placeOrder } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

/** A day in Pakistan (YYYY-MM-DD), the calendar the reports keep. */
const dayInPakistan = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(at)

/** Last month's first and last day in Pakistan. */
function lastMonth(): { from: string; to: string } {
  const [year = 0, month = 0] = dayInPakistan(new Date()).split('-').map(Number)
  const first = new Date(Date.UTC(year, month - 2, 1))
  const last = new Date(Date.UTC(year, month - 1, 0))
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) }
}

async function staffToken(request: APIRequestContext) {
  const login = await request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

/** Every order of the shop, as staff's order list gives them. */
async function everyOrder(request: APIRequestContext, token: string): Promise<Order[]> {
  const orders: Order[] = []
  for (let page = 1; ; page++) {
    const answer = await request.get(`/api/orders/?scope=all&page=${page}&page_size=100`, {
      headers: bearer(token),
    })
    const listed = (await answer.json()) as Paginated<Order>
    orders.push(...listed.results)
    if (!listed.next) return orders
  }
}

/** What the orders of the days `from` to `to` add up to, counted here from the order list. */
function sold(orders: Order[], { from, to }: { from: string; to: string }) {
  const booked = orders.filter((order) => {
    const day = dayInPakistan(new Date(order.created_at))
    return order.status !== 'Cancelled' && day >= from && day <= to
  })
  return {
    orders: booked.length,
    units: booked.reduce((all, order) => all + order.items.reduce((sum, item) => sum + item.quantity, 0), 0),
    booked: booked.reduce((all, order) => all + Math.round(Number(order.total_price) * 100), 0),
  }
}

const report = async (request: APIRequestContext, token: string, query: string) => {
  const answer = await request.get(`/api/admin/reports/sales/?${query}`, { headers: bearer(token) })
  expect(answer.status()).toBe(200)
  return (await answer.json()) as SalesReport
}

const paisa = (amount: string) => Math.round(Number(amount) * 100)

test("a report for last month matches the orders placed; this month's counts a new order", async ({
  page,
}) => {
  const token = await staffToken(page.request)
  const month = lastMonth()

  await test.step("last month's report adds up to the orders the order list shows", async () => {
    const expected = sold(await everyOrder(page.request, token), month)
    const byDay = await report(page.request, token, `from=${month.from}&to=${month.to}&group=day`)
    expect({ ...byDay.totals, booked: paisa(byDay.totals.booked), received: undefined }).toEqual({
      ...expected,
      received: undefined,
    })
    expect(byDay.rows.map((row) => row.key)[0]).toBe(month.from)
    expect(byDay.rows.at(-1)?.key).toBe(month.to)
  })

  await test.step('staff see it as a chart and a table, and download the same rows', async () => {
    await logIn(page, STAFF)
    await page.getByRole('link', { name: 'Reports' }).click()
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible()
    await expect(page.getByLabel('From')).toHaveValue(month.from)
    await expect(page.getByLabel('To')).toHaveValue(month.to)
    await page.getByLabel('Group by').selectOption({ label: 'City' })
    await page.getByRole('button', { name: 'Show report' }).click()
    await expect(page).toHaveURL(/group=city/)
    const byCity = await report(page.request, token, `from=${month.from}&to=${month.to}&group=city`)
    if (byCity.rows.length === 0) {
      await expect(page.getByText('No sales in this period.')).toBeVisible()
    } else {
      await expect(page.getByRole('img', { name: /Chart of booked and received money/ })).toBeVisible()
      const table = page.getByRole('table')
      await expect(table.getByRole('row')).toHaveCount(byCity.rows.length + 2)
      await expect(table.getByRole('row').last()).toContainText(String(byCity.totals.orders))
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`sales-by-city-${month.from}-to-${month.to}.csv`)
    const bytes = readFileSync(await download.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').trim().split('\n')
    expect(lines).toEqual([
      'city,orders,units,booked,received',
      ...byCity.rows.map((row) => [row.key, row.orders, row.units, row.booked, row.received].join(',')),
    ])
  })

  await test.step("an order placed now is in this month's report, under its channel and city", async () => {
    const today = dayInPakistan(new Date())
    const thisMonth = `from=${today.slice(0, 8)}01&to=${today}`
    const before = await report(page.request, token, `${thisMonth}&group=channel`)
    const customer = await createCustomer(page.request)
    const order = await placeOrder(page.request, customer.token)
    const after = await report(page.request, token, `${thisMonth}&group=channel`)
    expect(after.totals.orders).toBe(before.totals.orders + 1)
    expect(paisa(after.totals.booked) - paisa(before.totals.booked)).toBe(paisa(order.total_price))
    const web = (answer: SalesReport) => answer.rows.find((row) => row.key === 'web')?.orders ?? 0
    expect(web(after)).toBe(web(before) + 1)

    // The dashboard's card reads the same report.
    await page.goto('/adminuser/dashboard')
    const card = page.locator('.card', {
      has: page.getByRole('heading', { name: 'Sales by channel this month' }),
    })
    await expect(card.getByText('Web shop')).toBeVisible()
  })
})
