import { authRoutes, catalogRoutes, orderRoutes, reviewRoutes } from '@store/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertOrder } from '../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/harness'
import { insertProduct } from '../../test/product-fixture'
import { bodyMayBeAbsent, readOnlyFields } from './request-body'

let context: TestContext
let customer: TestUser
let staff: TestUser

beforeAll(async () => {
  context = await createTestApp()
  customer = await createTestUser(context)
  staff = await createTestUser(context, { staff: true })
})
afterAll(() => context.close())

describe('what the contract says of a body', () => {
  it('may leave out a body whose fields are all optional, not one with a required field or rule', () => {
    expect(bodyMayBeAbsent(orderRoutes.cancelOrder)).toBe(true)
    expect(bodyMayBeAbsent(authRoutes.updateProfile)).toBe(true)
    expect(bodyMayBeAbsent(orderRoutes.updateOrder)).toBe(false)
    expect(bodyMayBeAbsent(catalogRoutes.createCategory)).toBe(false)
    expect(bodyMayBeAbsent(orderRoutes.uploadPaymentProof)).toBe(false)
  })

  it("takes as read-only the fields of a PUT or PATCH answer that its body lacks, and no POST's", () => {
    expect(readOnlyFields(catalogRoutes.updateCategory)).toEqual(['id', 'slug', 'product_count'])
    expect(readOnlyFields(reviewRoutes.updateReview)).toEqual(['id', 'created_at', 'user'])
    expect(readOnlyFields(catalogRoutes.createCategory)).toEqual([])
    expect(readOnlyFields(orderRoutes.cancelOrder)).toEqual([])
  })
})

describe('an action posted without a body', () => {
  it('cancels the order as an empty body does', async () => {
    const product = await insertProduct(context.database.db, { stock: 3 })
    const orderId = await insertOrder(context.database.db, customer.id, product)
    const cancelled = await call(context.app, {
      method: 'POST',
      url: `/api/orders/${orderId}/cancel/`,
      headers: customer.headers,
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('Cancelled')
    expect(cancelled.body.history.at(-1).note).toBe('')
  })

  it('still refuses a JSON null, and a missing body where a field is required', async () => {
    const orderId = await insertOrder(
      context.database.db,
      customer.id,
      await insertProduct(context.database.db),
    )
    const asNull = await call(context.app, {
      method: 'POST',
      url: `/api/orders/${orderId}/cancel/`,
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: 'null',
    })
    expect(asNull.status).toBe(400)
    const noName = await call(context.app, {
      method: 'POST',
      url: '/api/categories/',
      headers: staff.headers,
    })
    expect(noName.status).toBe(400)
    expect(noName.body.detail).toBe('The request body is not valid.')
  })
})

describe('a resource sent back as it was read, one field changed', () => {
  it('renames a category, ignoring its id, slug and count', async () => {
    const created = await call(context.app, {
      method: 'POST',
      url: '/api/categories/',
      headers: staff.headers,
      payload: { name: 'Habit chairs' },
    })
    const renamed = await call(context.app, {
      method: 'PUT',
      url: `/api/categories/${created.body.id}/`,
      headers: staff.headers,
      payload: { ...created.body, name: 'Habit stools', id: 999_999, slug: 'elsewhere', product_count: 7 },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({
      ...created.body,
      name: 'Habit stools',
      slug: 'habit-stools',
    })
  })

  it('changes an address, ignoring its id; a field no address has is still refused', async () => {
    const saved = await call(context.app, {
      method: 'POST',
      url: '/api/addresses/',
      headers: customer.headers,
      payload: {
        label: 'Home',
        first_name: 'Ayesha',
        last_name: 'Khan',
        phone: '03001234567',
        address: '12 Main Boulevard',
        city: 'Lahore',
        postal_code: '54000',
      },
    })
    const url = `/api/addresses/${saved.body.id}/`
    const changed = await call(context.app, {
      method: 'PUT',
      url,
      headers: customer.headers,
      payload: { ...saved.body, city: 'Karachi' },
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ ...saved.body, city: 'Karachi' })

    const unknown = await call(context.app, {
      method: 'PUT',
      url,
      headers: customer.headers,
      payload: { ...saved.body, city: 'Multan', nickname: 'Home sweet home' },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual({ non_field_errors: [expect.stringContaining('nickname')] })
  })

  it('changes a profile sent back whole, its email and role staying as they are', async () => {
    const read = await call(context.app, {
      method: 'GET',
      url: '/api/auth/profile/',
      headers: customer.headers,
    })
    const changed = await call(context.app, {
      method: 'PATCH',
      url: '/api/auth/profile/',
      headers: customer.headers,
      payload: { ...read.body, first_name: 'Zainab', email: 'someone-else@example.com', role: 'owner' },
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ ...read.body, first_name: 'Zainab' })
  })
})
