import { type AddToCartBody, paths, type RemoveCartItemBody, type UpdateCartItemBody } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct, insertSofa } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { cartItems, carts } from '../../db/schema'

let context: TestContext
beforeAll(async () => {
  context = await createTestApp()
})
afterAll(() => context.close())

const getCart = (user: TestUser | null) => callRoute(context.app, paths.cart.getCart, { user })
const addToCart = (user: TestUser, body: AddToCartBody) =>
  callRoute(context.app, paths.cart.addToCart, { body, user })
const updateItem = (user: TestUser, body: UpdateCartItemBody) =>
  callRoute(context.app, paths.cart.updateCartItem, { body, user })
const removeItem = (user: TestUser, body: RemoveCartItemBody) =>
  callRoute(context.app, paths.cart.removeCartItem, { body, user })

/** The line a test expects in the cart; fails the test when there is none. */
function lineOf<Line>(line: Line | undefined): Line {
  if (!line) throw new Error('the cart has no such line')
  return line
}

describe('GET /api/cart/', () => {
  it('answers an empty cart to a new user without creating one', async () => {
    const user = await createTestUser(context)
    const answer = await getCart(user)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ items: [], item_count: 0, subtotal: '0.00' })
    const rows = await context.database.db.select().from(carts).where(eq(carts.userId, user.id))
    expect(rows).toEqual([])
  })

  it('answers 401 without a user', async () => {
    expect((await getCart(null)).status).toBe(401)
  })
})

describe('POST /api/cart/', () => {
  it('creates the cart on first use and answers the whole cart', async () => {
    const user = await createTestUser(context)
    const chair = await insertProduct(context.database.db, {
      name: 'Teak Chair',
      price: '12500.50',
      stock: 4,
      withImage: true,
    })
    const answer = await addToCart(user, { product_id: chair.id })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      items: [
        {
          id: expect.any(Number),
          quantity: 1,
          options: [],
          unit_price: '12500.50',
          product: {
            id: chair.id,
            name: 'Teak Chair',
            price: '12500.50',
            stock: 4,
            lead_time_days: 0,
            main_image_url: `/media/products/test-${chair.id}-640.webp`,
          },
        },
      ],
      item_count: 1,
      subtotal: '12500.50',
    })
  })

  it('adds to the existing line and sums quantities and money', async () => {
    const user = await createTestUser(context)
    const table = await insertProduct(context.database.db, { price: '0.10', stock: 10 })
    const lamp = await insertProduct(context.database.db, { price: '0.20', stock: 10 })
    await addToCart(user, { product_id: table.id, quantity: 2 })
    await addToCart(user, { product_id: lamp.id })
    const answer = await addToCart(user, { product_id: table.id, quantity: 3 })
    expect(answer.body.items).toHaveLength(2)
    expect(answer.body.items[0]).toMatchObject({
      quantity: 5,
      product: { id: table.id, main_image_url: null },
    })
    expect(answer.body.item_count).toBe(6)
    expect(answer.body.subtotal).toBe('0.70')
  })

  it('answers 400 naming the product past the stock, also when adding to a line', async () => {
    const user = await createTestUser(context)
    const sofa = await insertProduct(context.database.db, { name: 'Velvet Sofa', stock: 3 })
    const tooMany = await addToCart(user, { product_id: sofa.id, quantity: 4 })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.detail).toContain('Velvet Sofa')
    expect((await addToCart(user, { product_id: sofa.id, quantity: 2 })).status).toBe(200)
    const pastLine = await addToCart(user, { product_id: sofa.id, quantity: 2 })
    expect(pastLine.status).toBe(400)
    expect(pastLine.body.detail).toContain('Velvet Sofa')
    expect((await getCart(user)).body.item_count).toBe(2)
  })

  it('answers 400 for an out-of-stock product', async () => {
    const user = await createTestUser(context)
    const gone = await insertProduct(context.database.db, { name: 'Sold Out Stool', stock: 0 })
    const answer = await addToCart(user, { product_id: gone.id })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Sorry, "Sold Out Stool" is out of stock.')
  })

  it('answers 404 for an unknown product and 400 for a bad quantity', async () => {
    const user = await createTestUser(context)
    expect((await addToCart(user, { product_id: 999999 })).status).toBe(404)
    const product = await insertProduct(context.database.db)
    const zero = await addToCart(user, { product_id: product.id, quantity: 0 })
    expect(zero.status).toBe(400)
    expect(zero.body.errors.quantity).toEqual(['Quantity must be at least 1.'])
  })

  // docs/api.md "Strict input": `{"product_id": [43]}` used to be read as product 43.
  it.each([
    ['a list', (n: number) => [n]],
    ['a numeric string', (n: number) => String(n)],
    ['an object', (n: number) => ({ id: n })],
    ['a boolean', () => true],
  ])('answers 400 naming the field for a number sent as %s, and adds nothing', async (_, wrong) => {
    const user = await createTestUser(context)
    const product = await insertProduct(context.database.db)
    // Sent as they are: the contract's type refuses these values.
    const addAsIs = (payload: object) =>
      call(context.app, { method: 'POST', url: '/api/cart/', headers: user.headers, payload })
    const badId = await addAsIs({ product_id: wrong(product.id) })
    expect(badId.status).toBe(400)
    expect(Object.keys(badId.body.errors)).toEqual(['product_id'])
    const badQuantity = await addAsIs({ product_id: product.id, quantity: wrong(2) })
    expect(badQuantity.status).toBe(400)
    expect(Object.keys(badQuantity.body.errors)).toEqual(['quantity'])
    expect((await getCart(user)).body.items).toEqual([])
  })
})

describe('PATCH /api/cart/', () => {
  it('sets the quantity, and 0 removes the line', async () => {
    const user = await createTestUser(context)
    const product = await insertProduct(context.database.db, { price: '100.00', stock: 5 })
    const added = await addToCart(user, { product_id: product.id })
    const itemId = lineOf(added.body.items[0]).id
    const set = await updateItem(user, { item_id: itemId, quantity: 5 })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ item_count: 5, subtotal: '500.00' })
    const removed = await updateItem(user, { item_id: itemId, quantity: 0 })
    expect(removed.status).toBe(200)
    expect(removed.body.items).toEqual([])
  })

  it('answers 400 naming the product past the stock and keeps the quantity', async () => {
    const user = await createTestUser(context)
    const product = await insertProduct(context.database.db, { name: 'Oak Wardrobe', stock: 2 })
    const added = await addToCart(user, { product_id: product.id })
    const answer = await updateItem(user, { item_id: lineOf(added.body.items[0]).id, quantity: 3 })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Only 2 of "Oak Wardrobe" in stock.')
    expect((await getCart(user)).body.item_count).toBe(1)
  })

  it("answers 404 for another user's line and leaves it alone", async () => {
    const owner = await createTestUser(context)
    const stranger = await createTestUser(context)
    const product = await insertProduct(context.database.db)
    const added = await addToCart(owner, { product_id: product.id })
    const itemId = lineOf(added.body.items[0]).id
    expect((await updateItem(stranger, { item_id: itemId, quantity: 3 })).status).toBe(404)
    expect((await updateItem(stranger, { item_id: itemId, quantity: 0 })).status).toBe(404)
    expect((await getCart(owner)).body.item_count).toBe(1)
  })
})

describe('DELETE /api/cart/', () => {
  it('removes the line and answers the whole cart', async () => {
    const user = await createTestUser(context)
    const kept = await insertProduct(context.database.db)
    const dropped = await insertProduct(context.database.db)
    await addToCart(user, { product_id: kept.id })
    const added = await addToCart(user, { product_id: dropped.id })
    const line = lineOf(added.body.items.find((item) => item.product.id === dropped.id))
    const answer = await removeItem(user, { item_id: line.id })
    expect(answer.status).toBe(200)
    expect(answer.body.items.map((item: { product: { id: number } }) => item.product.id)).toEqual([kept.id])
  })

  it("answers 404 for a line not in the caller's cart", async () => {
    const owner = await createTestUser(context)
    const stranger = await createTestUser(context)
    const product = await insertProduct(context.database.db)
    const added = await addToCart(owner, { product_id: product.id })
    const itemId = lineOf(added.body.items[0]).id
    const answer = await removeItem(stranger, { item_id: itemId })
    expect(answer.status).toBe(404)
    expect(answer.body.detail).toBe('This item is not in your cart.')
    const rows = await context.database.db.select().from(cartItems).where(eq(cartItems.id, itemId))
    expect(rows).toHaveLength(1)
  })
})

/** The tests' sofa with a paisa-exact linen (+4,000.50). */
const sofaNamed = (name = 'Chesterfield Sofa', spec: { stock?: number; leadTimeDays?: number } = {}) =>
  insertSofa(context.database.db, { name, ...spec, linenDelta: '4000.50' })

describe('POST /api/cart/ with options', () => {
  it('keeps one line per product and choice set, each at its unit price, summed in paisa', async () => {
    const user = await createTestUser(context)
    const sofa = await sofaNamed()
    const cushion = await insertProduct(context.database.db, {
      price: '0.10',
      options: [{ name: 'Cover', values: [['Silk', '0.20']] }],
    })
    await addToCart(user, { product_id: sofa.id, options: sofa.choice(1, 0) })
    await addToCart(user, { product_id: sofa.id, quantity: 2, options: sofa.choice(0, 1) })
    // The same choice again, its keys in another order: added to its line.
    const { [sofa.size.id]: size, ...fabric } = sofa.choice(1, 0)
    await addToCart(user, { product_id: sofa.id, options: { [sofa.size.id]: size ?? 0, ...fabric } })
    const cover = cushion.options[0]
    const answer = await addToCart(user, {
      product_id: cushion.id,
      quantity: 3,
      options: { [cover?.id ?? 0]: cover?.values[0]?.id ?? 0 },
    })
    expect(answer.status).toBe(200)
    expect(
      answer.body.items.map((item: { quantity: number; options: unknown; unit_price: string }) => [
        item.quantity,
        item.options,
        item.unit_price,
      ]),
    ).toEqual([
      [
        2,
        [
          { name: 'Fabric', value: 'Beige linen' },
          { name: 'Size', value: '3-seater' },
        ],
        '249000.50',
      ],
      [
        2,
        [
          { name: 'Fabric', value: 'Emerald velvet' },
          { name: 'Size', value: '2-seater' },
        ],
        '215000.00',
      ],
      [3, [{ name: 'Cover', value: 'Silk' }], '0.30'],
    ])
    expect(answer.body.items[0]?.product).toMatchObject({ price: '245000.00', lead_time_days: 0 })
    // 2 × 249,000.50 + 2 × 215,000 + 3 × 0.30, exactly
    expect(answer.body.subtotal).toBe('928001.90')
    expect(answer.body.item_count).toBe(7)
  })

  it('answers 400 naming the first option left unchosen, and adds nothing', async () => {
    const user = await createTestUser(context)
    const sofa = await sofaNamed()
    const { [sofa.fabric.id]: _, ...sizeOnly } = sofa.choice(0, 0)
    const answer = await addToCart(user, { product_id: sofa.id, options: sizeOnly })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Choose the Fabric of "Chesterfield Sofa".')
    expect((await addToCart(user, { product_id: sofa.id })).body.detail).toBe(
      'Choose the Fabric of "Chesterfield Sofa".',
    )
    expect((await getCart(user)).body.items).toEqual([])
  })

  it("answers 400 for a value of another product or option, and for an option the product hasn't", async () => {
    const user = await createTestUser(context)
    const sofa = await sofaNamed()
    const other = await sofaNamed('Other Sofa')
    const attempts = [
      // Another sofa's linen for this sofa's fabric
      { ...sofa.choice(0, 0), [sofa.fabric.id]: other.fabric.values[1]?.id ?? 0 },
      // A size for the fabric
      { ...sofa.choice(0, 0), [sofa.fabric.id]: sofa.size.values[0]?.id ?? 0 },
      // The other sofa's option
      { ...sofa.choice(0, 0), [other.fabric.id]: other.fabric.values[0]?.id ?? 0 },
    ]
    for (const options of attempts) {
      const answer = await addToCart(user, { product_id: sofa.id, options })
      expect(answer.status).toBe(400)
      expect(answer.body.detail).toContain('"Chesterfield Sofa"')
    }
    const plain = await insertProduct(context.database.db, { name: 'Plain Stool' })
    const chosen = await addToCart(user, { product_id: plain.id, options: sofa.choice(0, 0) })
    expect(chosen.status).toBe(400)
    expect(chosen.body.detail).toBe(`"Plain Stool" has no option ${sofa.fabric.id}.`)
    expect((await addToCart(user, { product_id: plain.id, options: {} })).status).toBe(200)
    expect((await getCart(user)).body.item_count).toBe(1)
  })

  it('counts every line of a product against its stock', async () => {
    const user = await createTestUser(context)
    const sofa = await sofaNamed('Last Two Sofa', { stock: 2 })
    expect((await addToCart(user, { product_id: sofa.id, options: sofa.choice(0, 0) })).status).toBe(200)
    const past = await addToCart(user, { product_id: sofa.id, quantity: 2, options: sofa.choice(1, 0) })
    expect(past.status).toBe(400)
    expect(past.body.detail).toBe('Only 2 of "Last Two Sofa" in stock.')
    const added = await addToCart(user, { product_id: sofa.id, options: sofa.choice(1, 0) })
    const line = lineOf(added.body.items[1])
    expect((await updateItem(user, { item_id: line.id, quantity: 2 })).status).toBe(400)
    expect((await getCart(user)).body.item_count).toBe(2)
  })

  it('takes a made-to-order piece past its stock, even at 0', async () => {
    const user = await createTestUser(context)
    const sofa = await sofaNamed('Bespoke Sofa', { stock: 0, leadTimeDays: 21 })
    const answer = await addToCart(user, { product_id: sofa.id, quantity: 3, options: sofa.choice(1, 1) })
    expect(answer.status).toBe(200)
    expect(answer.body.items[0]).toMatchObject({ quantity: 3, product: { stock: 0, lead_time_days: 21 } })
    const raised = await updateItem(user, { item_id: lineOf(answer.body.items[0]).id, quantity: 5 })
    expect(raised.body.item_count).toBe(5)
  })
})
