import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { logIn } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

// Two browsers of one customer, each named by its user agent: a desktop Chrome and an iPhone's Safari.
const LAPTOP = {
  name: 'Chrome on Windows',
  width: 1280,
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
}
const PHONE = {
  name: 'Safari on iPhone',
  width: 375,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
}

async function openDevice(browser: Browser, device: typeof LAPTOP) {
  const context = await browser.newContext({
    viewport: { width: device.width, height: 900 },
    userAgent: device.userAgent,
  })
  return { context, page: await context.newPage() }
}

/** A new customer account, signed up through the API; answers what its sign-in takes. */
async function newCustomer(request: APIRequestContext, kind: string, firstName: string, lastName: string) {
  const account = { email: `${kind}-${Date.now()}@example.com`, password: 'comfortable-123' }
  const registered = await request.post('/api/auth/register/', {
    data: { first_name: firstName, last_name: lastName, ...account },
  })
  expect(registered.status()).toBe(201)
  return account
}

async function openDevices(page: Page) {
  await page.goto('/account/profile')
  const section = page.getByRole('region', { name: 'Signed-in devices' })
  await expect(section.getByRole('status')).toHaveCount(0)
  return section
}

test('a customer signs another browser out from the profile, and that browser is signed out at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const account = await newCustomer(request, 'devices', 'Amna', 'Khan')
  const laptop = await openDevice(browser, LAPTOP)
  const phone = await openDevice(browser, PHONE)
  await logIn(laptop.page, account)
  await logIn(phone.page, account)

  await test.step('each browser lists both, itself marked as this device', async () => {
    for (const [here, other] of [
      [phone, LAPTOP],
      [laptop, PHONE],
    ] as const) {
      const section = await openDevices(here.page)
      const list = section.getByRole('list', { name: 'Signed-in devices' })
      await expect(list.getByRole('listitem')).toHaveCount(2)
      const current = list.getByRole('listitem').filter({ hasText: 'This device' })
      await expect(current).toContainText(here === phone ? PHONE.name : LAPTOP.name)
      await expect(current).toContainText('127.0.0.1')
      await expect(current.getByRole('button')).toHaveCount(0)
      await expect(section.getByRole('button', { name: `Sign out ${other.name}` })).toBeVisible()
      await expect(section.getByRole('button', { name: 'Sign out all other devices' })).toBeVisible()
      const width = here === phone ? PHONE.width : LAPTOP.width
      await section.screenshot({ path: `e2e/screenshots/signed-in-devices-${width}.png` })
    }
  })

  await test.step('the laptop signs the phone out', async () => {
    const section = laptop.page.getByRole('region', { name: 'Signed-in devices' })
    await section.getByRole('button', { name: `Sign out ${PHONE.name}` }).click()
    await expect(laptop.page.getByText(`${PHONE.name} is signed out.`)).toBeVisible()
    await expect(section.getByRole('listitem')).toHaveCount(1)
    await expect(section.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0)
  })

  await test.step("the phone's next action finds it signed out", async () => {
    await phone.page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(phone.page.getByText('You have been signed out. Log in again to continue.')).toBeVisible()
    await expect(phone.page).toHaveURL(/\/login$/)
    expect(await phone.page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull()
  })

  await test.step('signed in again, the phone is signed out with every other device after a question', async () => {
    await logIn(phone.page, account)
    const section = await openDevices(laptop.page)
    await expect(section.getByRole('listitem')).toHaveCount(2)
    await section.getByRole('button', { name: 'Sign out all other devices' }).click()
    const dialog = laptop.page.getByRole('dialog', { name: 'Sign out all other devices?' })
    await dialog.getByRole('button', { name: 'Sign out other devices' }).click()
    await expect(laptop.page.getByText('Other devices have been signed out.')).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await expect(section.getByRole('listitem')).toHaveCount(1)
    // A fresh page load checks the stored session first: the phone opens at the login.
    await phone.page.goto('/account/profile')
    await expect(phone.page).toHaveURL(/\/login$/)
    await expect(laptop.page.getByRole('link', { name: 'My Profile' })).toBeVisible()
  })

  await laptop.context.close()
  await phone.context.close()
})

test("staff reach their signed-in devices from the back office, through the shop's profile", async ({
  browser,
}) => {
  const laptop = await openDevice(browser, LAPTOP)
  const { page } = laptop
  await logIn(page, STAFF)
  await expect(page).toHaveURL(/\/adminuser\//)
  // The back office has no profile of its own: its menu leads back to the shop, whose header has it.
  await page.getByRole('link', { name: '← Back to Shop' }).click()
  await page.getByRole('link', { name: 'My Profile' }).click()
  const section = page.getByRole('region', { name: 'Signed-in devices' })
  await expect(
    section.getByRole('listitem').filter({ hasText: 'This device' }).filter({ hasText: LAPTOP.name }),
  ).toHaveCount(1)
  await laptop.context.close()
})

test('two tabs of one browser refreshing at the same moment both stay signed in', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const account = await newCustomer(request, 'tabs', 'Bilal', 'Ahmed')
  const { context, page: first } = await openDevice(browser, LAPTOP)
  await logIn(first, account)
  const second = await context.newPage()
  await openDevices(first)
  await openDevices(second)

  // Both tabs find the access token refused at once and trade the one refresh token they share: taken
  // in turns, the second finds the first's new pair; presented twice, the server would end the session.
  for (let round = 0; round < 3; round++) {
    await first.evaluate(() => localStorage.setItem('access_token', 'expired'))
    await Promise.all([first.reload(), second.reload()])
    for (const tab of [first, second]) {
      const section = tab.getByRole('region', { name: 'Signed-in devices' })
      await expect(section.getByRole('listitem')).toHaveCount(1)
      await expect(tab).toHaveURL(/\/account\/profile$/)
    }
  }
  await expect(first.getByText('You have been signed out. Log in again to continue.')).toHaveCount(0)
  await context.close()
})
