import { type DeliverySettingsBody, type Order, paths, type Quote } from '@store/contract'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeOnPostgres } from '../../../test/database-kind'
import { CHECKOUT, insertZone } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { multipartBody } from '../../../test/multipart'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import {
  assemblyFees,
  auditLog,
  deliverySettings,
  notifications,
  orderPayments,
  orders,
} from '../../db/schema'
import { addDays, todayInPakistan, vanDays } from './days'

/** docs/api.md "Delivery days and dispatch": the vans' days, the services, runs, drivers and their cash. */
let context: TestContext
let owner: TestUser
let clerk: TestUser
let driver: TestUser
let otherDriver: TestUser
let today: string
beforeAll(async () => {
  context = await createTestApp()
  owner = await createTestUser(context, { staff: true })
  clerk = await createTestUser(context, { role: 'orders' })
  driver = await createTestUser(context, { role: 'delivery', firstName: 'Imran' })
  otherDriver = await createTestUser(context, { role: 'delivery', firstName: 'Bilal' })
  // Lahore's vans come two days after the order.
  await insertZone(context.database.db, { etaMinDays: 2, etaMaxDays: 4 })
  today = await todayInPakistan(context.database.db)
})
afterAll(() => context.close())

const isSunday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0

/** A shopper with `quantity` of a product in the cart. */
async function shopperWith(productId: number, quantity = 1) {
  const shopper = await createTestUser(context)
  const added = await callRoute(context.app, paths.cart.addToCart, {
    body: { product_id: productId, quantity },
    user: shopper,
  })
  expect(added.status).toBe(200)
  return shopper
}

const quote = (shopper: TestUser, extra: Record<string, unknown> = {}) =>
  callRoute(context.app, paths.orders.quoteOrder, {
    body: { city: 'Lahore', payment_method: 'cod', ...extra },
    user: shopper,
  })

async function placeOrder(shopper: TestUser, extra: Record<string, unknown> = {}): Promise<Order> {
  const placed = await callRoute(context.app, paths.orders.placeOrder, {
    body: { ...CHECKOUT, ...extra },
    user: shopper,
  })
  expect(placed.status).toBe(201)
  return placed.body as Order
}

/** An order of one piece at `price`, cash on delivery, due on the earliest day. */
async function dueOrder(price = '60000.00') {
  const product = await insertProduct(context.database.db, { price, stock: 50 })
  return placeOrder(await shopperWith(product.id))
}

const setSettings = (body: DeliverySettingsBody, user: TestUser = owner) =>
  callRoute(context.app, paths.dispatch.updateDeliverySettings, { body, user })

const board = async (date: string) => {
  const answer = await callRoute(context.app, paths.dispatch.dispatchDay, { query: { date }, user: clerk })
  expect(answer.status).toBe(200)
  return answer.body
}

const createRun = (orderIds: number[], date: string, driverId = driver.id, user: TestUser = clerk) =>
  callRoute(context.app, paths.dispatch.createRun, {
    body: { date, vehicle: 'Van LEA-1234', driver_id: driverId, order_ids: orderIds },
    user,
  })

const delivered = (orderId: number, cash: string, user: TestUser = driver) =>
  callRoute(context.app, paths.dispatch.markDelivered, {
    params: { id: orderId },
    body: { cash_collected: cash, note: 'Signed by Mrs Khan' },
    user,
  })

describe('the days the vans come', () => {
  it('skip Sundays and holidays, from the first day on', () => {
    // 2026-11-28 is a Saturday; 2026-12-01 a holiday.
    expect(vanDays('2026-11-28', ['2026-12-01'], 4)).toEqual([
      '2026-11-28',
      '2026-11-30',
      '2026-12-02',
      '2026-12-03',
    ])
    expect(vanDays('2026-11-29', [], 1)).toEqual(['2026-11-30'])
  })

  it('start at the later of the zone’s days and the longest lead time, and leave out the store’s holidays', async () => {
    const quick = await insertProduct(context.database.db, { price: '20000.00' })
    const zoneOnly = (await quote(await shopperWith(quick.id))).body as Quote
    const earliest = addDays(today, 2)
    expect((zoneOnly.delivery_dates[0] ?? '') >= earliest).toBe(true)
    expect(zoneOnly.delivery_dates.every((date) => !isSunday(date) && date >= earliest)).toBe(true)
    expect(zoneOnly.delivery_date).toBe(zoneOnly.delivery_dates[0])

    const madeToOrder = await insertProduct(context.database.db, {
      price: '90000.00',
      stock: 0,
      leadTimeDays: 10,
    })
    const shopper = await shopperWith(quick.id)
    await callRoute(context.app, paths.cart.addToCart, {
      body: { product_id: madeToOrder.id, quantity: 1 },
      user: shopper,
    })
    const slow = (await quote(shopper)).body as Quote
    expect((slow.delivery_dates[0] ?? '') >= addDays(today, 10)).toBe(true)

    const holiday = slow.delivery_dates[1] as string
    expect((await setSettings({ holidays: [holiday], floor_fee: '0' })).status).toBe(200)
    const withHoliday = (await quote(shopper)).body as Quote
    expect(withHoliday.delivery_dates).not.toContain(holiday)
    expect(withHoliday.delivery_dates[0]).toBe(slow.delivery_dates[0])

    const refused = await quote(shopper, { delivery_date: holiday })
    expect(refused.status).toBe(400)
    expect(refused.body.detail).toBe(`We cannot deliver on ${holiday}; choose one of the days offered.`)
    const tooSoon = await quote(shopper, { delivery_date: today })
    expect(tooSoon.status).toBe(400)
    await setSettings({ holidays: [], floor_fee: '0' })
  })
})

describe('floors and assembly', () => {
  it('are priced by the settings, kept on the order, and in its total', async () => {
    const bed = await insertProduct(context.database.db, { price: '80000.00', stock: 20 })
    const settings = await setSettings({
      holidays: [],
      floor_fee: '750',
      assembly_fees: [{ category_id: bed.categoryId, fee: '2500' }],
    })
    expect(settings.status).toBe(200)
    expect(settings.body.floor_fee).toBe('750.00')
    expect(settings.body.assembly_fees).toEqual([
      { category_id: bed.categoryId, category: 'Test furniture', fee: '2500.00' },
    ])
    const shopper = await shopperWith(bed.id, 2)
    const plain = (await quote(shopper)).body as Quote
    expect(plain.services).toEqual([])

    const asked = { floor: 3, lift: false, assembly: true }
    const priced = (await quote(shopper, asked)).body as Quote
    expect(priced.services).toEqual([
      { code: 'assembly', fee: '5000.00' },
      { code: 'floor', fee: '2250.00' },
    ])
    expect(Number(priced.total_price) - Number(plain.total_price)).toBe(7250)
    const withLift = (await quote(shopper, { ...asked, lift: true })).body as Quote
    expect(withLift.services).toEqual([{ code: 'assembly', fee: '5000.00' }])

    const day = priced.delivery_dates[2] as string
    const order = await placeOrder(shopper, { ...asked, delivery_date: day })
    expect(order).toMatchObject({
      delivery_date: day,
      floor: 3,
      lift: false,
      assembly: true,
      services: priced.services,
      total_price: priced.total_price,
    })
    // Fees changed later leave the order as it was priced.
    await setSettings({ holidays: [], floor_fee: '0' })
    const again = await callRoute(context.app, paths.orders.getOrder, {
      params: { id: order.id },
      user: owner,
    })
    expect(again.body.services).toEqual(priced.services)
    expect(await context.database.db.select().from(assemblyFees)).toEqual([])
  })

  it('are set by staff with the settings permission, audited, and refused with a sentence when wrong', async () => {
    expect((await setSettings({ floor_fee: '100' }, clerk)).status).toBe(403)
    const unknown = await setSettings({
      floor_fee: '100',
      assembly_fees: [{ category_id: 999999, fee: '5' }],
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.detail).toBe('There is no category 999999.')
    const badDate = await setSettings({ floor_fee: '100', holidays: ['2026-02-30'] })
    expect(badDate.status).toBe(400)
    expect(badDate.body.errors).toEqual({ 'holidays.0': ['Enter a date as YYYY-MM-DD.'] })
    const [row] = await context.database.db.select().from(deliverySettings)
    expect(row?.floorFee).toBe('0.00')
    const audits = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'delivery_settings.update'))
    expect(audits.length).toBeGreaterThan(0)
  })
})

describe('the dispatch board and runs', () => {
  it('lists a day’s orders on no run first, and a run takes them in the order given', async () => {
    const first = await dueOrder()
    const second = await dueOrder()
    const day = first.delivery_date as string
    expect(second.delivery_date).toBe(day)
    const before = await board(day)
    expect(before.unplanned.map((order) => order.id)).toEqual(expect.arrayContaining([first.id, second.id]))
    expect(before.drivers.map((person: { id: number }) => person.id)).toEqual(
      expect.arrayContaining([driver.id, otherDriver.id]),
    )

    const run = await createRun([second.id, first.id], day)
    expect(run.status).toBe(201)
    expect(run.body.driver).toMatchObject({ id: driver.id, first_name: 'Imran' })
    expect(
      run.body.stops.map((stop: { order: { id: number }; position: number }) => [
        stop.order.id,
        stop.position,
      ]),
    ).toEqual([
      [second.id, 1],
      [first.id, 2],
    ])
    const after = await board(day)
    expect(after.unplanned.map((order) => order.id)).not.toContain(first.id)
    expect(after.runs.map((each: { id: number }) => each.id)).toContain(run.body.id)

    const twice = await createRun([first.id], day, otherDriver.id)
    expect(twice.status).toBe(409)
    expect(twice.body.detail).toBe(`Order #${first.id} is on a run already.`)
    const notADriver = await createRun([first.id], day, clerk.id)
    expect(notADriver.status).toBe(400)
    expect(notADriver.body.detail).toBe('Choose a driver: someone who can drive runs.')

    const apart = await callRoute(context.app, paths.dispatch.deleteRun, {
      params: { id: run.body.id },
      user: clerk,
    })
    expect(apart.status).toBe(204)
    expect((await board(day)).unplanned.map((order) => order.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    )
  })

  it('moves an order to another day when staff say so: off its run, in its history, and the customer is told', async () => {
    const order = await dueOrder()
    const run = await createRun([order.id], order.delivery_date as string)
    expect(run.status).toBe(201)
    const later = addDays(order.delivery_date as string, 3)
    const moved = await callRoute(context.app, paths.orders.updateOrder, {
      params: { id: order.id },
      body: { delivery_date: later },
      user: clerk,
    })
    expect(moved.status).toBe(200)
    expect(moved.body.delivery_date).toBe(later)
    expect(moved.body.history.at(-1)?.note).toBe(`Delivery day moved to ${later}.`)
    expect((await board(later)).unplanned.map((each) => each.id)).toContain(order.id)
    const told = await context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.event, 'delivery_moved'))
    expect(told.some((row) => JSON.stringify(row).includes(`#${order.id}`))).toBe(true)
    const past = await callRoute(context.app, paths.orders.updateOrder, {
      params: { id: order.id },
      body: { delivery_date: addDays(today, -1) },
      user: clerk,
    })
    expect(past.status).toBe(400)
    expect(past.body.detail).toBe('A delivery day cannot be in the past.')
  })
})

describe('keeping the board whole', () => {
  it('moves an order due on another day to its run’s day, telling the customer, and plans no run for a day gone', async () => {
    const order = await dueOrder()
    const later = addDays(order.delivery_date as string, 1)
    const run = await createRun([order.id], later)
    expect(run.status).toBe(201)
    const moved = (
      await callRoute(context.app, paths.orders.getOrder, { params: { id: order.id }, user: owner })
    ).body as Order
    expect(moved.delivery_date).toBe(later)
    expect(moved.history.at(-1)?.note).toBe(`Delivery day moved to ${later}.`)
    const gone = await createRun([(await dueOrder()).id], addDays(today, -1))
    expect(gone.status).toBe(400)
    expect(gone.body.detail).toBe('A delivery day cannot be in the past.')
  })

  it('shows today the orders whose day passed without a delivery', async () => {
    const order = await dueOrder()
    await context.database.db
      .update(orders)
      .set({ deliveryDate: addDays(today, -3) })
      .where(eq(orders.id, order.id))
    expect((await board(today)).unplanned.map((each) => each.id)).toContain(order.id)
    expect((await board(addDays(today, 1))).unplanned.map((each) => each.id)).not.toContain(order.id)
  })

  it('takes an order delivered by hand off its run, and a run left with no stop goes', async () => {
    const order = await dueOrder()
    const day = order.delivery_date as string
    const run = await createRun([order.id], day)
    const delivered = await callRoute(context.app, paths.orders.updateOrder, {
      params: { id: order.id },
      body: { status: 'Delivered', override: true, note: 'Collected from the showroom.' },
      user: owner,
    })
    expect(delivered.status).toBe(200)
    expect((await board(day)).runs.map((each) => each.id)).not.toContain(run.body.id)
    const late = await callRoute(context.app, paths.dispatch.markDelivered, {
      params: { id: order.id },
      body: { cash_collected: '0' },
      user: driver,
    })
    expect(late.status).toBe(404)
  })
})

describe('the driver', () => {
  it('sees only their runs today, and marks a stop delivered: the cash is a confirmed payment, the order Delivered', async () => {
    const order = await dueOrder('60000.00')
    expect((await createRun([order.id], today)).status).toBe(201)
    const mine = await callRoute(context.app, paths.dispatch.myRuns, { user: driver })
    expect(mine.status).toBe(200)
    expect(
      mine.body.flatMap((run: { stops: { order: { id: number } }[] }) =>
        run.stops.map((stop) => stop.order.id),
      ),
    ).toContain(order.id)
    const theirs = await callRoute(context.app, paths.dispatch.myRuns, { user: otherDriver })
    expect(
      theirs.body.flatMap((run: { stops: { order: { id: number } }[] }) =>
        run.stops.map((stop) => stop.order.id),
      ),
    ).not.toContain(order.id)

    const notTheirs = await delivered(order.id, '50000', otherDriver)
    expect(notTheirs.status).toBe(404)
    expect(notTheirs.body.detail).toBe('No stop of yours is planned for this order.')
    expect((await delivered(order.id, '50000', clerk)).status).toBe(403)

    const done = await delivered(order.id, '50000')
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      status: 'delivered',
      cash_collected: '50000.00',
      note: 'Signed by Mrs Khan',
    })
    const after = (
      await callRoute(context.app, paths.orders.getOrder, { params: { id: order.id }, user: owner })
    ).body as Order
    expect(after.status).toBe('Delivered')
    expect(after.history.at(-1)?.by).toEqual({ id: driver.id, first_name: 'Imran' })
    expect(after.payments).toMatchObject([
      {
        kind: 'payment',
        method: 'cod',
        amount: '50000.00',
        status: 'confirmed',
        recorded_by: { id: driver.id },
      },
    ])
    expect(after.amount_paid).toBe('50000.00')
    const again = await delivered(order.id, '50000')
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('This stop is done already.')
  })

  it('keeps the signed challan’s photo for staff, and refuses what is not a photo', async () => {
    const order = await dueOrder()
    await createRun([order.id], today)
    const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer()
    const send = async (bytes: Buffer, type: string) => {
      const form = multipartBody(
        { cash_collected: '0', note: '' },
        [{ name: 'challan.jpg', type, bytes }],
        'photo',
      )
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/dispatch/orders/${order.id}/delivered/`,
        headers: { ...form.headers, ...driver.headers },
        payload: form.payload,
      })
      return { status: response.statusCode, body: response.json() }
    }
    const refused = await send(Buffer.from('not an image'), 'image/jpeg')
    expect(refused.status).toBe(415)
    expect(refused.body.detail).toBe('Send the challan as a photo (JPEG, PNG, WebP, GIF or AVIF).')
    const sent = await send(photo, 'image/jpeg')
    expect(sent.status).toBe(200)
    expect(sent.body.photo_url).toBe(`/api/admin/dispatch/stops/${sent.body.id}/photo/`)
    const fetched = await context.app.inject({
      method: 'GET',
      url: sent.body.photo_url,
      headers: clerk.headers,
    })
    expect(fetched.statusCode).toBe(200)
    expect(fetched.headers['content-type']).toBe('image/webp')
    expect(
      (await context.app.inject({ method: 'GET', url: sent.body.photo_url, headers: driver.headers }))
        .statusCode,
    ).toBe(403)
    // Nothing collected: no payment, and the order Delivered all the same.
    expect(
      await context.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)),
    ).toEqual([])
  })

  it('sends a failed stop back to the board with its reason', async () => {
    const order = await dueOrder()
    await createRun([order.id], order.delivery_date as string)
    const failed = await callRoute(context.app, paths.dispatch.markFailed, {
      params: { id: order.id },
      body: { reason: 'Nobody home; phone off.' },
      user: driver,
    })
    expect(failed.status).toBe(200)
    expect(failed.body).toMatchObject({ status: 'failed', failed_reason: 'Nobody home; phone off.' })
    const day = await board(order.delivery_date as string)
    expect(day.unplanned.map((each) => each.id)).toContain(order.id)
    const told = await context.database.db
      .select({ subject: notifications.subject })
      .from(notifications)
      .where(eq(notifications.event, 'delivery_failed'))
    expect(told.map((row) => row.subject)).toContain(
      `Comfort Living: we could not deliver order #${order.id}`,
    )
    const [row] = await context.database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row?.status).toBe('Pending')
    expect((await createRun([order.id], order.delivery_date as string)).status).toBe(201)
  })
})

describe('cash with the drivers', () => {
  it('is what they collected less what they handed in; a hand-in cannot take more than they hold', async () => {
    const cashier = await createTestUser(context, { role: 'delivery', firstName: 'Kashif' })
    const order = await dueOrder('45000.00')
    await createRun([order.id], today, cashier.id)
    expect((await delivered(order.id, String(Number(order.total_price)), cashier)).status).toBe(200)
    const report = async () =>
      (
        await callRoute(context.app, paths.dispatch.cashReport, {
          query: { driver: cashier.id },
          user: clerk,
        })
      ).body
    const held = await report()
    expect(held.drivers).toMatchObject([
      {
        driver: { id: cashier.id },
        collected: order.total_price,
        handed_in: '0.00',
        outstanding: order.total_price,
      },
    ])
    expect(held.collections).toMatchObject([{ order_id: order.id, amount: order.total_price }])

    const tooMuch = await callRoute(context.app, paths.dispatch.recordHandIn, {
      body: { driver_id: cashier.id, amount: '999999' },
      user: clerk,
    })
    expect(tooMuch.status).toBe(409)
    const handIn = await callRoute(context.app, paths.dispatch.recordHandIn, {
      body: { driver_id: cashier.id, amount: order.total_price, note: 'Counted twice' },
      user: clerk,
    })
    expect(handIn.status).toBe(201)
    expect(handIn.body).toMatchObject({
      driver: { id: cashier.id },
      amount: order.total_price,
      received_by: { id: clerk.id },
    })
    expect((await report()).drivers[0]?.outstanding).toBe('0.00')
    const summary = await callRoute(context.app, paths.analytics.salesSummary, { user: owner })
    expect(summary.body.cash_with_drivers.amount).not.toContain('-')
  })
})

describeOnPostgres('two marks at once (PostgreSQL)', () => {
  it('count a delivered stop once: one answer 200, the other 409, one payment', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await dueOrder('30000.00')
      await createRun([order.id], today)
      const answers = await Promise.all([delivered(order.id, '30000'), delivered(order.id, '30000')])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      const payments = await context.database.db
        .select()
        .from(orderPayments)
        .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.kind, 'payment')))
      expect(payments).toHaveLength(1)
    }
  })
})
