import { z } from 'zod'
import type { Access, Permission } from './access'

/** Every non-2xx body (docs/api.md "Errors"). */
export const ErrorBody = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/** Money on the wire: a decimal string with two places, e.g. "12500.00". */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/)
export type Money = z.infer<typeof Money>

export const Timestamp = z.string()

/** A calendar date in Pakistan (YYYY-MM-DD) */
export const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

const DAY_MS = 24 * 60 * 60 * 1000
/** Days since 1970 of a YYYY-MM-DD that is on the calendar; NaN for anything else (2026-02-30). */
export function dayNumber(day: string): number {
  const [year, month, date] = day.split('-').map(Number)
  if (year === undefined || month === undefined || date === undefined) return Number.NaN
  const at = new Date(Date.UTC(year, month - 1, date))
  const real = at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date
  return real ? at.getTime() / DAY_MS : Number.NaN
}

// docs/api.md "Strict input": text holds no control character (Unicode Cc: C0, DEL, C1). PostgreSQL
// refuses a NUL in text outright, and the others have no place in a name or a search.
const ONE_LINE = /^\P{Cc}*$/u
// Tab, line feed and carriage return stay: browsers send a textarea's line breaks as CR LF in a form.
const MULTI_LINE = /^[\P{Cc}\t\n\r]*$/u

type TextParams = Parameters<typeof z.string>[0]

/** One line of text (names, cities, search words, tokens): no control character at all. */
export const text = (params?: TextParams) =>
  z.string(params).regex(ONE_LINE, 'Use one line of text without control characters.')

/** Text that may run over several lines (descriptions, comments, messages, addresses). */
export const multilineText = (params?: TextParams) =>
  z.string(params).regex(MULTI_LINE, 'Remove the control characters; only tabs and line breaks are allowed.')

const AMOUNT = 'Enter an amount such as 12500 or 12500.50.'

/**
 * Money as typed by a person: a non-negative amount with at most two decimals, sent as text (a form
 * field) or as a JSON number; nothing else is turned into one.
 */
export const MoneyInput = z.union([text(), z.number()], { error: AMOUNT }).pipe(
  z.coerce
    .string<string | number>()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, AMOUNT),
)

/**
 * For a rule across fields (`.refine` on an object): run it only once the body is an object and the
 * fields it reads are valid, so a wrong field gets its own message, not a second one about a value
 * it never had. (Zod runs such a rule after a field's format check fails, and before paths are set.)
 */
export const whenValid = (...fields: string[]) => ({
  when: (payload: z.core.ParsePayload) =>
    payload.issues.every((issue) => issue.path?.length && !fields.includes(String(issue.path[0]))),
})

/** Does this text hold a control character of any kind (for text the schemas never see)? */
export const hasControlCharacter = (text: string) => !ONE_LINE.test(text)

const MAX_ID = 2_147_483_647

/** Ids are positive integers; path params arrive as strings, so this one parses text. */
export const Id = z.coerce.number().int().positive().max(MAX_ID)
export const IdParams = z.strictObject({ id: Id })

/** An id in a JSON body: a JSON number only, never a string or a list coerced into one. */
export const BodyId = z.number().int().positive().max(MAX_ID)

/** As DRF does: a page_size over the maximum (100) is served at the maximum rather than refused. */
export const pageSize = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(fallback)
    .transform((size) => Math.min(size, 100))

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: pageSize(20),
})
export type PageQuery = z.infer<typeof PageQuery>

export const Paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  })
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] }

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Fastify-style path, e.g. `/api/products/:id/` */
  path: string
  /** Who may call it; the route table drives the access-matrix and bad-input tests */
  access: Access
  /**
   * For a `user` route over someone's own records (an order, a conversation): staff holding this
   * permission act on anyone's; other staff are treated as any other user
   */
  staffSeesAll?: Permission
  /** With REQUIRE_STAFF_2FA, still open to staff who have not set up two-factor sign-in (its setup) */
  beforeSecondFactor?: true
  summary: string
  params?: z.ZodType
  query?: z.ZodType
  /** Headers the route reads (lower-case names); the others pass through */
  headers?: z.ZodType
  /** JSON body, or for multipart routes the text fields */
  body?: z.ZodType
  multipart?: boolean
  /** Text fields of a multipart form the route also takes in place of its JSON body (files aside) */
  form?: z.ZodType
  /** The success status and the schema of its body (null for an empty body or a stream) */
  status: number
  response: z.ZodType | null
}
