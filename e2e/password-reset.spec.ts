import { expect, type Page, test } from '@playwright/test'
import { createCustomer } from './fixtures/admin'
import { newestMail } from './support/mail'

/** The reset link of the newest mail to `email` written since `since`. */
const newestResetLink = (email: string, since: number) =>
  newestMail(email, since, (text) => /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0] ?? null)

async function setNewPassword(page: Page, link: string, password: string) {
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(password)
  await page.getByLabel('Confirm new password').fill(password)
  await page.getByRole('button', { name: 'Set New Password' }).click()
}

test('a customer who forgot the password resets it from the mailed link, once', async ({ page, request }) => {
  const customer = await createCustomer(request)
  const asked = Date.now() - 1000

  await test.step('asks for a link from the login page', async () => {
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible()
    await page.getByLabel('Email').fill(customer.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(
      page.getByText(`If an account uses ${customer.email}, we have emailed it a link`),
    ).toBeVisible()
  })

  let link = ''
  await test.step('finds the link in the mail', async () => {
    await expect
      .poll(() => newestResetLink(customer.email, asked), { timeout: 20_000, message: 'the reset mail' })
      .not.toBeNull()
    link = newestResetLink(customer.email, asked) ?? ''
    expect(new URL(link).origin).toBe(new URL(page.url()).origin)
  })

  await test.step('sets a new password and logs in with it', async () => {
    await setNewPassword(page, link, 'a-brand-new-pass-1')
    await expect(page.getByText('Your password has been changed')).toBeVisible()
    await page.getByRole('link', { name: 'Log in' }).click()
    await page.getByLabel('Email').fill(customer.email)
    await page.getByLabel('Password', { exact: true }).fill('a-brand-new-pass-1')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByText('Logged in successfully!')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    const old = await request.post('/api/auth/login/', {
      data: { email: customer.email, password: customer.password },
    })
    expect(old.status()).toBe(401)
  })

  await test.step('the same link does not work twice', async () => {
    await setNewPassword(page, link, 'yet-another-pass-2')
    await expect(page.getByText('This reset link has expired or was already used.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
  })
})
