import { paths, type RegisterBody } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, createTestUser, type TestContext } from '../../../test/harness'
import { tokensOf } from '../../../test/login-answer'
import { callRoute } from '../../../test/route-call'
import { refreshTokens } from '../../db/schema'
import { REUSE_INTERVAL_SECONDS } from './sessions'

let context: TestContext
beforeAll(async () => {
  context = await createTestApp()
})
afterAll(() => context.close())

const register = (body: RegisterBody) => callRoute(context.app, paths.auth.register, { body })
const login = (email: string, password: string) =>
  callRoute(context.app, paths.auth.login, { body: { email, password } })
const refresh = (token: string) => callRoute(context.app, paths.auth.refresh, { body: { refresh: token } })
const profileWith = (headers?: { authorization: string }) =>
  callRoute(context.app, paths.auth.profile, { headers })

describe('POST /api/auth/register/', () => {
  it('creates a customer and never returns the password', async () => {
    const answer = await register({
      first_name: 'Ayesha',
      last_name: 'Khan',
      email: 'Ayesha@Example.com',
      password: 'sunlight-42',
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: expect.any(Number),
      email: 'Ayesha@Example.com',
      first_name: 'Ayesha',
      last_name: 'Khan',
      is_staff: false,
      role: 'customer',
      two_factor_enabled: false,
      phone: null,
      notify_email: true,
      language: 'en',
    })
  })

  it('answers 400 naming the email when it is taken, in any letter case', async () => {
    const answer = await register({
      first_name: 'A',
      last_name: 'K',
      email: 'ayesha@example.COM',
      password: 'sunlight-42',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toContain('ayesha@example.COM')
  })

  it('answers 400 with field errors for a short password and a bad email', async () => {
    const answer = await register({
      first_name: 'A',
      last_name: 'K',
      email: 'not-an-email',
      password: 'short',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors.password?.[0]).toMatch(/at least 8/)
    expect(answer.body.errors.email).toBeDefined()
  })

  it('refuses a staff flag smuggled into the body', async () => {
    // Sent as it is: the contract's type has no staff flag.
    const answer = await call(context.app, {
      method: 'POST',
      url: '/api/auth/register/',
      payload: {
        first_name: 'A',
        last_name: 'K',
        email: 'x@example.com',
        password: 'long-enough',
        is_staff: true,
      },
    })
    expect(answer.status).toBe(400)
  })
})

describe('POST /api/auth/login/', () => {
  it('gives tokens for the right password and the profile follows', async () => {
    const answer = await login('AYESHA@example.com', 'sunlight-42')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ access: expect.any(String), refresh: expect.any(String) })
    const profile = await profileWith({ authorization: `Bearer ${tokensOf(answer.body).access}` })
    expect(profile.status).toBe(200)
    expect(profile.body.first_name).toBe('Ayesha')
  })

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await login('ayesha@example.com', 'wrong-password')
    const unknown = await login('nobody@example.com', 'wrong-password')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
  })
})

describe('POST /api/auth/refresh/', () => {
  it('rotates: the new pair works; the used token, presented again later, is refused and its session ended', async () => {
    const user = await createTestUser(context)
    const first = await refresh(user.refresh)
    expect(first.status).toBe(200)
    expect(first.body.refresh).not.toBe(user.refresh)

    // Presented again past the reuse interval (its use moved back that far).
    await context.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REUSE_INTERVAL_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.userId, user.id))
    const reuse = await refresh(user.refresh)
    expect(reuse.status).toBe(401)
    // Reuse means the token leaked: the token issued by the rotation is revoked too.
    const afterReuse = await refresh(first.body.refresh)
    expect(afterReuse.status).toBe(401)
  })

  it('refuses an access token presented as a refresh token', async () => {
    const user = await createTestUser(context)
    const answer = await refresh(user.access)
    expect(answer.status).toBe(401)
  })
})

describe('POST /api/auth/logout/', () => {
  it('revokes the refresh token', async () => {
    const user = await createTestUser(context)
    const logout = await callRoute(context.app, paths.auth.logout, { body: { refresh: user.refresh } })
    expect(logout.status).toBe(204)
    expect((await refresh(user.refresh)).status).toBe(401)
  })
})

describe('GET /api/auth/profile/', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expect((await profileWith()).status).toBe(401)
    const forged = await profileWith({
      authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidHlwZSI6ImFjY2VzcyJ9.',
    })
    expect(forged.status).toBe(401)
    expect(typeof forged.body.detail).toBe('string')
  })
})

describe('errors', () => {
  it('answers malformed JSON with 400 and a detail', async () => {
    const answer = await call(context.app, {
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('The request body is not valid JSON.')
  })

  it('answers an unknown route with 404 in the same shape', async () => {
    const answer = await call(context.app, { method: 'GET', url: '/api/nothing-here/' })
    expect(answer.status).toBe(404)
    expect(typeof answer.body.detail).toBe('string')
  })

  it('answers a wrong content type with 415, plain text included', async () => {
    for (const [type, payload] of [
      ['text/xml', '<x/>'],
      ['text/plain', '{"email":"a@b.c","password":"x"}'],
    ]) {
      const answer = await call(context.app, {
        method: 'POST',
        url: '/api/auth/login/',
        headers: { 'content-type': type as string },
        payload,
      })
      expect(answer.status).toBe(415)
      expect(answer.body.detail).toBe('Unsupported media type.')
    }
  })
})

describe('GET /api/health/', () => {
  it('answers ok once the database does', async () => {
    expect((await callRoute(context.app, paths.health.health)).body).toEqual({ status: 'ok' })
  })
})
