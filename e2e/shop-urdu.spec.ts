import { expect, type Page, test } from '@playwright/test'
import type { Paginated, Product } from '@store/contract'
import { bearer, createCustomer } from './fixtures/admin'

// Issue 19: a shopper switches to Urdu and buys a sofa, right to left, without an English sentence.

/** The sofa with the most stock, as an Urdu reader sees it (its Urdu name when it has one). */
async function sofaInStock(page: Page): Promise<Product> {
  const list = (await (await page.request.get('/api/products/?page_size=100')).json()) as Paginated<Product>
  const english = list.results
    .filter((each) => each.category === 'Sofas')
    .sort((a, b) => b.stock - a.stock)[0]
  if (!english) throw new Error('The demo catalogue has no sofa.')
  const sofa = (await (await page.request.get(`/api/products/${english.id}/?lang=ur`)).json()) as Product
  if (!sofa || sofa.stock === 0) throw new Error('The demo catalogue has no sofa in stock.')
  return sofa
}

const rightToLeft = async (page: Page) => {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur')
}

test('a shopper switches to Urdu and buys a sofa, right to left', async ({ page }) => {
  test.setTimeout(120_000)
  const customer = await createCustomer(page.request)
  const sofa = await sofaInStock(page)

  await test.step('switches the shop to Urdu', async () => {
    await page.goto('/')
    await page.getByRole('button', { name: 'اردو' }).click()
    await expect(page.getByRole('heading', { name: 'ہماری کلیکشن' })).toBeVisible()
    await rightToLeft(page)
    // Bootstrap's right-to-left stylesheet in place of the left-to-right one
    await expect(page.locator('#bootstrap-rtl')).not.toHaveAttribute('disabled')
    await expect(page.locator('#bootstrap-ltr')).toHaveAttribute('disabled')
  })

  await test.step('logs in in Urdu', async () => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'لاگ ان' })).toBeVisible()
    await page.getByLabel('ای میل').fill(customer.email)
    await page.getByLabel('پاس ورڈ').fill(customer.password)
    // The choice made before logging in goes to the profile.
    const told = page.waitForRequest(
      (request) => request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/auth/profile/',
    )
    await page.getByRole('button', { name: 'لاگ ان' }).click()
    expect((await told).postDataJSON()).toEqual({ language: 'ur' })
    await expect(page.getByText('آپ کامیابی سے لاگ ان ہو گئے!')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })

  await test.step('finds the sofa and adds it to the cart', async () => {
    await page.getByRole('searchbox', { name: 'مصنوعات تلاش کریں' }).fill(sofa.name)
    await page.getByRole('list', { name: 'تلاش کے نتائج' }).getByRole('link', { name: sofa.name }).click()
    await expect(page.getByRole('heading', { level: 1, name: sofa.name })).toBeVisible()
    await rightToLeft(page)
    await expect(page.getByRole('region', { name: 'گاہکوں کے ریویوز' })).toBeVisible()
    // Every option must be chosen first: asked in Urdu, the values as the shop named them
    await page.getByRole('button', { name: 'کارٹ میں ڈالیں' }).click()
    for (const option of sofa.options) {
      // The option's English name is set apart from the Urdu around it (Unicode isolates)
      const asked = `\u2068${option.name.toLowerCase()}\u2069 منتخب کریں۔`
      await expect(page.getByRole('alert').filter({ hasText: asked })).toBeVisible()
      await page.getByText(option.values[0]?.label ?? '', { exact: true }).click()
    }
    await page.getByRole('button', { name: 'کارٹ میں ڈالیں' }).click()
    await expect(page.getByText('چیز کارٹ میں ڈال دی گئی!')).toBeVisible()
    await page.getByRole('link', { name: 'کارٹ، 1 چیز' }).click()
  })

  await test.step('reads the cart in Urdu', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'شاپنگ کارٹ' })).toBeVisible()
    await expect(page.getByText('سب ٹوٹل (1 چیز)')).toBeVisible()
    await expect(page.getByText('ڈیلیوری: چیک آؤٹ پر طے ہو گی')).toBeVisible()
    await page.getByRole('link', { name: 'چیک آؤٹ کی طرف بڑھیں' }).click()
  })

  let orderId = ''
  await test.step('checks out with cash on delivery', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'چیک آؤٹ' })).toBeVisible()
    await page.getByLabel('موبائل نمبر').fill('0300 1234567')
    await page.getByLabel('پتا', { exact: true }).fill('House 12, Street 4, DHA Phase 5')
    await page.getByLabel('شہر').fill('Lahore')
    await page.getByLabel('پوسٹل کوڈ').fill('54792')
    const summary = page.getByRole('complementary', { name: 'آپ کا آرڈر' })
    await expect(summary).toContainText('\u2068Lahore\u2069 میں ڈیلیوری')
    await expect(page.getByLabel(/کیش آن ڈیلیوری/)).toBeChecked()
    await page.getByRole('button', { name: 'آرڈر دیں' }).click()
    await expect(page.getByText('آپ کا آرڈر کامیابی سے دے دیا گیا!')).toBeVisible()
    await expect(page).toHaveURL(/\/orders\/\d+$/)
    orderId = page.url().split('/').at(-1) ?? ''
  })

  await test.step('follows the order in Urdu', async () => {
    await expect(page.getByRole('heading', { level: 1, name: `آرڈر نمبر ${orderId}` })).toBeVisible()
    await expect(page.getByText('زیرِ التوا')).toBeVisible()
    await expect(page.getByRole('region', { name: 'آرڈر کی تفصیلِ وقت' })).toContainText('آرڈر دیا گیا')
    await rightToLeft(page)
  })
})

test('screens of the shop in Urdu at 375 and 1280 px', async ({ browser, request }) => {
  test.setTimeout(180_000)
  const customer = await createCustomer(request)
  await request.post('/api/cart/', { headers: bearer(customer.token), data: { product_id: 1, quantity: 1 } })
  await request.post('/api/cart/', { headers: bearer(customer.token), data: { product_id: 9, quantity: 2 } })
  const login = await request.post('/api/auth/login/', {
    data: { email: customer.email, password: customer.password },
  })
  const tokens = (await login.json()) as { access: string; refresh: string }
  const screens: [string, string][] = [
    ['home', '/'],
    ['listing', '/products'],
    ['product', '/product/1'],
    ['cart', '/cart'],
    ['checkout', '/checkout'],
  ]
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    await context.addInitScript(
      ([a, r]) => {
        localStorage.setItem('language', 'ur')
        localStorage.setItem('access_token', a)
        localStorage.setItem('refresh_token', r)
      },
      [tokens.access, tokens.refresh] as const,
    )
    const page = await context.newPage()
    for (const [name, path] of screens) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await rightToLeft(page)
      // The splash gone, the Nastaliq face in, and every lazy picture scrolled into loading
      await expect(page.locator('.splash')).toHaveCount(0)
      await page.evaluate(async () => {
        await document.fonts.ready
        const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo({ top: y, behavior: 'instant' })
          await pause(50)
        }
        window.scrollTo({ top: 0, behavior: 'instant' })
        await pause(300)
      })
      await page.screenshot({ path: `e2e/screenshots/ur-${name}-${width}.png`, fullPage: true })
    }
    await context.close()
  }
})
