import { expect, type Page, test } from '@playwright/test'
import { bearer, createCustomer, logIn, productInStock } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'
import { urdu } from './support/urdu'

// Issue 19: the shop and the back office in Urdu, right to left. The Urdu each step expects is read
// from the web app's own catalogs; screens at a phone's width and a laptop's are saved under
// e2e/screenshots/ (git-ignored) to look at.
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

test('a shopper switches to Urdu, buys a piece and follows the order in Urdu', async ({ page, request }) => {
  const customer = await createCustomer(request)
  const saved = await request.post('/api/addresses/', {
    headers: bearer(customer.token),
    data: {
      label: 'Home',
      first_name: 'Ayesha',
      last_name: 'Khan',
      phone: '03001234567',
      address: 'House 12, Street 4, DHA Phase 5',
      city: 'Lahore',
      postal_code: '54792',
    },
  })
  expect(saved.status()).toBe(201)
  const product = await productInStock(request)

  await logIn(page, customer)
  await readInUrdu(page)
  await expect(page.getByRole('link', { name: urdu('My Orders') })).toBeVisible()
  // Remembered by the profile: a fresh browser signed in as the same person reads Urdu too.
  const profile = await request.get('/api/auth/profile/', { headers: bearer(customer.token) })
  expect(((await profile.json()) as { language: string }).language).toBe('ur')

  // The server's HTML already speaks the browser's language, before any script runs.
  const html = await (await page.request.get(`/product/${product.id}`)).text()
  expect(html).toMatch(/<html[^>]*lang="ur"[^>]*dir="rtl"/)

  await page.goto(`/product/${product.id}`)
  await expectRightToLeft(page)
  await page.getByRole('button', { name: urdu('Add to Cart') }).click()
  await expect(page.getByText(urdu('Item added to cart!'))).toBeVisible()

  await page.goto('/cart')
  await expect(page.getByRole('heading', { level: 1, name: urdu('Shopping Cart') })).toBeVisible()
  await page.getByRole('link', { name: urdu('Proceed to Checkout') }).click()

  await expect(page.getByRole('heading', { level: 1, name: urdu('Checkout') })).toBeVisible()
  await expect(page.getByLabel(urdu('Address'), { exact: true })).toHaveValue(
    'House 12, Street 4, DHA Phase 5',
  )
  await page.screenshot({ path: 'e2e/screenshots/urdu-checkout-1280.png', fullPage: true })
  await page.getByRole('button', { name: urdu('Place Order') }).click()
  await expect(page.getByText(urdu('Order placed successfully!'))).toBeVisible()
  await expect(page).toHaveURL(/\/orders\/\d+$/)
  await expectRightToLeft(page)
  await expect(page.getByRole('button', { name: urdu('Cancel order') })).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/urdu-order-1280.png', fullPage: true })

  // The choice is the profile's too: English again is one click, and stays after a reload.
  await page.getByRole('button', { name: 'English' }).first().click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible()
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

test('the shop in Urdu at 375 and 1280 px: home, product, cart, checkout', async ({ page, request }) => {
  test.setTimeout(120_000)
  const customer = await createCustomer(request)
  const product = await productInStock(request)
  await request.post('/api/cart/', {
    headers: bearer(customer.token),
    data: { product_id: product.id, quantity: 1 },
  })
  await logIn(page, customer)
  await readInUrdu(page)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 992 ? 812 : 800 })
    for (const [name, path] of [
      ['home', '/'],
      ['product', `/product/${product.id}`],
      ['cart', '/cart'],
      ['checkout', '/checkout'],
    ] as const) {
      await page.goto(path)
      await expectRightToLeft(page)
      // Left only once the session is restored: leaving mid-restore would sign out (SPEC §4).
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(800)
      // Nothing may push the page sideways in either direction.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page.screenshot({ path: `e2e/screenshots/urdu-${name}-${width}.png`, fullPage: true })
    }
  }
})
