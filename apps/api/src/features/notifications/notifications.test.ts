import { createHmac } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { formatPkr, type PlaceOrderBody, paths, toPaisa, type UpdateOrderBody } from '@store/contract'
import { asc, eq } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CHECKOUT, insertZone } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct, insertSofa } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { freePort } from '../../../test/server-process'
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp'
import { type Config, loadConfig, type NotificationSettings } from '../../config'
import { notifications, users } from '../../db/schema'
import { escapeHtml } from '../../lib/html'
import { html } from './html'
import { DUE_CHANNEL, enqueueMail } from './outbox'

/** docs/api.md "Notifications": the outbox, its worker and its channels. */

const defaults = loadConfig({}).notifications
const settings = (changes: Partial<NotificationSettings>): Pick<Config, 'notifications'> => ({
  notifications: { ...defaults, ...changes },
})
const WEBHOOK_SECRET = 'webhook-secret-0123456789'

const rowsOf = (context: TestContext) =>
  context.database.db
    .select()
    .from(notifications)
    .orderBy(asc(notifications.event), asc(notifications.channel), asc(notifications.recipient))
const summary = async (context: TestContext) =>
  (await rowsOf(context)).map((row) => `${row.event} ${row.channel} ${row.recipient}`)

/** Waits until `check` passes (it throws until then), for what the worker does in the background. */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

async function setUser(context: TestContext, user: TestUser, values: Partial<typeof users.$inferInsert>) {
  await context.database.db.update(users).set(values).where(eq(users.id, user.id))
}

/** Puts a product in the customer's cart and checks out; answers the response. */
async function order(
  context: TestContext,
  customer: TestUser,
  product: { id: number },
  body: Partial<PlaceOrderBody> = {},
  options: { quantity?: number; choice?: Record<string, number>; key?: string } = {},
) {
  await callRoute(context.app, paths.cart.addToCart, {
    body: { product_id: product.id, quantity: options.quantity ?? 1, options: options.choice ?? {} },
    user: customer,
  })
  return callRoute(context.app, paths.orders.placeOrder, {
    body: { ...CHECKOUT, ...body },
    user: customer,
    headers: { ...(options.key && { 'idempotency-key': options.key }) },
  })
}

describe('escapeHtml and html', () => {
  it('turns markup into text, quotes included, and leaves nested html as it is', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    )
    const name = '<img src=x onerror=alert(1)>'
    expect(html`<p title="${name}">${name}${html`<b>${'<i>'}</b>`}${[1, '<2>']}${null}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;<b>&lt;i&gt;</b>1&lt;2&gt;</p>',
    )
  })
})

describe('each event writes its notifications in the transaction of the change', () => {
  let context: TestContext
  let staff: TestUser
  let quietStaff: TestUser
  let customer: TestUser
  beforeAll(async () => {
    // The webhook points nowhere: these tests read the outbox, not what is delivered.
    context = await createTestApp({
      ...settings({ webhook: { url: 'http://127.0.0.1:9/', secret: WEBHOOK_SECRET } }),
      publicUrl: 'https://shop.example.pk',
    })
    staff = await createTestUser(context, { staff: true })
    quietStaff = await createTestUser(context, { staff: true })
    await setUser(context, quietStaff, { notifyEmail: false })
    const formerStaff = await createTestUser(context, { staff: true })
    await setUser(context, formerStaff, { isActive: false })
    customer = await createTestUser(context, { firstName: 'Ayesha' })
    await insertZone(context.database.db)
  })
  afterAll(() => context.close())
  beforeEach(async () => {
    await context.database.db.delete(notifications)
  })

  it('order placed: the customer’s email and phone, and each active staff member who wants email', async () => {
    const sofa = await insertSofa(context.database.db)
    const placed = await order(context, customer, sofa, {}, { quantity: 2, choice: sofa.choice(1, 1) })
    expect(placed.status).toBe(201)
    expect(await summary(context)).toEqual([
      `order_placed email ${CHECKOUT.email}`,
      `order_placed email ${staff.email}`,
      `order_placed webhook ${CHECKOUT.phone}`,
    ])
    const rows = await rowsOf(context)
    const mail = rows.find((row) => row.recipient === CHECKOUT.email)
    expect(mail?.subject).toBe(`Comfort Living: order #${placed.body.id} received`)
    // 245,000 + 4,000 linen − 30,000 two-seater = 219,000 a piece; two are free to deliver, plus COD.
    expect(mail?.bodyText).toContain(
      'Chesterfield Sofa (Fabric: Beige linen, Size: 2-seater) × 2: PKR 438,000',
    )
    expect(mail?.bodyText).toMatch(
      /Subtotal: PKR 438,000\nDelivery: Free\nCash on delivery fee: PKR 250\nTotal: PKR 438,250/,
    )
    expect(mail?.bodyText).toMatch(/Expected delivery: \w{3}, \d{1,2} \w{3} – \w{3}, \d{1,2} \w{3}/)
    expect(mail?.bodyText).toContain(`https://shop.example.pk/orders/${placed.body.id}`)
    expect(mail?.bodyHtml).toContain('PKR 438,250')
    const staffMail = rows.find((row) => row.recipient === staff.email)
    expect(staffMail?.bodyText).toContain(`https://shop.example.pk/adminuser/orders/${placed.body.id}`)
    const gateway = rows.find((row) => row.channel === 'webhook')
    expect(gateway?.payload).toMatchObject({
      id: gateway?.id,
      event: 'order_placed',
      phone: CHECKOUT.phone,
      order_id: placed.body.id,
    })
    expect(gateway?.bodyText).toContain(`order #${placed.body.id} (PKR 438,250)`)
  })

  it('order placed by an Urdu reader: the mail and text in Urdu; staff each in their own language', async () => {
    const urduCustomer = await createTestUser(context, { firstName: 'Ayesha' })
    await setUser(context, urduCustomer, { language: 'ur' })
    const urduStaff = await createTestUser(context, { staff: true })
    await setUser(context, urduStaff, { language: 'ur' })
    const stool = await insertProduct(context.database.db, {
      name: 'Teak Stool',
      nameUr: 'ساگوان کا اسٹول',
      price: '12500.00',
    })
    // The order is placed from an English page: the mail follows the profile, not the request.
    const placed = await order(context, urduCustomer, stool)
    expect(placed.status).toBe(201)
    expect(placed.body.items[0]?.product.name).toBe('Teak Stool')
    const rows = await rowsOf(context)
    const mail = rows.find((row) => row.recipient === CHECKOUT.email && row.channel === 'email')
    expect(mail?.subject).toBe(`Comfort Living: آرڈر نمبر ${placed.body.id} موصول ہو گیا`)
    expect(mail?.bodyText).toContain('السلام علیکم Ayesha،')
    expect(mail?.bodyText).toContain(`آرڈر نمبر ${placed.body.id} کا بہت شکریہ۔`)
    expect(mail?.bodyText).toContain('ساگوان کا اسٹول × 1: PKR 12,500')
    expect(mail?.bodyText).toContain('ادائیگی: کیش آن ڈیلیوری')
    expect(mail?.bodyText).toMatch(/کل رقم: PKR 14,250/)
    expect(mail?.bodyText).not.toMatch(/Thank you|Subtotal|Expected delivery/)
    expect(mail?.bodyHtml).toContain('<html lang="ur" dir="rtl">')
    expect(mail?.bodyHtml).toContain('ساگوان کا اسٹول × 1')
    const gateway = rows.find((row) => row.channel === 'webhook')
    expect(gateway?.bodyText).toContain(`ہمیں آپ کا آرڈر نمبر ${placed.body.id} (PKR 14,250) مل گیا ہے۔`)
    const toUrduStaff = rows.find((row) => row.recipient === urduStaff.email)
    expect(toUrduStaff?.subject).toBe(`نیا آرڈر نمبر ${placed.body.id}: PKR 14,250`)
    expect(toUrduStaff?.bodyText).toContain('ساگوان کا اسٹول × 1')
    expect(toUrduStaff?.bodyHtml).toContain('<html lang="ur" dir="rtl">')
    const toStaff = rows.find((row) => row.recipient === staff.email)
    expect(toStaff?.subject).toBe(`New order #${placed.body.id}: PKR 14,250`)
    expect(toStaff?.bodyText).toContain('Teak Stool × 1')
    await setUser(context, urduStaff, { isActive: false })

    // A status change reaches the Urdu customer in Urdu too.
    await context.database.db.delete(notifications)
    await callRoute(context.app, paths.orders.updateOrder, {
      params: { id: placed.body.id },
      body: { status: 'Shipped' },
      user: staff,
    })
    const [changed] = (await rowsOf(context)).filter((row) => row.channel === 'email')
    expect(changed?.subject).toBe(`Comfort Living: آرڈر نمبر ${placed.body.id} — روانہ`)
    expect(changed?.bodyText).toContain(`آپ کا آرڈر نمبر ${placed.body.id} روانہ کر دیا گیا ہے۔`)
  })

  it('a bank-transfer order’s mail carries the shop’s account and the reference', async () => {
    const bank = {
      bank_name: 'Meezan Bank',
      account_title: 'Comfort Living',
      account_number: '0123456789',
      iban: 'PK36MEZN0001230123456789',
      instructions: 'Write your order number as the reference.',
    }
    expect(
      (await callRoute(context.app, paths.delivery.updateBankAccount, { body: bank, user: staff })).status,
    ).toBe(200)
    const placed = await order(
      context,
      customer,
      await insertProduct(context.database.db, { price: '1999.50' }),
      {
        payment_method: 'bank_transfer',
      },
    )
    const [mail] = (await rowsOf(context)).filter((row) => row.recipient === CHECKOUT.email)
    expect(mail?.bodyText).toContain(
      [
        'Please transfer PKR 3,499.50 to:',
        'Bank: Meezan Bank',
        'Account title: Comfort Living',
        'Account number: 0123456789',
        'IBAN: PK36MEZN0001230123456789',
        `Reference: Order #${placed.body.id}`,
        'Write your order number as the reference.',
      ].join('\n'),
    )
  })

  it('an idempotent repeat of an order writes nothing more', async () => {
    const product = await insertProduct(context.database.db)
    const first = await order(context, customer, product, {}, { key: 'notify-once' })
    const again = await callRoute(context.app, paths.orders.placeOrder, {
      body: CHECKOUT,
      user: customer,
      headers: { 'idempotency-key': 'notify-once' },
    })
    expect([first.status, again.status, again.body.id]).toEqual([201, 201, first.body.id])
    expect(await summary(context)).toHaveLength(3)
  })

  it('an order rolled back (stock short) writes none', async () => {
    const scarce = await insertProduct(context.database.db, { stock: 1 })
    const refused = await order(context, customer, scarce, {}, { quantity: 2 })
    expect(refused.status).toBe(400)
    expect(await summary(context)).toEqual([])
  })

  it('a customer who turned email off gets the gateway message only', async () => {
    const quiet = await createTestUser(context)
    await setUser(context, quiet, { notifyEmail: false })
    await order(context, quiet, await insertProduct(context.database.db), { email: quiet.email })
    expect(await summary(context)).toEqual([
      `order_placed email ${staff.email}`,
      `order_placed webhook ${CHECKOUT.phone}`,
    ])
  })

  it('a staff change writes one notification per request that changed something, none otherwise', async () => {
    const placed = await order(context, customer, await insertProduct(context.database.db))
    await context.database.db.delete(notifications)
    const patch = (body: UpdateOrderBody) =>
      callRoute(context.app, paths.orders.updateOrder, { params: { id: placed.body.id }, body, user: staff })
    expect(
      (await patch({ status: 'Processing', payment_status: 'paid', note: 'Packed <today>' })).status,
    ).toBe(200)
    expect((await patch({ status: 'Processing' })).status).toBe(200)
    // The payment in full is its own news, as a payment recorded on its own would be.
    expect(await summary(context)).toEqual([
      `order_changed email ${CHECKOUT.email}`,
      `order_changed webhook ${CHECKOUT.phone}`,
      `payment_changed email ${CHECKOUT.email}`,
      `payment_changed webhook ${CHECKOUT.phone}`,
    ])
    const [mail, , paymentMail] = await rowsOf(context)
    expect(mail?.subject).toBe(`Comfort Living: order #${placed.body.id} is Processing`)
    expect(mail?.bodyText).toContain(`Your order #${placed.body.id} is now Processing.`)
    expect(mail?.bodyHtml).toContain('Note from us: Packed &lt;today&gt;')
    expect(paymentMail?.subject).toBe(`Comfort Living: payment for order #${placed.body.id} received`)
    expect(paymentMail?.bodyText).toContain(
      `We received your payment of ${formatPkr(toPaisa(placed.body.total_price), { exact: true })} for order #${placed.body.id}. Your order is paid in full.`,
    )
  })

  it('a customer’s cancel writes one notification to them', async () => {
    const placed = await order(context, customer, await insertProduct(context.database.db))
    await context.database.db.delete(notifications)
    const cancelled = await callRoute(context.app, paths.orders.cancelOrder, {
      params: { id: placed.body.id },
      body: {},
      user: customer,
    })
    expect(cancelled.status).toBe(200)
    expect(await summary(context)).toEqual([
      `order_changed email ${CHECKOUT.email}`,
      `order_changed webhook ${CHECKOUT.phone}`,
    ])
    expect((await rowsOf(context))[0]?.subject).toContain('is Cancelled')
  })

  it('messages: the customer’s (and a Buy Now inquiry) go to staff, a staff reply to the customer', async () => {
    const product = await insertProduct(context.database.db, { name: 'Walnut Bookcase' })
    const inquiry = await callRoute(context.app, paths.messaging.buyNow, {
      body: { product_id: product.id },
      user: customer,
    })
    expect(inquiry.status).toBe(201)
    const conversation = inquiry.body.conversation_id
    const post = (user: TestUser, content: string) =>
      callRoute(context.app, paths.messaging.sendMessage, {
        params: { id: conversation },
        body: { content },
        user,
      })
    expect((await post(staff, 'Yes, it is in stock.')).status).toBe(201)
    await setUser(context, customer, { phone: '03111234567' })
    expect((await post(customer, 'Lovely, thank you')).status).toBe(201)
    expect((await post(staff, 'You are welcome.')).status).toBe(201)
    await setUser(context, customer, { phone: null })
    expect(await summary(context)).toEqual([
      `customer_message email ${staff.email}`,
      `customer_message email ${staff.email}`,
      `store_reply email ${customer.email}`,
      `store_reply email ${customer.email}`,
      `store_reply webhook 03111234567`,
    ])
    const rows = await rowsOf(context)
    expect(rows[0]?.bodyText).toMatch(
      /wrote:\n\n(Hi, I am interested in "Walnut Bookcase"|Lovely, thank you)/,
    )
    expect(rows[0]?.bodyText).toContain(`/adminuser/messages/${conversation}`)
    expect(rows[2]?.bodyText).toMatch(
      /Hello Ayesha, we replied to your message:\n\n(Yes, it is in stock.|You are welcome.)/,
    )
  })

  it('a payment receipt goes to staff', async () => {
    const placed = await order(context, customer, await insertProduct(context.database.db), {
      payment_method: 'bank_transfer',
    })
    await context.database.db.delete(notifications)
    const sharp = (await import('sharp')).default
    const photo = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#eee' } })
      .jpeg()
      .toBuffer()
    const uploaded = await callRoute(context.app, paths.orders.uploadPaymentProof, {
      params: { id: placed.body.id },
      body: {},
      files: [{ name: 'receipt.jpg', type: 'image/jpeg', bytes: photo }],
      fileField: 'image',
      user: customer,
    })
    expect(uploaded.status).toBe(200)
    expect(await summary(context)).toEqual([`payment_proof_submitted email ${staff.email}`])
  })

  it('a queued row wakes the workers once its transaction commits; a rolled-back one does not', async () => {
    let wakes = 0
    const unlisten = await context.database.listen(DUE_CHANNEL, () => {
      wakes += 1
    })
    try {
      const mail = {
        event: 'store_reply',
        to: 'someone@example.com',
        subject: 'S',
        text: 'T',
        html: 'H',
      } as const
      await context.database.db
        .transaction(async (tx) => {
          await enqueueMail(tx, mail)
          throw new Error('rolled back')
        })
        .catch(() => {})
      await context.database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail)
        await enqueueMail(tx, mail)
        // Nothing is announced before the commit.
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(wakes).toBe(0)
      })
      await eventually(async () => expect(wakes).toBe(1))
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(wakes).toBe(1)
    } finally {
      await unlisten()
    }
  })

  it('escapes whatever a customer typed in the HTML, and keeps it as typed in the text', async () => {
    const product = await insertProduct(context.database.db, { name: '<script>alert("sofa")</script>' })
    await order(context, customer, product, { first_name: '<script>alert(1)</script>' })
    const [mail] = (await rowsOf(context)).filter((row) => row.recipient === CHECKOUT.email)
    expect(mail?.bodyHtml).not.toContain('<script>')
    expect(mail?.bodyHtml).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,')
    expect(mail?.bodyHtml).toContain('&lt;script&gt;alert(&quot;sofa&quot;)&lt;/script&gt; × 1')
    expect(mail?.bodyText).toContain('Hello <script>alert(1)</script>,')
  })
})

describe('delivery by SMTP', () => {
  let context: TestContext
  let smtp: TestSmtpServer
  let customer: TestUser
  let staff: TestUser
  afterAll(async () => {
    await context?.close()
    await smtp?.close()
  })

  it('retries while the SMTP server is down and delivers once it is back', async () => {
    const port = await freePort()
    context = await createTestApp(
      settings({
        smtp: { url: `smtp://127.0.0.1:${port}`, from: 'Comfort Living <orders@comfort.pk>' },
        retryMs: 300,
      }),
    )
    staff = await createTestUser(context, { staff: true })
    customer = await createTestUser(context)
    await insertZone(context.database.db)
    const placed = await order(
      context,
      customer,
      await insertProduct(context.database.db, { name: 'Teak Stool' }),
    )
    expect(placed.status).toBe(201)
    const failed = await eventually(async () => {
      const rows = await rowsOf(context)
      expect(rows.every((row) => row.attempts >= 2 && row.status === 'pending' && row.lastError)).toBe(true)
      return rows
    })
    expect(failed).toHaveLength(2)

    smtp = await startSmtpServer(port)
    const received = await smtp.waitFor(2)
    await eventually(async () => {
      expect((await rowsOf(context)).map((row) => row.status)).toEqual(['sent', 'sent'])
    })
    const toCustomer = received.find((mail) => mail.to.includes(CHECKOUT.email))
    expect(toCustomer?.mail.subject).toBe(`Comfort Living: order #${placed.body.id} received`)
    expect(toCustomer?.mail.text).toContain('Teak Stool × 1: PKR 1,000')
    expect(toCustomer?.mail.html).toContain('Teak Stool × 1')
    expect(toCustomer?.mail.from?.text).toBe('"Comfort Living" <orders@comfort.pk>')
    const ids = failed.map((row) => row.id).sort()
    expect(received.map((mail) => mail.notificationId).sort()).toEqual(ids)
    expect(toCustomer?.mail.messageId).toMatch(new RegExp(`^<${toCustomer?.notificationId}@`))
    expect(received.find((mail) => mail.to.includes(staff.email))?.mail.subject).toBe(
      `New order #${placed.body.id}: PKR 2,750`,
    )
  })
})

describe('the default: .eml files under DATA_DIR/mail/', () => {
  let context: TestContext
  beforeAll(async () => {
    context = await createTestApp()
    await insertZone(context.database.db)
  })
  afterAll(() => context.close())

  it('writes each mail as a readable RFC 5322 message', async () => {
    const customer = await createTestUser(context)
    const placed = await order(context, customer, await insertProduct(context.database.db))
    const folder = path.join(context.config.dataDir, 'mail')
    // The worker writes the file, then marks its row sent: both are waited for.
    const files = await eventually(async () => {
      const found = readdirSync(folder).filter((name) => name.endsWith('.eml'))
      expect(found).toHaveLength(1)
      return found
    })
    const row = await eventually(async () => {
      const [sent] = await rowsOf(context)
      expect(sent?.status).toBe('sent')
      return sent
    })
    const mail = await simpleParser(readFileSync(path.join(folder, files[0] ?? '')))
    expect(mail.from?.text).toBe('"Comfort Living" <shop@localhost>')
    expect(mail.to && !Array.isArray(mail.to) && mail.to.text).toBe(CHECKOUT.email)
    expect(mail.subject).toBe(`Comfort Living: order #${placed.body.id} received`)
    expect(mail.messageId).toBe(`<${row?.id}@localhost>`)
    expect(mail.headers.get('x-notification-id')).toBe(row?.id)
    expect(mail.text).toContain(`Thank you for your order #${placed.body.id}.`)
  })
})

describe('the webhook', () => {
  let context: TestContext
  const requests: { headers: IncomingMessage['headers']; body: string }[] = []
  const answers = [500]
  const receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      requests.push({ headers: request.headers, body })
      response.statusCode = answers.shift() ?? 204
      response.end()
    })
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const { port } = receiver.address() as AddressInfo
    context = await createTestApp(
      settings({ webhook: { url: `http://127.0.0.1:${port}/sms`, secret: WEBHOOK_SECRET }, retryMs: 200 }),
    )
    await insertZone(context.database.db)
  })
  afterAll(async () => {
    await context.close()
    await new Promise((resolve) => receiver.close(resolve))
  })

  it('posts signed JSON that the receiver can verify, and tries again after a 500', async () => {
    const customer = await createTestUser(context)
    await setUser(context, customer, { notifyEmail: false })
    const placed = await order(context, customer, await insertProduct(context.database.db))
    await eventually(async () => expect(requests).toHaveLength(2))
    const [refused, accepted] = requests
    expect(refused?.body).toBe(accepted?.body)
    const body = accepted?.body ?? ''
    const expected = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')
    expect(accepted?.headers['x-signature']).toBe(`sha256=${expected}`)
    expect(accepted?.headers['content-type']).toBe('application/json')
    const payload = JSON.parse(body)
    expect(payload).toMatchObject({ event: 'order_placed', phone: CHECKOUT.phone, order_id: placed.body.id })
    expect(accepted?.headers['x-notification-id']).toBe(payload.id)
    expect(payload.text).toMatch(/^Comfort Living: we received your order/)
    await eventually(async () => {
      const [row] = (await rowsOf(context)).filter((each) => each.channel === 'webhook')
      expect(row).toMatchObject({ id: payload.id, status: 'sent', attempts: 2, lastError: null })
    })
  })

  it('records each row of one claim by its own outcome: the mail sent, the refused message tried again', async () => {
    await context.database.db.delete(notifications)
    requests.length = 0
    answers.push(500)
    const customer = await createTestUser(context)
    await order(context, customer, await insertProduct(context.database.db))
    await eventually(async () => expect(requests).toHaveLength(2))
    await eventually(async () => {
      const rows = await rowsOf(context)
      expect(rows.map(({ channel, status, attempts }) => ({ channel, status, attempts }))).toEqual([
        { channel: 'email', status: 'sent', attempts: 1 },
        { channel: 'webhook', status: 'sent', attempts: 2 },
      ])
      expect(rows[0]?.sentAt).not.toBeNull()
    })
  })
})
