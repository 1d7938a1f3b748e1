import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import type { DeliverySettings, Paginated, Product, User } from '@store/contract'
import { bearer, createCustomer, logIn } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

const SHOTS = '/tmp/dispatch-shots'
mkdirSync(SHOTS, { recursive: true })

const staffToken = async (page: Page) => {
  const login = await page.request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

/** A day in Pakistan, `days` after today, as YYYY-MM-DD. */
const pakistanDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(
    new Date(Date.now() + days * 86_400_000),
  )

/** A full-page picture from the top (a page left scrolled draws its sticky header mid-page). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

// The delivery services are the store's own settings: put back what they were, whatever happens, so
// the other journeys on this server price as before.
let before: DeliverySettings | undefined
test.afterEach(async ({ page }) => {
  if (!before) return
  const reset = await page.request.put('/api/settings/delivery/', {
    headers: bearer(await staffToken(page)),
    data: {
      holidays: before.holidays,
      floor_fee: before.floor_fee,
      assembly_fees: before.assembly_fees.map(({ category_id, fee }) => ({ category_id, fee })),
    },
  })
  expect(reset.ok()).toBe(true)
})

test('a delivery day with assembly up three floors: planned on a run, delivered for PKR 50,000 cash, handed in', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const token = await staffToken(page)
  before = (await (
    await page.request.get('/api/settings/delivery/', { headers: bearer(token) })
  ).json()) as DeliverySettings

  // One piece of PKR 50,000 or more, so the cash at the door can be PKR 50,000 of its balance.
  const listed = (await (await page.request.get('/api/products/?page_size=100')).json()) as Paginated<Product>
  const piece = listed.results
    .filter((product) => product.options.length === 0 && product.stock > 0 && Number(product.price) >= 50_000)
    .sort((a, b) => Number(a.price) - Number(b.price))[0]
  if (!piece) throw new Error('The demo catalogue has no piece of PKR 50,000 or more in stock.')

  const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await logIn(staff, STAFF)

  await test.step('staff charge PKR 500 a floor without a lift and PKR 2,000 to assemble the piece', async () => {
    await staff.goto('/adminuser/delivery-zones')
    await staff.getByLabel('Fee per floor without a lift (PKR)').fill('500')
    await staff.getByLabel(`Assembly fee for ${piece.category} (PKR)`).fill('2000')
    await staff.getByRole('button', { name: 'Save Delivery Services' }).click()
    await expect(staff.getByText('Delivery services saved.')).toBeVisible()
  })

  const customer = await createCustomer(page.request)
  const added = await page.request.post('/api/cart/', {
    headers: bearer(customer.token),
    data: { product_id: piece.id, quantity: 1 },
  })
  expect(added.ok()).toBe(true)

  let orderId = ''
  let deliveryDay = ''
  await test.step('the shopper picks a day three days out or later, the 3rd floor without a lift and assembly', async () => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await logIn(page, customer)
    await page.goto('/checkout')
    await page.getByLabel('Mobile number').fill('03001234567')
    await page.getByLabel('Address', { exact: true }).fill('44 Main Boulevard, Gulberg')
    await page.getByLabel('City').fill('Lahore')
    await page.getByLabel('Postal code').fill('54660')
    const date = page.getByLabel('Delivery date')
    await expect(date).toBeEnabled()
    const offered = await date
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    const earliest = pakistanDay(3)
    deliveryDay = offered.find((day) => day >= earliest) ?? ''
    expect(deliveryDay).not.toBe('')
    await date.selectOption(deliveryDay)
    await page.getByLabel('Floor', { exact: true }).fill('3')
    await expect(page.getByLabel('There is a lift')).not.toBeChecked()
    await page.getByLabel('Assemble the furniture').check()

    const summary = page.getByRole('complementary', { name: 'Your Order' })
    await expect(summary).toContainText(/Carrying up 3 floors\s*PKR 1,500\.00/)
    await expect(summary).toContainText(/Assembly\s*PKR 2,000\.00/)
    await shoot(page, 'checkout-1280')
    await page.setViewportSize({ width: 375, height: 812 })
    await shoot(page, 'checkout-375')
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Order #\d+/ })).toBeVisible()
    orderId = page.url().split('/').pop() ?? ''
    const items = page.getByRole('region', { name: 'Items' })
    await expect(items).toContainText(/Carrying up 3 floors\s*PKR 1,500/)
    await expect(items).toContainText(/Assembly\s*PKR 2,000/)
    await expect(page.getByRole('region', { name: 'Shipping to' })).toContainText(
      'Floor 3, no lift · Assembly',
    )
    await expect(page.getByRole('region', { name: 'Order timeline' })).toContainText('Delivery day:')
  })

  // A driver: a new account the owner gives the delivery role.
  const driver = await createCustomer(page.request)
  const profile = (await (
    await page.request.get('/api/auth/profile/', { headers: bearer(driver.token) })
  ).json()) as User
  const promoted = await page.request.patch(`/api/admin/users/${profile.id}/`, {
    headers: bearer(token),
    data: { role: 'delivery' },
  })
  expect(promoted.ok()).toBe(true)
  const driverName = `${driver.firstName} ${driver.lastName}`

  /** Ticks the order on the board of `day` and makes a run of it with the driver. */
  async function planRun(day: string) {
    await staff.goto(`/adminuser/dispatch?date=${day}`)
    await staff.getByLabel(`Put order #${orderId} on the run`).check()
    await staff.getByLabel('Vehicle').fill('LEA-1234')
    await staff.getByLabel('Driver').selectOption({ label: driverName })
    await staff.getByRole('button', { name: 'Create run' }).click()
    await expect(staff.getByText('Run created.')).toBeVisible()
    return staff.getByRole('article', { name: `LEA-1234 · ${driverName} · 1 stop` })
  }

  await test.step('staff put the order on a run for its day, with its challan to print', async () => {
    const run = await planRun(deliveryDay)
    await expect(run).toContainText(`Order #${orderId}`)
    await expect(run).toContainText('Planned')
    await shoot(staff, 'board-1280')
    await staff.setViewportSize({ width: 375, height: 812 })
    await shoot(staff, 'board-375')
    await staff.setViewportSize({ width: 1280, height: 900 })

    await run.getByRole('link', { name: 'Print challans' }).click()
    const challan = staff.getByRole('article', { name: `Delivery challan · Order #${orderId}` })
    await expect(challan).toContainText(customer.lastName)
    await expect(challan).toContainText('Floor 3, no lift · Assemble')
    await expect(challan).toContainText('Received in good condition by')
    await expect(staff.getByRole('button', { name: 'Print' })).toBeVisible()
    await shoot(staff, 'challans-1280')
  })

  // The driver's page shows today's runs, and the server's today is today: the day comes when staff
  // bring the delivery forward to today and plan it again.
  const today = pakistanDay()
  await test.step('the day comes: staff take the run apart, move the delivery to today and plan it again', async () => {
    await staff.goto(`/adminuser/dispatch?date=${deliveryDay}`)
    await staff
      .getByRole('article', { name: `LEA-1234 · ${driverName} · 1 stop` })
      .getByRole('button', { name: 'Take apart' })
      .click()
    await expect(staff.getByText("The run's orders are back on the board.")).toBeVisible()
    await staff.goto(`/adminuser/orders/${orderId}`)
    await staff.getByLabel('Move to').fill(today)
    await staff.getByRole('button', { name: 'Move delivery' }).click()
    await expect(staff.getByText(new RegExp(`Order #${orderId} now comes on`))).toBeVisible()
    await planRun(today)
  })

  await test.step('the driver, on a phone, marks it delivered with PKR 50,000 collected', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } })
    const driverPage = await phone.newPage()
    await logIn(driverPage, driver)
    await expect(driverPage).toHaveURL(/\/adminuser\/deliveries$/)
    const stop = driverPage.getByRole('article', { name: `Stop 1 · Order #${orderId}` })
    await expect(stop).toContainText('Collect PKR')
    await expect(stop.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=44%20Main%20Boulevard/,
    )
    await expect(stop.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:03001234567')
    await shoot(driverPage, 'driver-375')
    await stop.getByRole('button', { name: `Delivered: order #${orderId}` }).click()
    await stop.getByLabel('Cash collected (PKR)').fill('50000')
    await shoot(driverPage, 'driver-form-375')
    await stop.getByRole('button', { name: 'Confirm delivery' }).click()
    await expect(driverPage.getByText(`Order #${orderId} delivered.`)).toBeVisible()
    await expect(stop).toContainText(/Delivered .* · collected PKR 50,000/)
    await shoot(driverPage, 'driver-done-375')
    await driverPage.setViewportSize({ width: 1280, height: 900 })
    await shoot(driverPage, 'driver-1280')
    // The same page in Urdu, right to left, on the phone.
    await driverPage.getByRole('button', { name: 'اردو' }).first().click()
    await expect(driverPage.locator('html')).toHaveAttribute('lang', 'ur')
    await driverPage.setViewportSize({ width: 375, height: 812 })
    await shoot(driverPage, 'driver-ur-375')
    await phone.close()
  })

  await test.step("the order's ledger and the cash page show the cash; the hand-in clears it", async () => {
    await staff.goto(`/adminuser/orders/${orderId}`)
    const payments = staff.getByRole('region', { name: 'Payments' })
    await expect(payments).toContainText('Cash on delivery')
    await expect(payments).toContainText('PKR 50,000.00')

    await staff.goto(`/adminuser/dispatch/cash?driver=${profile.id}`)
    const byDriver = staff.getByRole('region', { name: 'By driver' })
    const row = byDriver.getByRole('row', { name: new RegExp(driverName) })
    await expect(row).toContainText(/PKR 50,000\s*PKR 0\s*PKR 50,000/)
    await expect(staff.getByRole('region', { name: 'Collections' })).toContainText(`Order #${orderId}`)
    await shoot(staff, 'cash-1280')

    await staff.getByLabel('Driver', { exact: true }).last().selectOption({ label: driverName })
    await staff.getByLabel('Amount (PKR)').fill('50000')
    await staff.getByLabel('Note (optional)').fill('Counted at the counter')
    await staff.getByRole('button', { name: 'Record hand-in' }).click()
    await expect(staff.getByText('Hand-in recorded.')).toBeVisible()
    await expect(row).toContainText(/PKR 50,000\s*PKR 50,000\s*PKR 0/)
    await expect(staff.getByRole('region', { name: 'Hand-ins' })).toContainText('Counted at the counter')
    await staff.setViewportSize({ width: 375, height: 812 })
    await shoot(staff, 'cash-375')
  })
  await staff.close()
})
