import { paths } from '@store/contract'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertOrder, insertPayment, insertZone } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { orderPayments, orders } from '../../db/schema'

/**
 * docs/api.md "Checkout for Pakistan": the bank receipt of a bank-transfer order, private to owner and staff.
 */
const MAX_FILE_BYTES = 200_000
const MAX_PIXELS = 1_000_000

let context: TestContext
let staff: TestUser
beforeAll(async () => {
  context = await createTestApp({
    media: { maxFileBytes: MAX_FILE_BYTES, maxFiles: 10, maxPixels: MAX_PIXELS },
  })
  staff = await createTestUser(context, { staff: true })
  await insertZone(context.database.db)
})
afterAll(() => context.close())

const photo = (width = 600, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret location' } } })
    .toBuffer()

/** A customer's order (bank transfer unless told), as placed. */
async function orderOf(values: Partial<typeof orders.$inferInsert> = {}) {
  const customer = await createTestUser(context)
  const product = await insertProduct(context.database.db, { price: '50000.00' })
  const orderId = await insertOrder(
    context.database.db,
    customer.id,
    { ...product, price: '50000.00' },
    values,
  )
  return { customer, orderId }
}

const upload = (
  user: TestUser | null,
  orderId: number,
  bytes: Buffer,
  name = 'receipt.jpg',
  field = 'image',
) =>
  callRoute(context.app, paths.orders.uploadPaymentProof, {
    params: { id: orderId },
    body: {},
    files: [{ name, type: 'image/jpeg', bytes }],
    fileField: field,
    user,
  })

// The receipt comes back as image bytes, not JSON: read through inject for its raw payload.
const fetchProof = (user: TestUser | null, orderId: number) =>
  context.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/payment-proof/`,
    ...(user && { headers: user.headers }),
  })

describe('POST /api/orders/:id/payment-proof/', () => {
  it('keeps the receipt, marks the payment proof_submitted and records it in the history', async () => {
    const { customer, orderId } = await orderOf()
    const answer = await upload(customer, orderId, await photo())
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      id: orderId,
      payment_status: 'proof_submitted',
      payment_proof_url: `/api/orders/${orderId}/payment-proof/`,
    })
    expect(answer.body.history.at(-1)).toMatchObject({
      status: 'Pending',
      payment_status: 'proof_submitted',
      by: { id: customer.id },
    })
  })

  it('keeps each receipt as a pending bank transfer of what is due, and serves the latest', async () => {
    const { customer, orderId } = await orderOf()
    await upload(customer, orderId, await photo(600, 800))
    const second = await upload(customer, orderId, await photo(300, 200))
    expect(second.status).toBe(200)
    expect(second.body.payments).toMatchObject([
      { kind: 'payment', method: 'bank_transfer', amount: second.body.total_price, status: 'pending' },
      { kind: 'payment', method: 'bank_transfer', amount: second.body.total_price, status: 'pending' },
    ])
    const served = await fetchProof(customer, orderId)
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 })
  })

  it.each([
    ['neither an image nor a PDF', () => Promise.resolve(Buffer.from('plain text, not a receipt')), 415],
    ['a PDF cut short', () => Promise.resolve(Buffer.from('%PDF-1.4 and then nothing')), 400],
    ['over the size limit', () => Promise.resolve(Buffer.alloc(MAX_FILE_BYTES + 1, 0xff)), 413],
    ['over the pixel limit', () => photo(1200, 1000), 413],
  ])('answers %s with %i and keeps nothing', async (_, bytes, status) => {
    const { customer, orderId } = await orderOf()
    const answer = await upload(customer, orderId, await bytes())
    expect(answer.status).toBe(status)
    expect(typeof answer.body.detail).toBe('string')
    const [order] = await context.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order?.paymentStatus).toBe('unpaid')
    expect(
      await context.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)),
    ).toEqual([])
  })

  it('answers 400 for a file name with a control character, another field, or no file', async () => {
    const { customer, orderId } = await orderOf()
    const named = await upload(customer, orderId, await photo(), 'receipt\u0007.jpg')
    expect([named.status, Object.keys(named.body.errors)]).toEqual([400, ['image']])
    const elsewhere = await upload(customer, orderId, await photo(), 'receipt.jpg', 'images')
    expect([elsewhere.status, Object.keys(elsewhere.body.errors)]).toEqual([400, ['images']])
    const empty = await upload(customer, orderId, Buffer.alloc(0))
    expect([empty.status, empty.body.errors]).toEqual([400, { image: ['Choose a photo of the receipt.'] }])
  })

  it('answers 400 for a cash-on-delivery order, 409 for a cancelled or settled one', async () => {
    const cod = await orderOf({ paymentMethod: 'cod' })
    const refused = await upload(cod.customer, cod.orderId, await photo())
    expect(refused.status).toBe(400)
    expect(refused.body.detail).toBe('A receipt can only be uploaded for an order paid by bank transfer.')
    const cancelled = await orderOf({ status: 'Cancelled' })
    expect((await upload(cancelled.customer, cancelled.orderId, await photo())).body).toEqual({
      detail: 'This order is cancelled.',
    })
    const paid = await orderOf()
    await insertPayment(context.database.db, paid.orderId)
    const settled = await upload(paid.customer, paid.orderId, await photo())
    expect([settled.status, settled.body.detail]).toEqual([409, 'The payment of this order is already paid.'])
  })

  it('answers 404 to anyone but the owner, staff included, and 401 anonymous', async () => {
    const { orderId } = await orderOf()
    const stranger = await createTestUser(context)
    expect((await upload(stranger, orderId, await photo())).status).toBe(404)
    expect((await upload(staff, orderId, await photo())).status).toBe(404)
    expect((await upload(null, orderId, await photo())).status).toBe(401)
    expect(
      await context.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)),
    ).toEqual([])
  })
})

describe('GET /api/orders/:id/payment-proof/', () => {
  it('shows the receipt, re-encoded without its metadata, to the owner and staff only, never cached', async () => {
    const { customer, orderId } = await orderOf()
    await upload(customer, orderId, await photo())
    for (const viewer of [customer, staff]) {
      const answer = await fetchProof(viewer, orderId)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('image/webp')
      expect(answer.headers['cache-control']).toBe('private, no-store')
      const metadata = await sharp(answer.rawPayload).metadata()
      expect(metadata).toMatchObject({ format: 'webp', width: 600, height: 800 })
      expect(metadata.exif).toBeUndefined()
    }
    const stranger = await createTestUser(context)
    expect((await fetchProof(stranger, orderId)).statusCode).toBe(404)
    expect((await fetchProof(null, orderId)).statusCode).toBe(401)
  })

  it('answers 404 while no receipt has been uploaded, and payment_proof_url is null', async () => {
    const { customer, orderId } = await orderOf()
    const answer = await fetchProof(customer, orderId)
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toEqual({ detail: 'No receipt has been uploaded for this order.' })
    const order = await callRoute(context.app, paths.orders.getOrder, {
      params: { id: orderId },
      user: customer,
    })
    expect(order.body.payment_proof_url).toBeNull()
  })
})
