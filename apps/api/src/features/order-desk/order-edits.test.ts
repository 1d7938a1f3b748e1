import { type EditOrderBody, type OptionChoices, paths, STORE_NAME } from '@store/contract'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHECKOUT,
  couponUses,
  insertCoupon,
  insertOrder,
  insertPayment,
  insertZone,
} from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct, insertSofa } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { auditLog, notifications, orderItems, orders, products, stockMovements } from '../../db/schema'

/** docs/api.md "order edits": a placed order changed by staff (until Shipped) or its owner (while Pending). */
let context: TestContext
let clerk: TestUser
let manager: TestUser
beforeAll(async () => {
  context = await createTestApp()
  await insertZone(context.database.db)
  await insertZone(context.database.db, { city: 'Karachi', fee: '3000.00', freeOver: null })
  clerk = await createTestUser(context, { role: 'orders', firstName: 'Amna' })
  manager = await createTestUser(context, { role: 'manager', firstName: 'Bilal' })
})
afterAll(() => context.close())

type Line = { product_id: number; quantity: number; options?: OptionChoices }

/** A customer's order of these lines, placed through the cart and the checkout. */
async function placed(lines: Line[], fields: Record<string, unknown> = {}) {
  const customer = await createTestUser(context, { firstName: 'Sana' })
  for (const line of lines) {
    const added = await callRoute(context.app, paths.cart.addToCart, { body: line, user: customer })
    expect(added.status).toBe(200)
  }
  const order = await callRoute(context.app, paths.orders.placeOrder, {
    body: { ...CHECKOUT, ...fields },
    user: customer,
  })
  expect(order.status).toBe(201)
  return { customer, order: order.body }
}

const edit = (user: TestUser | null, orderId: number, body: EditOrderBody) =>
  callRoute(context.app, paths.orderDesk.editOrder, { params: { id: orderId }, body, user })

const getOrder = (user: TestUser, orderId: number) =>
  callRoute(context.app, paths.orders.getOrder, { params: { id: orderId }, user })

const stockOf = async (productId: number) =>
  (
    await context.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId))
  )[0]?.stock

const setStatus = (orderId: number, status: 'Draft' | 'Processing' | 'Shipped') =>
  context.database.db.update(orders).set({ status }).where(eq(orders.id, orderId))

const editsAudited = (orderId: number) =>
  context.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'order.edit'), eq(auditLog.entityId, orderId)))
    .orderBy(asc(auditLog.id))

describe('POST /api/orders/:id/edit/', () => {
  it('changes the fabric, re-prices the order and the balance follows, with one history line, audit and notice', async () => {
    const sofa = await insertSofa(context.database.db)
    const { order } = await placed([{ product_id: sofa.id, quantity: 1, options: sofa.choice(0, 0) }])
    expect(order.total_price).toBe('245250.00')
    await insertPayment(context.database.db, order.id, { amount: '100000.00' })

    const linen = await edit(clerk, order.id, {
      items: [{ product_id: sofa.id, quantity: 1, options: sofa.choice(1, 0) }],
      note: 'Asked on the phone',
    })
    expect(linen.status).toBe(200)
    expect(linen.body.difference).toBe('4000.00')
    expect(linen.body.order).toMatchObject({
      subtotal: '249000.00',
      total_price: '249250.00',
      amount_paid: '100000.00',
      balance_due: '149250.00',
      status: 'Pending',
    })
    expect(linen.body.order.items).toEqual([
      expect.objectContaining({
        quantity: 1,
        price: '249000.00',
        options: [
          { name: 'Fabric', value: 'Beige linen' },
          { name: 'Size', value: '3-seater' },
        ],
      }),
    ])
    expect(linen.body.order.history.at(-1)).toMatchObject({
      status: 'Pending',
      by: { id: clerk.id, first_name: 'Amna' },
      note: 'Changed by Amna: Chesterfield Sofa: Fabric Emerald velvet → Beige linen, PKR +4,000 — Asked on the phone',
    })
    // The stock did not move: the same sofa, the same unit.
    expect(await stockOf(sofa.id)).toBe(9)

    // Paid in full, then made smaller: the balance is 0 and what was paid beyond the total is owed back.
    await insertPayment(context.database.db, order.id, { amount: '149250.00' })
    const smaller = await edit(clerk, order.id, {
      items: [{ product_id: sofa.id, quantity: 1, options: sofa.choice(1, 1) }],
    })
    expect(smaller.status).toBe(200)
    expect(smaller.body.difference).toBe('-30000.00')
    expect(smaller.body.order).toMatchObject({
      total_price: '219250.00',
      amount_paid: '249250.00',
      balance_due: '0.00',
      payment_status: 'paid',
    })
    expect(smaller.body.order.history.at(-1)?.note).toBe(
      'Changed by Amna: Chesterfield Sofa: Size 3-seater → 2-seater, PKR \u221230,000',
    )

    const audited = await editsAudited(order.id)
    expect(audited).toHaveLength(2)
    expect(audited[0]?.before).toMatchObject({ total_price: '245250.00', subtotal: '245000.00' })
    expect(audited[0]?.after).toMatchObject({
      total_price: '249250.00',
      items: [{ product_id: sofa.id, quantity: 1, unit_price: '249000.00' }],
    })
    const told = await context.database.db
      .select({ subject: notifications.subject, text: notifications.bodyText })
      .from(notifications)
      .where(eq(notifications.event, 'order_edited'))
    expect(told.map((mail) => mail.subject)).toEqual([
      `${STORE_NAME}: order #${order.id} was changed`,
      `${STORE_NAME}: order #${order.id} was changed`,
    ])
    expect(told[0]?.text).toContain('The new total is PKR 249,250.\nLeft to pay: PKR 149,250.')
    expect(told[1]?.text).toContain('You have paid PKR 30,000 more than that; we will refund it.')
  })

  it('refuses an edit beyond the stock with nothing changed: stock, items, totals, history', async () => {
    const lamp = await insertProduct(context.database.db, { name: 'Brass Lamp', price: '5000.00', stock: 5 })
    const table = await insertProduct(context.database.db, { name: 'Side Table', price: '9000.00', stock: 1 })
    const { order } = await placed([{ product_id: lamp.id, quantity: 2 }])
    const movements = async () =>
      (
        await context.database.db
          .select()
          .from(stockMovements)
          .where(eq(stockMovements.referenceId, order.id))
      ).length
    const before = {
      lamp: await stockOf(lamp.id),
      table: await stockOf(table.id),
      movements: await movements(),
    }

    // The lamps would go back, but two tables are more than there are.
    const refused = await edit(clerk, order.id, { items: [{ product_id: table.id, quantity: 2 }] })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe('Sorry, only 1 of "Side Table" left in stock.')
    const tooMany = await edit(clerk, order.id, { items: [{ product_id: lamp.id, quantity: 6 }] })
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.detail).toBe('Sorry, only 3 of "Brass Lamp" left in stock.')

    expect({
      lamp: await stockOf(lamp.id),
      table: await stockOf(table.id),
      movements: await movements(),
    }).toEqual(before)
    const after = await getOrder(clerk, order.id)
    expect(after.body.items.map((item) => [item.product.id, item.quantity])).toEqual([[lamp.id, 2]])
    expect(after.body.total_price).toBe(order.total_price)
    expect(after.body.history).toHaveLength(1)
    expect(await editsAudited(order.id)).toEqual([])

    // Within the stock it goes through, and only the difference moves.
    const more = await edit(clerk, order.id, { items: [{ product_id: lamp.id, quantity: 5 }] })
    expect(more.status).toBe(200)
    expect(await stockOf(lamp.id)).toBe(0)
    const swapped = await edit(clerk, order.id, { items: [{ product_id: table.id, quantity: 1 }] })
    expect(swapped.status).toBe(200)
    expect(await stockOf(lamp.id)).toBe(5)
    expect(await stockOf(table.id)).toBe(0)
    expect(swapped.body.order.history.at(-1)?.note).toMatch(
      /^Changed by Amna: added 1 × Side Table; removed 5 × Brass Lamp, PKR \u221216,000$/,
    )
  })

  it('lets the owner change a pending order only, staff until Shipped, and nobody else', async () => {
    const chair = await insertProduct(context.database.db, {
      name: 'Dining Chair',
      price: '12000.00',
      stock: 20,
    })
    const { customer, order } = await placed([{ product_id: chair.id, quantity: 4 }])
    const stranger = await createTestUser(context)
    expect((await edit(stranger, order.id, { items: [{ product_id: chair.id, quantity: 5 }] })).status).toBe(
      404,
    )
    expect((await edit(null, order.id, { items: [{ product_id: chair.id, quantity: 5 }] })).status).toBe(401)

    const own = await edit(customer, order.id, {
      items: [{ product_id: chair.id, quantity: 5 }],
      phone: '0321-7654321',
    })
    expect(own.status).toBe(200)
    expect(own.body.order).toMatchObject({ phone: '03217654321', subtotal: '60000.00' })
    expect(own.body.order.history.at(-1)?.note).toBe(
      'Changed by Sana: Dining Chair: quantity 4 → 5; phone 03001234567 → 03217654321, PKR +12,000',
    )

    await setStatus(order.id, 'Processing')
    const late = await edit(customer, order.id, { items: [{ product_id: chair.id, quantity: 6 }] })
    expect(late.status).toBe(409)
    expect(late.body.detail).toBe(
      'Only a pending order can be changed; write to us and we will change it for you.',
    )

    const byStaff = await edit(clerk, order.id, {
      items: [{ product_id: chair.id, quantity: 6 }],
      city: 'Karachi',
    })
    expect(byStaff.status).toBe(200)
    expect(byStaff.body.order).toMatchObject({
      city: 'Karachi',
      delivery_fee: '3000.00',
      status: 'Processing',
    })

    await setStatus(order.id, 'Shipped')
    const shipped = await edit(clerk, order.id, { address: '14 Clifton Road' })
    expect(shipped.status).toBe(409)
    expect(shipped.body.detail).toBe('This order has been shipped; it can no longer be changed.')

    await setStatus(order.id, 'Draft')
    expect((await edit(clerk, order.id, { address: '14 Clifton Road' })).body.detail).toBe(
      'This order is a draft; edit the draft instead.',
    )
    expect(await editsAudited(order.id)).toHaveLength(2)
  })

  it('keeps the price of an unchanged line; a new price needs an owner or a manager and a reason', async () => {
    const bed = await insertProduct(context.database.db, { name: 'Queen Bed', price: '80000.00', stock: 5 })
    const { customer, order } = await placed([{ product_id: bed.id, quantity: 1 }])
    await context.database.db.update(products).set({ price: '90000.00' }).where(eq(products.id, bed.id))

    const kept = await edit(customer, order.id, {
      items: [{ product_id: bed.id, quantity: 1 }],
      address: '7 Mall Road',
    })
    expect(kept.status).toBe(200)
    expect(kept.body.order.items[0]?.price).toBe('80000.00')
    // The price given holds for the units it was given for: one more costs today's price.
    const two = await edit(customer, order.id, { items: [{ product_id: bed.id, quantity: 2 }] })
    expect(two.status).toBe(200)
    expect(two.body.order.items[0]?.price).toBe('90000.00')

    const priced = { product_id: bed.id, quantity: 2, unit_price: '70000', price_reason: 'Showroom piece' }
    expect((await edit(customer, order.id, { items: [priced] })).status).toBe(403)
    const byClerk = await edit(clerk, order.id, { items: [priced] })
    expect(byClerk.status).toBe(403)
    expect(byClerk.body.detail).toBe('Only an owner or a manager can change a price.')
    const byManager = await edit(manager, order.id, { items: [priced] })
    expect(byManager.status).toBe(200)
    expect(byManager.body.order.items[0]).toMatchObject({ price: '70000.00', price_reason: 'Showroom piece' })
    expect(byManager.body.difference).toBe('-40000.00')
  })

  it('takes a made-to-order piece past its stock, as the checkout does', async () => {
    const sofa = await insertSofa(context.database.db, { name: 'Made Sofa', stock: 1, leadTimeDays: 20 })
    const { order } = await placed([{ product_id: sofa.id, quantity: 1, options: sofa.choice(0, 0) }])
    expect(await stockOf(sofa.id)).toBe(0)
    const three = await edit(clerk, order.id, {
      items: [{ product_id: sofa.id, quantity: 3, options: sofa.choice(0, 0) }],
    })
    expect(three.status).toBe(200)
    expect(three.body.order.items[0]?.quantity).toBe(3)
    const [item] = await context.database.db
      .select({ stockTaken: orderItems.stockTaken })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
    expect(item?.stockTaken).toBe(1)
    const one = await edit(clerk, order.id, {
      items: [{ product_id: sofa.id, quantity: 1, options: sofa.choice(0, 0) }],
    })
    expect(one.status).toBe(200)
    expect(await stockOf(sofa.id)).toBe(0)
  })

  it('drops a coupon that no longer applies, gives its use back and says so', async () => {
    const coupon = await insertCoupon(context.database.db, { minSubtotal: '240000.00', maxUses: 1 })
    const sofa = await insertSofa(context.database.db)
    const { order } = await placed([{ product_id: sofa.id, quantity: 1, options: sofa.choice(0, 0) }], {
      coupon_code: coupon.code,
    })
    expect(order.coupon_code).toBe(coupon.code)
    // Its one use is this order's: a change that keeps the coupon keeps it.
    const linen = await edit(clerk, order.id, {
      items: [{ product_id: sofa.id, quantity: 1, options: sofa.choice(1, 0) }],
    })
    expect(linen.body.order.coupon_code).toBe(coupon.code)
    expect(await couponUses(context.database.db, coupon.id)).toBe(1)

    const smaller = await edit(clerk, order.id, {
      items: [{ product_id: sofa.id, quantity: 1, options: sofa.choice(1, 1) }],
    })
    expect(smaller.status).toBe(200)
    expect(smaller.body.order).toMatchObject({ coupon_code: null, discount: '0.00' })
    expect(smaller.body.order.history.at(-1)?.note).toContain(
      `coupon ${coupon.code} removed (The coupon ${coupon.code} needs a subtotal of at least PKR 240,000.)`,
    )
    expect(await couponUses(context.database.db, coupon.id)).toBe(0)
  })

  it('refuses to change the items of an invoiced order, but not its address', async () => {
    const desk = await insertProduct(context.database.db, { name: 'Study Desk', price: '30000.00', stock: 5 })
    const { order } = await placed([{ product_id: desk.id, quantity: 1 }])
    const confirmed = await callRoute(context.app, paths.orders.updateOrder, {
      params: { id: order.id },
      body: { status: 'Processing' },
      user: manager,
    })
    expect(confirmed.status).toBe(200)
    const refused = await edit(clerk, order.id, { items: [{ product_id: desk.id, quantity: 2 }] })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toMatch(/^This order has been invoiced/)
    expect(await stockOf(desk.id)).toBe(4)
    const moved = await edit(clerk, order.id, { address: '22 Gulberg III' })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ difference: '0.00', order: { address: '22 Gulberg III' } })
  })

  it("takes an item ordered before choices kept their ids as a changed line, at today's price", async () => {
    const sofa = await insertSofa(context.database.db)
    const customer = await createTestUser(context)
    const orderId = await insertOrder(context.database.db, customer.id, {
      id: sofa.id,
      name: 'Chesterfield Sofa',
      price: '240000.00',
    })
    await context.database.db
      .update(orderItems)
      .set({
        options: [
          { name: 'Fabric', value: 'Emerald velvet' },
          { name: 'Size', value: '3-seater' },
        ],
      })
      .where(eq(orderItems.orderId, orderId))
    const edited = await edit(clerk, orderId, {
      items: [{ product_id: sofa.id, quantity: 1, options: sofa.choice(0, 0) }],
    })
    expect(edited.status).toBe(200)
    expect(edited.body.order.items[0]?.price).toBe('245000.00')
    expect(edited.body.order.history.at(-1)?.note).toMatch(
      /^Changed by Amna: Chesterfield Sofa: price PKR 240,000 → PKR 245,000, /,
    )
  })

  it('answers 400 for an option left unchosen or a city without delivery', async () => {
    const sofa = await insertSofa(context.database.db)
    const { order } = await placed([{ product_id: sofa.id, quantity: 1, options: sofa.choice(0, 0) }])
    const open = await edit(clerk, order.id, { items: [{ product_id: sofa.id, quantity: 1 }] })
    expect(open.status).toBe(400)
    expect(open.body.detail).toBe('Choose the Fabric of "Chesterfield Sofa".')
    const far = await edit(clerk, order.id, { city: 'Gilgit' })
    expect(far.status).toBe(400)
    expect(far.body.detail).toBe('We do not deliver to Gilgit yet.')
  })
})
