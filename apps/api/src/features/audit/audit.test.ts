import { paths } from '@store/contract'
import { count, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertOrder, itemAt, one } from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { sqlState } from '../../db/errors'
import { auditLog, coupons, productImages, products } from '../../db/schema'

let context: TestContext
let owner: TestUser
let manager: TestUser
let cataloguer: TestUser
let customer: TestUser

beforeAll(async () => {
  context = await createTestApp()
  owner = await createTestUser(context, { staff: true })
  manager = await createTestUser(context, { role: 'manager' })
  cataloguer = await createTestUser(context, { role: 'catalogue' })
  customer = await createTestUser(context)
})
afterAll(() => context.close())

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .png()
    .toBuffer()

async function entryCount(): Promise<number> {
  const [row] = await context.database.db.select({ n: count() }).from(auditLog)
  return row?.n ?? 0
}

/** The newest entries through the API, newest first. */
async function newest(n = 1, query = '') {
  const answer = await call(context.app, {
    method: 'GET',
    url: `/api/admin/audit/?page_size=${n}${query}`,
    headers: owner.headers,
  })
  expect(answer.status).toBe(200)
  return answer.body.results
}

/** What an entry by `user` from the test's address looks like; the change's own fields are given. */
const entryBy = (user: TestUser, change: object) => ({
  id: expect.any(Number),
  at: expect.any(String),
  actor: { id: user.id, email: user.email },
  ip: '127.0.0.1',
  ...change,
})

/** Runs a request that must be refused and checks that it wrote no entry. */
async function refused(status: number, request: () => Promise<{ status: number }>) {
  const before = await entryCount()
  const answer = await request()
  expect(answer.status).toBe(status)
  expect(await entryCount()).toBe(before)
}

describe('categories', () => {
  it('write one entry per create, rename and delete with the names before and after', async () => {
    const created = await callRoute(context.app, paths.catalog.createCategory, {
      body: { name: 'Lamps' },
      user: cataloguer,
    })
    expect(created.status).toBe(201)
    const id = created.body.id
    expect(await newest()).toEqual([
      entryBy(cataloguer, {
        action: 'category.create',
        entity: 'category',
        entity_id: id,
        before: null,
        after: { name: 'Lamps', name_ur: '' },
      }),
    ])
    expect(
      (
        await callRoute(context.app, paths.catalog.updateCategory, {
          params: { id },
          body: { name: 'Lights' },
          user: owner,
        })
      ).status,
    ).toBe(200)
    expect(await newest()).toEqual([
      entryBy(owner, {
        action: 'category.update',
        entity: 'category',
        entity_id: id,
        before: { name: 'Lamps' },
        after: { name: 'Lights' },
      }),
    ])
    // The Urdu name is audited like the English one.
    const urdu = { name: 'Lights', name_ur: 'روشنیاں' }
    expect(
      (
        await callRoute(context.app, paths.catalog.updateCategory, {
          params: { id },
          body: urdu,
          user: owner,
        })
      ).status,
    ).toBe(200)
    expect(await newest()).toEqual([
      entryBy(owner, {
        action: 'category.update',
        entity: 'category',
        entity_id: id,
        before: { name_ur: '' },
        after: { name_ur: 'روشنیاں' },
      }),
    ])
    // A rename to the same names changes nothing, so it leaves nothing to audit.
    await refused(200, () =>
      callRoute(context.app, paths.catalog.updateCategory, { params: { id }, body: urdu, user: owner }),
    )
    expect(
      (await callRoute(context.app, paths.catalog.deleteCategory, { params: { id }, user: owner })).status,
    ).toBe(204)
    expect(await newest()).toEqual([
      entryBy(owner, {
        action: 'category.delete',
        entity: 'category',
        entity_id: id,
        before: urdu,
        after: null,
      }),
    ])
  })

  it('write nothing for a refused change', async () => {
    const taken = await callRoute(context.app, paths.catalog.createCategory, {
      body: { name: 'Rugs' },
      user: owner,
    })
    const other = await callRoute(context.app, paths.catalog.createCategory, {
      body: { name: 'Mats' },
      user: owner,
    })
    await refused(400, () =>
      callRoute(context.app, paths.catalog.createCategory, { body: { name: 'rugs' }, user: owner }),
    )
    await refused(400, () =>
      callRoute(context.app, paths.catalog.updateCategory, {
        params: { id: other.body.id },
        body: { name: 'RUGS' },
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.catalog.updateCategory, {
        params: { id: 999999 },
        body: { name: 'Nowhere' },
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.catalog.deleteCategory, { params: { id: 999999 }, user: owner }),
    )
    await context.database.db.insert(products).values({
      name: 'Jute Rug',
      description: 'Flat weave.',
      price: '9000',
      stock: 3,
      categoryId: taken.body.id,
    })
    await refused(409, () =>
      callRoute(context.app, paths.catalog.deleteCategory, { params: { id: taken.body.id }, user: owner }),
    )
    await refused(403, () =>
      callRoute(context.app, paths.catalog.createCategory, { body: { name: 'Blinds' }, user: customer }),
    )
  })
})

describe('products', () => {
  const fields = {
    name: 'Audit Armchair',
    description: 'Deep seat.',
    name_ur: 'آڈٹ آرم چیئر',
    description_ur: 'گہری نشست۔',
    category: 'Audited',
    price: '45000',
    stock: '4',
    width_cm: '80',
    depth_cm: '85',
    height_cm: '90',
    material: 'Teak',
    options: JSON.stringify([
      {
        name: 'Fabric',
        values: [
          { label: 'Linen', price_delta: '0' },
          { label: 'Velvet', price_delta: '5000' },
        ],
      },
    ]),
  }

  it('write an entry for create, update, image removal and delete with the audited fields', async () => {
    await callRoute(context.app, paths.catalog.createCategory, { body: { name: 'Audited' }, user: owner })
    const created = await callRoute(context.app, paths.catalog.createProduct, {
      body: fields,
      user: owner,
      files: [{ name: 'a.png', type: 'image/png', bytes: await png() }],
    })
    expect(created.status).toBe(201)
    const { id } = created.body
    const fabric = itemAt(created.body.options, 0)
    const [linen, velvet] = [itemAt(fabric.values, 0), itemAt(fabric.values, 1)]
    const firstImage = itemAt(created.body.images, 0)
    const asCreated = {
      sku: created.body.sku,
      name: 'Audit Armchair',
      description: 'Deep seat.',
      name_ur: 'آڈٹ آرم چیئر',
      description_ur: 'گہری نشست۔',
      price: '45000.00',
      stock: 4,
      category: 'Audited',
      is_featured: false,
      is_on_sale: false,
      options: [
        {
          id: fabric.id,
          name: 'Fabric',
          values: [
            { id: linen.id, label: 'Linen', price_delta: '0.00' },
            { id: velvet.id, label: 'Velvet', price_delta: '5000.00' },
          ],
        },
      ],
      width_cm: 80,
      depth_cm: 85,
      height_cm: 90,
      weight_kg: null,
      material: 'Teak',
      colour: null,
      lead_time_days: 0,
      advance_percent: null,
      low_stock_threshold: null,
      images: [firstImage.id],
    }
    const [createEntry] = await newest()
    expect(createEntry).toEqual(
      entryBy(owner, {
        action: 'product.create',
        entity: 'product',
        entity_id: id,
        before: null,
        after: asCreated,
      }),
    )
    // JSON key order aside: what a client reads is the object.
    expect(Object.keys(createEntry.after).sort()).toEqual(Object.keys(asCreated).sort())

    const updated = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id },
      body: {
        ...fields,
        name_ur: 'آرام کرسی',
        price: '47500.50',
        lead_time_days: '14',
        options: JSON.stringify([
          { id: fabric.id, name: 'Fabric', values: [{ id: linen.id, label: 'Linen', price_delta: '0' }] },
        ]),
      },
      user: cataloguer,
      files: [{ name: 'b.png', type: 'image/png', bytes: await png() }],
    })
    expect(updated.status).toBe(200)
    const secondImage = itemAt(updated.body.images, 1)
    const updatedFields = {
      name_ur: 'آرام کرسی',
      price: '47500.50',
      lead_time_days: 14,
      options: [
        { id: fabric.id, name: 'Fabric', values: [{ id: linen.id, label: 'Linen', price_delta: '0.00' }] },
      ],
    }
    expect(await newest()).toEqual([
      entryBy(cataloguer, {
        action: 'product.update',
        entity: 'product',
        entity_id: id,
        before: {
          name_ur: 'آڈٹ آرم چیئر',
          price: '45000.00',
          lead_time_days: 0,
          options: asCreated.options,
          images: [firstImage.id],
        },
        after: { ...updatedFields, images: [firstImage.id, secondImage.id] },
      }),
    ])

    const removed = await callRoute(context.app, paths.catalog.deleteImage, {
      params: { id },
      body: { image_id: firstImage.id },
      user: owner,
    })
    expect(removed.status).toBe(204)
    expect(await newest()).toEqual([
      entryBy(owner, {
        action: 'product.delete_image',
        entity: 'product',
        entity_id: id,
        before: { images: [firstImage.id, secondImage.id] },
        after: { images: [secondImage.id] },
      }),
    ])

    expect(
      (await callRoute(context.app, paths.catalog.deleteProduct, { params: { id }, user: owner })).status,
    ).toBe(204)
    expect(await newest()).toEqual([
      entryBy(owner, {
        action: 'product.delete',
        entity: 'product',
        entity_id: id,
        before: { ...asCreated, ...updatedFields, images: [secondImage.id] },
        after: null,
      }),
    ])
  })

  it('write nothing for a refused change, nor for an update that changes nothing', async () => {
    const product = await insertProduct(context.database.db, { name: 'Quiet Stool', withImage: true })
    const image = one(
      await context.database.db
        .select({ id: productImages.id })
        .from(productImages)
        .where(eq(productImages.productId, product.id)),
    )
    const same = {
      name: 'Quiet Stool',
      description: 'A product made for a test.',
      category: 'Test furniture',
    }
    await refused(200, () =>
      callRoute(context.app, paths.catalog.updateProduct, {
        params: { id: product.id },
        body: { ...same, price: '1000', stock: '10' },
        user: owner,
      }),
    )
    await refused(400, () =>
      callRoute(context.app, paths.catalog.updateProduct, {
        params: { id: product.id },
        body: {
          ...same,
          price: '1000',
          stock: '10',
          category: 'Nope',
        },
        user: owner,
      }),
    )
    // Refused inside the transaction, after the product row was written: it rolls back with the entry.
    await refused(400, () =>
      callRoute(context.app, paths.catalog.updateProduct, {
        params: { id: product.id },
        body: {
          ...same,
          price: '2000',
          stock: '10',
          options: JSON.stringify([{ id: 999999, name: 'Size', values: [{ label: 'L', price_delta: '0' }] }]),
        },
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.catalog.updateProduct, {
        params: { id: 999999 },
        body: { ...same, price: '1', stock: '1' },
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.catalog.deleteProduct, { params: { id: 999999 }, user: owner }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.catalog.deleteImage, {
        params: { id: product.id },
        body: { image_id: 999999 },
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.catalog.deleteImage, {
        params: { id: 999999 },
        body: { image_id: image.id },
        user: owner,
      }),
    )
    await refused(403, () =>
      callRoute(context.app, paths.catalog.deleteProduct, { params: { id: product.id }, user: customer }),
    )
  })
})

describe('orders', () => {
  it('write order.update with the status before and after and the note, and the payment it settled', async () => {
    const product = await insertProduct(context.database.db, { name: 'Order Audit Table', stock: 1 })
    const orderId = await insertOrder(context.database.db, customer.id, { ...product, price: '1000.00' })
    const changed = await callRoute(context.app, paths.orders.updateOrder, {
      params: { id: orderId },
      body: {
        status: 'Processing',
        payment_status: 'paid',
        note: 'Paid at the counter',
      },
      user: owner,
    })
    expect(changed.status).toBe(200)
    const [entryId] = changed.body.payments.map((entry) => entry.id)
    expect(await newest(2)).toEqual([
      entryBy(owner, {
        action: 'order.update',
        entity: 'order',
        entity_id: orderId,
        before: { status: 'Pending', note: null },
        after: { status: 'Processing', note: 'Paid at the counter' },
      }),
      entryBy(owner, {
        action: 'payment.record',
        entity: 'payment',
        entity_id: entryId,
        before: null,
        after: {
          order_id: orderId,
          kind: 'payment',
          method: 'bank_transfer',
          amount: changed.body.total_price,
          status: 'confirmed',
          note: 'Paid at the counter',
        },
      }),
    ])
    expect(
      (
        await callRoute(context.app, paths.orders.updateOrder, {
          params: { id: orderId },
          body: { payment_status: 'refunded' },
          user: manager,
        })
      ).status,
    ).toBe(200)
    expect(await newest()).toEqual([
      entryBy(manager, {
        action: 'payment.record',
        entity: 'payment',
        entity_id: expect.any(Number),
        before: null,
        after: {
          order_id: orderId,
          kind: 'refund',
          method: 'bank_transfer',
          amount: changed.body.total_price,
          status: 'confirmed',
        },
      }),
    ])
  })

  it('write nothing when the change is refused or changes nothing', async () => {
    const product = await insertProduct(context.database.db, { name: 'Scarce Lamp', stock: 1 })
    const orderId = await insertOrder(context.database.db, customer.id, { ...product, price: '1000.00' })
    await refused(200, () =>
      callRoute(context.app, paths.orders.updateOrder, {
        params: { id: orderId },
        body: { status: 'Pending', note: 'Still waiting' },
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.orders.updateOrder, {
        params: { id: 999999 },
        body: { status: 'Shipped' },
        user: owner,
      }),
    )
    expect(
      (
        await callRoute(context.app, paths.orders.updateOrder, {
          params: { id: orderId },
          body: { status: 'Cancelled' },
          user: owner,
        })
      ).status,
    ).toBe(200)
    await context.database.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id))
    // Un-cancelling needs the stock again; there is none, so the whole change rolls back.
    await refused(409, () =>
      callRoute(context.app, paths.orders.updateOrder, {
        params: { id: orderId },
        body: { status: 'Pending' },
        user: owner,
      }),
    )
    // A customer cancelling their own order is not a staff change.
    const own = await insertOrder(context.database.db, customer.id, { ...product, price: '1000.00' })
    await refused(200, () =>
      callRoute(context.app, paths.orders.cancelOrder, { params: { id: own }, body: {}, user: customer }),
    )
  })
})

const zone = {
  city: 'Multan',
  fee: '400',
  free_over: null,
  eta_min_days: 2,
  eta_max_days: 5,
  cod_available: true,
  cod_fee: '100',
}

const coupon = { code: 'AUDIT10', kind: 'percent' as const, value: '10' }

/**
 * Records audited alike: the whole record on create, the changed fields on update, on delete the
 * record as it was. Who acts is named by role: the users exist only once the app does.
 */
describe.each([
  {
    entity: 'delivery_zone',
    url: '/api/delivery-zones/',
    body: zone,
    creator: 'manager',
    asCreated: {
      city: 'Multan',
      fee: '400.00',
      free_over: null,
      eta_min_days: 2,
      eta_max_days: 5,
      cod_available: true,
      cod_fee: '100.00',
    },
    change: { fee: '450', free_over: '90000' },
    changer: 'owner',
    before: { fee: '400.00', free_over: null },
    after: { fee: '450.00', free_over: '90000.00' },
  },
  {
    entity: 'coupon',
    url: '/api/coupons/',
    body: coupon,
    creator: 'owner',
    asCreated: {
      code: 'AUDIT10',
      kind: 'percent',
      value: '10.00',
      min_subtotal: '0.00',
      starts_at: null,
      ends_at: null,
      max_uses: null,
      used_count: 0,
      is_active: true,
    },
    change: { value: '15', ends_at: '2027-01-31T19:00:00Z', max_uses: 50 },
    changer: 'manager',
    before: { value: '10.00', ends_at: null, max_uses: null },
    after: { value: '15.00', ends_at: '2027-01-31T19:00:00.000Z', max_uses: 50 },
  },
] as const)('$entity', ({ entity, url, body, creator, asCreated, change, changer, before, after }) => {
  it('write an entry per create, update and delete, money as strings', async () => {
    const users = { owner, manager }
    const created = await call(context.app, {
      method: 'POST',
      url,
      payload: body,
      headers: users[creator].headers,
    })
    expect(created.status).toBe(201)
    const { id } = created.body
    expect(await newest()).toEqual([
      entryBy(users[creator], {
        action: `${entity}.create`,
        entity,
        entity_id: id,
        before: null,
        after: asCreated,
      }),
    ])
    expect(
      (
        await call(context.app, {
          method: 'PUT',
          url: `${url}${id}/`,
          payload: { ...body, ...change },
          headers: users[changer].headers,
        })
      ).status,
    ).toBe(200)
    expect(await newest()).toEqual([
      entryBy(users[changer], { action: `${entity}.update`, entity, entity_id: id, before, after }),
    ])
    expect(
      (await call(context.app, { method: 'DELETE', url: `${url}${id}/`, headers: owner.headers })).status,
    ).toBe(204)
    expect(await newest()).toEqual([
      entryBy(owner, {
        action: `${entity}.delete`,
        entity,
        entity_id: id,
        before: { ...asCreated, ...after },
        after: null,
      }),
    ])
  })
})

describe('delivery zones and the bank account', () => {
  it('write nothing for a refused zone change', async () => {
    await callRoute(context.app, paths.delivery.createDeliveryZone, {
      body: { ...zone, city: 'Sialkot' },
      user: owner,
    })
    const other = await callRoute(context.app, paths.delivery.createDeliveryZone, {
      body: { ...zone, city: 'Sukkur' },
      user: owner,
    })
    await refused(409, () =>
      callRoute(context.app, paths.delivery.createDeliveryZone, {
        body: { ...zone, city: 'sialkot' },
        user: owner,
      }),
    )
    await refused(409, () =>
      callRoute(context.app, paths.delivery.updateDeliveryZone, {
        params: { id: other.body.id },
        body: { ...zone, city: 'SIALKOT' },
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.delivery.updateDeliveryZone, {
        params: { id: 999999 },
        body: zone,
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.delivery.deleteDeliveryZone, { params: { id: 999999 }, user: owner }),
    )
    await refused(400, () =>
      callRoute(context.app, paths.delivery.createDeliveryZone, {
        body: { ...zone, city: 'Hyderabad', fee: '-1' },
        user: owner,
      }),
    )
    await refused(403, () =>
      callRoute(context.app, paths.delivery.deleteDeliveryZone, {
        params: { id: other.body.id },
        user: cataloguer,
      }),
    )
  })

  it('write bank_account.update without an id: every field the first time, then what changed', async () => {
    const account = {
      bank_name: 'Meezan Bank',
      account_title: 'Comfort Furniture',
      account_number: '0101-0123456789',
      iban: 'PK36MEZN0001010123456789',
      instructions: '',
    }
    expect(
      (await callRoute(context.app, paths.delivery.updateBankAccount, { body: account, user: owner })).status,
    ).toBe(200)
    expect(await newest()).toEqual([
      entryBy(owner, {
        action: 'bank_account.update',
        entity: 'bank_account',
        entity_id: null,
        before: null,
        after: account,
      }),
    ])
    expect(
      (
        await callRoute(context.app, paths.delivery.updateBankAccount, {
          body: { ...account, bank_name: 'HBL' },
          user: manager,
        })
      ).status,
    ).toBe(200)
    expect(await newest()).toEqual([
      entryBy(manager, {
        action: 'bank_account.update',
        entity: 'bank_account',
        entity_id: null,
        before: { bank_name: 'Meezan Bank' },
        after: { bank_name: 'HBL' },
      }),
    ])
    await refused(400, () =>
      callRoute(context.app, paths.delivery.updateBankAccount, {
        body: { ...account, iban: 'PK1' },
        user: owner,
      }),
    )
  })
})

describe('coupons', () => {
  it('write nothing for a refused coupon change', async () => {
    await callRoute(context.app, paths.coupons.createCoupon, {
      body: { ...coupon, code: 'TAKEN5' },
      user: owner,
    })
    const used = await callRoute(context.app, paths.coupons.createCoupon, {
      body: { ...coupon, code: 'USED5' },
      user: owner,
    })
    await context.database.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, used.body.id))
    await refused(409, () =>
      callRoute(context.app, paths.coupons.createCoupon, {
        body: { ...coupon, code: 'taken5' },
        user: owner,
      }),
    )
    await refused(409, () =>
      callRoute(context.app, paths.coupons.updateCoupon, {
        params: { id: used.body.id },
        body: { ...coupon, code: 'TAKEN5' },
        user: owner,
      }),
    )
    await refused(400, () =>
      callRoute(context.app, paths.coupons.updateCoupon, {
        params: { id: used.body.id },
        body: { ...coupon, code: 'USED5', max_uses: 2 },
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.coupons.updateCoupon, {
        params: { id: 999999 },
        body: coupon,
        user: owner,
      }),
    )
    await refused(404, () =>
      callRoute(context.app, paths.coupons.deleteCoupon, { params: { id: 999999 }, user: owner }),
    )
  })
})

describe('the audit_log table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const { db } = context.database
    await callRoute(context.app, paths.catalog.createCategory, { body: { name: 'Append Only' }, user: owner })
    const before = await db.select().from(auditLog).orderBy(auditLog.id)
    expect(before.length).toBeGreaterThan(0)
    for (const statement of [
      sql`update audit_log set action = 'forged'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const error = await db.execute(statement).then(
        () => null,
        (failure: unknown) => failure,
      )
      expect(sqlState(error)).toBe('42501')
      expect(String((error as Error).cause)).toMatch(
        /the audit log is append-only: (UPDATE|DELETE|TRUNCATE) refused/,
      )
    }
    expect(await db.select().from(auditLog).orderBy(auditLog.id)).toEqual(before)
  })
})

describe('GET /api/admin/audit/', () => {
  /** Entries written straight into the table, at given moments, for an entity id of their own. */
  const ENTITY_ID = 987_654
  beforeAll(async () => {
    await context.database.db.insert(auditLog).values([
      // 23:59:59 on 1 March in Pakistan (UTC+5)
      { at: new Date('2026-03-01T18:59:59Z'), action: 'order.update', entity: 'order', entityId: ENTITY_ID },
      // 00:00 on 2 March in Pakistan
      {
        at: new Date('2026-03-01T19:00:00Z'),
        actorId: manager.id,
        actorEmail: 'Night.Shift@Example.com',
        ip: '10.0.0.7',
        action: 'order.update',
        entity: 'order',
        entityId: ENTITY_ID,
        before: { status: 'Pending' },
        after: { status: 'Shipped' },
      },
      { at: new Date('2026-03-03T12:00:00Z'), action: 'order.update', entity: 'order', entityId: ENTITY_ID },
    ])
  })

  const list = (query: string, user = owner) =>
    call(context.app, { method: 'GET', url: `/api/admin/audit/?${query}`, headers: user.headers })
  const ids = (answer: { body: { results: { id: number }[] } }) =>
    answer.body.results.map((entry) => entry.id)

  it('lists newest first by id, paginated, a process written entry with no actor', async () => {
    const all = await list(`entity_id=${ENTITY_ID}`)
    expect(all.status).toBe(200)
    expect(all.body.count).toBe(3)
    const [third, second, first] = all.body.results
    expect(first).toEqual({
      id: expect.any(Number),
      at: '2026-03-01T18:59:59.000Z',
      actor: null,
      ip: null,
      action: 'order.update',
      entity: 'order',
      entity_id: ENTITY_ID,
      before: null,
      after: null,
    })
    expect(second).toEqual({
      id: first.id + 1,
      at: '2026-03-01T19:00:00.000Z',
      actor: { id: manager.id, email: 'Night.Shift@Example.com' },
      ip: '10.0.0.7',
      action: 'order.update',
      entity: 'order',
      entity_id: ENTITY_ID,
      before: { status: 'Pending' },
      after: { status: 'Shipped' },
    })
    expect(third.id).toBe(first.id + 2)
    const page = await list(`entity_id=${ENTITY_ID}&page_size=2&page=2`)
    expect(ids(page)).toEqual([first.id])
    expect(page.body.previous).toMatch(/page=1/)
    expect((await list('page=99')).status).toBe(404)
  })

  it('filters by part of the actor email in any case, entity and entity id', async () => {
    const byActor = await list('actor=nIGHT.sh')
    expect(byActor.body.results.map((entry: { actor: unknown }) => entry.actor)).toEqual([
      { id: manager.id, email: 'Night.Shift@Example.com' },
    ])
    // A % is a character to find, not a wildcard.
    expect((await list('actor=%25')).body.count).toBe(0)
    const ownerEntries = await list(`actor=${owner.email.toUpperCase()}&page_size=100`)
    expect(ownerEntries.body.count).toBeGreaterThan(0)
    expect(
      ownerEntries.body.results.every((entry: { actor: { id: number } }) => entry.actor.id === owner.id),
    ).toBe(true)
    const coupons = await list('entity=coupon&page_size=100')
    expect(coupons.body.count).toBeGreaterThan(0)
    expect(coupons.body.results.every((entry: { entity: string }) => entry.entity === 'coupon')).toBe(true)
    expect((await list(`entity=category&entity_id=${ENTITY_ID}`)).body.count).toBe(0)
  })

  it('filters by days from and to, inclusive, in Pakistan time', async () => {
    const all = await list(`entity_id=${ENTITY_ID}`)
    const [third, second, first] = ids(all)
    expect(ids(await list(`entity_id=${ENTITY_ID}&to=2026-03-01`))).toEqual([first])
    expect(ids(await list(`entity_id=${ENTITY_ID}&from=2026-03-02&to=2026-03-02`))).toEqual([second])
    expect(ids(await list(`entity_id=${ENTITY_ID}&from=2026-03-02`))).toEqual([third, second])
    expect(ids(await list(`entity_id=${ENTITY_ID}&from=2026-03-04`))).toEqual([])
  })

  it('answers 400 to a day not on the calendar or a bad entity, 401 and 403 to others', async () => {
    const bad = await list('from=2026-02-30')
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ from: ['Use a date such as 2026-11-24.'] })
    expect((await list('to=2026-13-01')).status).toBe(400)
    expect((await list('entity=review')).status).toBe(400)
    expect((await list('', manager)).status).toBe(200)
    expect((await list('', cataloguer)).status).toBe(403)
    expect((await list('', customer)).status).toBe(403)
    expect((await callRoute(context.app, paths.audit.listAudit)).status).toBe(401)
  })
})
