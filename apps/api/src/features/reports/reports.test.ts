import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPayment, one, orderValues } from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { categories, orderItems, orders, products } from '../../db/schema'
import { guardCell } from '../../lib/csv'
import { salesReportCsv } from './csv'

/*
 * A fortnight in Pakistan (UTC+5), 2026-10-26 (a Monday) to 2026-11-08, with orders placed on both
 * sides of its midnights: what each group must answer is worked out by hand below.
 */
const RANGE = 'from=2026-10-26&to=2026-11-08'

let context: TestContext
let owner: TestUser
let customer: TestUser

type Line = { product: { id: number; name: string; price: string }; quantity: number }

async function placeOrder(
  at: string,
  lines: Line[],
  values: Partial<typeof orders.$inferInsert> = {},
): Promise<number> {
  const { db } = context.database
  const subtotal = lines.reduce((sum, line) => sum + Number(line.product.price) * line.quantity, 0)
  const deliveryFee = Number(values.deliveryFee ?? 0)
  const order = one(
    await db
      .insert(orders)
      .values({
        ...orderValues(customer.id, (subtotal + deliveryFee).toFixed(2)),
        subtotal: subtotal.toFixed(2),
        ...values,
        createdAt: new Date(at),
      })
      .returning({ id: orders.id }),
  )
  await db.insert(orderItems).values(
    lines.map(({ product, quantity }) => ({
      orderId: order.id,
      productId: product.id,
      productName: product.name,
      price: product.price,
      quantity,
      stockTaken: quantity,
    })),
  )
  return order.id
}

beforeAll(async () => {
  context = await createTestApp()
  owner = await createTestUser(context, { staff: true })
  customer = await createTestUser(context)
  const { db } = context.database
  const [sofas, chairs] = await db
    .insert(categories)
    .values([
      { name: 'Sofas', nameUr: 'صوفے' },
      { name: 'Chairs', nameUr: 'کرسیاں' },
    ])
    .returning({ id: categories.id })
  const product = async (name: string, nameUr: string, price: string, categoryId: number) =>
    one(
      await db
        .insert(products)
        .values({ name, nameUr, description: 'For the report.', price, stock: 10, categoryId })
        .returning({ id: products.id, name: products.name, price: products.price }),
    )
  const sofa = await product('Sofa', 'صوفہ', '100000.00', sofas?.id ?? 0)
  const chair = await product('Chair', '', '20000.00', chairs?.id ?? 0)
  const stool = await product('Stool', '', '20000.00', chairs?.id ?? 0)

  // 23:30 on 31 October in Pakistan: the 31st, week 44, October.
  const late = await placeOrder('2026-10-31T18:30:00Z', [
    { product: sofa, quantity: 1 },
    { product: chair, quantity: 1 },
    { product: stool, quantity: 1 },
  ])
  // 00:30 on 1 November (a Sunday): still week 44, but November.
  const afterMidnight = await placeOrder('2026-10-31T19:30:00Z', [{ product: chair, quantity: 1 }], {
    city: 'Karachi',
    channel: 'phone',
    paymentMethod: 'cod',
    deliveryFee: '1500.00',
  })
  await insertPayment(db, afterMidnight, { status: 'pending' })
  // Cancelled: no sale.
  await placeOrder('2026-11-02T05:00:00Z', [{ product: sofa, quantity: 1 }], { status: 'Cancelled' })
  // 23:59 on 25 October, the day before the range: its payment, made in the range, counts.
  const before = await placeOrder('2026-10-25T18:59:00Z', [{ product: chair, quantity: 1 }], {
    paymentMethod: 'cod',
  })
  await insertPayment(db, before, { method: 'cod', checkedAt: new Date('2026-10-27T12:00:00Z') })
  // The range's last minute, and the first minute after it.
  const last = await placeOrder('2026-11-08T18:59:59Z', [{ product: sofa, quantity: 1 }], {
    channel: 'showroom',
    paymentMethod: 'cod',
  })
  await insertPayment(db, last, { method: 'cod', checkedAt: new Date('2026-11-08T19:30:00Z') })
  await placeOrder('2026-11-08T19:00:00Z', [{ product: sofa, quantity: 1 }])

  // Paid on 3 November, 14,000 refunded in cash on the 4th; a rejected payment counts for nothing.
  await insertPayment(db, late, { checkedAt: new Date('2026-11-03T10:00:00Z') })
  await insertPayment(db, late, {
    kind: 'refund',
    method: 'cash',
    amount: '14000.00',
    checkedAt: new Date('2026-11-04T06:00:00Z'),
  })
  await insertPayment(db, late, { status: 'rejected', amount: '5000.00' })
})
afterAll(() => context.close())

const report = (query: string, user: TestUser | null = owner) =>
  call(context.app, {
    method: 'GET',
    url: `/api/admin/reports/sales/?${query}`,
    ...(user && { headers: user.headers }),
  })

const row = (key: string, orders: number, units: number, booked: string, received: string) => ({
  key,
  orders,
  units,
  booked,
  received,
})

/** Money and units of the totals are the rows' sums. */
function expectTotalsToAdd(body: {
  rows: ReturnType<typeof row>[]
  totals: Omit<ReturnType<typeof row>, 'key'>
}) {
  const sum = (pick: (r: ReturnType<typeof row>) => number) => body.rows.reduce((all, r) => all + pick(r), 0)
  expect(sum((r) => r.units)).toBe(body.totals.units)
  expect(sum((r) => Number(r.booked)).toFixed(2)).toBe(body.totals.booked)
  expect(sum((r) => Number(r.received)).toFixed(2)).toBe(body.totals.received)
}

const ALL = { orders: 3, units: 5, booked: '261500.00', received: '146000.00' }

describe('GET /api/admin/reports/sales/', () => {
  it('gives each day of the range its row, by the day in Pakistan, cancelled orders left out', async () => {
    const answer = await report(`${RANGE}&group=day`)
    expect(answer.status).toBe(200)
    const { rows, totals } = answer.body
    expect(rows).toHaveLength(14)
    expect(rows[0]).toEqual(row('2026-10-26', 0, 0, '0.00', '0.00'))
    expect(
      rows.filter((r: { orders: number; received: string }) => r.orders > 0 || r.received !== '0.00'),
    ).toEqual([
      row('2026-10-27', 0, 0, '0.00', '20000.00'),
      row('2026-10-31', 1, 3, '140000.00', '0.00'),
      row('2026-11-01', 1, 1, '21500.00', '0.00'),
      row('2026-11-03', 0, 0, '0.00', '140000.00'),
      row('2026-11-04', 0, 0, '0.00', '-14000.00'),
      row('2026-11-08', 1, 1, '100000.00', '0.00'),
    ])
    expect(totals).toEqual(ALL)
    expectTotalsToAdd(answer.body)
  })

  it('groups by ISO week (from Monday) and by month', async () => {
    const weeks = await report(`${RANGE}&group=week`)
    expect(weeks.body).toEqual({
      rows: [row('2026-W44', 2, 4, '161500.00', '20000.00'), row('2026-W45', 1, 1, '100000.00', '126000.00')],
      totals: ALL,
    })
    const months = await report(`${RANGE}&group=month`)
    expect(months.body).toEqual({
      rows: [row('2026-10', 1, 3, '140000.00', '20000.00'), row('2026-11', 2, 2, '121500.00', '126000.00')],
      totals: ALL,
    })
    // A week or month only partly in the range still has its row.
    const quiet = await report('from=2026-12-02&to=2027-01-05&group=week')
    expect(quiet.body.rows.map((r: { key: string }) => r.key)).toEqual([
      '2026-W49',
      '2026-W50',
      '2026-W51',
      '2026-W52',
      '2026-W53',
      '2027-W01',
    ])
  })

  it('groups by product and category: the lines, an order once per key, payments shared by line value', async () => {
    const byProduct = await report(`${RANGE}&group=product`)
    expect(byProduct.body).toEqual({
      rows: [
        row('Sofa', 2, 2, '200000.00', '90000.00'),
        row('Chair', 2, 2, '40000.00', '38000.00'),
        row('Stool', 1, 1, '20000.00', '18000.00'),
      ],
      totals: { orders: 3, units: 5, booked: '260000.00', received: '146000.00' },
    })
    expectTotalsToAdd(byProduct.body)
    const byCategory = await report(`${RANGE}&group=category`)
    expect(byCategory.body.rows).toEqual([
      row('Sofas', 2, 2, '200000.00', '90000.00'),
      row('Chairs', 2, 3, '60000.00', '56000.00'),
    ])
    // Names in the reader's language.
    const inUrdu = await report(`${RANGE}&group=category&lang=ur`)
    expect(inUrdu.body.rows.map((r: { key: string }) => r.key)).toEqual(['صوفے', 'کرسیاں'])
  })

  it("groups by city and channel (the order's) and by payment method (the order's, the entry's for money in)", async () => {
    expect((await report(`${RANGE}&group=city`)).body.rows).toEqual([
      row('Lahore', 2, 4, '240000.00', '146000.00'),
      row('Karachi', 1, 1, '21500.00', '0.00'),
    ])
    expect((await report(`${RANGE}&group=channel`)).body.rows).toEqual([
      row('web', 1, 3, '140000.00', '146000.00'),
      row('showroom', 1, 1, '100000.00', '0.00'),
      row('phone', 1, 1, '21500.00', '0.00'),
    ])
    const byMethod = await report(`${RANGE}&group=payment_method`)
    expect(byMethod.body).toEqual({
      rows: [
        row('bank_transfer', 1, 3, '140000.00', '140000.00'),
        row('cod', 2, 2, '121500.00', '20000.00'),
        row('cash', 0, 0, '0.00', '-14000.00'),
      ],
      totals: ALL,
    })
  })

  it('answers an empty range with empty periods and zero totals', async () => {
    const answer = await report('from=2025-01-01&to=2025-01-03&group=day')
    expect(answer.body.rows.map((r: { orders: number }) => r.orders)).toEqual([0, 0, 0])
    expect(answer.body.totals).toEqual({ orders: 0, units: 0, booked: '0.00', received: '0.00' })
    expect((await report('from=2025-01-01&to=2025-01-03&group=city')).body.rows).toEqual([])
  })

  it('refuses a range it cannot read, with a sentence', async () => {
    const refusals: [string, string, string][] = [
      ['from=2026-11-08&to=2026-11-01', 'to', 'The last day cannot come before the first day.'],
      ['from=2026-02-30&to=2026-03-01', 'from', 'That day is not on the calendar.'],
      ['from=1%2F11%2F2026&to=2026-11-08', 'from', 'Give a day as YYYY-MM-DD.'],
      ['to=2026-11-08', 'from', 'Give the first day of the report as YYYY-MM-DD.'],
      ['from=2024-01-01&to=2026-01-01', 'to', 'A report covers at most two years.'],
      [
        `${RANGE}&group=year`,
        'group',
        'Choose day, week, month, product, category, city, channel or payment method.',
      ],
    ]
    for (const [query, field, sentence] of refusals) {
      const answer = await report(query)
      expect(answer.status, query).toBe(400)
      expect(answer.body.errors?.[field], query).toEqual([sentence])
    }
    // Two years exactly is fine.
    expect((await report('from=2024-11-09&to=2026-11-08&group=month')).status).toBe(200)
  })

  it('is for staff with the sales permission only', async () => {
    expect((await report(RANGE, null)).status).toBe(401)
    expect((await report(RANGE, customer)).status).toBe(403)
    const clerk = await createTestUser(context, { role: 'orders' })
    expect((await report(RANGE, clerk)).status).toBe(403)
    const manager = await createTestUser(context, { role: 'manager' })
    expect((await report(RANGE, manager)).status).toBe(200)
  })
})

describe('GET /api/admin/reports/sales/csv/', () => {
  it('downloads the same rows as the report, UTF-8 with a BOM', async () => {
    const query = `${RANGE}&group=category&lang=ur`
    const json = (await report(query)).body
    const answer = await context.app.inject({
      method: 'GET',
      url: `/api/admin/reports/sales/csv/?${query}`,
      headers: owner.headers,
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="sales-by-category-2026-10-26-to-2026-11-08.csv"',
    )
    expect([...answer.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = answer.rawPayload.subarray(3).toString('utf8').trim().split('\n')
    expect(lines).toEqual([
      'category,orders,units,booked,received',
      ...json.rows.map((r: ReturnType<typeof row>) =>
        [r.key, r.orders, r.units, r.booked, r.received].join(','),
      ),
    ])
    expect(lines[1]).toBe('صوفے,2,2,200000.00,90000.00')
  })

  it('refuses the same bad input and the same people', async () => {
    const csv = (query: string, user: TestUser) =>
      call(context.app, {
        method: 'GET',
        url: `/api/admin/reports/sales/csv/?${query}`,
        headers: user.headers,
      })
    expect((await csv('from=2026-11-08&to=2026-11-01', owner)).status).toBe(400)
    expect((await csv(RANGE, customer)).status).toBe(403)
  })

  it('writes a formula-looking name as text, and money as numbers', () => {
    expect(['=SUM(A1)', '+92', '-x', '@cmd', '\tx', 'Lahore', '-500.00'].map(guardCell)).toEqual([
      "'=SUM(A1)",
      "'+92",
      "'-x",
      "'@cmd",
      "'\tx",
      'Lahore',
      '-500.00',
    ])
    const csv = salesReportCsv(
      {
        rows: [row('=HYPERLINK("http://x")', 1, 1, '10.00', '-5.00')],
        totals: { orders: 1, units: 1, booked: '10.00', received: '-5.00' },
      },
      { from: '2026-11-01', to: '2026-11-01', group: 'city' },
    )
    expect(csv).toBe(
      '\ufeffcity,orders,units,booked,received\n"\'=HYPERLINK(""http://x"")",1,1,10.00,-5.00\n',
    )
  })
})
