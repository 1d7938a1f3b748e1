import { type ErrorBody, sentenceIn } from '@store/contract'
import { urduSentences } from '@store/contract/sentences-ur'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { DISK_FULL, databaseUnavailable, sqlState, UNSTORABLE_CHARACTER } from '../db/errors'
import { DISK_FULL_RETRY_SECONDS, DISK_FULL_SENTENCE } from './disk-space'
import { HttpError } from './errors'
import { StorageUnavailableError } from './storage'

/** How soon a client may retry once the media storage failed to answer. */
const STORAGE_RETRY_AFTER_SECONDS = 30

/** Seconds a client is told to wait when the database is restarting or out of reach */
const DATABASE_RETRY_SECONDS = 5

const messagesByCode: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_VALIDATION: 'The request is not valid.',
}

/** A validation failure's detail, by the part of the request that failed. */
const invalidParts: Record<string, string> = {
  body: 'The request body is not valid.',
  querystring: 'The query string is not valid.',
  headers: 'The request headers are not valid.',
}

/**
 * An error body in the reader's language (docs/api.md "Languages"): `detail` and every field error, each
 * sentence from the catalog (a template's places keep the values they hold); a sentence the catalog
 * lacks stays English.
 */
export function inReadersLanguage(request: FastifyRequest, body: ErrorBody): ErrorBody {
  const translate = (sentence: string) => sentenceIn(urduSentences, request.language, sentence)
  return {
    detail: translate(body.detail),
    ...(body.errors && {
      errors: Object.fromEntries(
        Object.entries(body.errors).map(([field, messages]) => [field, messages.map(translate)]),
      ),
    }),
  }
}

/** One error shape for every failure: `{detail, errors?}`; a 500 never carries the cause. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const send = (status: number, body: ErrorBody) =>
      reply.code(status).send(inReadersLanguage(request, body))
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers)
      return send(error.statusCode, { detail: error.detail, ...(error.errors && { errors: error.errors }) })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path whose id is not an id names nothing, as in DRF: 404, not a validation error.
      if (error.validationContext === 'params') return send(404, { detail: 'Not found.' })
      const errors: Record<string, string[]> = {}
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors'
        const list = errors[key] ?? []
        // Zod gives every issue a message; its own word for one without is this.
        list.push(issue.message ?? 'Invalid input')
        errors[key] = list
      }
      const detail = invalidParts[error.validationContext ?? ''] ?? 'The request is not valid.'
      return send(400, { detail, errors })
    }
    // Whichever route met it: the request may succeed once the store is back.
    if (error instanceof StorageUnavailableError) {
      request.log.warn({ err: error.cause }, 'media storage did not answer')
      reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS))
      return send(503, { detail: 'Image storage is briefly unavailable. Please try again in a moment.' })
    }
    // Text PostgreSQL cannot hold (a NUL) that got past validation is the client's input, not our bug.
    if (sqlState(error) === UNSTORABLE_CHARACTER) {
      return send(400, { detail: 'The request holds a character that cannot be stored.' })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60')
      const detail =
        messagesByCode[error.code] ??
        (status === 429 ? 'Too many requests. Please wait and try again.' : error.message)
      return send(status, { detail })
    }
    // The database away (restarting, stopped, out of reach) or its disk full is the store's state for
    // a while, not a bug: the client may try again later, and the log needs no stack. After the 4xx:
    // a client's own failure (an upload it aborted) is not the database's.
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_SECONDS))
      return send(503, { detail: 'The store is briefly unavailable. Please try again in a moment.' })
    }
    if (sqlState(error) === DISK_FULL) {
      request.log.error({ err: error }, 'the database could not write: its disk is full')
      reply.header('retry-after', DISK_FULL_RETRY_SECONDS)
      return send(503, { detail: DISK_FULL_SENTENCE })
    }
    request.log.error({ err: error }, 'request failed')
    return send(500, { detail: 'Something went wrong on our side. Please try again.' })
  })
}
