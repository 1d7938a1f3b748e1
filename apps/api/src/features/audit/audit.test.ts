import { count, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertOrder } from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { multipartBody } from '../../../test/multipart'
import { insertProduct } from '../../../test/product-fixture'
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

const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, user = owner) =>
  call(context.app, { method, url, headers: user.headers, ...(payload && { payload }) })

const sendForm = (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, unknown>,
  files: { name: string; type: string; bytes: Buffer }[] = [],
  user = owner,
) => {
  const body = multipartBody(fields, files)
  return call(context.app, {
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  })
}

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
    const created = await send('POST', '/api/categories/', { name: 'Lamps' }, cataloguer)
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
    expect((await send('PUT', `/api/categories/${id}/`, { name: 'Lights' })).status).toBe(200)
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
    expect((await send('PUT', `/api/categories/${id}/`, urdu)).status).toBe(200)
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
    await refused(200, () => send('PUT', `/api/categories/${id}/`, urdu))
    expect((await send('DELETE', `/api/categories/${id}/`)).status).toBe(204)
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
    const taken = await send('POST', '/api/categories/', { name: 'Rugs' })
    const other = await send('POST', '/api/categories/', { name: 'Mats' })
    await refused(400, () => send('POST', '/api/categories/', { name: 'rugs' }))
    await refused(400, () => send('PUT', `/api/categories/${other.body.id}/`, { name: 'RUGS' }))
    await refused(404, () => send('PUT', '/api/categories/999999/', { name: 'Nowhere' }))
    await refused(404, () => send('DELETE', '/api/categories/999999/'))
    await context.database.db.insert(products).values({
      name: 'Jute Rug',
      description: 'Flat weave.',
      price: '9000',
      stock: 3,
      categoryId: taken.body.id,
    })
    await refused(409, () => send('DELETE', `/api/categories/${taken.body.id}/`))
    await refused(403, () => send('POST', '/api/categories/', { name: 'Blinds' }, customer))
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
    await send('POST', '/api/categories/', { name: 'Audited' })
    const created = await sendForm('POST', '/api/products/', fields, [
      { name: 'a.png', type: 'image/png', bytes: await png() },
    ])
    expect(created.status).toBe(201)
    const { id } = created.body
    const [fabric] = created.body.options
    const [linen, velvet] = fabric.values
    const [firstImage] = created.body.images
    const asCreated = {
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

    const updated = await sendForm(
      'PUT',
      `/api/products/${id}/`,
      {
        ...fields,
        name_ur: 'آرام کرسی',
        price: '47500.50',
        lead_time_days: '14',
        options: JSON.stringify([
          { id: fabric.id, name: 'Fabric', values: [{ id: linen.id, label: 'Linen', price_delta: '0' }] },
        ]),
      },
      [{ name: 'b.png', type: 'image/png', bytes: await png() }],
      cataloguer,
    )
    expect(updated.status).toBe(200)
    const secondImage = updated.body.images[1]
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

    const removed = await send('POST', `/api/products/${id}/delete-image/`, { image_id: firstImage.id })
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

    expect((await send('DELETE', `/api/products/${id}/`)).status).toBe(204)
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
    const [image] = await context.database.db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, product.id))
    const same = {
      name: 'Quiet Stool',
      description: 'A product made for a test.',
      category: 'Test furniture',
    }
    await refused(200, () =>
      sendForm('PUT', `/api/products/${product.id}/`, { ...same, price: '1000', stock: '10' }),
    )
    await refused(400, () =>
      sendForm('PUT', `/api/products/${product.id}/`, {
        ...same,
        price: '1000',
        stock: '10',
        category: 'Nope',
      }),
    )
    // Refused inside the transaction, after the product row was written: it rolls back with the entry.
    await refused(400, () =>
      sendForm('PUT', `/api/products/${product.id}/`, {
        ...same,
        price: '2000',
        stock: '10',
        options: JSON.stringify([{ id: 999999, name: 'Size', values: [{ label: 'L', price_delta: '0' }] }]),
      }),
    )
    await refused(404, () => sendForm('PUT', '/api/products/999999/', { ...same, price: '1', stock: '1' }))
    await refused(404, () => send('DELETE', '/api/products/999999/'))
    await refused(404, () => send('POST', `/api/products/${product.id}/delete-image/`, { image_id: 999999 }))
    await refused(404, () => send('POST', '/api/products/999999/delete-image/', { image_id: image?.id }))
    await refused(403, () => send('DELETE', `/api/products/${product.id}/`, undefined, customer))
  })
})

describe('orders', () => {
  it('write order.update with the status and payment before and after, and the note', async () => {
    const product = await insertProduct(context.database.db, { name: 'Order Audit Table', stock: 1 })
    const orderId = await insertOrder(context.database.db, customer.id, { ...product, price: '1000.00' })
    const changed = await send('PATCH', `/api/orders/${orderId}/`, {
      status: 'Processing',
      payment_status: 'paid',
      note: 'Paid at the counter',
    })
    expect(changed.status).toBe(200)
    expect(await newest()).toEqual([
      entryBy(owner, {
        action: 'order.update',
        entity: 'order',
        entity_id: orderId,
        before: { status: 'Pending', payment_status: 'unpaid', note: null },
        after: { status: 'Processing', payment_status: 'paid', note: 'Paid at the counter' },
      }),
    ])
    expect(
      (await send('PATCH', `/api/orders/${orderId}/`, { payment_status: 'refunded' }, manager)).status,
    ).toBe(200)
    expect(await newest()).toEqual([
      entryBy(manager, {
        action: 'order.update',
        entity: 'order',
        entity_id: orderId,
        before: { payment_status: 'paid' },
        after: { payment_status: 'refunded' },
      }),
    ])
  })

  it('write nothing when the change is refused or changes nothing', async () => {
    const product = await insertProduct(context.database.db, { name: 'Scarce Lamp', stock: 1 })
    const orderId = await insertOrder(context.database.db, customer.id, { ...product, price: '1000.00' })
    await refused(200, () =>
      send('PATCH', `/api/orders/${orderId}/`, { status: 'Pending', note: 'Still waiting' }),
    )
    await refused(404, () => send('PATCH', '/api/orders/999999/', { status: 'Shipped' }))
    expect((await send('PATCH', `/api/orders/${orderId}/`, { status: 'Cancelled' })).status).toBe(200)
    await context.database.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id))
    // Un-cancelling needs the stock again; there is none, so the whole change rolls back.
    await refused(409, () => send('PATCH', `/api/orders/${orderId}/`, { status: 'Pending' }))
    // A customer cancelling their own order is not a staff change.
    const own = await insertOrder(context.database.db, customer.id, { ...product, price: '1000.00' })
    await refused(200, () => send('POST', `/api/orders/${own}/cancel/`, {}, customer))
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

const coupon = { code: 'AUDIT10', kind: 'percent', value: '10' }

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
    const created = await send('POST', url, body, users[creator])
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
    expect((await send('PUT', `${url}${id}/`, { ...body, ...change }, users[changer])).status).toBe(200)
    expect(await newest()).toEqual([
      entryBy(users[changer], { action: `${entity}.update`, entity, entity_id: id, before, after }),
    ])
    expect((await send('DELETE', `${url}${id}/`)).status).toBe(204)
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
    await send('POST', '/api/delivery-zones/', { ...zone, city: 'Sialkot' })
    const other = await send('POST', '/api/delivery-zones/', { ...zone, city: 'Sukkur' })
    await refused(409, () => send('POST', '/api/delivery-zones/', { ...zone, city: 'sialkot' }))
    await refused(409, () =>
      send('PUT', `/api/delivery-zones/${other.body.id}/`, { ...zone, city: 'SIALKOT' }),
    )
    await refused(404, () => send('PUT', '/api/delivery-zones/999999/', zone))
    await refused(404, () => send('DELETE', '/api/delivery-zones/999999/'))
    await refused(400, () => send('POST', '/api/delivery-zones/', { ...zone, city: 'Hyderabad', fee: '-1' }))
    await refused(403, () => send('DELETE', `/api/delivery-zones/${other.body.id}/`, undefined, cataloguer))
  })

  it('write bank_account.update without an id: every field the first time, then what changed', async () => {
    const account = {
      bank_name: 'Meezan Bank',
      account_title: 'Comfort Furniture',
      account_number: '0101-0123456789',
      iban: 'PK36MEZN0001010123456789',
      instructions: '',
    }
    expect((await send('PUT', '/api/bank-account/', account)).status).toBe(200)
    expect(await newest()).toEqual([
      entryBy(owner, {
        action: 'bank_account.update',
        entity: 'bank_account',
        entity_id: null,
        before: null,
        after: account,
      }),
    ])
    expect((await send('PUT', '/api/bank-account/', { ...account, bank_name: 'HBL' }, manager)).status).toBe(
      200,
    )
    expect(await newest()).toEqual([
      entryBy(manager, {
        action: 'bank_account.update',
        entity: 'bank_account',
        entity_id: null,
        before: { bank_name: 'Meezan Bank' },
        after: { bank_name: 'HBL' },
      }),
    ])
    await refused(400, () => send('PUT', '/api/bank-account/', { ...account, iban: 'PK1' }))
  })
})

describe('coupons', () => {
  it('write nothing for a refused coupon change', async () => {
    await send('POST', '/api/coupons/', { ...coupon, code: 'TAKEN5' })
    const used = await send('POST', '/api/coupons/', { ...coupon, code: 'USED5' })
    await context.database.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, used.body.id))
    await refused(409, () => send('POST', '/api/coupons/', { ...coupon, code: 'taken5' }))
    await refused(409, () => send('PUT', `/api/coupons/${used.body.id}/`, { ...coupon, code: 'TAKEN5' }))
    await refused(400, () =>
      send('PUT', `/api/coupons/${used.body.id}/`, { ...coupon, code: 'USED5', max_uses: 2 }),
    )
    await refused(404, () => send('PUT', '/api/coupons/999999/', coupon))
    await refused(404, () => send('DELETE', '/api/coupons/999999/'))
  })
})

describe('the audit_log table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const { db } = context.database
    await send('POST', '/api/categories/', { name: 'Append Only' })
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
    expect((await call(context.app, { method: 'GET', url: '/api/admin/audit/' })).status).toBe(401)
  })
})
