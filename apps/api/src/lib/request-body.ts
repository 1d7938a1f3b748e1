import type { RouteSpec } from '@store/contract'
import type { preValidationAsyncHookHandler } from 'fastify'
import { z } from 'zod'

/** Whether a route's JSON body may be left out, as `{}` would be: every field of it is optional. */
export function bodyMayBeAbsent(spec: RouteSpec): boolean {
  return spec.body !== undefined && !spec.multipart && spec.body.safeParse({}).success
}

/**
 * The fields a PUT or PATCH ignores: those of the resource as it is read (the route's answer, the
 * same a GET of it gives) that its body does not take, such as `id`, `slug` or a count.
 */
export function readOnlyFields(spec: RouteSpec): string[] {
  if ((spec.method !== 'PUT' && spec.method !== 'PATCH') || spec.multipart) return []
  if (!(spec.body instanceof z.ZodObject) || !(spec.response instanceof z.ZodObject)) return []
  const writable = spec.body.shape
  return Object.keys(spec.response.shape).filter((field) => !Object.hasOwn(writable, field))
}

/**
 * Two habits of clients the API takes, as Django REST framework does, before the body is checked:
 * an action posted without a body when every field is optional (a cancel without a note) reads as
 * `{}`, and a resource sent back as it was read, with a field changed, has its read-only fields
 * dropped. Any other field the body does not take is still refused.
 */
export function takeClientHabits(spec: RouteSpec): preValidationAsyncHookHandler | undefined {
  const absentIsEmpty = bodyMayBeAbsent(spec)
  const readOnly = new Set(readOnlyFields(spec))
  if (!absentIsEmpty && readOnly.size === 0) return undefined
  return async (request) => {
    const { body } = request
    if (body === undefined && absentIsEmpty) request.body = {}
    else if (readOnly.size > 0 && isRecord(body))
      request.body = Object.fromEntries(Object.entries(body).filter(([field]) => !readOnly.has(field)))
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
