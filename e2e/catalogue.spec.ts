import { expect, test } from '@playwright/test'
import { createCustomer, findProduct, logIn, pngFile } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

test('staff list a sofa with options in a new category; a shopper buys two versions of it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const unique = Date.now()
  const category = `Lounge ${unique}`
  const name = `Tufted Lounge Sofa ${unique}`

  await test.step('staff add a category', async () => {
    await logIn(page, STAFF)
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Categories' })
      .click()
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible()
    await page.getByLabel('New category').fill(category)
    await page.getByRole('button', { name: 'Add Category' }).click()
    await expect(page.getByText(`Category "${category}" created.`)).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(category) })).toBeVisible()
  })

  await test.step('staff create the sofa with two options, details and a picture', async () => {
    await page.goto('/adminuser/products/new')
    await page.getByLabel('Product Name').fill(name)
    await page.getByLabel('Description').fill('Deep buttoned back, rolled arms, kiln-dried sheesham frame.')
    await page.getByLabel('Category').selectOption(category)
    await page.getByLabel('Price (PKR)').fill('245000')
    await page.getByLabel('Stock', { exact: true }).fill('5')
    await page.getByLabel('Width (cm)').fill('220')
    await page.getByLabel('Depth (cm)').fill('95')
    await page.getByLabel('Height (cm)').fill('78')
    await page.getByLabel('Material').fill('Sheesham wood')
    await page.getByLabel('Colour').fill('Emerald')

    await page.getByRole('button', { name: 'Add option' }).click()
    await page.getByLabel('Option 1 name').fill('Fabric')
    await page.getByLabel('Fabric, value 1: label').fill('Emerald velvet')
    await page.getByRole('button', { name: 'Add value to Fabric' }).click()
    await page.getByLabel('Fabric, value 2: label').fill('Beige linen')
    await page.getByLabel('Fabric, value 2: price change').fill('4000')
    await expect(page.getByText('= PKR 249,000')).toBeVisible()

    await page.getByRole('button', { name: 'Add option' }).click()
    await page.getByLabel('Option 2 name').fill('Size')
    await page.getByLabel('Size, value 1: label').fill('2-seater')
    await page.getByLabel('Size, value 1: price change').fill('-30000')
    await page.getByRole('button', { name: 'Add value to Size' }).click()
    await page.getByLabel('Size, value 2: label').fill('3-seater')

    await page
      .getByLabel('Drag & drop or click to upload')
      .setInputFiles([await pngFile('sofa.png', '#2f6b4f')])
    await page.getByRole('button', { name: 'Create Product' }).click()
    await expect(page.getByText('Product created successfully!')).toBeVisible()
    const created = await findProduct(request, name)
    expect(created?.category).toBe(category)
    expect(created?.options.map((option) => option.name)).toEqual(['Fabric', 'Size'])
    expect(created?.dimensions).toEqual({ width_cm: 220, depth_cm: 95, height_cm: 78 })
    expect(created?.images).toHaveLength(1)
  })

  const product = await findProduct(request, name)
  const shopper = await createCustomer(request)
  const context = await browser.newContext()
  const shop = await context.newPage()

  await test.step('a shopper picks fabric and size and sees the price follow', async () => {
    await logIn(shop, shopper)
    await shop.goto(`/product/${product?.id}`)
    await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible()
    const price = shop.locator('.product-price')
    await expect(price).toHaveText('PKR 245,000')
    await expect(shop.getByRole('row', { name: 'Dimensions (W × D × H) 220 × 95 × 78 cm' })).toBeVisible()

    await shop.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(shop.getByText('Choose the fabric.')).toBeVisible()

    await shop.getByRole('group', { name: 'Fabric' }).getByText('Beige linen').click()
    await expect(price).toHaveText('PKR 249,000')
    await shop.getByRole('group', { name: /Size/ }).getByText('3-seater').click()
    await shop.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(shop.getByText('Item added to cart!')).toBeVisible()

    await shop
      .getByRole('group', { name: /Fabric/ })
      .getByText('Emerald velvet')
      .click()
    await shop.getByRole('group', { name: /Size/ }).getByText('2-seater').click()
    await expect(price).toHaveText('PKR 215,000')
    await shop.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(shop.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible()
  })

  await test.step('the two versions are two cart lines, checked out and shown on the order', async () => {
    await shop.getByRole('link', { name: 'Cart, 2 items' }).click()
    await expect(shop.getByText('Fabric: Beige linen · Size: 3-seater')).toBeVisible()
    await expect(shop.getByText('Fabric: Emerald velvet · Size: 2-seater')).toBeVisible()
    await expect(shop.getByRole('complementary', { name: 'Order Summary' })).toContainText('PKR 464,000')
    await shop.getByRole('link', { name: 'Proceed to Checkout' }).click()
    await shop.getByLabel('Mobile number').fill('0300 1234567')
    await shop.getByLabel('Address', { exact: true }).fill('12 Canal View Road')
    await shop.getByLabel('City').fill('Lahore')
    await shop.getByLabel('Postal code').fill('54000')
    await shop.getByRole('button', { name: 'Place Order' }).click()
    await expect(shop.getByText('Order placed successfully!')).toBeVisible()
    await expect(shop.getByRole('heading', { level: 1, name: /Order #\d+/ })).toBeVisible()
    const items = shop.getByRole('region', { name: 'Items' })
    await expect(items).toContainText('Fabric: Beige linen · Size: 3-seater')
    await expect(items).toContainText('1 × PKR 249,000')
    await expect(items).toContainText('Fabric: Emerald velvet · Size: 2-seater')
    await expect(items).toContainText('1 × PKR 215,000')
    await expect(items).toContainText('PKR 464,000')
  })

  await test.step('staff see exactly those choices on the order', async () => {
    const orderPath = new URL(shop.url()).pathname
    await page.goto(`/adminuser${orderPath}`)
    const items = page.getByRole('region', { name: 'Items' })
    await expect(items).toContainText('Fabric: Beige linen · Size: 3-seater')
    await expect(items).toContainText('Fabric: Emerald velvet · Size: 2-seater')
  })

  await test.step('a category in use cannot be deleted', async () => {
    await page.goto('/adminuser/categories')
    await page.getByRole('button', { name: `Delete ${category}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    // docs/api.md: 409 while products use it; the server's sentence is shown and nothing is deleted.
    await expect(page.getByRole('status').filter({ hasText: /product/i })).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(category) })).toBeVisible()
  })
  await context.close()
})

test('the listing filters by material and sorts by price, on a phone in an offcanvas', async ({
  browser,
}) => {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await page.goto('/products')
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible()
    // The page is inert under the splash until the session is known.
    await expect(page.getByText('Loading your comfort...')).toHaveCount(0)
    if (width < 992) await page.getByRole('button', { name: 'Filters' }).click()
    const filters = page.locator('.listing-filters')
    const materials = filters.getByRole('group', { name: 'Material' })
    // "Sheesham wood (8)": the material's name, without its count
    const label = await materials.getByRole('checkbox').first().locator('xpath=..').innerText()
    const material = label.replace(/\s*\(\d+\)\s*$/, '').trim()
    await materials.getByRole('checkbox').first().click()
    await expect(page).toHaveURL(/material=/)
    // The checkbox follows the URL: checked once the page has moved there.
    await expect(materials.getByRole('checkbox', { name: new RegExp(`^${material} \\(`) })).toBeChecked()
    if (width < 992) await page.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price')
    await expect(page).toHaveURL(/ordering=price/)

    // The shared URL opens the same page after a reload.
    await page.reload()
    await expect(page.getByText('Loading your comfort...')).toHaveCount(0)
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price')
    await expect(page.getByText(/\d+ products?/)).toBeVisible()
    // Sorted by the base price; a "From" price of a piece with options may sit below its base.
    const prices = (await page.locator('.product-card-price').allInnerTexts()).filter(
      (text) => !text.startsWith('From'),
    )
    const amounts = prices.map((text) => Number(text.replace(/[^\d.]/g, '')))
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b))
    await page.screenshot({ path: `e2e/screenshots/listing-filtered-${width}.png`, fullPage: true })
    await context.close()
  }
})
