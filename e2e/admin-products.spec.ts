import { expect, test } from '@playwright/test'
import { findProduct, logIn, pngFile } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

test('staff create a product with two images, change its images and delete it', async ({ page, request }) => {
  const name = `Teak Garden Bench ${Date.now()}`
  await logIn(page, STAFF)
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Products' })
    .click()
  await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible()
  await page.getByRole('link', { name: 'Add New Product' }).click()

  // Create
  await expect(page.getByRole('heading', { name: 'Create New Product' })).toBeVisible()
  await page.getByLabel('Product Name').fill(name)
  await page.getByLabel('Description').fill('A weatherproof bench in solid teak, for two.')
  await page.getByLabel('Price (PKR)').fill('18500')
  await page.getByLabel('Stock', { exact: true }).fill('7')
  await page.getByLabel('On Sale').check()
  const upload = page.getByLabel('Drag & drop or click to upload')
  await upload.setInputFiles([
    await pngFile('bench-front.png', '#8a5a3b'),
    await pngFile('bench-side.png', '#3b6b8a'),
  ])
  await expect(page.getByRole('list', { name: 'New images' }).getByRole('img')).toHaveCount(2)
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(page.getByText('Product created successfully!')).toBeVisible()
  await expect(page).toHaveURL(/\/adminuser\/products$/)
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('PKR 18,500')

  const created = await findProduct(request, name)
  expect(created?.images).toHaveLength(2)
  expect(created?.is_on_sale).toBe(true)
  const productId = created?.id ?? 0

  // In the shop. The server's HTML already names the product before the app has restored the session; leaving
  // a page mid-restore aborts its profile call, which logs out (docs/product.md §4): each page is left only
  // once the header shows the signed-in staff member's link.
  const signedIn = page.getByRole('link', { name: 'Admin Dashboard' })
  await page.goto(`/products?search=${encodeURIComponent(name)}`)
  await expect(page.getByText(name).first()).toBeVisible()
  await expect(signedIn).toBeVisible()
  await page.goto(`/product/${productId}`)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await expect(signedIn).toBeVisible()

  // Edit: one image out, one in
  await page.goto('/adminuser/products')
  await page.getByRole('link', { name: `Edit ${name}` }).click()
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible()
  await expect(page.getByLabel('Product Name')).toHaveValue(name)
  const current = page.getByRole('list', { name: 'Current images' })
  await expect(current.getByRole('img')).toHaveCount(2)
  await page.getByRole('button', { name: 'Remove image 1' }).click()
  await expect(current.getByRole('img')).toHaveCount(1)
  await upload.setInputFiles([await pngFile('bench-top.png', '#5a8a3b')])
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Product updated successfully!')).toBeVisible()
  await expect(page).toHaveURL(/\/adminuser\/products$/)

  const edited = await findProduct(request, name)
  const before = created?.images.map((image) => image.id) ?? []
  const after = edited?.images.map((image) => image.id) ?? []
  expect(after).toHaveLength(2)
  expect(after).not.toContain(before[0])
  expect(after).toContain(before[1])

  // Delete through the modal
  await page.getByRole('button', { name: `Delete ${name}` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Confirm Deletion')).toBeVisible()
  await expect(dialog).toContainText(name)
  await expect(dialog).toContainText('cannot be undone')
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText(`Product "${name}" deleted successfully.`)).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
  expect((await request.get(`/api/products/${productId}/`)).status()).toBe(404)
})

test('a product that fails validation keeps what was typed', async ({ page }) => {
  await logIn(page, STAFF)
  await page.goto('/adminuser/products/new')
  await page.getByLabel('Product Name').fill('Half-finished Stool')
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(page.getByText('Description is required.')).toBeVisible()
  await expect(page.getByLabel('Product Name')).toHaveValue('Half-finished Stool')
  await expect(page).toHaveURL(/\/adminuser\/products\/new$/)
})
