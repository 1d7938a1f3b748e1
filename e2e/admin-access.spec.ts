import { expect, test } from '@playwright/test'
import { createCustomer, logIn } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

test('an anonymous visitor is sent to log in', async ({ page }) => {
  await page.goto('/adminuser/products')
  await expect(page).toHaveURL(/\/login$/)
})

test('a customer is denied the back office', async ({ page, request }) => {
  const customer = await createCustomer(request)
  await logIn(page, customer)
  await page.goto('/adminuser/dashboard')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0)
})

test('staff log in and land on the dashboard with the sales chart drawn', async ({ page }) => {
  await logIn(page, STAFF)
  await expect(page).toHaveURL(/\/adminuser\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  for (const label of ['Total Revenue', 'Total Orders', 'Total Products', 'Total Users']) {
    await expect(page.getByRole('heading', { name: label })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'Sales Revenue (Last 30 Days)' })).toBeVisible()

  const chart = page.locator('canvas[role="img"]')
  await expect(chart).toBeVisible()
  // Drawn, not merely present: some pixel of the canvas has been painted.
  await expect
    .poll(() =>
      chart.evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext('2d')
        if (!context || canvas.width === 0) return false
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
        return data.some((value, index) => index % 4 === 3 && value > 0)
      }),
    )
    .toBe(true)
})

test('the slide-out menu reaches every section on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await logIn(page, STAFF)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  await page.getByRole('button', { name: 'Menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Comfort Living Admin' })
  await expect(menu).toBeVisible()
  await menu.getByRole('link', { name: 'Orders' }).click()
  await expect(page.getByRole('heading', { name: 'Manage Orders' })).toBeVisible()
  await expect(menu).toBeHidden()
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(menu.getByRole('link', { name: '← Back to Shop' })).toHaveAttribute('href', '/')
})
