import type { OutgoingHttpHeaders } from 'node:http'
import {
  apiAddress,
  type LanguageCode,
  type RouteAddress,
  type RouteAnswer,
  type RouteSpec,
  type RouteSpecAt,
  routes,
} from '@store/contract'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { multipartBody, type UploadFile } from './multipart'

type Input<T> = T extends z.ZodType ? z.input<T> : never

/** Who sends the request: a signed-in test user (its `Authorization` header), or nobody. */
interface Caller {
  headers: { authorization: string }
}

/**
 * A route's query as a client writes it. The server fills in the query's defaults, so every field may
 * be left out; any route reads `lang` (docs/api.md "Languages") before its own query is checked.
 */
type RouteQuery<S extends RouteSpec> = (S['query'] extends z.ZodType
  ? Partial<Input<S['query']>>
  : object) & {
  lang?: LanguageCode
}

/**
 * A route's path parameters, query and body, each typed by the route's own schemas as a client writes
 * them. A multipart route takes its text fields as `body` and its files as `files`.
 */
export type RouteCallArgs<S extends RouteSpec> = (S['params'] extends z.ZodType
  ? { params: Input<S['params']> }
  : { params?: never }) &
  (S['body'] extends z.ZodType
    ? S['multipart'] extends true
      ? { body: Input<S['body']>; files?: UploadFile[]; fileField?: string }
      : { body: Input<S['body']> }
    : S['multipart'] extends true
      ? { body?: never; files?: UploadFile[]; fileField?: string }
      : { body?: never }) & {
    query?: RouteQuery<S>
    user?: Caller | null
    headers?: Record<string, string>
  }

/** What a failed call answers (docs/api.md "Errors"), as a test reads it: the field errors, when any, by name. */
interface ErrorAnswer {
  detail: string
  errors: Record<string, string[]>
}

/**
 * A route's answer as a test reads it: the route's own answer type, or the error body (the test's
 * status assertion says which one came), `null` for an empty body.
 */
export interface RouteCallAnswer<S extends RouteSpec> {
  status: number
  headers: OutgoingHttpHeaders
  body: (RouteAnswer<S> extends undefined ? unknown : RouteAnswer<S>) & ErrorAnswer
}

const multipartRoutes = new Set(
  routes.filter((spec) => spec.multipart).map((spec) => `${spec.method} ${spec.path}`),
)
const isMultipart = (route: RouteAddress) => multipartRoutes.has(`${route.method} ${route.path}`)

type OptionalWhenEmpty<A> = object extends A ? [args?: A] : [args: A]

/**
 * Calls a route of the contract, named by its address (`paths.catalog.createCategory`), on a test app:
 * the path, query and body are checked against that route's schemas at compile time, and the answer's
 * body has the route's answer type.
 */
export async function callRoute<A extends RouteAddress>(
  app: FastifyInstance,
  route: A,
  ...[args]: OptionalWhenEmpty<RouteCallArgs<RouteSpecAt<A>>>
): Promise<RouteCallAnswer<RouteSpecAt<A>>> {
  const { params, query, body, files, fileField, user, headers } = (args ?? {}) as {
    params?: Record<string, unknown>
    query?: Record<string, unknown>
    body?: unknown
    files?: UploadFile[]
    fileField?: string
    user?: Caller | null
    headers?: Record<string, string>
  }
  const form = isMultipart(route)
    ? multipartBody((body ?? {}) as Record<string, unknown>, files, fileField)
    : null
  const response = await app.inject({
    method: route.method,
    url: apiAddress(route.path, params, query),
    headers: { ...form?.headers, ...user?.headers, ...headers },
    ...(form ? { payload: form.payload } : body !== undefined && { payload: body as object }),
  })
  let answer: unknown = null
  try {
    answer = response.body ? JSON.parse(response.body) : null
  } catch {
    answer = response.body
  }
  return {
    status: response.statusCode,
    headers: response.headers,
    body: answer as RouteCallAnswer<RouteSpecAt<A>>['body'],
  }
}
