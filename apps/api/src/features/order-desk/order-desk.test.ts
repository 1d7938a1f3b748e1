import { paths, type StaffOrderBody } from '@store/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT, insertZone } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct, insertSofa } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { auditLog, notifications, orders, products, stockMovements, users } from '../../db/schema'
import { signReviewToken } from './review-link'

/** docs/api.md "Staff orders": drafts, their confirmation, and the customer's review link. */
let context: TestContext
let clerk: TestUser
let manager: TestUser
beforeAll(async () => {
  context = await createTestApp()
  await insertZone(context.database.db)
  clerk = await createTestUser(context, { role: 'orders', firstName: 'Bilal' })
  manager = await createTestUser(context, { role: 'manager', firstName: 'Sana' })
})
afterAll(() => context.close())

const db = () => context.database.db
let phoneCounter = 0
const newPhone = () => `0300${String(1_000_000 + ++phoneCounter).slice(-7)}`

const draftBody = (productId: number, fields: Partial<StaffOrderBody> = {}): StaffOrderBody => ({
  customer: { first_name: 'Nadia', last_name: 'Iqbal', phone: newPhone() },
  channel: 'phone',
  items: [{ product_id: productId, quantity: 1 }],
  city: 'Lahore',
  address: '5 Canal Road',
  ...fields,
})

async function createDraft(user: TestUser, body: StaffOrderBody) {
  const answer = await callRoute(context.app, paths.orderDesk.createStaffOrder, { body, user })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body
}

const movementsOf = (orderId: number) =>
  db()
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.referenceKind, 'order'), eq(stockMovements.referenceId, orderId)))

const auditOf = (orderId: number) =>
  db()
    .select({ action: auditLog.action, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)))
    .orderBy(auditLog.id)

const stockOf = async (productId: number) => {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId))
  return row?.stock
}

describe('drafts', () => {
  it('keeps a draft for a new customer without email: no stock held, hidden from the customer', async () => {
    const sofa = await insertSofa(db(), { stock: 3 })
    const body = draftBody(sofa.id, {
      items: [{ product_id: sofa.id, quantity: 2, options: sofa.choice(1, 0) }],
      note: 'Call after 6 pm',
    })
    const draft = await createDraft(clerk, body)
    expect(draft).toMatchObject({
      status: 'Draft',
      channel: 'phone',
      created_by: { id: clerk.id, first_name: 'Bilal' },
      note: 'Call after 6 pm',
      email: '',
      subtotal: '498000.00',
      items: [
        {
          quantity: 2,
          price: '249000.00',
          options: [
            { name: 'Fabric', value: 'Beige linen' },
            { name: 'Size', value: '3-seater' },
          ],
        },
      ],
      history: [],
    })
    expect(await movementsOf(draft.id)).toEqual([])
    expect(await stockOf(sofa.id)).toBe(3)
    const [customer] = await db()
      .select({
        email: users.email,
        passwordHash: users.passwordHash,
        role: users.role,
        firstName: users.firstName,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, draft.id))
    expect(customer).toMatchObject({ email: null, passwordHash: '', role: 'customer', firstName: 'Nadia' })

    // Staff lists leave drafts out unless asked for them.
    const all = await callRoute(context.app, paths.orders.listOrders, {
      query: { scope: 'all' },
      user: clerk,
    })
    expect(all.body.results.map((order) => order.id)).not.toContain(draft.id)
    const drafts = await callRoute(context.app, paths.orders.listOrders, {
      query: { scope: 'all', status: 'Draft', channel: 'phone' },
      user: clerk,
    })
    expect(drafts.body.results.map((order) => order.id)).toContain(draft.id)
    const web = await callRoute(context.app, paths.orders.listOrders, {
      query: { scope: 'all', status: 'Draft', channel: 'web' },
      user: clerk,
    })
    expect(web.body.results.map((order) => order.id)).not.toContain(draft.id)
  })

  it('hides a draft from its customer, who sees it once confirmed', async () => {
    const customer = await createTestUser(context)
    const table = await insertProduct(db(), { price: '50000.00', stock: 5 })
    const draft = await createDraft(
      clerk,
      draftBody(table.id, { customer: { id: customer.id }, phone: '03001112223' }),
    )
    const mine = await callRoute(context.app, paths.orders.listOrders, { user: customer })
    expect(mine.body.results.map((order) => order.id)).not.toContain(draft.id)
    const one = await callRoute(context.app, paths.orders.getOrder, {
      params: { id: draft.id },
      user: customer,
    })
    expect(one.status).toBe(404)

    const confirmed = await callRoute(context.app, paths.orderDesk.confirmDraft, {
      params: { id: draft.id },
      user: clerk,
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.status).toBe('Pending')
    expect(confirmed.body.history).toEqual([
      expect.objectContaining({
        status: 'Pending',
        by: { id: clerk.id, first_name: 'Bilal' },
        note: 'Created by Bilal by phone',
      }),
    ])
    expect((await movementsOf(draft.id)).map((movement) => movement.delta)).toEqual([-1])
    const seen = await callRoute(context.app, paths.orders.getOrder, {
      params: { id: draft.id },
      user: customer,
    })
    expect(seen.status).toBe(200)
    const again = await callRoute(context.app, paths.orderDesk.confirmDraft, {
      params: { id: draft.id },
      user: clerk,
    })
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('This order is no longer a draft.')
  })

  it('makes an account for a new customer with an email and mails them a link to set a password', async () => {
    const chair = await insertProduct(db(), { stock: 5 })
    const email = `desk-${Date.now()}@example.com`
    const draft = await createDraft(
      clerk,
      draftBody(chair.id, { customer: { first_name: 'Omar', last_name: 'Raza', phone: newPhone(), email } }),
    )
    expect(draft.email).toBe(email)
    const mails = await db().select().from(notifications).where(eq(notifications.recipient, email))
    expect(mails.map((mail) => mail.event)).toEqual(['account_created'])
    expect(mails[0]?.bodyText).toContain('/reset-password?token=')

    const taken = await callRoute(context.app, paths.orderDesk.createStaffOrder, {
      body: draftBody(chair.id, {
        customer: { first_name: 'O', last_name: 'R', phone: newPhone(), email: email.toUpperCase() },
      }),
      user: clerk,
    })
    expect(taken.status).toBe(409)
    expect(taken.body.detail).toBe('A customer with this email exists already; choose that customer.')
  })

  it('refuses a line without every option chosen, naming the option', async () => {
    const sofa = await insertSofa(db())
    const answer = await callRoute(context.app, paths.orderDesk.createStaffOrder, {
      body: draftBody(sofa.id, {
        items: [
          { product_id: sofa.id, quantity: 1, options: { [sofa.fabric.id]: sofa.fabric.values[0]?.id ?? 0 } },
        ],
      }),
      user: clerk,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Choose the Size of "Chesterfield Sofa".')
  })

  it('lets an owner or a manager change a price with a reason, never the orders role', async () => {
    const bed = await insertProduct(db(), { price: '80000.00', stock: 5 })
    const items = [{ product_id: bed.id, quantity: 1, unit_price: '75000', price_reason: 'Showroom piece' }]
    const refused = await callRoute(context.app, paths.orderDesk.createStaffOrder, {
      body: draftBody(bed.id, { items }),
      user: clerk,
    })
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toBe('Only an owner or a manager can change a price.')

    const noReason = await callRoute(context.app, paths.orderDesk.createStaffOrder, {
      body: draftBody(bed.id, { items: [{ product_id: bed.id, quantity: 1, unit_price: '75000' }] }),
      user: manager,
    })
    expect(noReason.status).toBe(400)

    // The order's discount and delivery fee are prices too: a clerk cannot give them.
    for (const terms of [{ discount: '1000' }, { delivery_fee: '0' }]) {
      const clerkTerms = await callRoute(context.app, paths.orderDesk.createStaffOrder, {
        body: draftBody(bed.id, terms),
        user: clerk,
      })
      expect(clerkTerms.status).toBe(403)
      expect(clerkTerms.body.detail).toBe(
        'Only an owner or a manager can give a discount or set the delivery fee.',
      )
    }

    const pricedBody = draftBody(bed.id, { items, discount: '1000', delivery_fee: '0' })
    const draft = await createDraft(manager, pricedBody)
    expect(draft).toMatchObject({
      subtotal: '75000.00',
      discount: '1000.00',
      delivery_fee: '0.00',
      cod_fee: '250.00',
      total_price: '74250.00',
      items: [{ price: '75000.00', price_reason: 'Showroom piece' }],
    })
    // A clerk saving it again as it is keeps the manager's price, discount and fee.
    const resaved = await callRoute(context.app, paths.orderDesk.updateDraft, {
      params: { id: draft.id },
      body: { ...pricedBody, note: 'Called back' },
      user: clerk,
    })
    expect(resaved.status).toBe(200)
    expect(resaved.body).toMatchObject({
      total_price: '74250.00',
      staff_discount: '1000.00',
      staff_delivery_fee: '0.00',
    })
    // Confirmed and then changed, it keeps the discount and the fee staff gave it.
    const confirmed = await callRoute(context.app, paths.orderDesk.confirmDraft, {
      params: { id: draft.id },
      user: manager,
    })
    expect(confirmed.status).toBe(200)
    const edited = await callRoute(context.app, paths.orderDesk.editOrder, {
      params: { id: draft.id },
      body: { phone: '03211112222' },
      user: manager,
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      difference: '0.00',
      order: { total_price: '74250.00', discount: '1000.00' },
    })
    const quote = await callRoute(context.app, paths.orderDesk.quoteStaffOrder, {
      body: { items, city: 'Lahore', address: 'x', discount: '1000', delivery_fee: '0' },
      user: manager,
    })
    expect(quote.status).toBe(200)
    expect(quote.body).toMatchObject({
      total_price: '74250.00',
      lines: [
        {
          product_id: bed.id,
          catalogue_price: '80000.00',
          unit_price: '75000.00',
          line_total: '75000.00',
          in_stock: 4, // one taken by the order confirmed above,
        },
      ],
    })
  })

  it('replaces and deletes a draft, audited, and refuses both once it is placed', async () => {
    const lamp = await insertProduct(db(), { price: '3000.00', stock: 9 })
    const first = draftBody(lamp.id)
    const draft = await createDraft(clerk, first)
    // A draft keeps its customer: its review link is theirs.
    const someoneElse = await callRoute(context.app, paths.orderDesk.updateDraft, {
      params: { id: draft.id },
      body: draftBody(lamp.id),
      user: clerk,
    })
    expect(someoneElse.status).toBe(409)
    const replaced = await callRoute(context.app, paths.orderDesk.updateDraft, {
      params: { id: draft.id },
      body: { ...first, items: [{ product_id: lamp.id, quantity: 3 }], channel: 'whatsapp' },
      user: clerk,
    })
    expect(replaced.status).toBe(200)
    expect(replaced.body).toMatchObject({
      channel: 'whatsapp',
      subtotal: '9000.00',
      items: [{ quantity: 3 }],
    })
    const sent = await callRoute(context.app, paths.orderDesk.sendDraft, {
      params: { id: draft.id },
      user: clerk,
    })
    expect(sent.status).toBe(200)
    const confirmed = await callRoute(context.app, paths.orderDesk.confirmDraft, {
      params: { id: draft.id },
      user: clerk,
    })
    expect(confirmed.body.history[0]?.note).toBe('Created by Bilal by WhatsApp')
    const late = await callRoute(context.app, paths.orderDesk.updateDraft, {
      params: { id: draft.id },
      body: draftBody(lamp.id),
      user: clerk,
    })
    expect(late.status).toBe(409)
    const lateDelete = await callRoute(context.app, paths.orderDesk.deleteDraft, {
      params: { id: draft.id },
      user: clerk,
    })
    expect(lateDelete.status).toBe(409)
    expect((await auditOf(draft.id)).map((entry) => entry.action)).toEqual([
      'order.draft_create',
      'order.draft_update',
      'order.send',
      'order.confirm',
    ])

    const other = await createDraft(clerk, draftBody(lamp.id))
    const deleted = await callRoute(context.app, paths.orderDesk.deleteDraft, {
      params: { id: other.id },
      user: clerk,
    })
    expect(deleted.status).toBe(204)
    expect(await db().select().from(orders).where(eq(orders.id, other.id))).toEqual([])
    expect((await auditOf(other.id)).map((entry) => entry.action)).toEqual([
      'order.draft_create',
      'order.draft_delete',
    ])
  })

  it('finds customers by name, phone in either form, or email, with their last city and address', async () => {
    const customer = await createTestUser(context)
    const phone = newPhone()
    await db().update(users).set({ phone, firstName: 'Zubaida' }).where(eq(users.id, customer.id))
    const table = await insertProduct(db(), { stock: 5 })
    await createDraft(clerk, draftBody(table.id, { customer: { id: customer.id }, address: '9 Gulberg' }))
    for (const search of ['zubaida', `+92${phone.slice(1)}`, phone.slice(0, 7), customer.email.slice(0, 8)]) {
      const found = await callRoute(context.app, paths.orderDesk.findCustomers, {
        query: { search },
        user: clerk,
      })
      expect(found.status).toBe(200)
      expect(found.body.results).toContainEqual(
        expect.objectContaining({
          id: customer.id,
          phone,
          has_email: true,
          city: 'Lahore',
          address: '9 Gulberg',
        }),
      )
    }
    const staff = await callRoute(context.app, paths.orderDesk.findCustomers, {
      query: { search: 'Bilal' },
      user: clerk,
    })
    expect(staff.body.results).toEqual([])
  })
})

describe('confirming against the checkout', () => {
  it('sells the last unit once: a confirm and a web checkout race, the other hears the sentence', async () => {
    for (let round = 0; round < 3; round++) {
      const last = await insertProduct(db(), { name: `Last armchair ${round}`, stock: 1 })
      const draft = await createDraft(clerk, draftBody(last.id))
      const buyer = await createTestUser(context)
      const added = await callRoute(context.app, paths.cart.addToCart, {
        body: { product_id: last.id, quantity: 1 },
        user: buyer,
      })
      expect(added.status).toBe(200)
      const [confirm, checkout] = await Promise.all([
        callRoute(context.app, paths.orderDesk.confirmDraft, { params: { id: draft.id }, user: clerk }),
        callRoute(context.app, paths.orders.placeOrder, { body: CHECKOUT, user: buyer }),
      ])
      const winners = [confirm.status === 200, checkout.status === 201].filter(Boolean)
      expect(winners).toHaveLength(1)
      // The checkout refuses a short cart with 400, as ever; a confirm finds the draft's goods gone: 409.
      if (confirm.status === 200) expect(checkout.status).toBe(400)
      else expect(confirm.status).toBe(409)
      const loser = confirm.status === 200 ? checkout : confirm
      expect(loser.body.detail).toBe(`Sorry, "Last armchair ${round}" is out of stock.`)
      expect(await stockOf(last.id)).toBe(0)
    }
  })
})

describe('the review link', () => {
  const secret = () => context.app.config.jwtSecret ?? ''

  async function sentDraft(productId: number, customer?: StaffOrderBody['customer'], phone?: string) {
    const draft = await createDraft(
      clerk,
      draftBody(
        productId,
        customer ? { customer, phone, payment_method: 'bank_transfer' } : { payment_method: 'bank_transfer' },
      ),
    )
    const sent = await callRoute(context.app, paths.orderDesk.sendDraft, {
      params: { id: draft.id },
      user: clerk,
    })
    expect(sent.status).toBe(200)
    const token = new URL(sent.body.link).searchParams.get('token') ?? ''
    return { draft, sent: sent.body, token }
  }

  it('shows the draft, accepts it once and takes the receipt of a customer without a password', async () => {
    const chair = await insertProduct(db(), { price: '20000.00', stock: 4 })
    const { draft, sent, token } = await sentDraft(chair.id)
    expect(sent.link).toMatch(new RegExp(`/orders/${draft.id}/review\\?token=`))
    expect(sent.mailed).toBe(false)

    const review = await callRoute(context.app, paths.orderDesk.getReview, {
      params: { id: draft.id },
      query: { token },
    })
    expect(review.status).toBe(200)
    expect(review.body).toMatchObject({ order: { id: draft.id, status: 'Draft' }, sign_in_to_pay: false })

    const early = await callRoute(context.app, paths.orderDesk.payReview, {
      params: { id: draft.id },
      body: { token, amount: '1000', reference: 'TRX-1' },
      files: [{ name: 'r.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF') }],
      fileField: 'proof',
    })
    expect(early.status).toBe(409)

    const accepted = await callRoute(context.app, paths.orderDesk.acceptReview, {
      params: { id: draft.id },
      body: { token },
    })
    expect(accepted.status).toBe(200)
    expect(accepted.body.order.status).toBe('Pending')
    expect(accepted.body.order.history.at(-1)?.note).toMatch(
      /^Created by \S+ (by|in) .+; accepted by the customer$/,
    )
    expect((await movementsOf(draft.id)).map((movement) => movement.delta)).toEqual([-1])
    const twice = await callRoute(context.app, paths.orderDesk.acceptReview, {
      params: { id: draft.id },
      body: { token },
    })
    expect(twice.status).toBe(200)
    expect((await movementsOf(draft.id)).length).toBe(1)

    const paid = await callRoute(context.app, paths.orderDesk.payReview, {
      params: { id: draft.id },
      body: { token, amount: '1000', reference: 'TRX-1' },
      files: [{ name: 'r.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF') }],
      fileField: 'proof',
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body.order.payments).toEqual([
      expect.objectContaining({ amount: '1000.00', status: 'pending' }),
    ])
  })

  it('asks a customer with a password to sign in to pay', async () => {
    const customer = await createTestUser(context)
    const chair = await insertProduct(db(), { price: '20000.00', stock: 4 })
    const { draft, sent, token } = await sentDraft(chair.id, { id: customer.id }, newPhone())
    expect(sent.mailed).toBe(true)
    const mails = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, customer.email), eq(notifications.event, 'order_sent')))
    expect(mails[0]?.bodyText).toContain(sent.link)
    await callRoute(context.app, paths.orderDesk.acceptReview, { params: { id: draft.id }, body: { token } })
    const review = await callRoute(context.app, paths.orderDesk.getReview, {
      params: { id: draft.id },
      query: { token },
    })
    expect(review.body.sign_in_to_pay).toBe(true)
    const paid = await callRoute(context.app, paths.orderDesk.payReview, {
      params: { id: draft.id },
      body: { token, amount: '1000', reference: 'TRX-2' },
      files: [{ name: 'r.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF') }],
      fileField: 'proof',
    })
    expect(paid.status).toBe(403)
    expect(paid.body.detail).toBe('Sign in to pay.')
  })

  it('refuses a link made for another order, an expired one or a changed one', async () => {
    const chair = await insertProduct(db(), { stock: 4 })
    const first = await sentDraft(chair.id)
    const second = await sentDraft(chair.id)
    const refused = async (id: number, token: string) => {
      const review = await callRoute(context.app, paths.orderDesk.getReview, {
        params: { id },
        query: { token },
      })
      expect(review.status).toBe(404)
      const accept = await callRoute(context.app, paths.orderDesk.acceptReview, {
        params: { id },
        body: { token },
      })
      expect(accept.status).toBe(404)
    }
    await refused(second.draft.id, first.token)
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000)
    await refused(first.draft.id, signReviewToken(secret(), first.draft.id, eightDaysAgo).token)
    await refused(
      first.draft.id,
      signReviewToken('another secret of at least thirty-two chars', first.draft.id).token,
    )
    await refused(first.draft.id, `${first.token.slice(0, -2)}AA`)
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000)
    const stillGood = await callRoute(context.app, paths.orderDesk.getReview, {
      params: { id: first.draft.id },
      query: { token: signReviewToken(secret(), first.draft.id, sixDaysAgo).token },
    })
    expect(stillGood.status).toBe(200)
    const [draft] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, second.draft.id))
    expect(draft?.status).toBe('Draft')
  })
})

describe('amounts', () => {
  it('refuses a staff order past what an order can record', async () => {
    const piece = await insertProduct(db(), { price: '1000.00', stock: 5 })
    const answer = await callRoute(context.app, paths.orderDesk.quoteStaffOrder, {
      body: {
        items: [{ product_id: piece.id, quantity: 1 }],
        city: 'Lahore',
        address: 'x',
        delivery_fee: '9999999999.99',
      },
      user: manager,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('An order comes to at most PKR 9,999,999,999.99.')
  })
})

describe('saving a draft again', () => {
  it('keeps the new customer it made, and sends them the link in their language', async () => {
    const chair = await insertProduct(db(), { stock: 5 })
    const email = `again-${Date.now()}@example.com`
    const body = draftBody(chair.id, {
      customer: { first_name: 'Hina', last_name: 'Aslam', phone: newPhone(), email },
    })
    const draft = await createDraft(clerk, body)
    const again = await callRoute(context.app, paths.orderDesk.updateDraft, {
      params: { id: draft.id },
      body: { ...body, customer: { ...body.customer, first_name: 'Hina B.' } },
      user: clerk,
    })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.first_name).toBe('Hina B.')
    const accounts = await db()
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(eq(users.email, email))
    expect(accounts).toHaveLength(1)

    await db().update(users).set({ language: 'ur' }).where(eq(users.email, email))
    const sent = await callRoute(context.app, paths.orderDesk.sendDraft, {
      params: { id: draft.id },
      user: clerk,
    })
    expect(sent.body.mailed).toBe(true)
    const [mail] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, email), eq(notifications.event, 'order_sent')))
    expect(mail?.subject).toContain('آپ کا آرڈر نمبر')
    expect(mail?.bodyText).toContain(sent.body.link)
  })
})
