import { expect, type Page, test } from '@playwright/test'
import { bearer, createCustomer, logIn, productInStock } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'
import { urdu } from './support/urdu'

// Issue 19: the language a person chose, and the back office in Urdu, right to left (the shop's journey
// in Urdu is shop-urdu.spec.ts). The Urdu each step expects is read from the web app's own catalogs;
// screens at a phone's width and a laptop's are saved under e2e/screenshots/ (git-ignored).
const WIDTHS = [375, 1280]

/** Switches to Urdu with the switch in the page's header (or the back office's menu), as a reader would. */
async function readInUrdu(page: Page) {
  await page.getByRole('button', { name: 'اردو' }).first().click()
  await expectRightToLeft(page)
}

async function expectRightToLeft(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur')
  // The RTL build of Bootstrap is the stylesheet in use.
  await expect(page.locator('#bootstrap-rtl')).not.toHaveAttribute('disabled')
  await expect(page.locator('#bootstrap-ltr')).toHaveAttribute('disabled')
}

test('the language follows the person: their profile and the server’s HTML remember it', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request)
  const product = await productInStock(request)
  await logIn(page, customer)
  await readInUrdu(page)
  await expect(page.getByRole('link', { name: urdu('My Orders') })).toBeVisible()
  const profile = await request.get('/api/auth/profile/', { headers: bearer(customer.token) })
  expect(((await profile.json()) as { language: string }).language).toBe('ur')

  // The server's HTML already speaks the browser's language, before any script runs.
  const html = await (await page.request.get(`/product/${product.id}`)).text()
  expect(html).toMatch(/<html[^>]*lang="ur"[^>]*dir="rtl"/)

  // English again is one click, and stays after a reload.
  await page.getByRole('button', { name: 'English' }).first().click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await page.reload()
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('staff run the back office in Urdu: the dashboard and the product form', async ({ page, request }) => {
  const product = await productInStock(request)
  await logIn(page, STAFF)
  await expect(page).toHaveURL(/\/adminuser\/dashboard$/)
  await readInUrdu(page)
  await expect(page.getByRole('heading', { name: urdu('Admin Dashboard') })).toBeVisible()
  const sections = page.getByRole('navigation', { name: urdu('Admin sections') })
  await expect(sections.getByRole('link', { name: urdu('Orders') })).toBeVisible()

  await page.goto(`/adminuser/products/edit/${product.id}`)
  await expect(page.getByRole('heading', { name: urdu('Edit Product') })).toBeVisible()
  await expect(page.getByLabel(urdu('Product Name'))).toHaveValue(product.name)

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 992 ? 812 : 800 })
    for (const [name, path] of [
      ['admin-dashboard', '/adminuser/dashboard'],
      ['admin-product', `/adminuser/products/edit/${product.id}`],
    ] as const) {
      await page.goto(path)
      await expectRightToLeft(page)
      await page.waitForTimeout(1000)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page.screenshot({ path: `e2e/screenshots/urdu-${name}-${width}.png`, fullPage: true })
    }
  }
  // The shared staff account goes back to English for the journeys that read it in English.
  await page.getByRole('button', { name: 'English' }).first().click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
})
