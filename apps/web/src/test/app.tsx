import type { User } from '@store/contract'
import { configure, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, vi } from 'vitest'
import { Providers } from '../app/providers'
import { routes } from '../app/router'

// Each test starts logged out, with the real fetch (the shared setup unmounts what it rendered).
afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
})

// The splash holds about 500 ms and each page loads its code on first visit: allow for both.
configure({ asyncUtilTimeout: 3000 })

export const customer: User = {
  id: 5,
  email: 'amna@example.com',
  first_name: 'Amna',
  last_name: 'Khan',
  is_staff: false,
}
export const staff: User = {
  id: 1,
  email: 'sana@example.com',
  first_name: 'Sana',
  last_name: 'Staff',
  is_staff: true,
}

/** A token the session accepts as unexpired; only its `exp` is ever read in the browser. */
function fakeAccessToken(): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`
}

export interface ApiCall {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

type Reply = { status: number; body?: unknown }
/** An answer, or a function of the call that gives one */
type Handler = unknown | ((call: ApiCall) => unknown)

export const reply = (status: number, body?: unknown): Reply => ({ status, body })
const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && 'status' in value && Object.keys(value).length <= 2

/**
 * Stands in for the server: `handlers` maps 'GET /api/cart/' to an answer (or `reply(status, body)`).
 * Anything else answers 404 like the real API. Every call is recorded.
 */
export function serveApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://store.test')
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    calls.push(call)
    const handler = handlers[`${call.method} ${call.path}`]
    const answer =
      handler === undefined
        ? reply(404, { detail: 'Not found.' })
        : typeof handler === 'function'
          ? await handler(call)
          : handler
    const { status, body } = isReply(answer) ? answer : { status: 200, body: answer }
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  }
}

/** Renders the real app (router, providers, session) at `path`, logged in as `user` when given. */
export function renderApp(path: string, { user }: { user?: User } = {}) {
  if (user) {
    localStorage.setItem('access_token', fakeAccessToken())
    localStorage.setItem('refresh_token', 'refresh')
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, router }
}

export const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results })
