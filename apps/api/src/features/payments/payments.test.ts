import { type PaymentMethod, type PaymentSettingsBody, paths, type RecordPaymentBody } from '@store/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeOnPostgres } from '../../../test/database-kind'
import { CHECKOUT, insertZone } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { multipartBody } from '../../../test/multipart'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { auditLog, notifications, orderPayments, orders, paymentSettings } from '../../db/schema'

/** docs/api.md "Money on an order": advances, balances and refunds in one ledger. */
let context: TestContext
let owner: TestUser
let manager: TestUser
let clerk: TestUser
beforeAll(async () => {
  context = await createTestApp()
  owner = await createTestUser(context, { staff: true })
  manager = await createTestUser(context, { role: 'manager' })
  clerk = await createTestUser(context, { role: 'orders' })
  await insertZone(context.database.db)
  await insertZone(context.database.db, { city: 'Multan', codAvailable: true })
})
afterAll(() => context.close())

const setRules = (body: PaymentSettingsBody, user: TestUser = owner) =>
  callRoute(context.app, paths.payments.updatePaymentSettings, { body, user })
const noRules = () => context.database.db.delete(paymentSettings)

/** A customer with one product in the cart, its price and lead time as told. */
async function shopper({
  price = '100000.00',
  leadTimeDays = 0,
  advancePercent = null as number | null,
  quantity = 1,
} = {}) {
  const customer = await createTestUser(context)
  const product = await insertProduct(context.database.db, { price, leadTimeDays, stock: 10 })
  if (advancePercent !== null) {
    await context.database.db.execute(
      sql`update products set advance_percent = ${advancePercent} where id = ${product.id}`,
    )
  }
  const added = await callRoute(context.app, paths.cart.addToCart, {
    body: { product_id: product.id, quantity },
    user: customer,
  })
  expect(added.status).toBe(200)
  return customer
}

const quote = (user: TestUser, payment_method: PaymentMethod = 'bank_transfer', city = 'Lahore') =>
  callRoute(context.app, paths.orders.quoteOrder, { body: { city, payment_method }, user })

/** An order placed through the API by a new customer: PKR 100,000 and Lahore's delivery unless told. */
async function placed(options: Parameters<typeof shopper>[0] & { method?: PaymentMethod } = {}) {
  const customer = await shopper(options)
  const answer = await callRoute(context.app, paths.orders.placeOrder, {
    body: { ...CHECKOUT, payment_method: options.method ?? 'bank_transfer' },
    user: customer,
  })
  expect(answer.status).toBe(201)
  return { customer, order: answer.body }
}

const receiptPhoto = sharp({ create: { width: 400, height: 600, channels: 3, background: '#fafaf5' } })
  .jpeg()
  .toBuffer()
const receiptPdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** The customer's receipt form, as the order page sends it. */
async function sendReceipt(
  user: TestUser | null,
  orderId: number,
  fields: Record<string, string>,
  file: { bytes: Buffer; type: string; name: string } | null = null,
) {
  const photo = file ?? { bytes: await receiptPhoto, type: 'image/jpeg', name: 'receipt.jpg' }
  const form = multipartBody(fields, [photo], 'proof')
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments/`,
    headers: { ...form.headers, ...user?.headers },
    payload: form.payload,
  })
  return { status: response.statusCode, body: response.json() }
}

const record = (user: TestUser, orderId: number, body: RecordPaymentBody) =>
  callRoute(context.app, paths.payments.recordPayment, { params: { id: orderId }, body, user })
const check = (
  user: TestUser,
  orderId: number,
  entryId: number,
  status: 'confirmed' | 'rejected',
  note = '',
) =>
  callRoute(context.app, paths.payments.checkPayment, {
    params: { id: orderId, pid: entryId },
    body: { status, note },
    user,
  })
const orderOf = async (user: TestUser, orderId: number) =>
  (await callRoute(context.app, paths.orders.getOrder, { params: { id: orderId }, user })).body
const setStatus = (
  user: TestUser,
  orderId: number,
  body: { status: 'Processing' | 'Delivered'; note?: string; override?: boolean },
) => callRoute(context.app, paths.orders.updateOrder, { params: { id: orderId }, body, user })

describe('advance rules in the quote and the order', () => {
  it('asks no advance until staff set a rule, and answers the rules as set', async () => {
    await noRules()
    const customer = await shopper({ leadTimeDays: 20 })
    // PKR 100,000 of goods ships free to Lahore.
    expect((await quote(customer)).body).toMatchObject({ advance_due: '0.00', balance_due: '100000.00' })
    const rules = await callRoute(context.app, paths.payments.getPaymentSettings, { user: manager })
    expect(rules.body).toEqual({
      advance_percent_made_to_order: 0,
      advance_percent_over: null,
      cod_balance_cities: [],
    })
  })

  it('takes the made-to-order percent of a made-to-order piece, a product’s own percent over it, and the percent over an amount', async () => {
    await setRules({
      advance_percent_made_to_order: 50,
      advance_percent_over: { amount: '300000', percent: 30 },
      cod_balance_cities: [],
    })
    // 50% of a PKR 249,000 made-to-order sofa (delivery free over PKR 100,000).
    const sofa = await shopper({ price: '249000.00', leadTimeDays: 21 })
    expect((await quote(sofa)).body).toMatchObject({
      total_price: '249000.00',
      advance_due: '124500.00',
      balance_due: '124500.00',
    })
    const fromStock = await shopper({ price: '80000.00' })
    expect((await quote(fromStock)).body).toMatchObject({ advance_due: '0.00', balance_due: '81500.00' })
    const ownPercent = await shopper({ price: '80000.00', leadTimeDays: 10, advancePercent: 100 })
    expect((await quote(ownPercent)).body).toMatchObject({ advance_due: '80000.00', balance_due: '1500.00' })
    // Three pieces from stock at PKR 150,000: 30% of the PKR 450,000 total.
    const large = await shopper({ price: '150000.00', quantity: 3 })
    expect((await quote(large)).body).toMatchObject({ advance_due: '135000.00', balance_due: '315000.00' })
    await noRules()
  })

  it('lets cash on delivery pay a balance only in the cities staff allow', async () => {
    await setRules({ advance_percent_made_to_order: 0, cod_balance_cities: ['lahore '] })
    const customer = await shopper()
    expect((await quote(customer, 'cod', 'Lahore')).status).toBe(200)
    const refused = await quote(customer, 'cod', 'Multan')
    expect([refused.status, refused.body.detail]).toEqual([
      400,
      'Cash on delivery cannot pay the balance in Multan; please pay by bank transfer.',
    ])
    expect((await quote(customer, 'bank_transfer', 'Multan')).status).toBe(200)
    await noRules()
  })

  it('keeps the advance on the order: Processing waits for it unless an owner or manager overrides with a note', async () => {
    await setRules({ advance_percent_made_to_order: 50 })
    const { order } = await placed({ price: '249000.00', leadTimeDays: 21 })
    await noRules()
    expect(order).toMatchObject({ advance_due: '124500.00', balance_due: '249000.00', amount_paid: '0.00' })
    const refused = await setStatus(clerk, order.id, { status: 'Processing' })
    expect([refused.status, refused.body.detail]).toEqual([
      409,
      'An advance of PKR 124,500 is still due; record the payment first, or an owner or a manager can override with a note.',
    ])
    expect(
      (await setStatus(clerk, order.id, { status: 'Processing', override: true, note: 'Regular customer.' }))
        .status,
    ).toBe(409)
    expect((await setStatus(manager, order.id, { status: 'Processing', override: true })).status).toBe(400)
    const overridden = await setStatus(manager, order.id, {
      status: 'Processing',
      override: true,
      note: 'Regular customer.',
    })
    expect([overridden.status, overridden.body.status]).toEqual([200, 'Processing'])
    const [audit] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id)))
    expect(audit?.after).toEqual({ status: 'Processing', note: 'Regular customer.', override: true })
  })

  it('refuses Delivered while a balance is due, and delivers once it is paid', async () => {
    const { order } = await placed({ method: 'cod' })
    expect((await setStatus(owner, order.id, { status: 'Delivered' })).status).toBe(409)
    const both = await callRoute(context.app, paths.orders.updateOrder, {
      params: { id: order.id },
      body: { status: 'Delivered', payment_status: 'paid', note: 'Cash collected.' },
      user: clerk,
    })
    expect(both.body).toMatchObject({ status: 'Delivered', payment_status: 'paid', balance_due: '0.00' })
    expect(both.body.payments).toMatchObject([
      {
        kind: 'payment',
        method: 'cod',
        amount: order.total_price,
        status: 'confirmed',
        note: 'Cash collected.',
      },
    ])
  })
})

describe('the customer’s receipt and the staff’s check', () => {
  it('takes a receipt (an image) as a pending entry, which staff confirm; the advance is then paid', async () => {
    await setRules({ advance_percent_made_to_order: 50 })
    const { customer, order } = await placed({ price: '249000.00', leadTimeDays: 21 })
    await noRules()
    const sent = await sendReceipt(customer, order.id, {
      amount: '124500',
      method: 'bank_transfer',
      reference: 'IBFT 7731',
    })
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({
      kind: 'payment',
      method: 'bank_transfer',
      amount: '124500.00',
      reference: 'IBFT 7731',
      status: 'pending',
      proof: { url: `/api/orders/${order.id}/payments/${sent.body.id}/proof/`, content_type: 'image/webp' },
      recorded_by: { id: customer.id },
      checked_by: null,
    })
    expect(await orderOf(customer, order.id)).toMatchObject({
      payment_status: 'proof_submitted',
      amount_paid: '0.00',
      advance_due: '124500.00',
    })
    const counts = await callRoute(context.app, paths.staff.workCounts, { user: clerk })
    expect(counts.body.payments_to_check).toBeGreaterThanOrEqual(1)

    const confirmed = await check(clerk, order.id, sent.body.id, 'confirmed', 'Seen in Meezan.')
    expect(confirmed.body).toMatchObject({
      status: 'confirmed',
      checked_by: { id: clerk.id },
      check_note: 'Seen in Meezan.',
    })
    expect(await orderOf(customer, order.id)).toMatchObject({
      payment_status: 'partially_paid',
      amount_paid: '124500.00',
      advance_due: '0.00',
      balance_due: '124500.00',
    })
    expect((await setStatus(clerk, order.id, { status: 'Processing' })).status).toBe(200)
    const again = await check(owner, order.id, sent.body.id, 'rejected', 'Too late.')
    expect([again.status, again.body.detail]).toEqual([409, 'This entry is already confirmed.'])

    const mails = await context.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.event, 'payment_changed'), eq(notifications.recipient, CHECKOUT.email)))
    expect(mails.map((mail) => mail.subject)).toContain(
      `Comfort Living: payment for order #${order.id} received`,
    )
  })

  it('takes a PDF receipt, served sandboxed and privately to the owner and staff only', async () => {
    const { customer, order } = await placed()
    const sent = await sendReceipt(
      customer,
      order.id,
      { amount: '1000', reference: 'JazzCash 55' },
      {
        bytes: receiptPdf,
        type: 'application/pdf',
        name: 'statement.pdf',
      },
    )
    expect(sent.body).toMatchObject({ status: 'pending', proof: { content_type: 'application/pdf' } })
    const fetch = (user: TestUser) =>
      context.app.inject({ method: 'GET', url: sent.body.proof.url, headers: user.headers })
    for (const viewer of [customer, clerk]) {
      const answer = await fetch(viewer)
      expect(answer.statusCode).toBe(200)
      expect(answer.rawPayload.equals(receiptPdf)).toBe(true)
      expect(answer.headers).toMatchObject({
        'content-type': 'application/pdf',
        'cache-control': 'private, no-store',
        'content-security-policy': 'sandbox',
      })
    }
    expect((await fetch(await createTestUser(context))).statusCode).toBe(404)
  })

  it('refuses a receipt above what is due, without a reference, or from anyone but the owner', async () => {
    const { customer, order } = await placed()
    const over = await sendReceipt(customer, order.id, { amount: '999999', reference: 'x' })
    expect([over.status, over.body.errors]).toEqual([
      400,
      { amount: ['Enter at most PKR 100,000, the amount still due.'] },
    ])
    const bare = await sendReceipt(customer, order.id, { amount: '100' })
    expect([bare.status, Object.keys(bare.body.errors)]).toEqual([400, ['reference']])
    expect(
      (await sendReceipt(await createTestUser(context), order.id, { amount: '100', reference: 'x' })).status,
    ).toBe(404)
    expect((await sendReceipt(null, order.id, { amount: '100', reference: 'x' })).status).toBe(401)
    // A customer's JSON is not a receipt.
    const json = await record(customer, order.id, { kind: 'payment', method: 'cash', amount: '100' })
    expect(json.status).toBe(415)
    const rows = await context.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id))
    expect(rows).toEqual([])
  })

  it('keeps a rejected receipt with its reason, tells the customer, and leaves the order unpaid', async () => {
    const { customer, order } = await placed()
    const sent = await sendReceipt(customer, order.id, { amount: '100000', reference: 'IBFT 1' })
    expect((await check(clerk, order.id, sent.body.id, 'rejected')).status).toBe(400)
    const rejected = await check(clerk, order.id, sent.body.id, 'rejected', 'No such transfer reached us.')
    expect(rejected.body).toMatchObject({ status: 'rejected', check_note: 'No such transfer reached us.' })
    const seen = await orderOf(customer, order.id)
    expect(seen).toMatchObject({ payment_status: 'unpaid', amount_paid: '0.00' })
    expect(seen.payments).toMatchObject([{ status: 'rejected', check_note: 'No such transfer reached us.' }])
    const [mail] = await context.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.event, 'payment_changed'), eq(notifications.channel, 'email')))
      .orderBy(asc(notifications.id))
      .then((rows) => rows.filter((row) => row.bodyText.includes(`order #${order.id}:`)))
    expect(mail?.bodyText).toContain(
      `We could not accept your payment of PKR 100,000.00 for order #${order.id}: No such transfer reached us.`,
    )
  })
})

describe('payments and refunds staff record', () => {
  it('records a payment by any method, refuses one past the total unless an owner or manager writes why', async () => {
    const { customer, order } = await placed({ method: 'cod' })
    const cash = await record(clerk, order.id, {
      kind: 'payment',
      method: 'cash',
      amount: '50000',
      reference: 'Showroom slip 12',
    })
    expect(cash.status).toBe(201)
    expect(cash.body).toMatchObject({
      status: 'confirmed',
      recorded_by: { id: clerk.id },
      checked_by: { id: clerk.id },
    })
    const over = await record(clerk, order.id, { kind: 'payment', method: 'card', amount: '60000' })
    expect([over.status, over.body.detail]).toEqual([
      409,
      'That is more than the PKR 50,250 still due; only an owner or a manager can take more, with a note.',
    ])
    expect(
      (await record(clerk, order.id, { kind: 'payment', method: 'card', amount: '60000', note: 'Tip' }))
        .status,
    ).toBe(409)
    expect(
      (await record(manager, order.id, { kind: 'payment', method: 'card', amount: '60000' })).status,
    ).toBe(409)
    const allowed = await record(manager, order.id, {
      kind: 'payment',
      method: 'card',
      amount: '60000',
      note: 'Paid for the cushions too.',
    })
    expect(allowed.status).toBe(201)
    expect(await orderOf(customer, order.id)).toMatchObject({
      payment_status: 'paid',
      amount_paid: '110000.00',
      balance_due: '0.00',
    })
    const audit = await context.database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entity, 'payment'))
    expect(audit).toContainEqual({
      action: 'payment.record',
      after: expect.objectContaining({
        order_id: order.id,
        method: 'card',
        amount: '60000.00',
        note: 'Paid for the cushions too.',
      }),
    })
  })

  it('refunds up to what was paid, by any method, and tells the customer', async () => {
    const { customer, order } = await placed({ method: 'cod' })
    await record(clerk, order.id, { kind: 'payment', method: 'cod', amount: order.total_price })
    const tooMuch = await record(clerk, order.id, {
      kind: 'refund',
      method: 'bank_transfer',
      amount: '200000',
    })
    expect([tooMuch.status, tooMuch.body.detail]).toEqual([
      409,
      'A refund cannot be more than the PKR 100,250 paid and not yet refunded.',
    ])
    const part = await record(clerk, order.id, {
      kind: 'refund',
      method: 'bank_transfer',
      amount: '20000',
      reference: 'IBFT back',
    })
    expect(part.status).toBe(201)
    expect(await orderOf(customer, order.id)).toMatchObject({
      payment_status: 'partially_refunded',
      amount_paid: '80250.00',
      amount_refunded: '20000.00',
      balance_due: '0.00',
    })
    await record(clerk, order.id, { kind: 'refund', method: 'bank_transfer', amount: '80250' })
    expect((await orderOf(customer, order.id)).payment_status).toBe('refunded')
    const subjects = await context.database.db
      .select({ subject: notifications.subject })
      .from(notifications)
      .where(eq(notifications.event, 'payment_changed'))
    expect(subjects).toContainEqual({ subject: `Comfort Living: refund for order #${order.id}` })
  })

  it('lists the entries to the owner and staff, oldest first, and 404 to anyone else', async () => {
    const { customer, order } = await placed()
    await record(clerk, order.id, { kind: 'payment', method: 'wallet', amount: '1000', status: 'pending' })
    await record(clerk, order.id, { kind: 'payment', method: 'cash', amount: '2000' })
    for (const viewer of [customer, clerk]) {
      const list = await callRoute(context.app, paths.payments.listPayments, {
        params: { id: order.id },
        user: viewer,
      })
      expect(list.body.map((entry: { method: string }) => entry.method)).toEqual(['wallet', 'cash'])
    }
    const stranger = await createTestUser(context)
    expect(
      (
        await callRoute(context.app, paths.payments.listPayments, {
          params: { id: order.id },
          user: stranger,
        })
      ).status,
    ).toBe(404)
    expect((await check(clerk, order.id + 100000, 1, 'confirmed')).status).toBe(404)
  })
})

describe('the database keeps the ledger', () => {
  it('refuses to edit a confirmed or rejected entry, or to delete any while its order exists', async () => {
    const { order } = await placed()
    const entry = await record(clerk, order.id, { kind: 'payment', method: 'cash', amount: '1000' })
    const { db } = context.database
    await expect(
      db.execute(sql`update order_payments set amount = 1 where id = ${entry.body.id}`),
    ).rejects.toThrow()
    await expect(
      db.execute(sql`update order_payments set status = 'rejected' where id = ${entry.body.id}`),
    ).rejects.toThrow()
    await expect(db.execute(sql`delete from order_payments where id = ${entry.body.id}`)).rejects.toThrow()
    // Past the checks of the API, the database still refuses a refund above the payments.
    await expect(
      db
        .insert(orderPayments)
        .values({ orderId: order.id, kind: 'refund', method: 'cash', amount: '5000', status: 'confirmed' }),
    ).rejects.toThrow()
    // The entries go with their order, and only then.
    await db.delete(orders).where(eq(orders.id, order.id))
    expect(await db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id))).toEqual([])
  })

  it('answers the advance settings to staff only, and audits a change', async () => {
    const customer = await createTestUser(context)
    expect((await setRules({ advance_percent_made_to_order: 10 }, customer)).status).toBe(403)
    expect((await setRules({ advance_percent_made_to_order: 10 }, clerk)).status).toBe(403)
    const bad = await setRules({ advance_percent_made_to_order: 150 })
    expect([bad.status, bad.body.errors]).toEqual([
      400,
      { advance_percent_made_to_order: ['The made-to-order advance is a whole number from 0 to 100.'] },
    ])
    expect(
      (await setRules({ advance_percent_made_to_order: 10, cod_balance_cities: ['Lahore', 'LAHORE'] })).body,
    ).toEqual({
      advance_percent_made_to_order: 10,
      advance_percent_over: null,
      cod_balance_cities: ['Lahore'],
    })
    const [audit] = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'payment_settings'))
    expect(audit?.action).toBe('settings.update')
    await noRules()
  })
})

describeOnPostgres('two staff at once (PostgreSQL)', () => {
  it('never confirm payments past the total: of two payments of the whole balance, one counts', async () => {
    for (let round = 0; round < 5; round++) {
      const { order } = await placed()
      const racing = await Promise.all(
        [manager, clerk].map((staff) =>
          record(staff, order.id, { kind: 'payment', method: 'cash', amount: order.total_price }),
        ),
      )
      expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409])
      const [row] = await context.database.db.select().from(orders).where(eq(orders.id, order.id))
      expect(row?.paidTotal).toBe(order.total_price)
    }
  })

  it('never refund more than was paid, nor confirm two receipts past the total', async () => {
    for (let round = 0; round < 5; round++) {
      const { order } = await placed()
      await record(owner, order.id, { kind: 'payment', method: 'cash', amount: order.total_price })
      const refunds = await Promise.all([
        record(manager, order.id, { kind: 'refund', method: 'bank_transfer', amount: order.total_price }),
        record(clerk, order.id, { kind: 'refund', method: 'bank_transfer', amount: '60000' }),
      ])
      expect(refunds.map((answer) => answer.status).sort()).toEqual([201, 409])

      const second = await placed()
      const receipts = [
        await sendReceipt(second.customer, second.order.id, {
          amount: second.order.total_price,
          reference: 'a',
        }),
        await sendReceipt(second.customer, second.order.id, {
          amount: second.order.total_price,
          reference: 'b',
        }),
      ]
      const checks = await Promise.all(
        receipts.map((receipt, index) =>
          check(index ? manager : clerk, second.order.id, receipt.body.id, 'confirmed'),
        ),
      )
      expect(checks.map((answer) => answer.status).sort()).toEqual([200, 409])
      const [row] = await context.database.db.select().from(orders).where(eq(orders.id, second.order.id))
      expect([row?.paidTotal, row?.refundedTotal]).toEqual([second.order.total_price, '0.00'])
    }
  })
})
