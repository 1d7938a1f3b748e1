import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import type { StoreDetails } from '@store/contract'
import { bearer, createCustomer, logIn, placeOrder, pngFile } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

const staffToken = async (page: Page) => {
  const login = await page.request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

// The store's details are the store's own: put back what they were, so the other journeys' papers
// read as before. A fresh store has none (an empty legal name, which no one can save again): then
// only the logo goes, and the invoice moment stays the default this journey also uses.
let before: StoreDetails | undefined
test.afterEach(async ({ page }) => {
  if (!before) return
  const headers = bearer(await staffToken(page))
  const { logo_url, ...details } = before
  if (details.legal_name) {
    expect((await page.request.put('/api/settings/store/', { headers, data: details })).ok()).toBe(true)
  }
  if (!logo_url) expect((await page.request.delete('/api/settings/store/logo/', { headers })).ok()).toBe(true)
})

test('staff set the store’s details, confirm an order, and its customer downloads the invoice as a PDF', async ({
  page,
  browser,
}) => {
  before = (await (
    await page.request.get('/api/settings/store/', { headers: bearer(await staffToken(page)) })
  ).json()) as StoreDetails
  const staff = await browser.newPage()
  await logIn(staff, STAFF)

  await test.step('staff fill in the store details and its logo', async () => {
    await staff.goto('/adminuser/store-details')
    await staff.getByLabel('Legal name').fill('Comfort Living (Private) Limited')
    await staff.getByLabel('Phone').fill('042 3575 1234')
    await staff.getByLabel('Address').fill('14 Main Boulevard\nGulberg III, Lahore')
    await staff.getByLabel('NTN').fill('1234567-8')
    await staff.getByLabel('STRN').fill('32-77-8761-234-56')
    await staff.getByLabel('Sales tax included in prices (%)').fill('17')
    await staff.getByLabel('When the order is confirmed').check()
    await staff.getByLabel('Footer (optional)').fill('Thank you for shopping with Comfort Living.')
    await staff.getByRole('button', { name: 'Save Store Details' }).click()
    await expect(staff.getByText('Store details saved.')).toBeVisible()

    await staff
      .getByLabel(/Choose a logo|Replace the logo/)
      .setInputFiles(await pngFile('logo.png', '#8a5a44'))
    await expect(staff.getByRole('img', { name: 'Preview of the new logo' })).toBeVisible()
    await staff.getByRole('button', { name: 'Upload Logo' }).click()
    await expect(staff.getByText('Logo saved.')).toBeVisible()
    await expect(staff.getByRole('img', { name: 'The logo on the papers' })).toBeVisible()

    // What was saved is what the page shows after a reload.
    await staff.reload()
    await expect(staff.getByLabel('STRN')).toHaveValue('32-77-8761-234-56')
  })

  const customer = await createCustomer(page.request)
  const order = await placeOrder(page.request, customer.token)

  await test.step('the customer’s order has no papers while it waits', async () => {
    await logIn(page, customer)
    await page.goto(`/orders/${order.id}`)
    await expect(page.getByRole('region', { name: 'Documents' })).toContainText(
      'No documents yet. The invoice is issued once the order is confirmed or paid.',
    )
  })

  await test.step('staff confirm the order, and its invoice is issued', async () => {
    await staff.goto(`/adminuser/orders/${order.id}`)
    const update = staff.getByRole('form', { name: `Update order #${order.id}` })
    await update.getByLabel('Status', { exact: true }).selectOption('Processing')
    await update.getByRole('button', { name: 'Update Order' }).click()
    await expect(staff.getByRole('region', { name: 'Order timeline' })).toContainText('Status: Processing')
    await expect(
      staff.getByRole('region', { name: 'Documents' }).getByRole('link', { name: /^Download Invoice INV-/ }),
    ).toBeVisible()
  })

  await test.step('the customer downloads the invoice, a PDF with its number and the order’s total', async () => {
    await page.reload()
    const documents = page.getByRole('region', { name: 'Documents' })
    const link = documents.getByRole('link', { name: /^Download Invoice INV-\d{4}-\d{2}-\d{6} PDF$/ })
    const name = (await link.textContent()) ?? ''
    const number = /INV-\d{4}-\d{2}-\d{6}/.exec(name)?.[0] ?? ''
    expect(number).not.toBe('')
    await expect(documents.getByRole('listitem').first()).toContainText(`Invoice ${number}`)

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe(`${number}.pdf`)
    const file = await download.path()
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    expect(text).toContain(number)
    // The order's total as the papers print it, with or without thousands separators.
    const rupees = order.total_price.replace(/\.00$/, '')
    expect(text.replace(/,/g, '')).toContain(rupees)
    expect(text).toContain('Comfort Living (Private) Limited')
  })

  await staff.close()
})
