import { expect, type Page, test } from '@playwright/test'
import { createCustomer, logIn, placeOrder, productInStock, sendInquiry } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

// Every admin page at a phone's width and a laptop's, saved under e2e/screenshots/ (git-ignored) to look at.
const WIDTHS = [375, 1280]

test('every admin page renders at 375 and 1280 px', async ({ page, request }) => {
  test.setTimeout(120_000)
  const customer = await createCustomer(request)
  const order = await placeOrder(request, customer.token)
  const conversationId = await sendInquiry(request, customer.token)
  const product = await productInStock(request)

  const pages: Array<[string, string, string]> = [
    ['dashboard', '/adminuser/dashboard', 'Admin Dashboard'],
    ['products', '/adminuser/products', 'Manage Products'],
    ['product-new', '/adminuser/products/new', 'Create New Product'],
    ['product-edit', `/adminuser/products/edit/${product.id}`, 'Edit Product'],
    ['orders', '/adminuser/orders', 'Manage Orders'],
    ['order-detail', `/adminuser/orders/${order.id}`, `Order #${order.id}`],
    ['delivery', '/adminuser/delivery-zones', 'Delivery'],
    ['dispatch', '/adminuser/dispatch', 'Dispatch'],
    ['cash', '/adminuser/dispatch/cash', 'Cash with drivers'],
    ['deliveries', '/adminuser/deliveries', "Today's deliveries"],
    ['coupons', '/adminuser/coupons', 'Coupons'],
    ['messages', '/adminuser/messages', 'User Conversations'],
    ['conversation', `/adminuser/messages/${conversationId}`, `Viewing Conversation ID: ${conversationId}`],
    ['people', '/adminuser/people', 'People'],
    ['audit', '/adminuser/audit', 'Audit log'],
    ['two-factor', '/adminuser/two-factor', 'Two-factor sign-in'],
  ]

  await logIn(page, STAFF)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 992 ? 812 : 800 })
    for (const [name, path, heading] of pages) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible()
      await settle(page)
      // Nothing may push the page sideways: tables fold their columns on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page.screenshot({ path: `e2e/screenshots/admin-${name}-${width}.png`, fullPage: true })
    }
  }

  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/adminuser/dashboard')
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Comfort Living Admin' })).toBeVisible()
  await settle(page)
  await page.screenshot({ path: 'e2e/screenshots/admin-menu-375.png' })
})

/** Waits for spinners, pictures and the chart's entry animation. */
async function settle(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
  await page.evaluate(async () => {
    const images = Array.from(document.images).filter(
      (image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < innerHeight,
    )
    await Promise.all(images.map((image) => (image.complete ? null : image.decode().catch(() => null))))
  })
  await page.waitForTimeout(800)
}
