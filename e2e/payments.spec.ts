import { expect, type Locator, type Page, test } from '@playwright/test'
import type { PaymentSettings } from '@store/contract'
import { bearer, createCustomer, findProduct, logIn, pngFile } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

const SHOTS = '/work/notes/shots'

const staffToken = async (page: Page) => {
  const login = await page.request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

/** "PKR 62,500" → 62500 */
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

/** The amount on a line of a card's totals ("Paid", "Balance due", …). */
const total = (card: Locator, label: string) =>
  card
    .locator('.summary-lines > div')
    .filter({ has: card.page().getByText(label, { exact: true }) })
    .locator('dd')

// The made-to-order advance is the store's own setting: put back what it was, whatever happens, so
// the other journeys on this server order as before.
let before: PaymentSettings | undefined
test.afterEach(async ({ page }) => {
  if (!before) return
  const reset = await page.request.put('/api/settings/payments/', {
    headers: bearer(await staffToken(page)),
    data: before,
  })
  expect(reset.ok()).toBe(true)
})

test('a made-to-order sofa: half paid ahead by transfer, the rest in cash at the door, part refunded', async ({
  page,
  browser,
}) => {
  const token = await staffToken(page)
  before = (await (
    await page.request.get('/api/settings/payments/', { headers: bearer(token) })
  ).json()) as PaymentSettings
  const staff = await browser.newPage()
  await logIn(staff, STAFF)

  await test.step('staff ask half of a made-to-order piece ahead', async () => {
    await staff.goto('/adminuser/payment-rules')
    const advance = staff.getByLabel('Made-to-order advance (%)')
    await advance.fill('50')
    await staff.getByRole('button', { name: 'Save Payment Rules' }).click()
    await expect(staff.getByText('Payment rules saved.')).toBeVisible()
  })

  const customer = await createCustomer(page.request)
  const sofa = await findProduct(page.request, 'Sleeper Sofa Bed')
  if (!sofa) throw new Error('The demo catalogue has no Sleeper Sofa Bed.')
  expect(sofa.lead_time_days).toBeGreaterThan(0)
  const added = await page.request.post('/api/cart/', {
    headers: bearer(customer.token),
    data: { product_id: sofa.id, quantity: 1 },
  })
  expect(added.ok()).toBe(true)

  let orderId = ''
  await test.step('the shopper checks out by bank transfer and sees the advance and the balance', async () => {
    await logIn(page, customer)
    await page.goto('/checkout')
    await page.getByLabel('Mobile number').fill('03001234567')
    await page.getByLabel('Address', { exact: true }).fill('44 Main Boulevard, Gulberg')
    await page.getByLabel('City').fill('Lahore')
    await page.getByLabel(/Bank transfer/).check()
    await page.getByLabel('Postal code').fill('54660')
    const summary = page.getByRole('complementary', { name: 'Your Order' })
    await expect(summary).toContainText(/Advance due now PKR 62,500 · Balance on delivery PKR [\d,]+/)
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Order #\d+/ })).toBeVisible()
    orderId = page.url().split('/').pop() ?? ''
  })

  const payments = page.getByRole('region', { name: 'Payments' })
  await test.step('the shopper sends the advance’s receipt', async () => {
    await expect(payments).toContainText('Pay the advance of PKR 62,500.00 to:')
    await expect(payments).toContainText(`Order #${orderId}`)
    const receipt = payments.getByRole('form', { name: 'Send your receipt' })
    await expect(receipt.getByLabel('Amount (PKR)')).toHaveValue('62500')
    await receipt.getByLabel('Transfer reference').fill('MZN-884120')
    await receipt.getByLabel('Receipt').setInputFiles(await pngFile('advance.png', '#dfe9d8'))
    await receipt.getByRole('button', { name: 'Send receipt' }).click()
    await expect(payments).toContainText('Waiting for check')
    await expect(payments).toContainText('Reference: MZN-884120')
  })

  const ledger = staff.getByRole('region', { name: 'Payments' })
  const update = staff.getByRole('form', { name: `Update order #${orderId}` })
  const record = staff.getByRole('form', { name: 'Record a payment or refund' })
  await test.step('staff confirm the receipt and move the order to Processing', async () => {
    await staff.goto(`/adminuser/orders/${orderId}`)
    await expect(ledger.getByRole('link', { name: 'View receipt' })).toBeVisible()
    await ledger.getByRole('button', { name: 'Confirm PKR 62,500' }).click()
    const dialog = staff.getByRole('dialog', { name: 'Confirm the payment of PKR 62,500?' })
    await dialog.getByLabel('Note (optional)').fill('Seen in the Meezan statement.')
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(staff.getByText('Payment of PKR 62,500 confirmed.')).toBeVisible()
    await expect(ledger).toContainText('Partially paid')
    await expect(total(ledger, 'Paid')).toHaveText('PKR 62,500.00')

    await update.getByLabel('Status', { exact: true }).selectOption('Processing')
    await update.getByRole('button', { name: 'Update Order' }).click()
    await expect(staff.getByText(`Order #${orderId} updated.`)).toBeVisible()
    await expect(staff.getByRole('region', { name: 'Order timeline' })).toContainText('Status: Processing')
  })

  let balance = 0
  await test.step('staff record the cash taken at the door and mark the order Delivered', async () => {
    balance = rupees(await total(ledger, 'Balance due').textContent())
    expect(balance).toBeGreaterThan(0)
    await expect(record.getByLabel('Amount (PKR)')).toHaveValue(String(balance))
    await record.getByLabel('Method').selectOption('cod')
    await record.getByLabel('Reference (optional)').fill('Rider 12, slip 0457')
    await record.getByRole('button', { name: 'Add entry' }).click()
    await expect(staff.getByText('Payment recorded.')).toBeVisible()
    await expect(ledger).toContainText('Payment · Cash on delivery')
    await expect(total(ledger, 'Balance due')).toHaveText('PKR 0.00')

    await update.getByLabel('Status', { exact: true }).selectOption('Delivered')
    await update.getByRole('button', { name: 'Update Order' }).click()
    // The timeline, not the toast: the toast of the earlier change may still be showing.
    await expect(staff.getByRole('region', { name: 'Order timeline' })).toContainText('Status: Delivered')
  })

  await test.step('staff refund part of it by bank transfer', async () => {
    await record.getByLabel('Kind').selectOption('refund')
    await record.getByLabel('Method').selectOption('bank_transfer')
    await record.getByLabel('Amount (PKR)').fill('5000')
    await record.getByLabel('Reference (optional)').fill('IBFT-5531')
    await record.getByLabel('Note (optional)').fill('A scratch on the left armrest.')
    await record.getByRole('button', { name: 'Add entry' }).click()
    await expect(staff.getByText('Refund recorded.')).toBeVisible()
    await expect(ledger).toContainText('Partially refunded')
    await expect(total(ledger, 'Refunded')).toHaveText('PKR 5,000.00')
  })

  await test.step('the shopper sees each entry and what was paid, is due and was refunded', async () => {
    await page.reload()
    const entries = payments.getByRole('list', { name: 'Payments and refunds' }).getByRole('listitem')
    await expect(entries).toHaveCount(3)
    await expect(entries.nth(0)).toContainText('Payment · Bank transfer')
    await expect(entries.nth(0)).toContainText('PKR 62,500.00')
    await expect(entries.nth(0)).toContainText('Confirmed')
    await expect(entries.nth(1)).toContainText('Payment · Cash on delivery')
    await expect(entries.nth(1)).toContainText('Reference: Rider 12, slip 0457')
    await expect(entries.nth(2)).toContainText('Refund · Bank transfer')
    await expect(entries.nth(2)).toContainText('−PKR 5,000.00')
    const paid = 62_500 + balance - 5_000
    await expect(total(payments, 'Paid')).toHaveText(`PKR ${paid.toLocaleString('en-US')}.00`)
    await expect(total(payments, 'Balance due')).toHaveText('PKR 0.00')
    await expect(total(payments, 'Refunded')).toHaveText('PKR 5,000.00')
    await expect(payments).toContainText('Partially refunded')
    await expect(payments.getByRole('form', { name: 'Send your receipt' })).toHaveCount(0)
  })

  await test.step('screenshots of both order pages, on a phone and on a desktop', async () => {
    for (const width of [375, 1280]) {
      for (const [who, view] of [
        ['customer', page],
        ['back-office', staff],
      ] as const) {
        await view.setViewportSize({ width, height: 900 })
        await view.reload()
        await expect(view.getByRole('region', { name: 'Payments' })).toBeVisible()
        // From the top: a page left scrolled draws its sticky header mid-page in a full-page picture.
        await view.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
        await view.screenshot({ path: `${SHOTS}/payments-${who}-${width}.png`, fullPage: true })
      }
    }
  })
  await staff.close()
})
