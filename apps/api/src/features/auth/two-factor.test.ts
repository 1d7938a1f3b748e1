import { createHash } from 'node:crypto'
import { paths, SECOND_FACTOR_REQUIRED } from '@store/contract'
import { and, eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { Secret } from 'otpauth'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { challengeOf } from '../../../test/login-answer'
import { callRoute } from '../../../test/route-call'
import { auditLog, notifications, recoveryCodes, users } from '../../db/schema'
import { createTokenService } from '../../lib/auth'
import { matchTotpStep, totpCode, totpStep } from './two-factor'

// Fake time for Date only (timers, and so the database drivers, run as usual): codes are made for a
// known moment, and a step passes without waiting 30 s. It starts at a real moment, 10 s into a step,
// so the database's own now() (refresh tokens' expiry) agrees with the app's clock.
let now = Math.floor(Date.now() / 30_000) * 30_000 + 10_000
const advance = (ms: number) => {
  now += ms
  vi.setSystemTime(now)
}
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
})
afterEach(() => {
  vi.useRealTimers()
})

let context: TestContext
beforeAll(async () => {
  context = await createTestApp()
})
afterAll(() => context.close())

const setup = (user: TestUser | null, current_password = user?.password ?? '') =>
  callRoute(context.app, paths.auth.twoFactorSetup, { body: { current_password }, user })
const confirm = (user: TestUser, code: string) =>
  callRoute(context.app, paths.auth.twoFactorConfirm, { body: { code }, user })
const login = (user: TestUser) =>
  callRoute(context.app, paths.auth.login, { body: { email: user.email, password: user.password } })
const verify = (mfa_token: string, code: string) =>
  callRoute(context.app, paths.auth.twoFactorVerify, { body: { mfa_token, code } })
const profileWith = (headers: { authorization: string }, app = context.app) =>
  callRoute(app, paths.auth.profile, { headers })

const codeAt = (secret: Secret, timestamp = now) => totpCode(secret, { timestamp })

async function userRow(id: number) {
  const [row] = await context.database.db.select().from(users).where(eq(users.id, id))
  if (!row) throw new Error(`no user ${id}`)
  return row
}

/** A staff member with two-factor on; the step of its first code is used, the next step begins. */
async function staffWithTwoFactor() {
  const user = await createTestUser(context, { role: 'orders' })
  const started = await setup(user)
  const secret = Secret.fromBase32(started.body.secret)
  const confirmed = await confirm(user, codeAt(secret))
  expect(confirmed.status).toBe(200)
  advance(30_000)
  return { user, secret, recoveryCodes: confirmed.body.recovery_codes }
}

async function mfaTokenOf(user: TestUser): Promise<string> {
  const answer = await login(user)
  expect(answer.status).toBe(200)
  return challengeOf(answer.body).mfa_token
}

describe('TOTP codes', () => {
  // RFC 6238 Appendix B, SHA-1: the ASCII secret "12345678901234567890", eight digits, 30 s steps.
  const rfcSecret = Secret.fromLatin1('12345678901234567890')
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ]

  it.each(vectors)('at %i s is %s (RFC 6238 Appendix B)', (seconds, expected) => {
    expect(totpCode(rfcSecret, { timestamp: seconds * 1000, digits: 8 })).toBe(expected)
    expect(matchTotpStep(rfcSecret, expected, { timestamp: seconds * 1000, digits: 8 })).toBe(
      Math.floor(seconds / 30),
    )
  })

  it('takes the steps either side of now and no further', () => {
    const at = 1111111111 * 1000
    const step = totpStep(at)
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(rfcSecret, { timestamp: (step + offset) * 30_000 })
      expect(matchTotpStep(rfcSecret, code, { timestamp: at })).toBe(step + offset)
    }
    for (const offset of [-2, 2]) {
      const code = totpCode(rfcSecret, { timestamp: (step + offset) * 30_000 })
      expect(matchTotpStep(rfcSecret, code, { timestamp: at })).toBeNull()
    }
    expect(matchTotpStep(rfcSecret, '12345', { timestamp: at })).toBeNull()
  })
})

describe('POST /api/auth/2fa/setup/', () => {
  it('answers a new 160-bit secret and an otpauth link naming the shop and the email, stored sealed', async () => {
    const user = await createTestUser(context, { role: 'catalogue' })
    const answer = await setup(user)
    expect(answer.status).toBe(200)
    expect(answer.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(Secret.fromBase32(answer.body.secret).bytes.length).toBeGreaterThanOrEqual(20)
    const link = new URL(answer.body.otpauth_url)
    expect(link.protocol).toBe('otpauth:')
    expect(link.host).toBe('totp')
    expect(decodeURIComponent(link.pathname)).toBe(`/Comfort Living:${user.email}`)
    expect(link.searchParams.get('issuer')).toBe('Comfort Living')
    expect(link.searchParams.get('secret')).toBe(answer.body.secret)
    expect(link.searchParams.get('digits')).toBe('6')
    expect(link.searchParams.get('period')).toBe('30')

    const row = await userRow(user.id)
    expect(row.totpSecret).toMatch(/^v1\./)
    expect(row.totpSecret).not.toContain(answer.body.secret)
    expect(row.totpSecret).not.toContain(Secret.fromBase32(answer.body.secret).hex)
    expect(row.totpEnabledAt).toBeNull()
    const profile = await profileWith(user.headers)
    expect(profile.body.two_factor_enabled).toBe(false)
  })

  it('replaces a pending secret when started again', async () => {
    const user = await createTestUser(context, { role: 'support' })
    const first = Secret.fromBase32((await setup(user)).body.secret)
    const second = Secret.fromBase32((await setup(user)).body.secret)
    expect(second.base32).not.toBe(first.base32)
    expect((await confirm(user, codeAt(first))).status).toBe(400)
    expect((await confirm(user, codeAt(second))).status).toBe(200)
  })

  it('answers 409 when two-factor sign-in is already on', async () => {
    const { user } = await staffWithTwoFactor()
    const answer = await setup(user)
    expect(answer.status).toBe(409)
    expect(answer.body.detail).toBe('Two-factor sign-in is already on for this account.')
  })

  it('asks for the password again, as a password change does, and starts nothing without it', async () => {
    const user = await createTestUser(context, { role: 'orders' })
    const wrong = await setup(user, 'not-my-password')
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({ current_password: ['The current password is not correct.'] })
    expect((await setup(user, '')).body.errors).toEqual({ current_password: ['Enter your password.'] })
    expect((await userRow(user.id)).totpSecret).toBeNull()
  })

  it('is for staff only', async () => {
    const customer = await createTestUser(context)
    expect((await setup(customer)).status).toBe(403)
    expect((await setup(null)).status).toBe(401)
  })
})

describe('POST /api/auth/2fa/confirm/', () => {
  it('answers 409 when no setup was started', async () => {
    const user = await createTestUser(context, { role: 'manager' })
    const answer = await confirm(user, '123456')
    expect(answer.status).toBe(409)
    expect(answer.body.detail).toMatch(/Start the two-factor setup first/)
  })

  it('answers 400 on the code for a wrong code, and leaves two-factor off', async () => {
    const user = await createTestUser(context, { role: 'manager' })
    const secret = Secret.fromBase32((await setup(user)).body.secret)
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0')
    const answer = await confirm(user, wrong)
    expect(answer.status).toBe(400)
    expect(answer.body.errors.code?.[0]).toMatch(/not right/)
    expect((await userRow(user.id)).totpEnabledAt).toBeNull()
  })

  it('turns two-factor on, answers ten recovery codes kept only as hashes, and audits it', async () => {
    const user = await createTestUser(context, { role: 'manager' })
    const secret = Secret.fromBase32((await setup(user)).body.secret)
    // A code of the next step: the phone's clock may run a little ahead.
    const answer = await confirm(user, codeAt(secret, now + 30_000))
    expect(answer.status).toBe(200)
    const codes: string[] = answer.body.recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/)

    const row = await userRow(user.id)
    expect(row.totpEnabledAt).toEqual(new Date(now))
    expect(row.totpLastStep).toBe(totpStep(now) + 1)
    const stored = await context.database.db
      .select({ hash: recoveryCodes.codeHash, usedAt: recoveryCodes.usedAt })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id))
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
    expect(stored.map((each) => each.hash).sort()).toEqual(
      codes.map((code) => sha256(code.replaceAll('-', ''))).sort(),
    )
    expect(stored.every((each) => each.usedAt === null)).toBe(true)

    const entries = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, user.id)))
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: user.id,
        actorEmail: user.email,
        action: 'user.two_factor',
        before: { two_factor_enabled: false },
        after: { two_factor_enabled: true },
      }),
    ])

    const profile = await profileWith(user.headers)
    expect(profile.body.two_factor_enabled).toBe(true)
    expect((await confirm(user, codeAt(secret))).status).toBe(409)
  })
})

describe('two-factor sign-in: POST /api/auth/login/ then POST /api/auth/2fa/verify/', () => {
  it('login asks for the code; the code gives tokens that work', async () => {
    const { user, secret } = await staffWithTwoFactor()
    const challenge = await login(user)
    expect(challenge.status).toBe(200)
    expect(challenge.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) })

    // The mfa token proves the password only: it is no access token.
    const early = await profileWith({ authorization: `Bearer ${challengeOf(challenge.body).mfa_token}` })
    expect(early.status).toBe(401)

    const answer = await verify(challengeOf(challenge.body).mfa_token, codeAt(secret))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ access: expect.any(String), refresh: expect.any(String) })
    const profile = await profileWith({ authorization: `Bearer ${answer.body.access}` })
    expect(profile.status).toBe(200)
    expect(profile.body).toMatchObject({ id: user.id, two_factor_enabled: true })
    const refreshed = await callRoute(context.app, paths.auth.refresh, {
      body: { refresh: answer.body.refresh },
    })
    expect(refreshed.status).toBe(200)
  })

  it('refuses a code used once already, even with a new mfa token', async () => {
    const { user, secret } = await staffWithTwoFactor()
    const code = codeAt(secret)
    expect((await verify(await mfaTokenOf(user), code)).status).toBe(200)
    const replay = await verify(await mfaTokenOf(user), code)
    expect(replay.status).toBe(400)
    expect(replay.body.detail).toBe(
      'That code is not right. Enter the newest code from your app, or a recovery code.',
    )
    expect(replay.body.errors.code).toBeDefined()
  })

  it('of two racing uses of one code, lets one through', async () => {
    const { user, secret } = await staffWithTwoFactor()
    const [first, second] = [await mfaTokenOf(user), await mfaTokenOf(user)]
    const answers = await Promise.all([verify(first, codeAt(secret)), verify(second, codeAt(secret))])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
  })

  it('refuses a code of an older step once a newer one was taken', async () => {
    const { user, secret } = await staffWithTwoFactor()
    const mfaToken = await mfaTokenOf(user)
    expect((await verify(mfaToken, codeAt(secret, now + 30_000))).status).toBe(200)
    expect((await verify(mfaToken, codeAt(secret))).status).toBe(400)
    expect((await userRow(user.id)).totpLastStep).toBe(totpStep(now) + 1)
  })

  it('takes each recovery code once, however it is typed', async () => {
    const { user, recoveryCodes: codes } = await staffWithTwoFactor()
    const [code = ''] = codes
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `
    expect((await verify(await mfaTokenOf(user), typed)).status).toBe(200)
    expect((await verify(await mfaTokenOf(user), code)).status).toBe(400)
    expect((await verify(await mfaTokenOf(user), codes[1] ?? '')).status).toBe(200)
    const used = await context.database.db
      .select({ usedAt: recoveryCodes.usedAt })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id))
    expect(used.filter((each) => each.usedAt !== null)).toHaveLength(2)
  })

  it('answers 400 for a wrong code, a code two steps away and something that is no code', async () => {
    const { user, secret } = await staffWithTwoFactor()
    const mfaToken = await mfaTokenOf(user)
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0')
    for (const code of [
      wrong,
      codeAt(secret, now - 60_000),
      codeAt(secret, now + 60_000),
      'abcd-efgh-jkmn',
      'x',
    ]) {
      const answer = await verify(mfaToken, code)
      expect(answer.status, code).toBe(400)
    }
    expect((await verify(mfaToken, codeAt(secret))).status).toBe(200)
  })

  it('answers 401 for an expired, forged or other kind of token', async () => {
    const { user, secret } = await staffWithTwoFactor()
    const mfaToken = await mfaTokenOf(user)
    advance(5 * 60 * 1000 + 1000)
    const expired = await verify(mfaToken, codeAt(secret))
    expect(expired.status).toBe(401)
    expect(expired.body.detail).toBe('This sign-in has expired. Sign in with your password again.')

    const forged = await createTokenService('another-secret-another-secret-0123456789').sign(
      { sub: String(user.id), type: 'mfa' },
      300,
    )
    expect((await verify(forged, codeAt(secret))).status).toBe(401)
    expect((await verify(user.access, codeAt(secret))).status).toBe(401)
    expect((await verify('not-a-token', codeAt(secret))).status).toBe(401)
    // None of them used up the code.
    expect((await verify(await mfaTokenOf(user), codeAt(secret))).status).toBe(200)
  })

  it('answers 401 once the account is disabled', async () => {
    const { user, secret } = await staffWithTwoFactor()
    const mfaToken = await mfaTokenOf(user)
    await context.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
    expect((await verify(mfaToken, codeAt(secret))).status).toBe(401)
  })

  it('limits attempts per address and account like login (429 past the limit)', async () => {
    const { user, secret } = await staffWithTwoFactor()
    const mfaToken = await mfaTokenOf(user)
    const limit = context.config.rateLimits.login
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await verify(mfaToken, 'abcd-efgh-jkmn')).status).toBe(400)
    }
    const limited = await verify(mfaToken, codeAt(secret))
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    // Another account from the same address is not held up.
    const other = await staffWithTwoFactor()
    expect((await verify(await mfaTokenOf(other.user), codeAt(other.secret))).status).toBe(200)
  })

  it('limits codes per account from any address, so many addresses cannot share out the guessing', async () => {
    const { user, secret } = await staffWithTwoFactor()
    const mfaToken = await mfaTokenOf(user)
    const fromAddress = (remoteAddress: string, code: string) =>
      context.app.inject({
        method: 'POST',
        url: paths.auth.twoFactorVerify.path,
        remoteAddress,
        payload: { mfa_token: mfaToken, code },
      })
    const limit = context.config.rateLimits.twoFactorPerAccount
    // A token forged to name the account is refused without using up the account's turns.
    const forged = await new SignJWT({ type: 'mfa', sub: String(user.id) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-shop-secret-not-the-shop-secret'))
    for (let attempt = 0; attempt <= limit; attempt += 1) {
      const answer = await context.app.inject({
        method: 'POST',
        url: paths.auth.twoFactorVerify.path,
        remoteAddress: `10.2.${attempt}.1`,
        payload: { mfa_token: forged, code: '123456' },
      })
      expect(answer.statusCode).toBe(401)
    }
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await fromAddress(`10.0.${attempt}.1`, 'abcd-efgh-jkmn')).statusCode).toBe(400)
    }
    const limited = await fromAddress('10.9.9.9', codeAt(secret))
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('leaves login as it was for accounts without two-factor', async () => {
    const user = await createTestUser(context, { role: 'manager' })
    const answer = await login(user)
    expect(answer.body).toEqual({ access: expect.any(String), refresh: expect.any(String) })
  })
})

describe('managing two-factor sign-in once it is on', () => {
  const disable = (user: TestUser, code: string) =>
    callRoute(context.app, paths.auth.twoFactorDisable, { body: { code }, user })
  const newCodes = (user: TestUser, code: string) =>
    callRoute(context.app, paths.auth.twoFactorRecoveryCodes, { body: { code }, user })

  it('turns it off with a code from the app, after which sign-in asks for the password only (audited)', async () => {
    const { user, secret } = await staffWithTwoFactor()
    expect((await disable(user, '000000')).status).toBe(400)
    const off = await disable(user, codeAt(secret))
    expect(off.status).toBe(200)
    expect(off.body.two_factor_enabled).toBe(false)
    const row = await userRow(user.id)
    expect([row.totpSecret, row.totpEnabledAt]).toEqual([null, null])
    expect((await login(user)).body).toEqual({ access: expect.any(String), refresh: expect.any(String) })
    expect((await disable(user, codeAt(secret))).status).toBe(409)
    const audits = await context.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id))
    expect(audits.map((entry) => entry.after)).toContainEqual({ two_factor_enabled: false })
  })

  it('gives ten new recovery codes for a code, and the old ones stop working', async () => {
    const { user, secret, recoveryCodes: old } = await staffWithTwoFactor()
    const renewed = await newCodes(user, codeAt(secret))
    expect(renewed.status).toBe(200)
    expect(renewed.body.recovery_codes).toHaveLength(10)
    expect(renewed.body.recovery_codes).not.toContain(old[0])
    expect((await verify(await mfaTokenOf(user), old[0] ?? '')).status).toBe(400)
    expect((await verify(await mfaTokenOf(user), renewed.body.recovery_codes[0] ?? '')).status).toBe(200)
  })

  it('lets the owner reset a colleague’s, who is told; not one’s own, and not twice', async () => {
    const owner = await createTestUser(context, { staff: true })
    const { user } = await staffWithTwoFactor()
    const reset = (id: number, by = owner) =>
      callRoute(context.app, paths.people.resetTwoFactor, { params: { id }, user: by })
    const done = await reset(user.id)
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ id: user.id, two_factor_enabled: false })
    expect((await userRow(user.id)).totpEnabledAt).toBeNull()
    expect((await reset(user.id)).status).toBe(409)
    expect((await reset(owner.id)).status).toBe(400)
    const told = await context.database.db
      .select({ to: notifications.recipient, subject: notifications.subject })
      .from(notifications)
      .where(eq(notifications.event, 'two_factor_reset'))
    expect(told).toContainEqual({
      to: user.email,
      subject: 'Comfort Living: your two-factor sign-in was turned off',
    })
    const audits = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.two_factor_reset'))
    expect(audits.map((entry) => entry.entityId)).toContain(user.id)
  })
})

describe('REQUIRE_STAFF_2FA=true', () => {
  let strict: TestContext
  beforeAll(async () => {
    strict = await createTestApp({ requireStaff2fa: true })
  })
  afterAll(() => strict.close())

  it('refuses staff routes until two-factor is on; setting it up works meanwhile', async () => {
    const manager = await createTestUser(strict, { role: 'manager' })
    const sales = () => callRoute(strict.app, paths.analytics.salesSummary, { user: manager })
    const refused = await sales()
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toBe(SECOND_FACTOR_REQUIRED)

    const started = await callRoute(strict.app, paths.auth.twoFactorSetup, {
      body: { current_password: manager.password },
      user: manager,
    })
    expect(started.status).toBe(200)
    const confirmed = await callRoute(strict.app, paths.auth.twoFactorConfirm, {
      body: { code: codeAt(Secret.fromBase32(started.body.secret)) },
      user: manager,
    })
    expect(confirmed.status).toBe(200)
    expect((await sales()).status).toBe(200)
  })

  it('leaves customers alone', async () => {
    const customer = await createTestUser(strict)
    const profile = await profileWith(customer.headers, strict.app)
    expect(profile.status).toBe(200)
  })
})
