import { expect, type Page, test } from '@playwright/test'
import type { Paginated, Person, Product } from '@store/contract'
import { Secret, TOTP } from 'otpauth'
import { type Account, bearer, createCustomer, logIn, productInStock } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

/** The owner's access token, for the steps the journeys do not look at. */
async function ownerToken(page: Page): Promise<string> {
  const login = await page.request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link')

test('the owner makes a customer an order taker, who then sees only the order sections (orders, claims, dispatch, cash) and Messages', async ({
  page,
  browser,
  request,
}) => {
  const clerk = await createCustomer(request)

  await logIn(page, STAFF)
  await page.goto('/adminuser/people')
  await expect(page.getByRole('heading', { name: 'People' })).toBeVisible()
  await page.getByLabel('Search').fill(clerk.email)
  await page.getByLabel('Search').press('Enter')
  const row = page.getByRole('row', { name: new RegExp(clerk.email) })
  await expect(row).toBeVisible()
  await row.getByLabel(`Role of ${clerk.firstName} ${clerk.lastName}`).selectOption('orders')
  await expect(page.getByText(`${clerk.firstName} ${clerk.lastName} is now`)).toBeVisible()

  const clerkPage = await (await browser.newContext()).newPage()
  await logIn(clerkPage, clerk)
  await expect(clerkPage).toHaveURL(/\/adminuser\/orders$/)
  await expect(sections(clerkPage)).toHaveText([
    /^Orders/,
    /^Claims$/,
    /^Dispatch$/,
    /^Cash with drivers$/,
    /^Messages/,
  ])

  // What the menu hides, the address bar does not open either.
  await clerkPage.goto('/adminuser/products')
  await expect(clerkPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await clerkPage.goto('/adminuser/dashboard')
  await expect(clerkPage.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0)
  await clerkPage.context().close()
})

test('the owner changes a price and finds it in the audit log with before and after', async ({
  page,
  request,
}) => {
  const product: Product = await productInStock(request)
  const newPrice = (Number(product.price) + 1000).toFixed(2)

  await logIn(page, STAFF)
  await page.goto(`/adminuser/products/edit/${product.id}`)
  await expect(page.getByLabel('Price (PKR)')).toHaveValue(String(Number(product.price)))
  await page.getByLabel('Price (PKR)').fill(newPrice)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Product updated successfully!')).toBeVisible()

  await page.goto(`/adminuser/products/edit/${product.id}`)
  await page.getByRole('link', { name: 'History' }).click()
  await expect(page).toHaveURL(new RegExp(`/adminuser/audit\\?.*entity_id=${product.id}`))
  const entry = page.getByRole('row', { name: /product\.update/ }).first()
  await expect(entry).toContainText(STAFF.email)
  await expect(entry).toContainText(`price: ${product.price} → ${newPrice}`)
  await page.screenshot({ path: 'e2e/screenshots/admin-audit-history-1280.png', fullPage: true })
})

test('staff turn on two-factor sign-in and then sign in with a recovery code', async ({ page, request }) => {
  const token = await ownerToken(page)
  const member: Account = await createCustomer(request)
  const people = (await (
    await request.get('/api/admin/users/', { headers: bearer(token), params: { search: member.email } })
  ).json()) as Paginated<Person>
  const person = people.results[0]
  if (!person) throw new Error('the new account is not listed')
  const promoted = await request.patch(`/api/admin/users/${person.id}/`, {
    headers: bearer(token),
    data: { role: 'support' },
  })
  expect(promoted.ok()).toBe(true)

  await logIn(page, member)
  await page.goto('/adminuser/two-factor')
  await page.getByLabel('Your password').fill(member.password)
  await page.getByRole('button', { name: 'Set up' }).click()
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = (await page.locator('code').first().textContent())?.replace(/\s/g, '') ?? ''
  await page.screenshot({ path: 'e2e/screenshots/admin-two-factor-setup-1280.png', fullPage: true })
  await page.getByLabel('Six-digit code').fill(TOTP.generate({ secret: Secret.fromBase32(secret) }))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByRole('heading', { name: 'Save these recovery codes now' })).toBeVisible()
  const codes = page.locator('.recovery-codes li')
  await expect(codes).toHaveCount(10)
  const recoveryCode = (await codes.first().textContent())?.trim() ?? ''
  const spareCode = (await codes.nth(1).textContent())?.trim() ?? ''
  await page.screenshot({ path: 'e2e/screenshots/admin-two-factor-codes-1280.png', fullPage: true })

  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login')
  await page.getByLabel('Email').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await page.getByLabel('Authentication code').fill(recoveryCode)
  await page.screenshot({ path: 'e2e/screenshots/login-code-1280.png', fullPage: true })
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/adminuser\/messages$/)

  // New recovery codes for another of the old ones, then two-factor off with one of the new.
  await page.goto('/adminuser/two-factor')
  const renew = page.getByRole('form', { name: 'New recovery codes' })
  await renew.getByLabel('Code from your app, or a recovery code').fill(spareCode)
  await renew.getByRole('button', { name: 'Get new codes' }).click()
  await expect(page.getByRole('heading', { name: 'Save these recovery codes now' })).toBeVisible()
  const fresh = (await page.locator('.recovery-codes li').first().textContent())?.trim() ?? ''
  await page.reload()
  const off = page.getByRole('form', { name: 'Turn off two-factor sign-in' })
  await off.getByLabel('Code from your app, or a recovery code').fill(fresh)
  await off.getByRole('button', { name: 'Turn off' }).click()
  await expect(page.getByText('Off', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible()
})
