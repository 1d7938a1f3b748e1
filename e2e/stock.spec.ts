import { expect, type Locator, type Page, test } from '@playwright/test'
import type { Product } from '@store/contract'
import { bearer, createCustomer, logIn } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'
import { newestMail } from './support/mail'

const SHOTS = '/work/notes/shots'
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e4)}`

const staffToken = async (page: Page) => {
  const login = await page.request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

/** A product of this journey's own, made by staff through the API (its stock opens at the Main store). */
async function createProduct(page: Page, fields: { name: string; category: string; stock: number }) {
  const created = await page.request.post('/api/products/', {
    headers: bearer(await staffToken(page)),
    multipart: {
      name: fields.name,
      description: 'Made for the stock journey.',
      category: fields.category,
      price: '18500',
      stock: String(fields.stock),
      lead_time_days: '0',
    },
  })
  expect(created.status()).toBe(201)
  return (await created.json()) as Product
}

/** A row of a table, found by what it says. */
const row = (table: Locator, ...texts: string[]) =>
  texts.reduce((rows, text) => rows.filter({ hasText: text }), table.getByRole('row'))

/** The element, at a phone's width and a desk's, into the notes, once the toast `shown` has gone. */
async function shoot(page: Page, target: Locator, name: string, shown?: string) {
  if (shown) await expect(page.getByText(shown)).toBeHidden({ timeout: 15_000 })
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await target.scrollIntoViewIfNeeded()
    await target.screenshot({ path: `${SHOTS}/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('staff move chairs to a new showroom and count the Main store; a shopper is told a table is back', async ({
  page,
  browser,
}) => {
  const id = unique()
  const showroom = `Gulberg showroom ${id}`
  const chair = await createProduct(page, { name: `Stock Chair ${id}`, category: 'Chairs', stock: 10 })
  const table = await createProduct(page, { name: `Sold-out Table ${id}`, category: 'Tables', stock: 0 })
  const staff = await browser.newPage()
  await logIn(staff, STAFF)

  await test.step('staff add a showroom', async () => {
    await staff.goto('/adminuser/locations')
    await staff.getByRole('button', { name: 'Add Location' }).click()
    const dialog = staff.getByRole('dialog', { name: 'Add a location' })
    await dialog.getByLabel('Name').fill(showroom)
    await dialog.getByLabel('Kind').selectOption({ label: 'Showroom' })
    await dialog.getByLabel('City').fill('Lahore')
    await dialog.getByRole('button', { name: 'Add Location' }).click()
    await expect(staff.getByText(`Location "${showroom}" added.`)).toBeVisible()
    await expect(row(staff.getByRole('table'), showroom)).toContainText('Showroom')
    await shoot(staff, staff.locator('main'), 'stock-locations', `Location "${showroom}" added.`)
  })

  await test.step('staff move two chairs from the Main store to the showroom', async () => {
    await staff.goto(`/adminuser/products/edit/${chair.id}`)
    const move = staff.getByRole('form', { name: 'Move stock' })
    await move.getByLabel('From', { exact: true }).selectOption({ label: 'Main store' })
    await move.getByLabel('To', { exact: true }).selectOption({ label: showroom })
    await move.getByLabel('Quantity').fill('2')
    await move.getByRole('button', { name: 'Move Stock' }).click()
    await expect(staff.getByText('Stock moved.')).toBeVisible()
    const levels = staff.getByRole('table', { name: 'Stock by location' })
    await expect(row(levels, showroom)).toContainText('2')
    await expect(row(levels, 'Main store')).toContainText('8')
    await expect(row(levels, 'Total')).toContainText('10')
  })

  await test.step('staff count the Main store: the difference and who counted are in the history', async () => {
    const adjust = staff.getByRole('form', { name: 'Adjust stock' })
    await adjust.getByLabel('Location').selectOption({ label: 'Main store' })
    await adjust.getByLabel('Reason').selectOption({ label: 'Count' })
    await adjust.getByLabel('Number counted').fill('7')
    await adjust.getByLabel('Note (optional)').fill('Friday count')
    await adjust.getByRole('button', { name: 'Record Count' }).click()
    await expect(staff.getByText('Stock updated.')).toBeVisible()
    await expect(row(staff.getByRole('table', { name: 'Stock by location' }), 'Total')).toContainText('9')

    const history = staff.getByRole('region', { name: 'Stock history' }).getByRole('table')
    const counted = row(history, 'Friday count')
    await expect(counted).toContainText('Count')
    await expect(counted).toContainText('−1')
    await expect(counted).toContainText(STAFF.firstName)
    await expect(row(history, showroom, 'Transfer')).toContainText('+2')
    await shoot(
      staff,
      staff.getByRole('region', { name: 'Stock', exact: true }),
      'stock-panel',
      'Stock updated.',
    )
  })

  const customer = await createCustomer(page.request)
  let asked = 0
  await test.step('a shopper asks to be told when the sold-out table is back', async () => {
    await logIn(page, customer)
    await page.goto(`/product/${table.id}`)
    await expect(page.getByText('Out of Stock')).toBeVisible()
    asked = Date.now()
    await page.getByRole('button', { name: 'Notify me when available' }).click()
    await expect(page.getByRole('status')).toHaveText('We will email you when it is back in stock.')
  })

  await test.step('staff find the sold-out table on the Low stock page and open it', async () => {
    await staff.goto('/adminuser/low-stock')
    const listed = staff.getByRole('link', { name: table.name })
    await expect(row(staff.getByRole('table'), table.name)).toContainText('Not kept at any location yet.')
    await shoot(staff, staff.locator('main'), 'stock-low')
    await listed.click()
    await expect(staff).toHaveURL(new RegExp(`/adminuser/products/edit/${table.id}$`))
  })

  await test.step('staff take three tables in from the workshop: the shopper gets the mail', async () => {
    const adjust = staff.getByRole('form', { name: 'Adjust stock' })
    await adjust.getByLabel('Location').selectOption({ label: 'Main store' })
    await adjust.getByLabel('Reason').selectOption({ label: 'Production' })
    await adjust.getByLabel('Units (+ in, − out)').fill('3')
    await adjust.getByRole('button', { name: 'Adjust Stock' }).click()
    await expect(staff.getByText('Stock updated.')).toBeVisible()

    const backInStock = () =>
      newestMail(customer.email, asked, (text) =>
        text.includes(`${table.name} is back in stock`) ? text : null,
      )
    await expect.poll(backInStock, { timeout: 20_000, message: 'the back-in-stock mail' }).not.toBeNull()
    expect(backInStock()).toContain(`/product/${table.id}`)
  })
})
