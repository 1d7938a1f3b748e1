import type { ErrorBody, TokenPair } from '@store/contract'

/** SPEC §7 and §9: every call gives up after 5000 ms. */
export const API_TIMEOUT_MS = 5000

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
 * The server's own sentence for a failed call, or undefined when the server never answered. SPEC §8
 * shows it for some failures and falls back to a fixed text otherwise.
 */
export function serverDetail(error: unknown): string | undefined {
  return error instanceof ApiError && error.status > 0 && error.detail ? error.detail : undefined
}

/** SPEC §3: tokens live in localStorage under these two keys. */
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

type Query = Record<string, string | number | boolean | undefined | null>

export interface RequestOptions {
  query?: Query
  /** JSON body */
  body?: unknown
  /** multipart body (product forms) */
  form?: FormData
  signal?: AbortSignal
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ErrorBody> | unknown[]
    // SPEC §8: an answer that is a list carries its message as the first element.
    // Without a detail of the server's own, screens fall back to the spec's texts.
    if (Array.isArray(body)) return new ApiError(response.status, String(body[0] ?? ''))
    return new ApiError(response.status, body.detail ?? '', body.errors)
  } catch {
    return new ApiError(response.status, '')
  }
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' }
  const access = tokens.access
  if (access) headers.authorization = `Bearer ${access}`
  let body: BodyInit | undefined
  if (options.form) body = options.form
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  try {
    return await fetch(withQuery(path, options.query), { method, headers, body, signal })
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new ApiError(0, 'The store did not answer. Check your connection and try again.')
  }
}

let refreshing: Promise<boolean> | null = null

/** Trades the refresh token for a new pair; concurrent callers share one attempt. */
export function refreshTokens(): Promise<boolean> {
  const refresh = tokens.refresh
  if (!refresh) return Promise.resolve(false)
  refreshing ??= fetch('/api/auth/refresh/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ refresh }),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  })
    .then(async (response) => {
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

/** One call to the API: JSON out, JSON in, `ApiError` for anything but 2xx; one retry after a refresh on 401. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(method, path, options)
  if (response.status === 401 && tokens.access && (await refreshTokens())) {
    response = await send(method, path, options)
  }
  if (!response.ok) throw await errorOf(response)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
}

/**
 * Sends a multipart form with upload progress (fetch cannot report it). Large photos take seconds,
 * so the product form shows a bar. No 5000 ms timeout here: an upload takes as long as it takes.
 */
export function upload<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, path)
    xhr.setRequestHeader('accept', 'application/json')
    const access = tokens.access
    if (access) xhr.setRequestHeader('authorization', `Bearer ${access}`)
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
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T)
      else {
        const error = (body ?? {}) as Partial<ErrorBody>
        reject(new ApiError(xhr.status, error.detail ?? 'Upload failed.', error.errors))
      }
    }
    xhr.onerror = () =>
      reject(new ApiError(0, 'The store did not answer. Check your connection and try again.'))
    xhr.send(form)
  })
}
