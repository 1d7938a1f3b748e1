import { createHash } from 'node:crypto'
import { paths, type UpdateProfileBody } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createTestApp,
  createTestUser,
  noRateLimits,
  type TestContext,
  type TestUser,
} from '../../../test/harness'
import { tokensOf } from '../../../test/login-answer'
import { callRoute } from '../../../test/route-call'
import { notifications, passwordResetTokens, users } from '../../db/schema'

let context: TestContext
beforeAll(async () => {
  context = await createTestApp({ rateLimits: noRateLimits, publicUrl: 'https://shop.example' })
})
afterAll(() => context.close())

const patchProfile = (user: TestUser, body: UpdateProfileBody) =>
  callRoute(context.app, paths.auth.updateProfile, { body, user })
/** For a change the contract's type refuses (a field no profile has, a read-only one), sent as it is. */
const patchProfileAsIs = (user: TestUser, payload: object) =>
  call(context.app, { method: 'PATCH', url: '/api/auth/profile/', headers: user.headers, payload })
const profile = (headers: { authorization: string }) =>
  callRoute(context.app, paths.auth.profile, { headers })
const login = (email: string, password: string) =>
  callRoute(context.app, paths.auth.login, { body: { email, password } })
const refresh = (token: string) => callRoute(context.app, paths.auth.refresh, { body: { refresh: token } })
const askReset = (email: string, app = context.app) =>
  callRoute(app, paths.auth.passwordReset, { body: { email } })
const confirmReset = (token: string, password: string) =>
  callRoute(context.app, paths.auth.passwordResetConfirm, { body: { token, password } })

const resetRows = (userId: number) =>
  context.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))
const resetMails = (email: string) =>
  context.database.db.select().from(notifications).where(eq(notifications.recipient, email))

/** Asks for a reset and reads the token from the link in the mail the outbox holds. */
async function resetToken(user: TestUser): Promise<string> {
  expect((await askReset(user.email)).status).toBe(202)
  const mails = await resetMails(user.email)
  const link = mails.at(-1)?.bodyText.match(/https:\/\/shop\.example\/reset-password\?token=([\w-]+)/)
  if (!link?.[1]) throw new Error('no reset link in the mail')
  return link[1]
}

describe('PATCH /api/auth/profile/', () => {
  it('changes names, phone and email notifications, and answers the user', async () => {
    const user = await createTestUser(context)
    const answer = await patchProfile(user, {
      first_name: ' Amna ',
      last_name: 'Rafiq',
      phone: '0300-123 4567',
      notify_email: false,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id: user.id,
      email: user.email,
      first_name: 'Amna',
      last_name: 'Rafiq',
      is_staff: false,
      role: 'customer',
      two_factor_enabled: false,
      phone: '03001234567',
      notify_email: false,
      language: 'en',
    })
    expect((await profile(user.headers)).body).toEqual(answer.body)
  })

  it('clears the phone with null and leaves what is not sent', async () => {
    const user = await createTestUser(context)
    await patchProfile(user, { phone: '+923001234567' })
    const answer = await patchProfile(user, { phone: null })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ phone: null, notify_email: true, first_name: expect.any(String) })
    expect((await patchProfile(user, {})).body).toEqual(answer.body)
  })

  it('refuses a bad phone, a blank name and a field no profile has', async () => {
    const user = await createTestUser(context)
    const phone = await patchProfile(user, { phone: '12345' })
    expect(phone.status).toBe(400)
    expect(phone.body.errors.phone).toBeDefined()
    expect((await patchProfile(user, { first_name: '  ' })).body.errors.first_name).toBeDefined()
    expect((await patchProfileAsIs(user, { nickname: 'Ash' })).status).toBe(400)
  })

  it('ignores the read-only fields of the profile, such as is_staff and email', async () => {
    const user = await createTestUser(context)
    const answer = await patchProfileAsIs(user, { is_staff: true, role: 'owner', email: 'new@example.com' })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ is_staff: false, role: 'customer', email: user.email })
  })

  it('changes the password with the current one, and then the old one no longer logs in', async () => {
    const user = await createTestUser(context)
    const answer = await patchProfile(user, { current_password: user.password, password: 'a-new-password-1' })
    expect(answer.status).toBe(200)
    expect((await login(user.email, user.password)).status).toBe(401)
    expect((await login(user.email, 'a-new-password-1')).status).toBe(200)
  })

  it('answers 400 naming current_password when it is wrong or missing, and changes nothing', async () => {
    const user = await createTestUser(context)
    const wrong = await patchProfile(user, {
      current_password: 'not-my-password',
      password: 'a-new-password-1',
      first_name: 'Changed',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.current_password).toEqual(['The current password is not correct.'])
    const missing = await patchProfile(user, { password: 'a-new-password-1' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.current_password).toBeDefined()
    expect((await profile(user.headers)).body.first_name).not.toBe('Changed')
    expect((await login(user.email, user.password)).status).toBe(200)
  })

  it('limits current-password checks per account from any address (429 past the limit)', async () => {
    const limited = await createTestApp({ rateLimits: { ...noRateLimits, login: 3 } })
    try {
      const user = await createTestUser(limited)
      const change = (remoteAddress: string, current_password: string) =>
        limited.app.inject({
          method: 'PATCH',
          url: '/api/auth/profile/',
          remoteAddress,
          headers: user.headers,
          payload: { current_password, password: 'a-brand-new-password' },
        })
      for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
        expect((await change(address, 'a-wrong-guess')).statusCode).toBe(400)
      }
      const limitedAnswer = await change('10.1.0.4', user.password)
      expect(limitedAnswer.statusCode).toBe(429)
      expect(Number(limitedAnswer.headers['retry-after'])).toBeGreaterThan(0)
      // A change that asks for no password is not held up.
      const named = await limited.app.inject({
        method: 'PATCH',
        url: '/api/auth/profile/',
        headers: user.headers,
        payload: { first_name: 'Renamed' },
      })
      expect(named.statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('keeps the language, answers it, and refuses one the shop does not speak', async () => {
    const user = await createTestUser(context)
    expect((await profile(user.headers)).body.language).toBe('en')
    const answer = await patchProfile(user, { language: 'ur' })
    expect(answer.status).toBe(200)
    expect(answer.body.language).toBe('ur')
    expect((await profile(user.headers)).body.language).toBe('ur')
    const [row] = await context.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, user.id))
    expect(row?.language).toBe('ur')
    const refused = await patchProfileAsIs(user, { language: 'fr' })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toHaveProperty('language')
    expect((await profile(user.headers)).body.language).toBe('ur')
  })

  it('answers 401 without a token', async () => {
    const answer = await callRoute(context.app, paths.auth.updateProfile, { body: { first_name: 'X' } })
    expect(answer.status).toBe(401)
  })
})

describe('POST /api/auth/password-reset/', () => {
  it('answers 202 for a known and an unknown email; only the known one gets a token and a mail', async () => {
    const user = await createTestUser(context)
    const known = await askReset(user.email.toUpperCase())
    const unknown = await askReset('nobody-here@example.com')
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    expect(unknown.body).toEqual(known.body)
    expect(await resetRows(user.id)).toHaveLength(1)
    expect(await resetMails('nobody-here@example.com')).toHaveLength(0)
    const [mail] = await resetMails(user.email)
    expect(mail).toMatchObject({ event: 'password_reset', channel: 'email' })
    // The app's own worker may have delivered it already by the time the row is read.
    expect(['pending', 'sent']).toContain(mail?.status)
    expect(mail?.subject).toBe('Reset your Comfort Living password')
    expect(mail?.bodyHtml).toContain('https://shop.example/reset-password?token=')
  })

  it('keeps only the SHA-256 of the token, which expires in an hour', async () => {
    const user = await createTestUser(context)
    const before = Date.now()
    const token = await resetToken(user)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const [row] = await resetRows(user.id)
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(await resetRows(user.id))).not.toContain(token)
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000)
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000 + 5000)
  })

  it('sends nothing for a disabled account', async () => {
    const user = await createTestUser(context)
    await context.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
    expect((await askReset(user.email)).status).toBe(202)
    expect(await resetRows(user.id)).toHaveLength(0)
    expect(await resetMails(user.email)).toHaveLength(0)
  })

  it('writes the mail in the account’s language', async () => {
    const user = await createTestUser(context, { firstName: 'Amna' })
    await context.database.db.update(users).set({ language: 'ur' }).where(eq(users.id, user.id))
    await resetToken(user)
    const [mail] = await resetMails(user.email)
    expect(mail?.subject).toBe('Comfort Living کا پاس ورڈ نیا رکھیں')
    expect(mail?.bodyText).toMatch(/^السلام علیکم Amna،\n/)
    expect(mail?.bodyText).toContain('https://shop.example/reset-password?token=')
    expect(mail?.bodyHtml).toContain('<html lang="ur" dir="rtl">')
  })

  it('escapes the name in the HTML mail', async () => {
    const user = await createTestUser(context, { firstName: '<b>Amna</b>' })
    await resetToken(user)
    const [mail] = await resetMails(user.email)
    expect(mail?.bodyHtml).toContain('&lt;b&gt;Amna&lt;/b&gt;')
    expect(mail?.bodyHtml).not.toContain('<b>Amna')
  })

  it('answers 429 past the limit per email and address, and per address', async () => {
    const limited = await createTestApp({
      rateLimits: { ...noRateLimits, passwordReset: 2, passwordResetPerIp: 3 },
    })
    try {
      const ask = (email: string) => askReset(email, limited.app)
      expect((await ask('a@example.com')).status).toBe(202)
      expect((await ask('a@example.com')).status).toBe(202)
      const third = await ask('a@example.com')
      expect(third.status).toBe(429)
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0)
      expect(third.body.detail).toEqual(expect.any(String))
      // Another email from the same address: allowed once more, then the address is out of turns.
      expect((await ask('b@example.com')).status).toBe(202)
      const perAddress = await ask('c@example.com')
      expect(perAddress.status).toBe(429)
      expect(Number(perAddress.headers['retry-after'])).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })
})

describe('POST /api/auth/password-reset/confirm/', () => {
  it('sets the new password once; the link then fails with the sentence', async () => {
    const user = await createTestUser(context)
    const token = await resetToken(user)
    expect((await confirmReset(token, 'brand-new-pass-1')).status).toBe(204)
    expect((await login(user.email, 'brand-new-pass-1')).status).toBe(200)
    expect((await login(user.email, user.password)).status).toBe(401)
    const again = await confirmReset(token, 'another-pass-22')
    expect(again.status).toBe(400)
    expect(again.body.detail).toBe('This reset link has expired or was already used.')
    expect((await login(user.email, 'brand-new-pass-1')).status).toBe(200)
  })

  it('refuses an expired token and an unknown one', async () => {
    const user = await createTestUser(context)
    const token = await resetToken(user)
    await context.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id))
    const expired = await confirmReset(token, 'brand-new-pass-1')
    expect(expired.status).toBe(400)
    expect(expired.body.detail).toBe('This reset link has expired or was already used.')
    expect((await confirmReset('not-a-token', 'brand-new-pass-1')).status).toBe(400)
    expect((await login(user.email, user.password)).status).toBe(200)
  })

  it('lets one of two racing uses win', async () => {
    const user = await createTestUser(context)
    const token = await resetToken(user)
    const answers = await Promise.all([
      confirmReset(token, 'first-racer-pass'),
      confirmReset(token, 'second-racer-pass'),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 400])
    const winner = answers[0]?.status === 204 ? 'first-racer-pass' : 'second-racer-pass'
    const loser = winner === 'first-racer-pass' ? 'second-racer-pass' : 'first-racer-pass'
    expect((await login(user.email, winner)).status).toBe(200)
    expect((await login(user.email, loser)).status).toBe(401)
  })

  it('signs out everywhere at once: old access and refresh tokens 401, a new login works', async () => {
    const user = await createTestUser(context)
    const other = tokensOf((await login(user.email, user.password)).body)
    expect((await profile(user.headers)).status).toBe(200)
    const token = await resetToken(user)
    expect((await confirmReset(token, 'brand-new-pass-1')).status).toBe(204)

    // Issued in the same second as the reset or before it, they all stop working.
    expect((await profile(user.headers)).status).toBe(401)
    expect((await profile({ authorization: `Bearer ${other.access}` })).status).toBe(401)
    expect((await refresh(user.refresh)).status).toBe(401)
    expect((await refresh(other.refresh)).status).toBe(401)

    const fresh = await login(user.email, 'brand-new-pass-1')
    expect(fresh.status).toBe(200)
    const freshTokens = tokensOf(fresh.body)
    expect((await profile({ authorization: `Bearer ${freshTokens.access}` })).status).toBe(200)
    expect((await refresh(freshTokens.refresh)).status).toBe(200)
  })

  it('refuses a short password without using the token', async () => {
    const user = await createTestUser(context)
    const token = await resetToken(user)
    const short = await confirmReset(token, 'short')
    expect(short.status).toBe(400)
    expect(short.body.errors.password).toBeDefined()
    expect((await confirmReset(token, 'long-enough-now')).status).toBe(204)
  })
})
