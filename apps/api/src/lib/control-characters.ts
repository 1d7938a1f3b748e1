import { hasControlCharacter } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { httpError } from './errors'

type UrlPart = Record<string, string | string[] | undefined>

/** The first key or value of a path or query that holds a control character, if any. */
function firstControlCharacter(part: unknown): string | null {
  for (const [key, value] of Object.entries((part ?? {}) as UrlPart)) {
    const values = Array.isArray(value) ? value : [value ?? '']
    if (hasControlCharacter(key) || values.some(hasControlCharacter)) return key
  }
  return null
}

/**
 * docs/api.md "Strict input": a control character in a path or query is 400, before any schema runs. The
 * schemas cannot be trusted to see one there: ids and page numbers are parsed from text (`1%09` reads
 * as 1, `%00` would be a 404), and query keys a route does not know are dropped unread. Body fields
 * are held to the same rule by the contract's `text()` and `multilineText()`.
 */
export function refuseControlCharactersInUrls(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, part] of [
      ['path', request.params],
      ['query string', request.query],
    ] as const) {
      const key = firstControlCharacter(part)
      if (key !== null) {
        throw httpError(400, `The request ${where} holds a control character.`, {
          [key]: ['Control characters are not allowed here.'],
        })
      }
    }
  })
}
