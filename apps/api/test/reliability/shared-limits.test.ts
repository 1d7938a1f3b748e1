import { afterAll, expect, it } from 'vitest'
import { describeOnPostgres } from '../database-kind'
import {
  client,
  newStore,
  type ServerProcess,
  type Store,
  signUp,
  startServer,
  stopAll,
} from '../server-process'

/** Issue 34: a rate limit holds at its figure for the whole shop, however many processes serve it. */

let store: Store
const servers: ServerProcess[] = []
afterAll(() => stopAll(servers, store))

const LOGIN_LIMIT = 5
const REGISTER_LIMIT = 4

describeOnPostgres('rate limits across three processes on one PostgreSQL', () => {
  it('let one address and email sign in wrongly five times a minute in all, not five times each', async () => {
    store = await newStore('postgres')
    const limits = { RATE_LIMIT_LOGIN: String(LOGIN_LIMIT), RATE_LIMIT_REGISTER: String(REGISTER_LIMIT) }
    const started = await Promise.all([1, 2, 3].map(() => startServer(store, limits)))
    servers.push(...started)
    const urls = started.map((server) => server.url)
    await signUp(urls[0] ?? '', 'limited@example.com')

    // Fifteen wrong passwords, five to each process, all at once: with the sign-up's own sign-in, five
    // are judged and the rest refused.
    const attempts = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        client(urls[i % 3] ?? '')('POST', '/api/auth/login/', {
          email: 'limited@example.com',
          password: 'not-the-password',
        }),
      ),
    )
    const statuses = attempts.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMIT - 1)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - (LOGIN_LIMIT - 1))
    const refused = await fetch(`${urls[2]}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'limited@example.com', password: 'not-the-password' }),
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

    // Each limit counts on its own: registrations from the same address have their own four
    // (the sign-up above was one of them).
    const registrations = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client(urls[i % 3] ?? '')('POST', '/api/auth/register/', {
          email: `new${i}@example.com`,
          password: 'a-long-password-1',
          first_name: 'New',
          last_name: 'Shopper',
        }),
      ),
    )
    expect(registrations.filter((answer) => answer.status === 201)).toHaveLength(REGISTER_LIMIT - 1)
  })
})
