import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { createCustomer } from './fixtures/admin'

// The server writes each mail as an RFC 5322 file under DATA_DIR/mail (no SMTP_URL in the journeys).
const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail')

/** Undoes a MIME part's transfer encoding. */
function decodePart(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The text/plain part of a mail: the mail itself, or the part of a multipart one. */
function plainText(mail: string): string {
  const split = (entity: string) => {
    const at = entity.search(/\r?\n\r?\n/)
    return { headers: entity.slice(0, at), body: entity.slice(at).replace(/^\r?\n\r?\n/, '') }
  }
  const { headers, body } = split(mail)
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1]
  if (!boundary) return decodePart(headers, body)
  for (const part of body.split(`--${boundary}`)) {
    const inner = split(part.replace(/^\r?\n/, ''))
    if (/^content-type:\s*multipart\//im.test(inner.headers)) {
      const text = plainText(part.replace(/^\r?\n/, ''))
      if (text) return text
    } else if (/^content-type:\s*text\/plain/im.test(inner.headers)) {
      return decodePart(inner.headers, inner.body)
    }
  }
  return ''
}

/** The reset link of the newest mail to `email` written since `since`. */
function newestResetLink(email: string, since: number): string | null {
  let files: string[]
  try {
    files = readdirSync(mailDir).filter((name) => name.endsWith('.eml'))
  } catch {
    return null // no mail written yet
  }
  const newestFirst = files
    .map((name) => ({ file: path.join(mailDir, name), at: statSync(path.join(mailDir, name)).mtimeMs }))
    .filter((entry) => entry.at >= since)
    .sort((a, b) => b.at - a.at)
  for (const { file } of newestFirst) {
    const mail = readFileSync(file, 'utf8')
    const [headers] = mail.split(/\r?\n\r?\n/)
    if (!new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(headers ?? '')) continue
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(plainText(mail))?.[0]
    if (link) return link
  }
  return null
}

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
