import {
  type CancelOrderBody,
  type OrderListQuery,
  type PlacedStatus,
  type PlaceOrderBody,
  paths,
  type UpdateOrderBody,
} from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHECKOUT,
  couponUses,
  insertPayment,
  insertCoupon as insertTestCoupon,
  insertZone,
  LAHORE,
} from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct, insertSofa } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import {
  cartItems,
  carts,
  idempotencyKeys,
  orderItems,
  orders,
  productOptions,
  productOptionValues,
  products,
} from '../../db/schema'

let context: TestContext
let staff: TestUser
beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true })
  await insertZone(context.database.db)
})
afterAll(() => context.close())

const shipping: PlaceOrderBody = {
  ...CHECKOUT,
  payment_method: 'bank_transfer',
  floor: 0,
  lift: false,
  assembly: false,
}

const addToCart = async (
  user: TestUser,
  productId: number,
  quantity = 1,
  options: Record<string, number> = {},
) => {
  const answer = await callRoute(context.app, paths.cart.addToCart, {
    body: { product_id: productId, quantity, options },
    user,
  })
  expect(answer.status).toBe(200)
}

const placeOrder = (user: TestUser | null, fields: Partial<PlaceOrderBody> = {}) =>
  callRoute(context.app, paths.orders.placeOrder, { body: { ...shipping, ...fields }, user })

const listOrders = (user: TestUser | null, query: Partial<OrderListQuery> = {}) =>
  callRoute(context.app, paths.orders.listOrders, { query, user })

const getOrder = (user: TestUser | null, orderId: number) =>
  callRoute(context.app, paths.orders.getOrder, { params: { id: orderId }, user })

const setStatus = (user: TestUser | null, orderId: number, status: PlacedStatus) =>
  callRoute(context.app, paths.orders.updateOrder, { params: { id: orderId }, body: { status }, user })

async function stockOf(productId: number) {
  const [row] = await context.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
  return row?.stock
}

async function cartLinesOf(user: TestUser) {
  return context.database.db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, user.id))
}

/** A customer with a placed order of `quantity` of a fresh product. */
async function orderOf(quantity: number, stock = 10, fields: Partial<PlaceOrderBody> = {}) {
  const customer = await createTestUser(context)
  const product = await insertProduct(context.database.db, { stock })
  await addToCart(customer, product.id, quantity)
  const order = await placeOrder(customer, fields)
  expect(order.status).toBe(201)
  return { customer, product, order: order.body }
}

describe('POST /api/orders/', () => {
  it('orders the cart at catalogue prices, takes the stock and empties the cart', async () => {
    const customer = await createTestUser(context)
    const chair = await insertProduct(context.database.db, {
      name: 'Teak Chair',
      price: '12500.50',
      stock: 5,
      withImage: true,
    })
    const lamp = await insertProduct(context.database.db, { name: 'Brass Lamp', price: '0.10', stock: 7 })
    await addToCart(customer, chair.id, 2)
    await addToCart(customer, lamp.id, 3)
    // The catalogue price at checkout counts, not the one when the line was added.
    await context.database.db.update(products).set({ price: '0.20' }).where(eq(products.id, lamp.id))

    const answer = await placeOrder(customer)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/Z$/),
      status: 'Pending',
      channel: 'web',
      created_by: null,
      note: '',
      staff_discount: '0.00',
      staff_delivery_fee: null,
      cancellation_request: null,
      payment_status: 'unpaid',
      amount_paid: '0.00',
      amount_refunded: '0.00',
      balance_due: '26501.60',
      advance_due: '0.00',
      payments: [],
      subtotal: '25001.60',
      discount: '0.00',
      delivery_fee: LAHORE.fee,
      cod_fee: '0.00',
      total_price: '26501.60',
      coupon_code: null,
      eta_min_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      eta_max_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      services: [],
      payment_proof_url: null,
      history: [
        {
          status: 'Pending',
          payment_status: 'unpaid',
          at: answer.body.created_at,
          by: { id: customer.id, first_name: expect.any(String) },
          note: '',
        },
      ],
      ...shipping,
      items: [
        {
          id: expect.any(Number),
          quantity: 2,
          price: '12500.50',
          options: [],
          price_reason: null,
          product: {
            id: chair.id,
            name: 'Teak Chair',
            images: [{ id: expect.any(Number), image_url: `/media/products/test-${chair.id}-640.webp` }],
          },
        },
        {
          id: expect.any(Number),
          quantity: 3,
          price: '0.20',
          options: [],
          price_reason: null,
          product: { id: lamp.id, name: 'Brass Lamp', images: [] },
        },
      ],
    })
    // Built from what the transaction wrote, the answer is the order as it reads back.
    expect((await getOrder(customer, answer.body.id)).body).toEqual(answer.body)
    expect(await stockOf(chair.id)).toBe(3)
    expect(await stockOf(lamp.id)).toBe(4)
    expect(await cartLinesOf(customer)).toEqual([])
  })

  it('answers a subtotal equal to the sum of price times quantity, as a 2-decimal string', async () => {
    const customer = await createTestUser(context)
    const prices = ['0.10', '0.20', '1999.99', '85000.00', '0.05']
    let expectedPaisa = 0
    for (const [index, price] of prices.entries()) {
      const product = await insertProduct(context.database.db, { price, stock: 10 })
      await addToCart(customer, product.id, index + 1)
      expectedPaisa += Math.round(Number(price) * 100) * (index + 1)
    }
    const answer = await placeOrder(customer)
    expect(answer.body.subtotal).toBe((expectedPaisa / 100).toFixed(2))
    const summed = answer.body.items.reduce(
      (sum: number, item: { price: string; quantity: number }) =>
        sum + Math.round(Number(item.price) * 100) * item.quantity,
      0,
    )
    expect(summed).toBe(expectedPaisa)
  })

  it('answers 400 "Your cart is empty." for an empty or never-used cart', async () => {
    const customer = await createTestUser(context)
    const answer = await placeOrder(customer)
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Your cart is empty.')
  })

  it('answers 400 naming the product when stock runs short, and takes nothing', async () => {
    const customer = await createTestUser(context)
    const plenty = await insertProduct(context.database.db, { name: 'Plenty Shelf', stock: 10 })
    const scarce = await insertProduct(context.database.db, { name: 'Rare Cabinet', stock: 3 })
    await addToCart(customer, plenty.id, 2)
    await addToCart(customer, scarce.id, 3)
    // Someone else bought one in the meantime.
    await context.database.db.update(products).set({ stock: 2 }).where(eq(products.id, scarce.id))

    const answer = await placeOrder(customer)
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Sorry, only 2 of "Rare Cabinet" left in stock.')
    expect(await stockOf(plenty.id)).toBe(10)
    expect(await stockOf(scarce.id)).toBe(2)
    expect(await cartLinesOf(customer)).toHaveLength(2)
    const mine = await listOrders(customer)
    expect(mine.body.count).toBe(0)
  })

  it('answers 400 with field errors for missing or bad shipping fields', async () => {
    const customer = await createTestUser(context)
    const answer = await placeOrder(customer, { email: 'not-an-email', city: '  ' })
    expect(answer.status).toBe(400)
    expect(answer.body.errors.email).toBeDefined()
    expect(answer.body.errors.city).toEqual(['City is required.'])
  })

  it('keeps a multi-line address and refuses control characters in one-line fields', async () => {
    const customer = await createTestUser(context)
    const product = await insertProduct(context.database.db, { stock: 5 })
    await addToCart(customer, product.id)
    for (const [field, value] of [
      ['city', 'Lahore\t'],
      ['first_name', 'Ay\u0000esha'],
      ['address', '12 Canal Road\u001b[2J'],
    ] as const) {
      const refused = await placeOrder(customer, { [field]: value })
      expect(refused.status, field).toBe(400)
      expect(Object.keys(refused.body.errors), field).toEqual([field])
    }
    expect(await cartLinesOf(customer)).toHaveLength(1)
    const placed = await placeOrder(customer, { address: 'Flat 4\r\n12 Canal Road' })
    expect(placed.status).toBe(201)
    expect(placed.body.address).toBe('Flat 4\r\n12 Canal Road')
  })

  it('sells exactly the stock to 20 concurrent checkouts', async () => {
    const product = await insertProduct(context.database.db, { name: 'Last Few Beds', stock: 5 })
    const customers = await Promise.all(Array.from({ length: 20 }, () => createTestUser(context)))
    for (const customer of customers) await addToCart(customer, product.id, 1)
    // Every cart passed the stock check when adding; only checkout decides who gets the five.
    const answers = await Promise.all(customers.map((customer) => placeOrder(customer)))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(5)
    expect(statuses.filter((status) => status === 400)).toHaveLength(15)
    for (const answer of answers.filter((each) => each.status === 400)) {
      expect(answer.body.detail).toBe('Sorry, "Last Few Beds" is out of stock.')
    }
    expect(await stockOf(product.id)).toBe(0)
  })

  it('answers 401 without a user', async () => {
    const answer = await placeOrder(null)
    expect(answer.status).toBe(401)
  })
})

describe('GET /api/orders/', () => {
  it('lists only your own orders, newest first, paginated', async () => {
    const customer = await createTestUser(context)
    const product = await insertProduct(context.database.db, { stock: 10 })
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      await addToCart(customer, product.id)
      ids.push((await placeOrder(customer)).body.id)
    }
    await orderOf(1)

    const first = await listOrders(customer, { page_size: 2 })
    expect(first.status).toBe(200)
    expect(first.body.count).toBe(3)
    expect(first.body.results.map((order) => order.id)).toEqual([ids[2], ids[1]])
    expect(first.body.next).toContain('page=2')
    const second = await listOrders(customer, { page_size: 2, page: 2 })
    expect(second.body.results.map((order) => order.id)).toEqual([ids[0]])
    expect(second.body.next).toBeNull()
  })

  it('lists every order for staff with scope=all, and answers 403 to a customer asking for it', async () => {
    const { customer, order } = await orderOf(1)
    const all = await listOrders(staff, { scope: 'all', page_size: 100 })
    expect(all.status).toBe(200)
    expect(all.body.results.map((each) => each.id)).toContain(order.id)
    expect((await listOrders(staff)).body.count).toBe(0)
    const refused = await listOrders(customer, { scope: 'all' })
    expect(refused.status).toBe(403)
  })

  it('answers 401 without a user', async () => {
    expect((await listOrders(null)).status).toBe(401)
  })
})

describe('GET /api/orders/:id/', () => {
  it('shows the order to its owner and to staff, and 404 to anyone else', async () => {
    const { customer, order } = await orderOf(2)
    expect((await getOrder(customer, order.id)).body).toEqual(order)
    expect((await getOrder(staff, order.id)).status).toBe(200)
    const stranger = await createTestUser(context)
    const answer = await getOrder(stranger, order.id)
    expect(answer.status).toBe(404)
    expect(answer.body.detail).toBe('Order not found.')
    expect((await getOrder(customer, 999999)).status).toBe(404)
    expect((await getOrder(null, order.id)).status).toBe(401)
  })

  it('keeps the name and price of a product deleted since', async () => {
    const { customer, product, order } = await orderOf(1)
    await context.database.db.delete(products).where(eq(products.id, product.id))
    const answer = await getOrder(customer, order.id)
    expect(answer.body.items[0]).toEqual({
      id: order.items[0]?.id,
      quantity: 1,
      price: order.items[0]?.price,
      options: [],
      price_reason: null,
      product: { id: null, name: product.name, images: [] },
    })
  })
})

describe('PATCH /api/orders/:id/', () => {
  it('lets staff change the status', async () => {
    const { order } = await orderOf(1)
    const answer = await setStatus(staff, order.id, 'Shipped')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ id: order.id, status: 'Shipped' })
  })

  it('puts the stock back once however often the order is cancelled', async () => {
    const { product, order } = await orderOf(3)
    expect(await stockOf(product.id)).toBe(7)
    expect((await setStatus(staff, order.id, 'Cancelled')).body.status).toBe('Cancelled')
    expect(await stockOf(product.id)).toBe(10)
    expect((await setStatus(staff, order.id, 'Cancelled')).status).toBe(200)
    const concurrent = await Promise.all([
      setStatus(staff, order.id, 'Cancelled'),
      setStatus(staff, order.id, 'Cancelled'),
    ])
    expect(concurrent.map((answer) => answer.status)).toEqual([200, 200])
    expect(await stockOf(product.id)).toBe(10)
  })

  it('takes the stock again when un-cancelled, and answers 409 naming the product when it is short', async () => {
    const { product, order } = await orderOf(3, 5)
    await setStatus(staff, order.id, 'Cancelled')
    expect(await stockOf(product.id)).toBe(5)
    // Back to Pending: moved past it, the order would be invoiced, and an invoiced order is not reopened.
    const reopened = await setStatus(staff, order.id, 'Pending')
    expect(reopened.status).toBe(200)
    expect(await stockOf(product.id)).toBe(2)

    await setStatus(staff, order.id, 'Cancelled')
    await context.database.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id))
    const refused = await setStatus(staff, order.id, 'Pending')
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toContain(product.name)
    expect(await stockOf(product.id)).toBe(1)
    expect((await getOrder(staff, order.id)).body.status).toBe('Cancelled')
  })

  it('answers 403 to a customer, even the owner, 401 anonymous, 404 for an unknown order', async () => {
    const { customer, order } = await orderOf(1)
    expect((await setStatus(customer, order.id, 'Delivered')).status).toBe(403)
    expect((await setStatus(null, order.id, 'Delivered')).status).toBe(401)
    expect((await setStatus(staff, 999999, 'Delivered')).status).toBe(404)
    expect((await getOrder(customer, order.id)).body.status).toBe('Pending')
  })

  it('answers 400 for an unknown status', async () => {
    const { order } = await orderOf(1)
    // Sent as it is: the contract's type refuses a status it does not know.
    const lost = await call(context.app, {
      method: 'PATCH',
      url: `/api/orders/${order.id}/`,
      headers: staff.headers,
      payload: { status: 'Lost' },
    })
    expect(lost.status).toBe(400)
  })
})

describe('orders of products with options', () => {
  const sofaWithOptions = (spec: { stock?: number; leadTimeDays?: number } = {}) =>
    insertSofa(context.database.db, spec)

  it('keeps the chosen options and the unit price on each item, and takes the stock once per product', async () => {
    const customer = await createTestUser(context)
    const sofa = await sofaWithOptions({ stock: 5 })
    await addToCart(customer, sofa.id, 1, sofa.choice(1, 0))
    await addToCart(customer, sofa.id, 2, sofa.choice(0, 1))
    const answer = await placeOrder(customer)
    expect(answer.status).toBe(201)
    expect(
      answer.body.items.map((item: { quantity: number; price: string; options: unknown }) => [
        item.quantity,
        item.price,
        item.options,
      ]),
    ).toEqual([
      [
        1,
        '249000.00',
        [
          { name: 'Fabric', value: 'Beige linen' },
          { name: 'Size', value: '3-seater' },
        ],
      ],
      [
        2,
        '215000.00',
        [
          { name: 'Fabric', value: 'Emerald velvet' },
          { name: 'Size', value: '2-seater' },
        ],
      ],
    ])
    expect(answer.body.subtotal).toBe('679000.00')
    expect(await stockOf(sofa.id)).toBe(2)
  })

  it('never changes a placed order when the options are edited or deleted later', async () => {
    const customer = await createTestUser(context)
    const sofa = await sofaWithOptions()
    await addToCart(customer, sofa.id, 1, sofa.choice(1, 0))
    const placed = (await placeOrder(customer)).body
    const { db } = context.database
    await db.update(productOptions).set({ name: 'Upholstery' }).where(eq(productOptions.id, sofa.fabric.id))
    await db
      .update(productOptionValues)
      .set({ label: 'Sand linen', priceDelta: '9000.00' })
      .where(eq(productOptionValues.id, sofa.fabric.values[1]?.id ?? 0))
    await db.delete(productOptions).where(eq(productOptions.id, sofa.size.id))
    await db.update(products).set({ price: '1.00' }).where(eq(products.id, sofa.id))
    const later = await getOrder(customer, placed.id)
    expect(later.body).toEqual(placed)
    expect(later.body.items[0]).toMatchObject({
      price: '249000.00',
      options: [
        { name: 'Fabric', value: 'Beige linen' },
        { name: 'Size', value: '3-seater' },
      ],
    })
  })

  it('orders a made-to-order piece at stock 0, and takes what stock there is first', async () => {
    const customer = await createTestUser(context)
    const bespoke = await sofaWithOptions({ stock: 0, leadTimeDays: 21 })
    await addToCart(customer, bespoke.id, 2, bespoke.choice(0, 0))
    const first = await placeOrder(customer)
    expect(first.status).toBe(201)
    expect(await stockOf(bespoke.id)).toBe(0)

    await context.database.db.update(products).set({ stock: 1 }).where(eq(products.id, bespoke.id))
    await addToCart(customer, bespoke.id, 3, bespoke.choice(1, 0))
    const second = await placeOrder(customer)
    expect(second.status).toBe(201)
    expect(await stockOf(bespoke.id)).toBe(0)
    const held = async (orderId: number) =>
      (
        await context.database.db
          .select({ stockTaken: orderItems.stockTaken })
          .from(orderItems)
          .where(eq(orderItems.orderId, orderId))
      ).map((item) => item.stockTaken)
    expect(await held(second.body.id)).toEqual([1])

    // Cancelling gives back only the unit taken from stock, once; reopening takes what there is.
    await setStatus(staff, second.body.id, 'Cancelled')
    await setStatus(staff, second.body.id, 'Cancelled')
    expect(await stockOf(bespoke.id)).toBe(1)
    expect(await held(second.body.id)).toEqual([0])
    await setStatus(staff, first.body.id, 'Cancelled')
    expect(await stockOf(bespoke.id)).toBe(1)
    expect((await setStatus(staff, second.body.id, 'Processing')).status).toBe(200)
    expect(await stockOf(bespoke.id)).toBe(0)
    expect(await held(second.body.id)).toEqual([1])
  })

  it('still sells a product kept in stock no further than its stock, whatever its choices', async () => {
    const product = await sofaWithOptions({ stock: 3 })
    const customers = await Promise.all(Array.from({ length: 6 }, () => createTestUser(context)))
    for (const [index, customer] of customers.entries()) {
      await addToCart(customer, product.id, 1, product.choice(index % 2, 0))
    }
    const answers = await Promise.all(customers.map((customer) => placeOrder(customer)))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3)
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(3)
    expect(await stockOf(product.id)).toBe(0)
  })
})

describe('POST /api/orders/ with an Idempotency-Key', () => {
  const placeWithKey = (user: TestUser, key: string, fields: object = {}, app = context.app) =>
    app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...user.headers, 'idempotency-key': key },
      payload: { ...shipping, ...fields },
    })

  const orderCountOf = async (user: TestUser) =>
    (await context.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id)))
      .length

  /** A customer with `quantity` of a fresh product (stock 10) in the cart. */
  async function shopper(quantity = 2) {
    const customer = await createTestUser(context)
    const product = await insertProduct(context.database.db, { stock: 10 })
    await addToCart(customer, product.id, quantity)
    return { customer, product }
  }

  it('answers a retry with the first answer, status and body, and takes nothing more', async () => {
    const { customer, product } = await shopper(2)
    const first = await placeWithKey(customer, 'checkout-1')
    expect(first.statusCode).toBe(201)
    // A retry must not order what the shopper put in the cart since, nor report later changes.
    await addToCart(customer, product.id, 1)
    await setStatus(staff, first.json().id, 'Processing')
    const retry = await placeWithKey(customer, 'checkout-1')
    expect(retry.statusCode).toBe(201)
    expect(retry.body).toBe(first.body)
    expect(await orderCountOf(customer)).toBe(1)
    expect(await stockOf(product.id)).toBe(8)
    expect(await cartLinesOf(customer)).toHaveLength(1)
  })

  it('places one order for racing requests with one key, and answers each the same', async () => {
    const { customer, product } = await shopper(3)
    const second = await context.secondApp()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => placeWithKey(customer, 'race', {}, i % 2 ? second : context.app)),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201))
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1)
    expect(await orderCountOf(customer)).toBe(1)
    expect(await stockOf(product.id)).toBe(7)
  })

  it('answers 409 for the key with a different body, and takes nothing', async () => {
    const { customer, product } = await shopper(1)
    expect((await placeWithKey(customer, 'checkout-2')).statusCode).toBe(201)
    await addToCart(customer, product.id, 1)
    const other = await placeWithKey(customer, 'checkout-2', { city: 'Karachi' })
    expect(other.statusCode).toBe(409)
    expect(other.json().detail).toBe('This Idempotency-Key was already used for a different order.')
    expect(await orderCountOf(customer)).toBe(1)
    expect(await cartLinesOf(customer)).toHaveLength(1)
  })

  it('keeps keys per user: the same key from another user places their own order', async () => {
    const a = await shopper(1)
    const b = await shopper(1)
    const first = await placeWithKey(a.customer, 'shared-key')
    const other = await placeWithKey(b.customer, 'shared-key')
    expect([first.statusCode, other.statusCode]).toEqual([201, 201])
    expect(other.json().id).not.toBe(first.json().id)
    expect(await orderCountOf(b.customer)).toBe(1)
  })

  it('keeps no refused attempt: the key places the order once the cart is ready', async () => {
    const customer = await createTestUser(context)
    const empty = await placeWithKey(customer, 'early')
    expect(empty.statusCode).toBe(400)
    const product = await insertProduct(context.database.db, { stock: 5 })
    await addToCart(customer, product.id, 1)
    expect((await placeWithKey(customer, 'early')).statusCode).toBe(201)
  })

  it('takes a key older than 24 hours as spent', async () => {
    const { customer, product } = await shopper(1)
    const first = await placeWithKey(customer, 'yesterday')
    await context.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(idempotencyKeys.userId, customer.id))
    await addToCart(customer, product.id, 1)
    const again = await placeWithKey(customer, 'yesterday')
    expect(again.statusCode).toBe(201)
    expect(again.json().id).not.toBe(first.json().id)
    expect(await orderCountOf(customer)).toBe(2)
  })

  it.each([
    ['empty', ''],
    ['over 200 characters', 'k'.repeat(201)],
    ['with a space', 'two words'],
    ['not ASCII', 'caf\u00e9'],
  ])('answers 400 for a key that is %s, and places nothing', async (_, key) => {
    const { customer } = await shopper(1)
    const answer = await placeWithKey(customer, key)
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      detail: 'The request headers are not valid.',
      errors: { 'idempotency-key': [expect.stringContaining('1 to 200 visible characters')] },
    })
    expect(await orderCountOf(customer)).toBe(0)
  })
})

const change = (user: TestUser | null, orderId: number, body: UpdateOrderBody) =>
  callRoute(context.app, paths.orders.updateOrder, { params: { id: orderId }, body, user })

const cancel = (user: TestUser | null, orderId: number, note?: string) => {
  const body: CancelOrderBody = note === undefined ? {} : { note }
  return callRoute(context.app, paths.orders.cancelOrder, { params: { id: orderId }, body, user })
}

/** A 10% coupon with at most `maxUses` uses. */
const insertCoupon = (maxUses: number | null) => insertTestCoupon(context.database.db, { maxUses })
const usesOf = (couponId: number) => couponUses(context.database.db, couponId)

describe('POST /api/orders/:id/cancel/', () => {
  it('cancels a pending order for its owner, giving back the stock and the coupon use, with the note in the history', async () => {
    const coupon = await insertCoupon(5)
    const { customer, product, order } = await orderOf(3, 10, { coupon_code: coupon.code })
    expect([await stockOf(product.id), await usesOf(coupon.id)]).toEqual([7, 1])
    const answer = await cancel(customer, order.id, 'Found one nearer home.')
    expect(answer.status).toBe(200)
    expect(answer.body.status).toBe('Cancelled')
    expect(answer.body.history.at(-1)).toEqual({
      status: 'Cancelled',
      payment_status: 'unpaid',
      at: expect.any(String),
      by: { id: customer.id, first_name: expect.any(String) },
      note: 'Found one nearer home.',
    })
    expect(answer.body.history).toHaveLength(2)
    expect([await stockOf(product.id), await usesOf(coupon.id)]).toEqual([10, 0])
  })

  it('gives back once when cancelled twice or at the same moment; the others get 409', async () => {
    const coupon = await insertCoupon(5)
    const { customer, product, order } = await orderOf(2, 10, { coupon_code: coupon.code })
    const racing = await Promise.all([cancel(customer, order.id), cancel(customer, order.id)])
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409])
    const again = await cancel(customer, order.id)
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('This order is already cancelled.')
    expect([await stockOf(product.id), await usesOf(coupon.id)]).toEqual([10, 0])
    expect((await getOrder(customer, order.id)).body.history).toHaveLength(2)
  })

  it('answers 409 once the order has been shipped, changing nothing', async () => {
    const { customer, product, order } = await orderOf(1)
    await setStatus(staff, order.id, 'Shipped')
    const answer = await cancel(customer, order.id)
    expect(answer.status).toBe(409)
    expect(answer.body.detail).toBe(
      'Only a pending or confirmed order can be cancelled; this one is Shipped.',
    )
    expect(await stockOf(product.id)).toBe(9)
  })

  it('answers 404 to anyone but the owner, staff included, and 401 anonymous', async () => {
    const { product, order } = await orderOf(1)
    const stranger = await createTestUser(context)
    expect((await cancel(stranger, order.id)).status).toBe(404)
    expect((await cancel(staff, order.id)).status).toBe(404)
    expect((await cancel(null, order.id)).status).toBe(401)
    expect(await stockOf(product.id)).toBe(9)
  })
})

describe('PATCH /api/orders/:id/ and the history', () => {
  it('records each change with the staff member and the note; an unchanged order gets no entry', async () => {
    const { customer, order } = await orderOf(1)
    const paid = await change(staff, order.id, { payment_status: 'paid', note: 'Transfer seen in the bank.' })
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({ status: 'Pending', payment_status: 'paid' })
    const both = await change(staff, order.id, { status: 'Shipped', payment_status: 'refunded', note: '' })
    expect(both.body).toMatchObject({ status: 'Shipped', payment_status: 'refunded' })
    expect((await change(staff, order.id, { status: 'Shipped', note: 'again' })).status).toBe(200)
    const history = (await getOrder(customer, order.id)).body.history
    const by = { id: staff.id, first_name: expect.any(String) }
    expect(history.map(({ at, ...entry }: { at: string }) => entry)).toEqual([
      {
        status: 'Pending',
        payment_status: 'unpaid',
        by: { id: customer.id, first_name: expect.any(String) },
        note: '',
      },
      { status: 'Pending', payment_status: 'paid', by, note: 'Transfer seen in the bank.' },
      { status: 'Shipped', payment_status: 'refunded', by, note: '' },
    ])
    const times = history.map((entry: { at: string }) => Date.parse(entry.at))
    expect([...times].sort((a, b) => a - b)).toEqual(times)
  })

  it('answers 400 for a change that names neither status nor payment status', async () => {
    const { order } = await orderOf(1)
    const answer = await change(staff, order.id, { note: 'Nothing to say.' })
    expect(answer.status).toBe(400)
  })

  it('gives the coupon use back when staff cancel, and takes it again when they reopen', async () => {
    const coupon = await insertCoupon(1)
    const { order } = await orderOf(1, 10, { coupon_code: coupon.code })
    await setStatus(staff, order.id, 'Cancelled')
    await setStatus(staff, order.id, 'Cancelled')
    expect(await usesOf(coupon.id)).toBe(0)
    expect((await setStatus(staff, order.id, 'Pending')).status).toBe(200)
    expect(await usesOf(coupon.id)).toBe(1)
  })

  it('answers 409 reopening an order whose coupon was used up since, and leaves it cancelled', async () => {
    const coupon = await insertCoupon(1)
    const { product, order } = await orderOf(2, 10, { coupon_code: coupon.code })
    await setStatus(staff, order.id, 'Cancelled')
    const other = await orderOf(1, 10, { coupon_code: coupon.code })
    expect(other.order.discount).not.toBe('0.00')
    const refused = await setStatus(staff, order.id, 'Processing')
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe(`The coupon ${coupon.code} has been used up. The order stays cancelled.`)
    expect(await usesOf(coupon.id)).toBe(1)
    expect(await stockOf(product.id)).toBe(10)
    const kept = (await getOrder(staff, order.id)).body
    expect(kept.status).toBe('Cancelled')
    expect(kept.history).toHaveLength(2)
  })
})

describe('GET /api/orders/ filters', () => {
  it('filters by status, payment status and a search over number, name, phone and email, within the scope', async () => {
    // Letters only: a digit could match an order number or a phone below.
    const tag = Array.from({ length: 10 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('')
    const customer = await createTestUser(context)
    const product = await insertProduct(context.database.db, { stock: 20 })
    const placeFor = async (fields: object) => {
      await addToCart(customer, product.id)
      const placed = await placeOrder(customer, fields)
      expect(placed.status).toBe(201)
      return placed.body.id as number
    }
    const first = await placeFor({ first_name: 'Zainab', last_name: `Qureshi${tag}`, phone: '+923331112233' })
    const second = await placeFor({ email: `${tag}@Example.com`, phone: '03451112233' })
    const third = await placeFor({ payment_method: 'cod' })
    await change(staff, second, { status: 'Processing', payment_status: 'paid', note: '' })
    await insertPayment(context.database.db, third, { status: 'pending' })

    const ids = async (user: TestUser, query: Partial<OrderListQuery>) =>
      (await listOrders(user, { page_size: 100, ...query })).body.results.map((order) => order.id)
    expect(await ids(customer, { status: 'Processing' })).toEqual([second])
    expect(await ids(customer, { payment_status: 'unpaid' })).toEqual([first])
    expect(await ids(customer, { status: 'Pending', payment_status: 'proof_submitted' })).toEqual([third])
    expect(await ids(customer, { search: `zainab ${'QURESHI'}${tag.toUpperCase()}` })).toEqual([first])
    expect(await ids(customer, { search: `${tag.toUpperCase()}@example` })).toEqual([second])
    expect(await ids(customer, { search: '0333 1112233' })).toEqual([first])
    expect(await ids(customer, { search: '+92345111' })).toEqual([second])
    // A bare number may also be part of a phone; with '#' it is the order number alone.
    expect(await ids(customer, { search: `${third}` })).toContain(third)
    expect(await ids(customer, { search: `#${third}` })).toEqual([third])
    // Staff search every order with scope=all; another customer finds none of these.
    expect(await ids(staff, { scope: 'all', search: tag })).toEqual([second, first])
    const stranger = await createTestUser(context)
    expect(await ids(stranger, { search: tag })).toEqual([])
    // A status no order has, in a raw query: the contract's type refuses it.
    const lost = await call(context.app, {
      method: 'GET',
      url: '/api/orders/?status=Lost',
      headers: customer.headers,
    })
    expect(lost.status).toBe(400)
  })
})
