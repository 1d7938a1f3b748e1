import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { CLAIM_MAX_IMAGES, type ClaimSettingsBody, paths } from '@store/contract'
import { and, asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { one } from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import type { UploadFile } from '../../../test/multipart'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import {
  auditLog,
  claimEvidence,
  locations,
  notifications,
  orderEvents,
  orderItems,
  orderPayments,
  orders,
  products,
  stockMovements,
} from '../../db/schema'

/** docs/api.md "Returns, exchanges and damage claims" and "Cancellation after confirmation". */
const VIDEO_LIMIT = 4096
let context: TestContext
let owner: TestUser
let clerk: TestUser
let locationId: number
beforeAll(async () => {
  context = await createTestApp({ claimVideoMaxBytes: VIDEO_LIMIT })
  owner = await createTestUser(context, { staff: true })
  clerk = await createTestUser(context, { role: 'orders' })
  locationId = one(
    await context.database.db.select({ id: locations.id }).from(locations).orderBy(asc(locations.id)),
  ).id
})
afterAll(() => context.close())

const db = () => context.database.db
const HOUR = 60 * 60 * 1000

/**
 * A customer's order of `quantity` units of a new product (PKR 10,000 each), paid in full, with the
 * status and, when Delivered, its Delivered entry `deliveredHoursAgo` hours back.
 */
async function orderOf({
  quantity = 2,
  deliveredHoursAgo = 1,
  leadTimeDays = 0,
  status = 'Delivered' as 'Delivered' | 'Processing' | 'Shipped',
  stock = 5,
} = {}) {
  const customer = await createTestUser(context)
  const product = await insertProduct(db(), { price: '10000.00', stock, leadTimeDays })
  const total = (10000 * quantity).toFixed(2)
  const order = one(
    await db()
      .insert(orders)
      .values({
        userId: customer.id,
        status,
        totalPrice: total,
        subtotal: total,
        firstName: 'Ayesha',
        lastName: 'Khan',
        email: 'ayesha@example.com',
        address: '12 Main Boulevard',
        city: 'Lahore',
        postalCode: '54000',
        phone: '03001234567',
        paymentMethod: 'bank_transfer',
        etaMinDate: '2026-12-01',
        etaMaxDate: '2026-12-03',
      })
      .returning({ id: orders.id }),
  )
  const item = one(
    await db()
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: product.id,
        productName: product.name,
        price: '10000.00',
        quantity,
        stockTaken: quantity,
      })
      .returning({ id: orderItems.id }),
  )
  await db().insert(orderPayments).values({
    orderId: order.id,
    kind: 'payment',
    method: 'bank_transfer',
    amount: total,
    status: 'confirmed',
    checkedAt: new Date(),
  })
  await db().insert(orderEvents).values({ orderId: order.id, status: 'Pending', paymentStatus: 'unpaid' })
  if (status === 'Delivered') {
    await db()
      .insert(orderEvents)
      .values({
        orderId: order.id,
        status: 'Delivered',
        paymentStatus: 'paid',
        createdAt: new Date(Date.now() - deliveredHoursAgo * HOUR),
      })
  }
  return { customer, product, orderId: order.id, itemId: item.id }
}

const photo = sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
  .jpeg()
  .toBuffer()
const jpeg = async (name = 'arm.jpg'): Promise<UploadFile> => ({
  name,
  type: 'image/jpeg',
  bytes: await photo,
})

/** The smallest ISO BMFF file: an `ftyp` box of the brand, then an `mdat` box of `payload` bytes. */
function isoVideo(brand: string, payload = 64): Buffer {
  const ftyp = Buffer.alloc(20)
  ftyp.writeUInt32BE(20, 0)
  ftyp.write('ftyp', 4, 'latin1')
  ftyp.write(brand, 8, 'latin1')
  ftyp.writeUInt32BE(0x200, 12)
  ftyp.write(brand, 16, 'latin1')
  const mdat = Buffer.alloc(8 + payload, 7)
  mdat.writeUInt32BE(8 + payload, 0)
  mdat.write('mdat', 4, 'latin1')
  return Buffer.concat([ftyp, mdat])
}
const mp4 = (payload = 64): UploadFile => ({
  name: 'unboxing.mp4',
  type: 'video/mp4',
  bytes: isoVideo('isom', payload),
})
const mov = (): UploadFile => ({ name: 'clip.mov', type: 'video/quicktime', bytes: isoVideo('qt  ') })
/** An EBML header naming the WebM DocType, as a browser's MediaRecorder starts a file. */
const webm = (): UploadFile => ({
  name: 'clip.webm',
  type: 'video/webm',
  bytes: Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x93, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
    Buffer.from([0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.alloc(48, 1),
  ]),
})

const fields = (itemId: number, overrides: Record<string, string> = {}) => ({
  lines: JSON.stringify([{ order_item_id: itemId, quantity: 1 }]),
  reason: 'damaged',
  description: 'The arm is torn.',
  wanted: 'replace',
  ...overrides,
})

const fileClaim = (
  user: TestUser,
  orderId: number,
  body: Record<string, string>,
  files: (UploadFile | Promise<UploadFile>)[] = [],
) =>
  Promise.all(files).then((ready) =>
    callRoute(context.app, paths.claims.createClaim, {
      params: { id: orderId },
      body: body as never,
      files: ready,
      fileField: 'evidence',
      user,
    }),
  )

const update = (id: number, body: object, user: TestUser = clerk) =>
  callRoute(context.app, paths.claims.updateClaim, { params: { id }, body: body as never, user })

const setSettings = (body: Partial<ClaimSettingsBody>) =>
  callRoute(context.app, paths.claims.updateClaimSettings, {
    body: {
      damage_hours: 48,
      exchange_days: 7,
      changed_mind: false,
      made_to_order_returnable: false,
      cancellation_fee_percent: 15,
      ...body,
    },
    user: owner,
  })

/** The claim files in the media directory. */
const storedFiles = async () => {
  const directory = path.join(context.mediaDir, 'claims')
  return existsSync(directory) ? (await readdir(directory)).sort() : []
}

const stockOf = async (productId: number) =>
  one(await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId))).stock

describe('claim settings', () => {
  it('start at the defaults, are read by anyone and changed by settings staff, audited', async () => {
    const read = await callRoute(context.app, paths.claims.getClaimSettings)
    expect(read.status).toBe(200)
    expect(read.body).toEqual({
      damage_hours: 48,
      exchange_days: 7,
      changed_mind: false,
      made_to_order_returnable: false,
      cancellation_fee_percent: 15,
    })
    const changed = await setSettings({ exchange_days: 10 })
    expect(changed.status).toBe(200)
    expect(changed.body.exchange_days).toBe(10)
    const audited = await db().select().from(auditLog).where(eq(auditLog.entity, 'claim_settings'))
    expect(audited.at(-1)?.after).toMatchObject({ exchange_days: 10 })
    const refused = await callRoute(context.app, paths.claims.updateClaimSettings, {
      body: { ...read.body, damage_hours: -1 },
      user: clerk,
    })
    expect(refused.status).toBe(403)
    expect((await setSettings({})).status).toBe(200)
  })
})

describe('filing a claim', () => {
  it('takes a damage report within the damage window, counted from the Delivered entry, and refuses it after', async () => {
    const inside = await orderOf({ deliveredHoursAgo: 47.9 })
    const filed = await fileClaim(inside.customer, inside.orderId, fields(inside.itemId), [jpeg()])
    expect(filed.status).toBe(201)
    expect(filed.body).toMatchObject({
      order_id: inside.orderId,
      status: 'requested',
      reason: 'damaged',
      wanted: 'replace',
      lines: [{ order_item_id: inside.itemId, quantity: 1 }],
    })
    expect(filed.body.history).toHaveLength(1)
    const staffTold = await db()
      .select({ to: notifications.recipient })
      .from(notifications)
      .where(eq(notifications.event, 'claim_filed'))
    expect(staffTold.map((row) => row.to)).toContain(clerk.email)
    expect(filed.body.evidence).toHaveLength(1)
    expect(filed.body.evidence[0]).toMatchObject({ kind: 'image', content_type: 'image/webp' })
    const outside = await orderOf({ deliveredHoursAgo: 48.1 })
    const late = await fileClaim(outside.customer, outside.orderId, fields(outside.itemId))
    expect(late.status).toBe(409)
    expect(late.body.detail).toBe(
      'Damage must be reported within 48 hours of delivery; that time has passed for this order.',
    )
  })

  it('counts other reasons in exchange days', async () => {
    const inside = await orderOf({ deliveredHoursAgo: 7 * 24 - 0.1 })
    expect(
      (await fileClaim(inside.customer, inside.orderId, fields(inside.itemId, { reason: 'defect' }))).status,
    ).toBe(201)
    const outside = await orderOf({ deliveredHoursAgo: 7 * 24 + 0.1 })
    const late = await fileClaim(
      outside.customer,
      outside.orderId,
      fields(outside.itemId, { reason: 'wrong_item' }),
    )
    expect(late.status).toBe(409)
    expect(late.body.detail).toBe(
      'Problems must be reported within 7 days of delivery; that time has passed for this order.',
    )
  })

  it('refuses a change of mind and made-to-order pieces unless the store allows them', async () => {
    const order = await orderOf()
    const mind = await fileClaim(
      order.customer,
      order.orderId,
      fields(order.itemId, { reason: 'changed_mind' }),
    )
    expect(mind.status).toBe(409)
    expect(mind.body.detail).toBe('The store does not take pieces back for a change of mind.')
    const made = await orderOf({ leadTimeDays: 20 })
    const refused = await fileClaim(made.customer, made.orderId, fields(made.itemId))
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe(
      `"${made.product.name}" was made to order; the store does not take it back.`,
    )
    await setSettings({ changed_mind: true, made_to_order_returnable: true })
    try {
      expect(
        (await fileClaim(order.customer, order.orderId, fields(order.itemId, { reason: 'changed_mind' })))
          .status,
      ).toBe(201)
      expect((await fileClaim(made.customer, made.orderId, fields(made.itemId))).status).toBe(201)
    } finally {
      await setSettings({})
    }
  })

  it('is only for the owner (404 for anyone else) and only once delivered', async () => {
    const order = await orderOf()
    const stranger = await createTestUser(context)
    expect((await fileClaim(stranger, order.orderId, fields(order.itemId))).status).toBe(404)
    const open = await orderOf({ status: 'Shipped' })
    const early = await fileClaim(open.customer, open.orderId, fields(open.itemId))
    expect(early.status).toBe(409)
    expect(early.body.detail).toBe('Only a delivered order can have a claim.')
  })

  it('claims each unit once; a rejected claim frees its units', async () => {
    const order = await orderOf({ quantity: 2 })
    const two = JSON.stringify([{ order_item_id: order.itemId, quantity: 2 }])
    const first = await fileClaim(order.customer, order.orderId, fields(order.itemId))
    expect(first.status).toBe(201)
    const tooMany = await fileClaim(order.customer, order.orderId, fields(order.itemId, { lines: two }))
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.detail).toBe(`Only 1 of "${order.product.name}" can still be claimed.`)
    expect((await fileClaim(order.customer, order.orderId, fields(order.itemId))).status).toBe(201)
    const none = await fileClaim(order.customer, order.orderId, fields(order.itemId))
    expect(none.body.detail).toBe(`"${order.product.name}" is already in another claim.`)
    expect(
      (await update(first.body.id, { status: 'rejected', note: 'No damage on the photos.' })).status,
    ).toBe(200)
    expect((await fileClaim(order.customer, order.orderId, fields(order.itemId))).status).toBe(201)
    const foreign = await fileClaim(
      order.customer,
      order.orderId,
      fields(order.itemId, { lines: JSON.stringify([{ order_item_id: 999999, quantity: 1 }]) }),
    )
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors.lines).toEqual(['Choose items of this order.'])
  })
})

describe('evidence', () => {
  it(`takes up to ${CLAIM_MAX_IMAGES} photos and one video of each kind checked by content`, async () => {
    for (const video of [mp4(), mov(), webm()]) {
      const order = await orderOf()
      const files = [
        ...Array.from({ length: CLAIM_MAX_IMAGES }, (_, index) => jpeg(`photo-${index}.jpg`)),
        video,
      ]
      const filed = await fileClaim(order.customer, order.orderId, fields(order.itemId), files)
      expect(filed.status).toBe(201)
      const kinds = filed.body.evidence.map((file) => file.kind)
      expect(kinds.filter((kind) => kind === 'image')).toHaveLength(CLAIM_MAX_IMAGES)
      const sent = filed.body.evidence.find((file) => file.kind === 'video')
      expect(sent?.content_type).toBe(
        { 'unboxing.mp4': 'video/mp4', 'clip.mov': 'video/quicktime', 'clip.webm': 'video/webm' }[video.name],
      )
      expect(sent?.size).toBe(video.bytes.length)
    }
  })

  it('refuses a seventh photo, a second video, a video past the limit and a text file named .mp4', async () => {
    const order = await orderOf()
    const before = await storedFiles()
    const seven = Array.from({ length: CLAIM_MAX_IMAGES + 1 }, (_, index) => jpeg(`photo-${index}.jpg`))
    const tooManyPhotos = await fileClaim(order.customer, order.orderId, fields(order.itemId), seven)
    expect(tooManyPhotos.status).toBe(400)
    expect(tooManyPhotos.body.errors.evidence).toEqual([
      'Send at most 6 photos; "photo-6.jpg" is one too many.',
    ])
    const twoVideos = await fileClaim(order.customer, order.orderId, fields(order.itemId), [mp4(), webm()])
    expect(twoVideos.status).toBe(400)
    expect(twoVideos.body.errors.evidence).toEqual(['Send one video only; "clip.webm" is a second one.'])
    const big = await fileClaim(order.customer, order.orderId, fields(order.itemId), [mp4(VIDEO_LIMIT)])
    expect(big.status).toBe(413)
    expect(big.body.detail).toBe('"unboxing.mp4" is larger than 4 KB; a video can be at most 4 KB.')
    const fake = {
      name: 'video.mp4',
      type: 'video/mp4',
      bytes: Buffer.from('just some text, not a video at all '.repeat(4)),
    }
    const text = await fileClaim(order.customer, order.orderId, fields(order.itemId), [fake])
    expect(text.status).toBe(400)
    expect(text.body.errors.evidence).toEqual(['"video.mp4" is not an MP4, WebM or MOV video.'])
    const junk = {
      name: 'notes.txt',
      type: 'text/plain',
      bytes: Buffer.from('hello there, this is text and not a picture'),
    }
    const notPhoto = await fileClaim(order.customer, order.orderId, fields(order.itemId), [junk])
    expect(notPhoto.body.errors.evidence).toEqual([
      '"notes.txt" is neither a photo (JPEG, PNG, WebP, GIF or AVIF) nor a video (MP4, WebM or MOV).',
    ])
    // Nothing refused was kept: neither a claim nor a file.
    const listed = await callRoute(context.app, paths.claims.listClaims, {
      query: { order: order.orderId },
      user: clerk,
    })
    expect(listed.body.count).toBe(0)
    expect(await storedFiles()).toEqual(before)
  })

  it('is private: a signed address for its owner and staff, 404 without one, never under /media/', async () => {
    const order = await orderOf()
    const video = mp4(1000)
    const filed = await fileClaim(order.customer, order.orderId, fields(order.itemId), [video])
    const url = filed.body.evidence[0]?.url ?? ''
    expect(url).toMatch(/\/evidence\/\d+\/\?token=/)
    const whole = await context.app.inject({ method: 'GET', url })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('video/mp4')
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.rawPayload.equals(video.bytes)).toBe(true)
    const bare = url.split('?')[0] ?? ''
    expect((await context.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404)
    expect((await context.app.inject({ method: 'GET', url: `${url.slice(0, -2)}xx` })).statusCode).toBe(404)
    const stranger = await createTestUser(context)
    expect(
      (await callRoute(context.app, paths.claims.getClaim, { params: { id: filed.body.id }, user: stranger }))
        .status,
    ).toBe(404)
    const staffView = await callRoute(context.app, paths.claims.getClaim, {
      params: { id: filed.body.id },
      user: clerk,
    })
    expect(staffView.status).toBe(200)
    const staffUrl = staffView.body.evidence[0]?.url ?? ''
    expect(staffUrl).not.toBe(url)
    expect((await context.app.inject({ method: 'GET', url: staffUrl })).statusCode).toBe(200)
    const key = one(
      await db()
        .select({ key: claimEvidence.storageKey })
        .from(claimEvidence)
        .where(eq(claimEvidence.claimId, filed.body.id)),
    ).key
    expect((await call(context.app, { method: 'GET', url: `/media/${key}` })).status).toBe(404)
  })

  it('answers range requests with exactly the bytes asked for', async () => {
    const order = await orderOf()
    const video = mp4(2000)
    const filed = await fileClaim(order.customer, order.orderId, fields(order.itemId), [video])
    const url = filed.body.evidence[0]?.url ?? ''
    const part = await context.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-99' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 10-99/${video.bytes.length}`)
    expect(part.rawPayload.equals(video.bytes.subarray(10, 100))).toBe(true)
    const tail = await context.app.inject({ method: 'GET', url, headers: { range: 'bytes=-16' } })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(video.bytes.subarray(-16))).toBe(true)
    const past = await context.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${video.bytes.length}-` },
    })
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe(`bytes */${video.bytes.length}`)
  })
})

describe('handling a claim', () => {
  it('moves requested → approved → pickup_scheduled → received → resolved, refusing other steps, telling the customer', async () => {
    const order = await orderOf()
    const filed = await fileClaim(order.customer, order.orderId, fields(order.itemId, { wanted: 'repair' }))
    const id = filed.body.id
    const skip = await update(id, { status: 'received' })
    expect(skip.status).toBe(409)
    expect(skip.body.detail).toBe(
      'Only an approved claim, or one waiting for its pickup, can be marked received.',
    )
    const noReason = await update(id, { status: 'rejected' })
    expect(noReason.status).toBe(400)
    expect((await update(id, { status: 'approved', note: 'We will fix it.' })).status).toBe(200)
    const noDate = await update(id, { status: 'pickup_scheduled' })
    expect(noDate.status).toBe(400)
    const scheduled = await update(id, { status: 'pickup_scheduled', pickup_date: '2026-12-20' })
    expect(scheduled.body.pickup_date).toBe('2026-12-20')
    expect((await update(id, { status: 'received' })).status).toBe(200)
    const resolved = await update(id, { status: 'resolved', resolution: { kind: 'repair' } })
    expect(resolved.status).toBe(200)
    expect(resolved.body.resolution).toEqual({
      kind: 'repair',
      refund_amount: null,
      replacement_order_id: null,
      restock: [],
    })
    expect(resolved.body.history.map((event) => event.status)).toEqual([
      'requested',
      'approved',
      'pickup_scheduled',
      'received',
      'resolved',
    ])
    const again = await update(id, { status: 'resolved', resolution: { kind: 'repair' } })
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('This claim is already resolved.')
    const told = await db()
      .select({ event: notifications.event })
      .from(notifications)
      .where(and(eq(notifications.event, 'claim_changed'), eq(notifications.recipient, 'ayesha@example.com')))
    expect(told.length).toBeGreaterThanOrEqual(5)
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'claim'), eq(auditLog.entityId, id)))
    expect(audited).toHaveLength(4)
  })

  it('lists the queue oldest first for staff, filtered, and a customer their own newest first', async () => {
    const order = await orderOf({ quantity: 3 })
    const first = await fileClaim(order.customer, order.orderId, fields(order.itemId))
    const second = await fileClaim(order.customer, order.orderId, fields(order.itemId))
    const staffList = await callRoute(context.app, paths.claims.listClaims, {
      query: { order: order.orderId, status: 'requested' },
      user: clerk,
    })
    expect(staffList.body.results.map((claim) => claim.id)).toEqual([first.body.id, second.body.id])
    const own = await callRoute(context.app, paths.claims.listClaims, { user: order.customer })
    expect(own.body.results.map((claim) => claim.id)).toEqual([second.body.id, first.body.id])
    const stranger = await createTestUser(context)
    expect((await callRoute(context.app, paths.claims.listClaims, { user: stranger })).body.count).toBe(0)
  })

  const approved = async (options: Parameters<typeof orderOf>[0] = {}, lines = 1) => {
    const order = await orderOf(options)
    const filed = await fileClaim(
      order.customer,
      order.orderId,
      fields(order.itemId, { lines: JSON.stringify([{ order_item_id: order.itemId, quantity: lines }]) }),
    )
    expect((await update(filed.body.id, { status: 'approved' })).status).toBe(200)
    return { ...order, claimId: filed.body.id as number }
  }

  it('resolves by a refund in the ledger, never above what was paid', async () => {
    const claim = await approved()
    const tooMuch = await update(claim.claimId, {
      status: 'resolved',
      resolution: { kind: 'refund', refund_amount: '20000.01' },
    })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.detail).toBe('A refund cannot be more than the PKR 20,000 paid and not yet refunded.')
    const resolved = await update(claim.claimId, {
      status: 'resolved',
      resolution: { kind: 'refund', refund_amount: '10000', refund_method: 'cash' },
    })
    expect(resolved.status).toBe(200)
    expect(resolved.body.resolution?.refund_amount).toBe('10000.00')
    const entries = await db()
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, claim.orderId), eq(orderPayments.kind, 'refund')))
    expect(entries).toMatchObject([{ amount: '10000.00', method: 'cash', status: 'confirmed' }])
  })

  it('resolves by a zero-priced replacement order that takes stock, and 409 when stock is short', async () => {
    const claim = await approved({ stock: 3 })
    const before = await stockOf(claim.product.id)
    const resolved = await update(claim.claimId, { status: 'resolved', resolution: { kind: 'replace' } })
    expect(resolved.status).toBe(200)
    const replacementId = resolved.body.resolution?.replacement_order_id ?? 0
    const replacement = await callRoute(context.app, paths.orders.getOrder, {
      params: { id: replacementId },
      user: claim.customer,
    })
    expect(replacement.body).toMatchObject({ status: 'Pending', total_price: '0.00', channel: 'web' })
    expect(replacement.body.items).toMatchObject([{ quantity: 1, price: '0.00' }])
    expect(await stockOf(claim.product.id)).toBe(before - 1)
    // Its customer cannot turn it into more free pieces.
    const more = await callRoute(context.app, paths.orderDesk.editOrder, {
      params: { id: replacementId },
      body: { items: [{ product_id: claim.product.id, quantity: 3 }] },
      user: claim.customer,
    })
    expect(more.status).toBe(409)
    expect(await stockOf(claim.product.id)).toBe(before - 1)
    const short = await approved({ stock: 0 })
    const refused = await update(short.claimId, { status: 'resolved', resolution: { kind: 'replace' } })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe(`Sorry, "${short.product.name}" is out of stock.`)
  })

  it('puts returned units back in stock at a location, or writes them off without moving stock', async () => {
    const claim = await approved({ quantity: 2 }, 2)
    const before = await stockOf(claim.product.id)
    const tooMany = await update(claim.claimId, {
      status: 'resolved',
      resolution: { kind: 'none', restock: [{ order_item_id: claim.itemId, quantity: 3, to: 'write_off' }] },
    })
    expect(tooMany.status).toBe(400)
    const noPlace = await update(claim.claimId, {
      status: 'resolved',
      resolution: { kind: 'none', restock: [{ order_item_id: claim.itemId, quantity: 1, to: 'stock' }] },
    })
    expect(noPlace.body.errors['resolution.restock']).toEqual([
      'Choose the location each returned piece goes back to.',
    ])
    const resolved = await update(claim.claimId, {
      status: 'resolved',
      resolution: {
        kind: 'none',
        restock: [
          { order_item_id: claim.itemId, quantity: 1, to: 'stock', location_id: locationId },
          { order_item_id: claim.itemId, quantity: 1, to: 'write_off', location_id: locationId },
        ],
      },
    })
    expect(resolved.status).toBe(200)
    expect(resolved.body.resolution?.restock).toEqual([
      { order_item_id: claim.itemId, quantity: 1, to: 'stock', location_id: locationId },
      { order_item_id: claim.itemId, quantity: 1, to: 'write_off', location_id: null },
    ])
    expect(await stockOf(claim.product.id)).toBe(before + 1)
    const moved = await db()
      .select({
        delta: stockMovements.delta,
        reason: stockMovements.reason,
        locationId: stockMovements.locationId,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, claim.product.id), eq(stockMovements.reason, 'return')))
    expect(moved).toEqual([{ delta: 1, reason: 'return', locationId }])
    const writeOffs = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, claim.product.id), eq(stockMovements.reason, 'write_off')))
    expect(writeOffs).toEqual([])
  })

  it('makes one outcome when two staff resolve at once', async () => {
    const claim = await approved()
    const both = await Promise.all([
      update(claim.claimId, { status: 'resolved', resolution: { kind: 'refund', refund_amount: '5000' } }),
      update(
        claim.claimId,
        { status: 'resolved', resolution: { kind: 'refund', refund_amount: '5000' } },
        owner,
      ),
    ])
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409])
    const refunds = await db()
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, claim.orderId), eq(orderPayments.kind, 'refund')))
    expect(refunds).toHaveLength(1)
  })
})

describe('cancellation after confirmation', () => {
  const cancel = (user: TestUser, id: number) =>
    callRoute(context.app, paths.orders.cancelOrder, {
      params: { id },
      body: { note: 'Bought elsewhere.' },
      user,
    })
  const decide = (id: number, body: object) =>
    callRoute(context.app, paths.claims.decideCancellation, {
      params: { id },
      body: body as never,
      user: clerk,
    })

  it('asks staff, with 15% of what was paid as the fee; one request waits at a time; a refusal needs a reason', async () => {
    const order = await orderOf({ status: 'Processing', quantity: 3 })
    const asked = await cancel(order.customer, order.orderId)
    expect(asked.status).toBe(200)
    expect(asked.body.status).toBe('Processing')
    expect(asked.body.cancellation_request).toMatchObject({
      status: 'pending',
      note: 'Bought elsewhere.',
      fee_percent: 15,
      fee: '4500.00',
      refund: '25500.00',
      decided_by: null,
    })
    const twice = await cancel(order.customer, order.orderId)
    expect(twice.status).toBe(409)
    const staffTold = await db()
      .select({ to: notifications.recipient })
      .from(notifications)
      .where(eq(notifications.event, 'cancellation_requested'))
    expect(staffTold.map((row) => row.to)).toContain(clerk.email)
    expect(twice.body.detail).toBe('You already asked to cancel this order; the store will answer soon.')
    expect((await decide(order.orderId, { decision: 'refuse' })).status).toBe(400)
    const refused = await decide(order.orderId, { decision: 'refuse', note: 'It is already made.' })
    expect(refused.status).toBe(200)
    expect(refused.body.status).toBe('Processing')
    expect(refused.body.cancellation_request).toMatchObject({
      status: 'refused',
      decision_note: 'It is already made.',
    })
    expect((await decide(order.orderId, { decision: 'approve' })).status).toBe(409)
  })

  it('approved: the order is cancelled and what was paid less the fee is refunded', async () => {
    const order = await orderOf({ status: 'Processing', quantity: 1 })
    expect((await cancel(order.customer, order.orderId)).status).toBe(200)
    const approvedAnswer = await decide(order.orderId, { decision: 'approve' })
    expect(approvedAnswer.status).toBe(200)
    expect(approvedAnswer.body).toMatchObject({
      status: 'Cancelled',
      amount_refunded: '8500.00',
      cancellation_request: { status: 'approved', refund: '8500.00' },
    })
    const refund = one(
      await db()
        .select()
        .from(orderPayments)
        .where(and(eq(orderPayments.orderId, order.orderId), eq(orderPayments.kind, 'refund'))),
    )
    expect(refund).toMatchObject({ amount: '8500.00', method: 'bank_transfer', status: 'confirmed' })
    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.event, 'cancellation_decided'))
    expect(told.length).toBeGreaterThanOrEqual(2)
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.cancellation_approve'), eq(auditLog.entityId, order.orderId)))
    expect(audited).toHaveLength(1)
  })

  it('still refuses once shipped', async () => {
    const order = await orderOf({ status: 'Shipped' })
    const answer = await cancel(order.customer, order.orderId)
    expect(answer.status).toBe(409)
    expect(answer.body.detail).toBe(
      'Only a pending or confirmed order can be cancelled; this one is Shipped.',
    )
  })
})
