import {
  routes as contractRoutes,
  type RouteAddress,
  type RouteAnswer,
  type RouteAt,
  type StaffRole,
  type User,
} from '@store/contract'
import { configure, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, vi } from 'vitest'
import { Providers } from '../app/providers'
import { routes } from '../app/router'
import { queryClient } from '../data/query-client'

// Each test starts logged out, with an empty cache and the real fetch (the shared setup unmounts
// what it rendered).
afterEach(() => {
  localStorage.clear()
  queryClient.clear()
  vi.unstubAllGlobals()
})

// The splash holds about 500 ms and each page loads its code on first visit: the back office is one
// chunk, which vite transforms whole for the first test of a file to open it, slowly on a busy machine.
configure({ asyncUtilTimeout: 15_000 })

export const customer: User = {
  id: 5,
  email: 'amna@example.com',
  first_name: 'Amna',
  last_name: 'Khan',
  is_staff: false,
  role: 'customer',
  two_factor_enabled: false,
  phone: null,
  notify_email: true,
  language: 'en',
}
export const staff: User = {
  id: 1,
  email: 'sana@example.com',
  first_name: 'Sana',
  last_name: 'Staff',
  is_staff: true,
  role: 'owner',
  two_factor_enabled: false,
  phone: null,
  notify_email: true,
  language: 'en',
}

/** A staff member holding another role of the contract's table. */
export const staffAs = (role: StaffRole): User => ({ ...staff, id: 2, email: `${role}@example.com`, role })

/** A token the session accepts as unexpired; only its `exp` is ever read in the browser. */
function fakeAccessToken(): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`
}

/** One request the app made, as the server would see it. */
export interface ApiCall {
  route: RouteAddress
  params: Record<string, string>
  query: URLSearchParams
  headers: Headers
  /** The JSON body, or the multipart form of an upload */
  body: unknown
}

/** An answer with a status of its own (an error, or a success the route does not usually give). */
class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const reply = (status: number, body?: unknown) => new Reply(status, body)

/** The request reached the server, but its answer never reached the browser (a dropped connection). */
class Dropped {
  readonly kind = 'dropped'
}
export const dropped = () => new Dropped()

/** A server-sent events stream that sends these events, then stays open until the app leaves it. */
class EventStreamAnswer {
  constructor(readonly events: { event: string; data: unknown }[]) {}
  text(): string {
    return this.events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('')
  }
}
export const eventStream = (events: { event: string; data: unknown }[]) => new EventStreamAnswer(events)

type Answer<A extends RouteAddress> = RouteAnswer<RouteAt<A>> | Reply | Dropped | EventStreamAnswer
type Handler<A extends RouteAddress> = Answer<A> | ((call: ApiCall) => Answer<A> | Promise<Answer<A>>)

interface RouteHandler {
  route: RouteAddress
  /** The route's usual success status, from the contract */
  status: number
  pattern: RegExp
  handler: Handler<RouteAddress>
}

/** How one contract route answers: a fixed answer of the route's own type, or a function of the call. */
export function answer<A extends RouteAddress>(route: A, handler: Handler<A>): RouteHandler {
  const spec = contractRoutes.find(
    (candidate) => candidate.method === route.method && candidate.path === route.path,
  )
  if (!spec) throw new Error(`No contract route ${route.method} ${route.path}`)
  const pattern = new RegExp(`^${route.path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`)
  return { route, status: spec.status, pattern, handler: handler as Handler<RouteAddress> }
}

/**
 * Stands in for the server, route by route of the contract: every fetch and upload of the app is
 * matched to its route, answered, and recorded. A request no handler takes answers 404 like the API.
 */
export function serveApi(handlers: RouteHandler[]) {
  const calls: ApiCall[] = []
  // As on the server, a fixed path wins over a parameter: /api/products/showcase/ is not product "showcase".
  const ordered = [...handlers].sort(
    (a, b) => Number(a.route.path.includes(':')) - Number(b.route.path.includes(':')),
  )

  async function respond(
    method: string,
    url: URL,
    headers: Headers,
    body: unknown,
  ): Promise<{ status: number; text: string } | Dropped | EventStreamAnswer> {
    for (const { route, status: usual, pattern, handler } of ordered) {
      const match = route.method === method && pattern.exec(url.pathname)
      if (!match) continue
      const call: ApiCall = { route, params: { ...match.groups }, query: url.searchParams, headers, body }
      calls.push(call)
      const given = typeof handler === 'function' ? await handler(call) : handler
      if (given instanceof Dropped || given instanceof EventStreamAnswer) return given
      const { status, body: answerBody } = given instanceof Reply ? given : { status: usual, body: given }
      return { status, text: answerBody === undefined ? '' : JSON.stringify(answerBody) }
    }
    return { status: 404, text: JSON.stringify({ detail: 'Not found.' }) }
  }

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://store.test')
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const answered = await respond(init?.method ?? 'GET', url, new Headers(init?.headers), body)
    if (answered instanceof Dropped) throw new TypeError('Failed to fetch')
    if (answered instanceof EventStreamAnswer) return openStream(answered.text(), init?.signal)
    const { status, text } = answered
    return new Response(status === 204 || !text ? null : text, {
      status,
      headers: { 'content-type': 'application/json' },
    })
  })

  /** The uploads' XMLHttpRequest, answered by the same handlers; it reports the whole upload as sent. */
  class FakeXhr {
    status = 0
    responseText = ''
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    private method = 'GET'
    private url = ''
    private headers = new Headers()
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value)
    }
    send(form: FormData) {
      void respond(this.method, new URL(this.url, 'http://store.test'), this.headers, form).then(
        (answered) => {
          if (answered instanceof Dropped || answered instanceof EventStreamAnswer) return this.onerror?.()
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent)
          this.status = answered.status
          this.responseText = answered.text
          this.onload?.()
        },
      )
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)

  return {
    calls,
    callsTo: (route: RouteAddress) => calls.filter((call) => call.route === route),
  }
}

/** A 200 event-stream answer that sends `text` and ends only when the request is aborted. */
function openStream(text: string, signal: AbortSignal | null | undefined): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text))
      signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')))
    },
  })
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
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
