import { paths, type SignedInDevice } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenOnFreePort, openStream } from '../../../test/event-stream'
import {
  createTestApp,
  createTestUser,
  noRateLimits,
  type TestContext,
  type TestUser,
} from '../../../test/harness'
import { tokensOf } from '../../../test/login-answer'
import { callRoute } from '../../../test/route-call'
import { refreshTokens, sessions } from '../../db/schema'
import { deviceOf } from './device'
import { REUSE_INTERVAL_SECONDS } from './sessions'

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'

let context: TestContext
beforeAll(async () => {
  context = await createTestApp({ rateLimits: noRateLimits })
})
afterAll(() => context.close())

type Device = { access: string; refresh: string; headers: { authorization: string } }

/** Signs the user in as a browser with this user agent would. */
async function signIn(user: TestUser, userAgent: string, app = context.app): Promise<Device> {
  const answer = await callRoute(app, paths.auth.login, {
    body: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
  })
  expect(answer.status).toBe(200)
  const { access, refresh } = tokensOf(answer.body)
  return { access, refresh, headers: { authorization: `Bearer ${access}` } }
}

const devicesSeenBy = async (device: Device): Promise<SignedInDevice[]> => {
  const answer = await callRoute(context.app, paths.auth.listSessions, { headers: device.headers })
  expect(answer.status).toBe(200)
  return answer.body
}
const profileStatus = async (device: Device) =>
  (await callRoute(context.app, paths.auth.profile, { headers: device.headers })).status
const refreshStatus = async (device: Device) =>
  (await callRoute(context.app, paths.auth.refresh, { body: { refresh: device.refresh } })).status

describe('signed-in devices', () => {
  it('lists each sign-in with its browser, system, address and which one is asking', async () => {
    const user = await createTestUser(context)
    const phone = await signIn(user, PHONE)
    const laptop = await signIn(user, LAPTOP)

    const seen = await devicesSeenBy(laptop)
    // The harness's own sign-in (no user agent) and the two devices, the latest used first.
    expect(seen).toHaveLength(3)
    expect(seen.slice(0, 2)).toMatchObject([
      { browser: 'Safari', os: 'macOS', ip: '127.0.0.1', current: true },
      { browser: 'Chrome', os: 'Android', ip: '127.0.0.1', current: false },
    ])
    expect(seen[2]).toMatchObject({ browser: null, os: null, current: false })
    expect(seen.filter((each) => each.current)).toHaveLength(1)
    expect((await devicesSeenBy(phone)).find((each) => each.current)?.browser).toBe('Chrome')
  })

  it('a refresh keeps the session, moves it to the top and stamps when it was used', async () => {
    const user = await createTestUser(context)
    const phone = await signIn(user, PHONE)
    const laptop = await signIn(user, LAPTOP)
    const before = (await devicesSeenBy(laptop)).find((each) => !each.current && each.browser === 'Chrome')

    const refreshed = await callRoute(context.app, paths.auth.refresh, { body: { refresh: phone.refresh } })
    expect(refreshed.status).toBe(200)
    const after = await devicesSeenBy(laptop)
    expect(after).toHaveLength(3)
    expect(after[0]).toMatchObject({ id: before?.id, browser: 'Chrome', current: false })
    expect(Date.parse(after[0]?.last_used_at ?? '')).toBeGreaterThan(Date.parse(before?.last_used_at ?? ''))
  })

  it('signs one device out: its access and refresh tokens stop at once, the others keep working', async () => {
    const user = await createTestUser(context)
    const phone = await signIn(user, PHONE)
    const laptop = await signIn(user, LAPTOP)
    const phoneSession = (await devicesSeenBy(phone)).find((each) => each.current)

    const ended = await callRoute(context.app, paths.auth.endSession, {
      params: { id: phoneSession?.id ?? 0 },
      headers: laptop.headers,
    })
    expect(ended.status).toBe(204)
    expect(await profileStatus(phone)).toBe(401)
    expect(await refreshStatus(phone)).toBe(401)
    expect(await profileStatus(laptop)).toBe(200)
    expect((await devicesSeenBy(laptop)).map((each) => each.id)).not.toContain(phoneSession?.id)

    // Once ended it is gone: a second sign-out finds nothing.
    const again = await callRoute(context.app, paths.auth.endSession, {
      params: { id: phoneSession?.id ?? 0 },
      headers: laptop.headers,
    })
    expect(again.status).toBe(404)
  })

  it('refuses to refresh a session ended while its tokens were still unrevoked', async () => {
    const user = await createTestUser(context)
    const phone = await signIn(user, PHONE)
    const phoneSession = (await devicesSeenBy(phone)).find((each) => each.current)
    // The moment between a session ending and its tokens being revoked, held open.
    await context.database.db
      .update(sessions)
      .set({ endedAt: new Date() })
      .where(eq(sessions.id, phoneSession?.id ?? 0))
    expect(await refreshStatus(phone)).toBe(401)
    expect(await profileStatus(phone)).toBe(401)
  })

  it('answers 404 for another person’s session and leaves it signed in', async () => {
    const owner = await createTestUser(context)
    const stranger = await createTestUser(context)
    const ownersPhone = await signIn(owner, PHONE)
    const ownersSession = (await devicesSeenBy(ownersPhone)).find((each) => each.current)

    const attempt = await callRoute(context.app, paths.auth.endSession, {
      params: { id: ownersSession?.id ?? 0 },
      user: stranger,
    })
    expect(attempt.status).toBe(404)
    expect(await profileStatus(ownersPhone)).toBe(200)
  })

  it('signs out every other device but keeps this one', async () => {
    const user = await createTestUser(context)
    const phone = await signIn(user, PHONE)
    const laptop = await signIn(user, LAPTOP)

    const answer = await callRoute(context.app, paths.auth.endOtherSessions, { headers: laptop.headers })
    expect(answer.status).toBe(204)
    expect(await profileStatus(phone)).toBe(401)
    expect(await profileStatus(user)).toBe(401)
    expect(await refreshStatus(phone)).toBe(401)
    expect(await profileStatus(laptop)).toBe(200)
    expect(await refreshStatus(laptop)).toBe(200)
    expect(await devicesSeenBy(laptop)).toMatchObject([{ browser: 'Safari', current: true }])
  })

  it('two tabs trading one refresh token at the same moment both get a pair, and the session lives on', async () => {
    const user = await createTestUser(context)
    const browser = await signIn(user, LAPTOP)
    const answers = await Promise.all(
      [1, 2].map(() => callRoute(context.app, paths.auth.refresh, { body: { refresh: browser.refresh } })),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    for (const answer of answers) {
      const pair = { access: answer.body.access, refresh: answer.body.refresh }
      expect(await profileStatus({ ...pair, headers: { authorization: `Bearer ${pair.access}` } })).toBe(200)
    }
    expect(await devicesSeenBy(browser)).toContainEqual(
      expect.objectContaining({ browser: 'Safari', current: true }),
    )
  })

  it('a used refresh token presented again past the reuse interval ends its session, and sign-out ends it too', async () => {
    const user = await createTestUser(context)
    const phone = await signIn(user, PHONE)
    const laptop = await signIn(user, LAPTOP)
    expect(await refreshStatus(phone)).toBe(200)
    await context.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REUSE_INTERVAL_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.userId, user.id))
    expect(await refreshStatus(phone)).toBe(401)
    expect((await devicesSeenBy(laptop)).some((each) => each.browser === 'Chrome')).toBe(false)

    await callRoute(context.app, paths.auth.logout, { body: { refresh: laptop.refresh } })
    expect(await profileStatus(laptop)).toBe(401)
    const left = await context.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
    expect(left).toHaveLength(3)
  })

  it('closes the streams a signed-out device holds open on another server process, and only those', async () => {
    const clerk = await createTestUser(context, { role: 'support' })
    const streamingDesk = await signIn(clerk, LAPTOP)
    const otherDesk = await signIn(clerk, PHONE)
    const baseUrl = await listenOnFreePort(await context.secondApp())

    const signedOut = await openStream(`${baseUrl}/api/staff/events/`, streamingDesk.headers)
    await signedOut.readUntil('event: counts')
    const staying = await openStream(`${baseUrl}/api/staff/events/`, otherDesk.headers)
    await staying.readUntil('event: counts')

    const deskSession = (await devicesSeenBy(streamingDesk)).find((each) => each.current)
    const ended = await callRoute(context.app, paths.auth.endSession, {
      params: { id: deskSession?.id ?? 0 },
      headers: otherDesk.headers,
    })
    expect(ended.status).toBe(204)
    expect(await signedOut.endsWithin(5000)).toBe(true)
    expect(await staying.endsWithin(500)).toBe(false)
    staying.abort()
  })
})

describe('deviceOf', () => {
  it.each([
    [PHONE, 'Chrome', 'Android'],
    [LAPTOP, 'Safari', 'macOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari',
      'iPhone',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux'],
    ['curl/8.5.0', null, null],
  ])('reads %s', (userAgent, browser, os) => {
    expect(deviceOf(userAgent)).toEqual({ browser, os })
  })
})
