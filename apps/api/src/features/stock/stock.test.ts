import { type AdjustmentBody, paths } from '@store/contract'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeOnPostgres } from '../../../test/database-kind'
import { CHECKOUT, insertZone } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { queryRows } from '../../db/client'
import {
  auditLog,
  locations,
  notifications,
  orderStockTakes,
  products,
  stockMovements,
} from '../../db/schema'

/** docs/api.md "Stock you can trust": locations, the movement ledger, alerts. */
let context: TestContext
let keeper: TestUser
beforeAll(async () => {
  context = await createTestApp()
  keeper = await createTestUser(context, { role: 'catalogue' })
  await insertZone(context.database.db)
  await insertZone(context.database.db, { city: 'Karachi' })
})
afterAll(() => context.close())

const mainStore = async () =>
  (await context.database.db.select().from(locations).orderBy(locations.id).limit(1))[0]?.id ?? 0

let counter = 0
async function addLocation(city = 'Lahore', kind: 'showroom' | 'warehouse' | 'workshop' = 'showroom') {
  const answer = await callRoute(context.app, paths.stock.createLocation, {
    body: { name: `Floor ${++counter}`, kind, city },
    user: keeper,
  })
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

const adjust = (body: AdjustmentBody, user: TestUser = keeper) =>
  callRoute(context.app, paths.stock.adjustStock, { body, user })
const transfer = (productId: number, from: number, to: number, quantity: number) =>
  callRoute(context.app, paths.stock.transferStock, {
    body: { product_id: productId, from, to, quantity },
    user: keeper,
  })
const levels = async (productId: number) =>
  (await callRoute(context.app, paths.stock.getStockLevels, { params: { id: productId }, user: keeper })).body

/** Every location's stock equals the sum of its movements, and every product's stock the sum of its locations. */
async function ledgerHolds() {
  const { db } = context.database
  const drift = await queryRows(
    db,
    sql`select l.product_id, l.location_id, l.quantity, coalesce(sum(m.delta), 0)::int as moved
      from stock_levels l left join stock_movements m on m.product_id = l.product_id and m.location_id = l.location_id
      group by l.product_id, l.location_id, l.quantity having l.quantity <> coalesce(sum(m.delta), 0)`,
  )
  const totals = await queryRows(
    db,
    sql`select p.id, p.stock, coalesce((select sum(quantity) from stock_levels where product_id = p.id), 0)::int as held
      from products p where p.stock <> coalesce((select sum(quantity) from stock_levels where product_id = p.id), 0)`,
  )
  const negative = await queryRows(db, sql`select * from stock_levels where quantity < 0`)
  expect({ drift, totals, negative }).toEqual({ drift: [], totals: [], negative: [] })
}

/** A shopper orders `quantity` of a product to a city. */
async function order(productId: number, quantity: number, city = 'Lahore') {
  const customer = await createTestUser(context)
  await callRoute(context.app, paths.cart.addToCart, {
    body: { product_id: productId, quantity },
    user: customer,
  })
  const placed = await callRoute(context.app, paths.orders.placeOrder, {
    body: { ...CHECKOUT, city, payment_method: 'cod' },
    user: customer,
  })
  return { customer, placed }
}

describe('the opening stock and the product form', () => {
  it('keeps a new product’s stock at the first location, and a stock set on the form as a count there', async () => {
    const main = await mainStore()
    const product = await insertProduct(context.database.db, { stock: 7 })
    expect(await levels(product.id)).toMatchObject({
      stock: 7,
      by_location: [{ location_id: main, quantity: 7 }],
    })
    await context.database.db.update(products).set({ stock: 4 }).where(eq(products.id, product.id))
    const history = await callRoute(context.app, paths.stock.listMovements, {
      query: { product: product.id },
      user: keeper,
    })
    expect(
      history.body.results.map((row: { reason: string; delta: number }) => [row.reason, row.delta]),
    ).toEqual([
      ['count', -3],
      ['opening', 7],
    ])
    await ledgerHolds()
  })
})

describe('adjustments, counts and transfers', () => {
  it('moves stock between locations, counts one, and shows who, why and the difference in the history', async () => {
    const main = await mainStore()
    const showroom = await addLocation()
    const chair = await insertProduct(context.database.db, { stock: 10 })
    const moved = await transfer(chair.id, main, showroom, 2)
    expect(moved.status).toBe(201)
    expect(moved.body.by_location).toEqual([
      { location_id: main, name: 'Main store', quantity: 8 },
      { location_id: showroom, name: expect.any(String), quantity: 2 },
    ])
    const counted = await adjust({
      product_id: chair.id,
      location_id: main,
      reason: 'count',
      count: 6,
      note: 'Stocktake',
    })
    expect(counted.body).toMatchObject({ stock: 8 })
    const history = await callRoute(context.app, paths.stock.listMovements, {
      query: { product: chair.id },
      user: keeper,
    })
    expect(history.body.results[0]).toMatchObject({
      reason: 'count',
      delta: -2,
      note: 'Stocktake',
      location_name: 'Main store',
      actor: { id: keeper.id },
    })
    const halves = history.body.results.filter((row: { reason: string }) => row.reason === 'transfer')
    expect(halves.map((row: { delta: number }) => row.delta).sort()).toEqual([-2, 2])
    expect(new Set(halves.map((row: { reference: unknown }) => JSON.stringify(row.reference))).size).toBe(1)
    const [audit] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock.adjust'), eq(auditLog.actorId, keeper.id)))
    expect(audit?.after).toMatchObject({ quantity: 6, reason: 'count' })
    await ledgerHolds()
  })

  it('refuses to take a location below 0, names the product, and changes nothing', async () => {
    const main = await mainStore()
    const showroom = await addLocation()
    const lamp = await insertProduct(context.database.db, { name: 'Brass Lamp', stock: 3 })
    const over = await transfer(lamp.id, showroom, main, 1)
    expect([over.status, over.body.detail]).toEqual([409, `Only 0 of "Brass Lamp" are at Floor ${counter}.`])
    const writeOff = await adjust({ product_id: lamp.id, location_id: main, reason: 'write_off', delta: -4 })
    expect([writeOff.status, writeOff.body.detail]).toEqual([
      409,
      'Only 3 of "Brass Lamp" are at Main store.',
    ])
    expect((await adjust({ product_id: lamp.id, location_id: main, reason: 'adjustment' })).status).toBe(400)
    expect(
      (await adjust({ product_id: lamp.id, location_id: 999999, reason: 'production', delta: 1 })).status,
    ).toBe(400)
    expect((await levels(lamp.id)).stock).toBe(3)
    // The database refuses it too, whoever writes.
    await expect(
      context.database.db
        .insert(stockMovements)
        .values({ productId: lamp.id, locationId: main, delta: -5, reason: 'adjustment' }),
    ).rejects.toThrow()
    await ledgerHolds()
  })

  it('keeps movements as history: no update, no delete while the product exists', async () => {
    const product = await insertProduct(context.database.db, { stock: 2 })
    const [movement] = await context.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id))
    const { db } = context.database
    await expect(
      db.execute(sql`update stock_movements set delta = 5 where id = ${movement?.id}`),
    ).rejects.toThrow()
    await expect(db.execute(sql`delete from stock_movements where id = ${movement?.id}`)).rejects.toThrow()
    await db.delete(products).where(eq(products.id, product.id))
    expect(await db.select().from(stockMovements).where(eq(stockMovements.productId, product.id))).toEqual([])
  })

  it('answers staff with the catalogue permission only', async () => {
    const clerk = await createTestUser(context, { role: 'orders' })
    const product = await insertProduct(context.database.db, { stock: 1 })
    expect(
      (await callRoute(context.app, paths.stock.getStockLevels, { params: { id: product.id }, user: clerk }))
        .status,
    ).toBe(403)
    expect(
      (
        await adjust(
          { product_id: product.id, location_id: await mainStore(), reason: 'production', delta: 1 },
          clerk,
        )
      ).status,
    ).toBe(403)
  })
})

describe('orders take stock by location', () => {
  it('takes from the delivery city’s location first, then the others, and gives back to where it came from', async () => {
    const main = await mainStore()
    const karachi = await addLocation('Karachi', 'warehouse')
    const table = await insertProduct(context.database.db, { stock: 3 })
    await transfer(table.id, main, karachi, 2)
    const { customer, placed } = await order(table.id, 3, 'karachi ')
    expect(placed.status).toBe(201)
    const takes = await context.database.db
      .select()
      .from(orderStockTakes)
      .where(eq(orderStockTakes.orderId, placed.body.id))
    expect(takes.map((take) => [take.locationId, take.quantity]).sort()).toEqual(
      [
        [main, 1],
        [karachi, 2],
      ].sort(),
    )
    expect((await levels(table.id)).stock).toBe(0)
    const cancelled = await callRoute(context.app, paths.orders.cancelOrder, {
      params: { id: placed.body.id },
      body: {},
      user: customer,
    })
    expect(cancelled.status).toBe(200)
    expect((await levels(table.id)).by_location).toEqual([
      { location_id: main, name: 'Main store', quantity: 1 },
      { location_id: karachi, name: expect.any(String), quantity: 2 },
    ])
    const history = await callRoute(context.app, paths.stock.listMovements, {
      query: { product: table.id, reason: 'cancel' },
      user: keeper,
    })
    expect(history.body.results).toHaveLength(2)
    expect(history.body.results[0]).toMatchObject({
      reference: { kind: 'order', id: placed.body.id },
      actor: { id: customer.id },
    })
    await ledgerHolds()
  })
})

describe('low stock and back in stock', () => {
  it('tells staff once when a product falls to its threshold, and again only after it went back above', async () => {
    const main = await mainStore()
    const sofa = await insertProduct(context.database.db, { name: 'Alert Sofa', stock: 5 })
    await context.database.db.update(products).set({ lowStockThreshold: 2 }).where(eq(products.id, sofa.id))
    const alerts = async () =>
      (
        await context.database.db.select().from(notifications).where(eq(notifications.event, 'low_stock'))
      ).filter((row) => row.subject.includes('Alert Sofa')).length
    await order(sofa.id, 3)
    const once = await alerts()
    expect(once).toBeGreaterThan(0)
    await order(sofa.id, 1)
    expect(await alerts()).toBe(once)
    await adjust({ product_id: sofa.id, location_id: main, reason: 'production', delta: 5 })
    expect(await alerts()).toBe(once)
    await order(sofa.id, 4)
    expect(await alerts()).toBe(2 * once)
    const low = await callRoute(context.app, paths.stock.listLowStock, { user: keeper })
    expect(low.body.results.map((row: { product_id: number }) => row.product_id)).toContain(sofa.id)
  })

  it('mails the shopper who asked, once, when a sold-out product comes back', async () => {
    const main = await mainStore()
    const table = await insertProduct(context.database.db, { name: 'Sold-out Table', stock: 0 })
    const shopper = await createTestUser(context)
    const ask = () =>
      callRoute(context.app, paths.stock.notifyMe, { params: { id: table.id }, user: shopper })
    expect((await ask()).status).toBe(201)
    expect((await ask()).status).toBe(201)
    const mails = async () =>
      (
        await context.database.db.select().from(notifications).where(eq(notifications.event, 'back_in_stock'))
      ).filter((row) => row.recipient === shopper.email)
    expect(await mails()).toEqual([])
    await adjust({ product_id: table.id, location_id: main, reason: 'production', delta: 2 })
    const [mail, ...more] = await mails()
    expect(more).toEqual([])
    expect(mail?.subject).toBe('Comfort Living: Sold-out Table is back in stock')
    await adjust({ product_id: table.id, location_id: main, reason: 'write_off', delta: -2 })
    await adjust({ product_id: table.id, location_id: main, reason: 'production', delta: 1 })
    expect(await mails()).toHaveLength(1)
    const inStock = await ask()
    expect([inStock.status, inStock.body.detail]).toEqual([409, 'This product can be ordered now.'])
  })
})

describeOnPostgres('concurrent orders and adjustments (PostgreSQL)', () => {
  it('keep every location’s stock equal to its movements, and none below 0', async () => {
    const main = await mainStore()
    const showroom = await addLocation()
    const chair = await insertProduct(context.database.db, { stock: 12 })
    await transfer(chair.id, main, showroom, 4)
    const work = [
      ...Array.from({ length: 8 }, () => order(chair.id, 2).then(({ placed }) => placed.status)),
      ...Array.from({ length: 4 }, () =>
        adjust({ product_id: chair.id, location_id: main, reason: 'write_off', delta: -2 }).then(
          (answer) => answer.status,
        ),
      ),
      transfer(chair.id, showroom, main, 3).then((answer) => answer.status),
    ]
    const statuses = await Promise.all(work)
    expect(statuses.every((status) => [201, 400, 409].includes(status))).toBe(true)
    const sold = statuses.slice(0, 8).filter((status) => status === 201).length
    const written = statuses.slice(8, 12).filter((status) => status === 201).length
    expect((await levels(chair.id)).stock).toBe(12 - 2 * sold - 2 * written)
    await ledgerHolds()
  })
})
