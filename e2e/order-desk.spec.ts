import { type APIRequestContext, expect, type Locator, test } from '@playwright/test'
import type { Order, Paginated, PaymentSettings, Person } from '@store/contract'
import { type Account, bearer, createCustomer, logIn, pngFile } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'
import { newestMail } from './support/mail'

// Issue 29's journey: a phone order taken by a clerk for a new customer, a price the manager sets, the
// customer's review link (accept, pay the advance), staff's check of the receipt, then the customer's
// own change of fabric from the order page.
//
// The API steps the journey does not look at are the helpers below, one route each, so they are easy
// to check against docs/api.md "Staff orders".

const SHOTS = 'e2e/screenshots'

async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

/** A fresh account given a staff role by the owner (GET /api/admin/users/, PATCH …/{id}/). */
async function staffMember(request: APIRequestContext, role: 'orders' | 'manager'): Promise<Account> {
  const account = await createCustomer(request)
  const owner = bearer(await ownerToken(request))
  const found = (await (
    await request.get('/api/admin/users/', { headers: owner, params: { search: account.email } })
  ).json()) as Paginated<Person>
  const person = found.results.find((each) => each.email === account.email)
  if (!person) throw new Error(`No person ${account.email}`)
  const changed = await request.patch(`/api/admin/users/${person.id}/`, { headers: owner, data: { role } })
  expect(changed.ok()).toBe(true)
  return account
}

/** The order as staff see it (GET /api/orders/{id}/). */
async function staffOrder(request: APIRequestContext, id: number): Promise<Order> {
  const answer = await request.get(`/api/orders/${id}/`, { headers: bearer(await ownerToken(request)) })
  expect(answer.ok()).toBe(true)
  return (await answer.json()) as Order
}

/** The review link (`/orders/{id}/review?token=…`) of the newest mail to `email` since `since`, as a path. */
const reviewLink = (email: string, since: number) =>
  newestMail(email, since, (text) => /\/orders\/\d+\/review\?token=[^\s<>"')]+/.exec(text)?.[0] ?? null)

/** The new account's link to choose a password (the reset page serves both). */
const passwordLink = (email: string, since: number) =>
  newestMail(
    email,
    since,
    (text) => /https?:\/\/\S+\/(?:set-password|reset-password)\?token=[\w.-]+/.exec(text)?.[0] ?? null,
  )

/** The amount on a line of a card's totals ("Paid", "Advance due", "Balance due"). */
const total = (card: Locator, label: string) =>
  card
    .locator('.summary-lines > div')
    .filter({ has: card.page().getByText(label, { exact: true }) })
    .locator('dd')

/** "PKR 62,500.00" → 62500 */
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

// An order of this size asks a fifth ahead: the store's own setting, put back whatever happens.
let before: PaymentSettings | undefined
test.afterEach(async ({ request }) => {
  if (!before) return
  const reset = await request.put('/api/settings/payments/', {
    headers: bearer(await ownerToken(request)),
    data: before,
  })
  expect(reset.ok()).toBe(true)
})

test('a phone order for a new customer: priced by the manager, accepted and paid through the link, then changed by the customer', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const owner = bearer(await ownerToken(request))
  before = (await (
    await request.get('/api/settings/payments/', { headers: owner })
  ).json()) as PaymentSettings
  const settings = await request.put('/api/settings/payments/', {
    headers: owner,
    data: { ...before, advance_percent_over: { amount: '100000.00', percent: 20 } },
  })
  expect(settings.ok()).toBe(true)

  const clerkAccount = await staffMember(request, 'orders')
  const managerAccount = await staffMember(request, 'manager')
  const unique = `${Date.now()}`
  const buyer = {
    firstName: 'Zainab',
    lastName: `Malik ${unique}`,
    email: `zainab-${unique}@e2e.test`,
    phone: '03211234567',
    password: 'zainab-pass-123',
  }
  const started = Date.now() - 1000

  const clerk = await (await browser.newContext()).newPage()
  const manager = await (await browser.newContext()).newPage()
  const customer = await (await browser.newContext()).newPage()
  await logIn(clerk, clerkAccount)
  await logIn(manager, managerAccount)

  let orderId = 0
  await test.step('the clerk takes a phone order for a new customer: the sofa in beige linen', async () => {
    await clerk.goto('/adminuser/orders')
    await clerk.getByRole('link', { name: 'New order' }).click()
    await expect(clerk).toHaveURL(/\/adminuser\/orders\/new$/)
    await clerk.getByRole('radio', { name: 'Phone' }).check()
    await clerk.getByRole('button', { name: 'New customer' }).click()
    await clerk.getByLabel('First name').fill(buyer.firstName)
    await clerk.getByLabel('Last name').fill(buyer.lastName)
    await clerk.getByLabel('Mobile number').fill(buyer.phone)
    await clerk.getByLabel('Email (optional)').fill(buyer.email)
    await clerk.getByRole('combobox', { name: 'Add a product' }).fill('Chesterfield')
    await clerk.getByRole('option', { name: /Chesterfield Sofa/ }).click()
    await clerk.getByLabel('Fabric of Chesterfield Sofa').selectOption('Beige linen (+PKR 4,000)')
    await clerk.getByLabel('Size of Chesterfield Sofa').selectOption('3-seater')
    await clerk.getByLabel('Quantity of Chesterfield Sofa').fill('1')
    await clerk.getByLabel('Delivery city').selectOption('Lahore')
    await clerk.getByLabel('Address', { exact: true }).fill('21 Jail Road, Shadman')
    await clerk.getByLabel('Note (optional)').fill('Called at 11; wants it before Eid.')
    await clerk.getByRole('button', { name: 'Save draft' }).click()
    await expect(clerk).toHaveURL(/\/adminuser\/orders\/\d+$/)
    orderId = Number(clerk.url().split('/').pop())
    await expect(clerk.getByText('Draft', { exact: true }).first()).toBeVisible()
    // A draft holds no stock and its customer sees nothing yet.
    const draft = await staffOrder(request, orderId)
    expect(draft.status).toBe('Draft')
    expect(draft.channel).toBe('phone')
  })

  await test.step('the manager sets the price the customer was promised, with the reason', async () => {
    await manager.goto(`/adminuser/orders/${orderId}`)
    await manager.getByRole('link', { name: 'Edit draft' }).click()
    await manager.getByLabel('Unit price of Chesterfield Sofa').fill('240000')
    await manager
      .getByLabel('Why this price for Chesterfield Sofa')
      .fill('Showroom price agreed on the phone')
    await manager.getByRole('button', { name: 'Save draft' }).click()
    await expect(manager).toHaveURL(new RegExp(`/adminuser/orders/${orderId}$`))
    const priced = await staffOrder(request, orderId)
    expect(priced.items[0]?.price).toBe('240000.00')
    expect(priced.items[0]?.price_reason).toBe('Showroom price agreed on the phone')
  })

  await test.step('the clerk sends it to the customer', async () => {
    await clerk.reload()
    await clerk.getByRole('button', { name: 'Send to customer' }).click()
    await expect(
      clerk.getByTestId('draft-sent-link').getByRole('textbox', { name: 'Link for the customer' }),
    ).toHaveValue(new RegExp(`/orders/${orderId}/review\\?token=`))
  })

  let link = ''
  await test.step('the customer finds the link in the mail', async () => {
    await expect
      .poll(() => reviewLink(buyer.email, started), { timeout: 20_000, message: 'the review mail' })
      .not.toBeNull()
    link = reviewLink(buyer.email, started) ?? ''
    expect(link).toContain(`/orders/${orderId}/review?token=`)
  })

  const payments = customer.getByRole('region', { name: 'Payments' })
  let advance = 0
  await test.step('the customer opens the link on a phone, without signing in, and accepts', async () => {
    await customer.setViewportSize({ width: 375, height: 800 })
    await customer.goto(link)
    await expect(customer.getByRole('heading', { name: `Your order #${orderId}` })).toBeVisible()
    const items = customer.getByRole('region', { name: 'Items' })
    await expect(items).toContainText('Chesterfield Sofa')
    await expect(items).toContainText('Fabric: Beige linen')
    await expect(items).toContainText('PKR 240,000')
    advance = rupees(await total(payments, 'Advance due').textContent())
    expect(advance).toBeGreaterThan(0)
    await customer.screenshot({ path: `${SHOTS}/order-review-375.png`, fullPage: true })
    await customer.getByRole('button', { name: 'Accept order' }).click()
    await expect(customer.getByText('Your order is placed.')).toBeVisible()
  })

  await test.step('the customer sends the advance’s receipt through the link', async () => {
    // A new customer has no password yet: the link itself takes the receipt.
    const receipt = payments.getByRole('form', { name: 'Send your receipt' })
    await expect(receipt.getByLabel('Amount (PKR)')).toHaveValue(String(advance))
    await receipt.getByLabel('Transfer reference').fill('HBL-204511')
    await receipt.getByLabel('Receipt').setInputFiles(await pngFile('advance.png', '#e4dccf'))
    await receipt.getByRole('button', { name: 'Send receipt' }).click()
    await expect(payments).toContainText('Waiting for check')
  })

  await test.step('staff confirm the advance; the order stays Pending, so the customer may still change it', async () => {
    const ledger = clerk.getByRole('region', { name: 'Payments' })
    await clerk.goto(`/adminuser/orders/${orderId}`)
    await expect(clerk.getByRole('region', { name: 'Order timeline' })).toContainText('by phone')
    const amount = advance.toLocaleString('en-US')
    await ledger.getByRole('button', { name: `Confirm PKR ${amount}` }).click()
    const dialog = clerk.getByRole('dialog', { name: `Confirm the payment of PKR ${amount}?` })
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(clerk.getByText(`Payment of PKR ${amount} confirmed.`)).toBeVisible()
    await expect(ledger).toContainText('Partially paid')
  })

  await test.step('the customer sets a password from the mail and changes the fabric from the order page', async () => {
    await expect
      .poll(() => passwordLink(buyer.email, started), { timeout: 20_000, message: 'the account mail' })
      .not.toBeNull()
    await customer.goto(passwordLink(buyer.email, started) ?? '')
    await customer.getByLabel('New password', { exact: true }).fill(buyer.password)
    await customer.getByLabel('Confirm new password').fill(buyer.password)
    await customer.getByRole('button', { name: 'Set New Password' }).click()
    await logIn(customer, buyer)
    await customer.goto(`/orders/${orderId}`)
    await expect(customer.getByText(/Ordered by phone/)).toBeVisible()
    const balanceBefore = rupees(await total(payments, 'Balance due').textContent())

    await customer.getByRole('button', { name: 'Change order' }).click()
    const dialog = customer.getByRole('dialog', { name: `Change order #${orderId}` })
    const line = dialog.getByRole('group', { name: 'Chesterfield Sofa' })
    await expect(line.getByLabel('Fabric')).toHaveValue(/\d+/)
    await line.getByLabel('Fabric').selectOption('Charcoal bouclé')
    await dialog.getByRole('button', { name: `Save changes to order #${orderId}` }).click()
    const outcome = customer.getByRole('status').filter({ hasText: /Your order now costs PKR [\d,]+ more/ })
    await expect(outcome).toContainText(/Balance due: PKR [\d,]+\./)
    await expect(customer.getByRole('region', { name: 'Items' })).toContainText('Fabric: Charcoal bouclé')
    const after = rupees(await total(payments, 'Balance due').textContent())
    expect(after).toBeGreaterThan(balanceBefore)
    const changed = await staffOrder(request, orderId)
    expect(rupees(changed.balance_due)).toBe(after)
    await customer.screenshot({ path: `${SHOTS}/order-change-375.png`, fullPage: true })
  })

  await clerk.context().close()
  await manager.context().close()
  await customer.context().close()
})

test('a review link with a wrong token says so, on a phone, without signing in', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/orders/1/review?token=not-a-token')
  await expect(
    page.getByText('This link has expired or is not valid. Ask the shop to send it again.'),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/orders\/1\/review\?token=not-a-token$/)
})
