import { msg } from '@lingui/core/macro'
import {
  apiAddress,
  type ErrorBody,
  paths,
  type RouteAddress,
  type RouteAnswer,
  type RouteSpec,
  type RouteSpecAt,
  type TokenPair,
} from '@store/contract'
import type { z } from 'zod'
import { takeFirstAnswer } from './first-answers'
import { currentLanguage, i18n } from './i18n'

/** docs/product.md §7 and §9: every call gives up after 5000 ms. */
export const API_TIMEOUT_MS = 5000

const NO_ANSWER = msg`The store did not answer. Check your connection and try again.`

/** Any non-2xx answer, or a call that never answered (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: ErrorBody['errors'],
  ) {
    super(detail)
  }
}

/**
 * The server's own sentence for a failed call, or undefined when the server never answered. docs/product.md
 * §8 shows it for some failures and falls back to a fixed text otherwise.
 */
export function serverDetail(error: unknown): string | undefined {
  return error instanceof ApiError && error.status > 0 && error.detail ? error.detail : undefined
}

/** docs/product.md §3: tokens live in localStorage under these two keys. */
export const tokens = {
  get access() {
    return localStorage.getItem('access_token')
  },
  get refresh() {
    return localStorage.getItem('refresh_token')
  },
  store(pair: TokenPair) {
    localStorage.setItem('access_token', pair.access)
    localStorage.setItem('refresh_token', pair.refresh)
  },
  clear() {
    localStorage.removeItem('access_token')
    localStorage.removeItem('refresh_token')
  },
}

type Output<T> = T extends z.ZodType ? z.output<T> : never
type Spec<A extends RouteAddress> = RouteSpecAt<A>
type Input<T> = T extends z.ZodType ? z.input<T> : never

/** A route's path parameters, query and JSON body, each typed by the route's own schemas. */
type CallArgs<S extends RouteSpec> = (S['params'] extends z.ZodType
  ? { params: Output<S['params']> }
  : { params?: never }) &
  // The server fills in the query's defaults, so every query field may be left out.
  (S['query'] extends z.ZodType ? { query?: Partial<Output<S['query']>> } : { query?: never }) &
  (S['body'] extends z.ZodType
    ? S['multipart'] extends true
      ? { body?: never }
      : { body: Input<S['body']> }
    : { body?: never }) & {
    signal?: AbortSignal
    headers?: Record<string, string>
  }

/** Arguments may be left out when the route needs none. */
type OptionalWhenEmpty<A> = object extends A ? [args?: A] : [args: A]

/** The route's path with its parameters filled in, e.g. `/api/products/7/`. */
export function pathOf<A extends RouteAddress>(route: A, params?: Output<Spec<A>['params']>): string {
  return apiAddress(route.path, params as Record<string, unknown> | undefined)
}

function errorOf(status: number, body: unknown, fallback = ''): ApiError {
  // docs/product.md §8: an answer that is a list carries its message as the first element.
  if (Array.isArray(body)) return new ApiError(status, String(body[0] ?? ''))
  const error = (body ?? {}) as Partial<ErrorBody>
  return new ApiError(status, error.detail ?? fallback, error.errors)
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return null
  }
}

function authHeaders(): Record<string, string> {
  const access = tokens.access
  return access ? { authorization: `Bearer ${access}` } : {}
}

let refreshing: Promise<boolean> | null = null

const sessionEndListeners = new Set<() => void>()

/**
 * Calls `listener` when the server refuses this browser's refresh token: the session is over (signed
 * out from another device, a new password, an expired week), and the tokens are already forgotten.
 * Answers the function that stops listening.
 */
export function onSessionRefused(listener: () => void): () => void {
  sessionEndListeners.add(listener)
  return () => {
    sessionEndListeners.delete(listener)
  }
}

/**
 * Trades the refresh token for a new pair; concurrent callers share one attempt. A refusal forgets the
 * tokens, unless a sign-in stored new ones meanwhile; a call that never answered keeps them.
 */
export function refreshTokens(): Promise<boolean> {
  const refresh = tokens.refresh
  if (!refresh) return Promise.resolve(false)
  refreshing ??= fetch(paths.auth.refresh.path, {
    method: paths.auth.refresh.method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ refresh }),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  })
    .then(async (response) => {
      if (response.status === 401 && tokens.refresh === refresh) {
        tokens.clear()
        for (const listener of sessionEndListeners) listener()
      }
      if (!response.ok) return false
      tokens.store((await response.json()) as TokenPair)
      return true
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null
    })
  return refreshing
}

/**
 * Sends one request to a route of the contract with the caller's token; a 401 is retried once after
 * refreshing the tokens, and any non-2xx becomes an `ApiError`.
 */
async function send(
  route: RouteAddress,
  args: CallArgs<RouteSpec> | undefined,
  /** A download streams for as long as the file takes; any other call gives up after API_TIMEOUT_MS */
  { timed = true } = {},
): Promise<Response> {
  const { params, query, body, signal, headers } = (args ?? {}) as CallArgs<RouteSpec> & {
    params?: Record<string, unknown>
    query?: Record<string, unknown>
    body?: unknown
  }
  const url = apiAddress(route.path, params, query)
  const attempt = async () => {
    const timeout = timed ? AbortSignal.timeout(API_TIMEOUT_MS) : undefined
    const signals = [signal, timeout].filter((each) => each !== undefined)
    try {
      return await fetch(url, {
        method: route.method,
        headers: {
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...authHeaders(),
          // Sentences (`detail`) and product texts in the reader's language (docs/api.md "Languages")
          'accept-language': currentLanguage(),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // The query cache decides what is fresh; the browser's copy is only checked (an ETag's 304),
        // never shown stale as stale-while-revalidate would let it (a write the app just made).
        cache: 'no-cache',
        signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
      })
    } catch (error) {
      if (signal?.aborted) throw error
      throw new ApiError(0, i18n._(NO_ANSWER))
    }
  }
  let response = await attempt()
  if (response.status === 401 && tokens.access && (await refreshTokens())) response = await attempt()
  if (!response.ok) throw errorOf(response.status, await readJson(response))
  return response
}

/** The answer the page's HTML holds for a read of the route (lib/first-answers.ts), taken once. */
function answerInPage(route: RouteAddress, args: { params?: unknown; query?: unknown } | undefined): unknown {
  if (route.method !== 'GET') return undefined
  const { params, query } = (args ?? {}) as {
    params?: Record<string, unknown>
    query?: Record<string, unknown>
  }
  return takeFirstAnswer(apiAddress(route.path, params, query), currentLanguage())
}

/**
 * The answer the page's HTML holds for this read, taken once; undefined when it holds none.
 * Synchronous, so a query can start with it as its data (`initialData`): the first screen is drawn
 * once, with its products, rather than as a skeleton first and again when its fetch has resolved.
 */
export function firstAnswer<A extends RouteAddress>(
  route: A,
  ...[args]: OptionalWhenEmpty<CallArgs<Spec<A>>>
): RouteAnswer<Spec<A>> | undefined {
  return answerInPage(route, args) as RouteAnswer<Spec<A>> | undefined
}

/**
 * One call to a route of the contract, named by its address (`paths.cart.addToCart`): the path, query
 * and body are checked against that route's schemas at compile time, and the answer has the route's
 * answer type. A read the page's HTML already answered (the first screen's) is not sent.
 */
export async function call<A extends RouteAddress>(
  route: A,
  ...[args]: OptionalWhenEmpty<CallArgs<Spec<A>>>
): Promise<RouteAnswer<Spec<A>>> {
  const first = answerInPage(route, args)
  if (first !== undefined) return first as RouteAnswer<Spec<A>>
  const response = await send(route, args as CallArgs<RouteSpec> | undefined)
  // 204, and a 202 that only says "accepted" (a password reset), carry no body.
  if (response.status === 204 || response.status === 202) return undefined as RouteAnswer<Spec<A>>
  return (await response.json()) as RouteAnswer<Spec<A>>
}

/**
 * A route that answers a file (a bank receipt) rather than JSON. The file needs the Bearer header, so
 * an `<img src>` cannot load it; the caller shows the blob through an object URL.
 */
export async function fetchFile<A extends RouteAddress>(
  route: A,
  ...[args]: OptionalWhenEmpty<CallArgs<Spec<A>>>
): Promise<Blob> {
  const response = await send(route, args as CallArgs<RouteSpec> | undefined)
  return response.blob()
}

/** The file name a download's `Content-Disposition` gives, else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? ''
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback
}

/**
 * Saves what a route answers (a CSV export) as a file in the browser's downloads. It needs the Bearer
 * header, so a plain link cannot fetch it: the file is fetched, then handed to a link to its object URL.
 */
export async function downloadFile<A extends RouteAddress>(
  route: A,
  fallbackName: string,
  ...[args]: OptionalWhenEmpty<CallArgs<Spec<A>>>
): Promise<void> {
  const response = await send(route, args as CallArgs<RouteSpec> | undefined, { timed: false })
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileNameOf(response, fallbackName)
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * The text fields of a multipart route, as its schema takes them before parsing: its `form` when it
 * also takes JSON (a receipt beside staff's JSON entry), else its body; none when it takes only files
 * (the store's logo).
 */
type UploadFields<S extends RouteSpec> = S['form'] extends z.ZodType
  ? Input<S['form']>
  : S['multipart'] extends true
    ? S['body'] extends z.ZodType
      ? Input<S['body']>
      : Record<string, never>
    : never

export interface UploadArgs<A extends RouteAddress> {
  params?: Output<Spec<A>['params']>
  query?: Partial<Output<Spec<A>['query']>>
  fields: UploadFields<Spec<A>>
  /** File fields, each possibly repeated (e.g. `images`) */
  files: Record<string, File[]>
  onProgress?: (fraction: number) => void
}

/**
 * Sends a multipart route with upload progress (fetch cannot report it). Large photos take seconds,
 * so the product form shows a bar. No 5000 ms timeout here: an upload takes as long as it takes.
 */
export function upload<A extends RouteAddress>(
  route: A,
  { params, query, fields, files, onProgress }: UploadArgs<A>,
): Promise<RouteAnswer<Spec<A>>> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.set(name, String(value))
  }
  for (const [name, list] of Object.entries(files)) for (const file of list) form.append(name, file)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(
      route.method,
      apiAddress(route.path, params as Record<string, unknown> | undefined, query as Record<string, unknown>),
    )
    xhr.setRequestHeader('accept', 'application/json')
    // The server's sentences (a form's errors) in the reader's language, as every other call asks.
    xhr.setRequestHeader('accept-language', currentLanguage())
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null
      } catch {
        body = null
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as RouteAnswer<Spec<A>>)
      else reject(errorOf(xhr.status, body, i18n._(msg`Upload failed.`)))
    }
    xhr.onerror = () => reject(new ApiError(0, i18n._(NO_ANSWER)))
    xhr.send(form)
  })
}
