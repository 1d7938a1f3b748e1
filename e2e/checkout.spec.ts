import { expect, type Page, test } from '@playwright/test'
import type { Address, Coupon } from '@store/contract'
import { bearer, createCustomer, fillCart, logIn, pngFile } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

const staffToken = async (page: Page) => {
  const login = await page.request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

/** A coupon of the journey's own, so no other journey can use it up. */
async function createCoupon(page: Page, code: string): Promise<Coupon> {
  const created = await page.request.post('/api/coupons/', {
    headers: bearer(await staffToken(page)),
    data: { code, kind: 'percent', value: '10', min_subtotal: '0', max_uses: 5 },
  })
  expect(created.status()).toBe(201)
  return (await created.json()) as Coupon
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Your Order' })

test('a Lahore customer checks out with a saved address, a coupon and cash on delivery', async ({ page }) => {
  const customer = await createCustomer(page.request)
  const saved = await page.request.post('/api/addresses/', {
    headers: bearer(customer.token),
    data: {
      label: 'Home',
      first_name: 'Ayesha',
      last_name: 'Khan',
      phone: '0321 7654321',
      address: 'House 12, Street 4, DHA Phase 5',
      city: 'lahore',
      postal_code: '54792',
    },
  })
  expect(saved.status()).toBe(201)
  expect(((await saved.json()) as Address).is_default).toBe(true)
  const code = `E2E${Date.now()}`
  await createCoupon(page, code)
  await fillCart(page.request, customer.token)

  await logIn(page, customer)
  await page.goto('/checkout')
  await expect(page.getByLabel('Deliver to')).toHaveValue(/\d+/)
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('House 12, Street 4, DHA Phase 5')
  await expect(page.getByLabel('Mobile number')).toHaveValue('03217654321')
  await expect(summary(page)).toContainText('Delivery to Lahore on')
  const total = summary(page).locator('.summary-total dd')
  const before = await total.textContent()

  await page.getByLabel('Coupon code').fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(summary(page)).toContainText(`Coupon ${code} applied`)
  await expect(summary(page)).toContainText(`Discount (${code})`)
  await expect(total).not.toHaveText(before ?? '')
  const quoted = await total.textContent()
  await expect(page.getByLabel(/Cash on delivery/)).toBeChecked()

  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByText('Order placed successfully!')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: /Order #\d+/ })).toBeVisible()
  // The order's total is exactly the quote's.
  await expect(page.getByRole('region', { name: 'Items' }).locator('.summary-total dd')).toHaveText(
    (quoted ?? '').replace(/\.00$/, ''),
  )
  await expect(page.getByRole('region', { name: 'Items' })).toContainText(`Discount (${code})`)
  const timeline = page.getByRole('region', { name: 'Order timeline' })
  await expect(timeline).toContainText('Delivery day:')
  await expect(timeline).toContainText('Order placed')
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Cash on delivery')
})

test('a customer cancels a pending order and the stock comes back', async ({ page }) => {
  const customer = await createCustomer(page.request)
  const product = await fillCart(page.request, customer.token)
  await logIn(page, customer)
  await page.goto('/checkout')
  await page.getByLabel('Mobile number').fill('+92 300 1234567')
  await page.getByLabel('Address', { exact: true }).fill('7 Jail Road')
  await page.getByLabel('City').fill('Lahore')
  await page.getByLabel('Postal code').fill('54000')
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Order #\d+/ })).toBeVisible()
  const stockAfterOrder = (await (await page.request.get(`/api/products/${product.id}/`)).json()).stock

  await page.getByRole('button', { name: 'Cancel order' }).click()
  const dialog = page.getByRole('dialog', { name: /Cancel order #\d+\?/ })
  await dialog.getByLabel('Reason (optional)').fill('Ordered the wrong colour.')
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(page.getByText(/Order #\d+ is cancelled\./)).toBeVisible()
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
  const timeline = page.getByRole('region', { name: 'Order timeline' })
  await expect(timeline).toContainText('Status: Cancelled')
  await expect(timeline).toContainText('Ordered the wrong colour.')
  const stockAfterCancel = (await (await page.request.get(`/api/products/${product.id}/`)).json()).stock
  expect(stockAfterCancel).toBe(stockAfterOrder + 1)
})

test('a bank-transfer order: the receipt is sent, staff confirm it, the customer sees it paid', async ({
  page,
  browser,
}) => {
  const customer = await createCustomer(page.request)
  await fillCart(page.request, customer.token)
  await logIn(page, customer)
  await page.goto('/checkout')
  await page.getByLabel('Mobile number').fill('03001234567')
  await page.getByLabel('Address', { exact: true }).fill('21 Clifton Block 5')
  await page.getByLabel('City').fill('Karachi')
  await page.getByLabel(/Bank transfer/).check()
  await page.getByLabel('Postal code').fill('75600')
  await expect(summary(page)).toContainText('Delivery to Karachi on')
  await expect(summary(page)).not.toContainText('Cash on delivery fee')
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Order #\d+/ })).toBeVisible()
  const orderId = page.url().split('/').pop()

  const payment = page.getByRole('region', { name: 'Payments' })
  await expect(payment).toContainText('Bank transfer')
  await expect(payment).toContainText(`Order #${orderId}`)
  const receipt = payment.getByRole('form', { name: 'Send your receipt' })
  await receipt.getByLabel('Transfer reference').fill('MZN-20261127-01')
  await receipt.getByLabel('Receipt').setInputFiles(await pngFile('receipt.png', '#d9e6f2'))
  await receipt.getByRole('button', { name: 'Send receipt' }).click()
  await expect(payment).toContainText('Receipt submitted')
  await expect(payment).toContainText('Waiting for check')
  await expect(payment.getByRole('link', { name: 'View receipt' })).toBeVisible()

  await test.step('staff see the receipt and confirm the payment', async () => {
    const staff = await browser.newPage()
    await logIn(staff, STAFF)
    await staff.goto(`/adminuser/orders/${orderId}`)
    const ledger = staff.getByRole('region', { name: 'Payments' })
    await expect(ledger.getByRole('link', { name: 'View receipt' })).toBeVisible()
    await ledger.getByRole('button', { name: /^Confirm PKR/ }).click()
    const dialog = staff.getByRole('dialog', { name: /Confirm the payment of PKR/ })
    await dialog.getByLabel('Note (optional)').fill('Transfer seen in the Meezan statement.')
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(staff.getByText(/Payment of PKR [\d,]+ confirmed\./)).toBeVisible()
    await staff.close()
  })

  await page.reload()
  await expect(payment).toContainText('Paid')
  const timeline = page.getByRole('region', { name: 'Order timeline' })
  await expect(timeline).toContainText('Payment: Receipt submitted')
  await expect(timeline).toContainText('Payment: Paid')
  await expect(timeline).toContainText('Transfer seen in the Meezan statement.')
  await expect(timeline).toContainText('by Sana')
})
