import { expect, test } from '@playwright/test'
import { createCustomer, logIn, placeOrder } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

test("staff change an order's status and the customer's order page follows", async ({
  page,
  browser,
  request,
}) => {
  const customer = await createCustomer(request)
  const order = await placeOrder(request, customer.token)

  await logIn(page, STAFF)
  await page.goto('/adminuser/orders')
  await expect(page.getByRole('heading', { name: 'Manage Orders' })).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(`#${order.id}\\b`) })
  await expect(row.getByText('Pending')).toBeVisible()
  await row.getByRole('link', { name: `View Details of order #${order.id}` }).click()

  await expect(page.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible()
  await expect(page.getByText('12 Canal View Road')).toBeVisible()
  await expect(page.getByText(order.items[0]?.product.name ?? '')).toBeVisible()
  await page.getByLabel('Status', { exact: true }).selectOption('Shipped')
  await page.getByRole('button', { name: 'Update Order' }).click()
  await expect(page.getByRole('button', { name: 'Update Order' })).toBeDisabled()
  await expect(page.locator('.badge', { hasText: 'Shipped' })).toBeVisible()

  const customerContext = await browser.newContext()
  const customerPage = await customerContext.newPage()
  await logIn(customerPage, customer)
  await customerPage.goto(`/orders/${order.id}`)
  await expect(customerPage.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible()
  await expect(customerPage.locator('.badge', { hasText: 'Shipped' })).toBeVisible()
  await customerContext.close()
})
