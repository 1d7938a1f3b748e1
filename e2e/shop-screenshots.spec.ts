import { type APIRequestContext, expect, test } from '@playwright/test'

// Pictures of the shopper's screens at phone and desktop widths, for people to look at (git-ignored).
const WIDTHS = [375, 1280]

async function call<T>(
  request: APIRequestContext,
  method: string,
  path: string,
  token: string,
  data?: object,
) {
  const response = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } })
  expect(response.ok(), `${method} ${path}`).toBe(true)
  return (await response.json()) as T
}

test('screens of the shop at 375 and 1280 px', async ({ browser, request }) => {
  test.setTimeout(180_000)
  const email = `pictures-${Date.now()}@example.com`
  const password = 'comfortable-123'
  await request.post('/api/auth/register/', {
    data: { first_name: 'Zara', last_name: 'Ahmed', email, password },
  })
  const tokens = (await (await request.post('/api/auth/login/', { data: { email, password } })).json()) as {
    access: string
    refresh: string
  }
  const { access } = tokens
  const inquiry = await call<{ conversation_id: number }>(request, 'POST', '/api/buy-now-message/', access, {
    product_id: 10,
  })
  await call(request, 'POST', `/api/conversations/${inquiry.conversation_id}/messages/`, access, {
    content: 'Could it be delivered on a Saturday?',
  })
  await call(request, 'POST', '/api/cart/', access, { product_id: 36, quantity: 1 })
  const order = await call<{ id: number }>(request, 'POST', '/api/orders/', access, {
    first_name: 'Zara',
    last_name: 'Ahmed',
    email,
    phone: '03001234567',
    address: 'House 7, Street 2, F-8/3',
    city: 'Islamabad',
    postal_code: '44000',
    payment_method: 'bank_transfer',
  })
  // The checkout starts from a saved address, so its picture shows the delivery priced.
  await call(request, 'POST', '/api/addresses/', access, {
    label: 'Home',
    first_name: 'Zara',
    last_name: 'Ahmed',
    phone: '03001234567',
    address: 'House 7, Street 2, F-8/3',
    city: 'Islamabad',
    postal_code: '44000',
  })
  await call(request, 'POST', '/api/cart/', access, { product_id: 9, quantity: 2 })
  await call(request, 'POST', '/api/cart/', access, { product_id: 4, quantity: 1 })

  const screens: [string, string][] = [
    ['home', '/'],
    ['listing', '/products?filter=sale'],
    ['product', '/product/1'],
    ['cart', '/cart'],
    ['checkout', '/checkout'],
    ['orders', '/orders'],
    ['order', `/orders/${order.id}`],
    ['addresses', '/account/addresses'],
    ['messages', '/messages'],
    ['thread', `/messages/${inquiry.conversation_id}`],
  ]
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    await context.addInitScript(
      ([a, r]) => {
        localStorage.setItem('access_token', a)
        localStorage.setItem('refresh_token', r)
      },
      [tokens.access, tokens.refresh] as const,
    )
    const page = await context.newPage()
    for (const [name, path] of screens) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
      // Lazy pictures load as they near the viewport: scroll through until every shown picture is in.
      await page.evaluate(async () => {
        const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
        const loaded = () =>
          Array.from(document.images).every((image) => image.complete || image.offsetParent === null)
        for (let round = 0; round < 10 && (round === 0 || !loaded()); round++) {
          for (let y = 0; y < document.body.scrollHeight; y += 400) {
            window.scrollTo({ top: y, behavior: 'instant' })
            await pause(50)
          }
          await pause(300)
        }
        window.scrollTo({ top: 0, behavior: 'instant' })
      })
      await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true })
    }
    await context.close()
  }
})
