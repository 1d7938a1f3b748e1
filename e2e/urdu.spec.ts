import { expect, type Page, test } from '@playwright/test'
import { createCustomer, findProduct, logIn, productInStock } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

// Issue 19: the shop and the back office in Urdu, right to left. Screens at a phone's width and a
// laptop's are saved under e2e/screenshots/ (git-ignored) to look at.
const WIDTHS = [375, 1280]

/** Any letter of the Arabic script, in which Urdu is written */
const URDU = /[\u0600-\u06FF]/

/** Switches this browser to Urdu with the header's switch, as a reader would. */
async function readInUrdu(page: Page) {
  await page.goto('/')
  await page.getByRole('button', { name: 'اردو' }).first().click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur')
}

async function expectRightToLeft(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  // The RTL build of Bootstrap is the one in use.
  await expect(page.locator('#bootstrap-rtl')).not.toHaveAttribute('disabled')
  await expect(page.locator('#bootstrap-ltr')).toHaveAttribute('disabled')
}

test('a shopper reads the shop in Urdu, buys a piece and follows the order', async ({ page, request }) => {
  const customer = await createCustomer(request)
  const product = await productInStock(request)
  await readInUrdu(page)
  await logIn(page, customer)

  // The choice outlived the login, and the server's HTML follows it before any script runs.
  await page.goto(`/product/${product.id}`)
  await expectRightToLeft(page)
  const html = await (await page.request.get(`/product/${product.id}`)).text()
  expect(html).toMatch(/<html[^>]*lang="ur"[^>]*dir="rtl"/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('button', { name: URDU }).filter({ hasText: 'کارٹ' }).first().click()
  await page.goto('/cart')
  await expectRightToLeft(page)
  await expect(page.locator('main')).toContainText(URDU)

  await page.goto('/checkout')
  await expect(page.locator('main')).toContainText(URDU)
})

test('staff run the back office in Urdu', async ({ page, request }) => {
  await readInUrdu(page)
  await logIn(page, STAFF)
  await page.goto('/adminuser/dashboard')
  await expectRightToLeft(page)
  await expect(page.getByRole('navigation').first()).toContainText(URDU)
  const product = await findProduct(request, (await productInStock(request)).name)
  await page.goto(`/adminuser/products/edit/${product?.id}`)
  await expect(page.locator('main')).toContainText(URDU)
})

test('screens in Urdu at 375 and 1280 px', async ({ page, request }) => {
  test.setTimeout(120_000)
  const product = await productInStock(request)
  await readInUrdu(page)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 992 ? 812 : 800 })
    for (const [name, path] of [
      ['home', '/'],
      ['product', `/product/${product.id}`],
      ['cart', '/cart'],
    ] as const) {
      await page.goto(path)
      await expectRightToLeft(page)
      await page.waitForTimeout(800)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page.screenshot({ path: `e2e/screenshots/urdu-${name}-${width}.png`, fullPage: true })
    }
  }
})
