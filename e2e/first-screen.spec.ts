import { expect, type Page, test } from '@playwright/test'
import { productInStock } from './fixtures/admin'

// Issue 18: the server puts the first screen's answers into the page's HTML, so the home page, a
// listing and a product page draw their products without asking the API for them first.

/** The catalogue reads the page sends (products, facets, categories) */
function watchCatalogueReads(page: Page): string[] {
  const reads: string[] = []
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url())
    if (request.method() === 'GET' && /^\/api\/(products|categories)\//.test(pathname))
      reads.push(pathname + search)
  })
  return reads
}

test('the home page, a category listing and a product page draw from the HTML alone', async ({
  page,
  request,
}) => {
  const reads = watchCatalogueReads(page)
  await page.goto('/')
  await expect(page.locator('.carousel-item img').first()).toBeVisible()
  await expect(page.locator('#collection-heading ~ * .card, section .card').first()).toBeVisible()

  const categories = (await (await request.get('/api/categories/?page_size=100')).json()) as {
    results: { slug: string; product_count: number }[]
  }
  const category = categories.results.find((each) => each.product_count > 0)
  if (!category) throw new Error('The demo catalogue has no category with products.')
  await page.goto(`/products?category=${category.slug}&ordering=price`)
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible()
  await expect(page.locator('.card').first()).toBeVisible()

  const product = await productInStock(request)
  await page.goto(`/product/${product.id}`)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(reads).toEqual([])

  // Taken once: moving on inside the app asks the API as before.
  await page.getByRole('link', { name: 'Home' }).first().click()
  await expect.poll(() => reads.length).toBeGreaterThan(0)
})

test('an Urdu reader gets the answers in Urdu, with no read either', async ({ browser, request }) => {
  const context = await browser.newContext()
  await context.addInitScript(() => localStorage.setItem('language', 'ur'))
  await context.addCookies([{ name: 'lang', value: 'ur', url: test.info().project.use.baseURL ?? '' }])
  const page = await context.newPage()
  const reads = watchCatalogueReads(page)
  const product = await productInStock(request)
  const urdu = (await (
    await request.get(`/api/products/${product.id}/`, { headers: { 'accept-language': 'ur' } })
  ).json()) as {
    name: string
  }
  await page.goto(`/product/${product.id}`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: urdu.name })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(reads).toEqual([])
  await context.close()
})
