import type { ErrorBody } from '@store/contract'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { sqlState, UNSTORABLE_CHARACTER } from '../db/errors'
import { HttpError } from './errors'

const messagesByCode: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_VALIDATION: 'The request is not valid.',
}

/** What a validation failure's detail names, by the part of the request that failed. */
const subjects: Record<string, string> = {
  body: 'The request body is',
  querystring: 'The query string is',
  headers: 'The request headers are',
}

/** One error shape for every failure: `{detail, errors?}`; a 500 never carries the cause. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers)
      const body: ErrorBody = { detail: error.detail, ...(error.errors && { errors: error.errors }) }
      return reply.code(error.statusCode).send(body)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path whose id is not an id names nothing, as in DRF: 404, not a validation error.
      if (error.validationContext === 'params')
        return reply.code(404).send({ detail: 'Not found.' } satisfies ErrorBody)
      const errors: Record<string, string[]> = {}
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors'
        const list = errors[key] ?? []
        list.push(issue.message ?? 'Invalid value.')
        errors[key] = list
      }
      const subject = subjects[error.validationContext ?? ''] ?? 'The request is'
      return reply.code(400).send({ detail: `${subject} not valid.`, errors } satisfies ErrorBody)
    }
    // Text PostgreSQL cannot hold (a NUL) that got past validation is the client's input, not our bug.
    if (sqlState(error) === UNSTORABLE_CHARACTER) {
      return reply
        .code(400)
        .send({ detail: 'The request holds a character that cannot be stored.' } satisfies ErrorBody)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60')
      const detail =
        messagesByCode[error.code] ??
        (status === 429 ? 'Too many requests. Please wait and try again.' : error.message)
      return reply.code(status).send({ detail } satisfies ErrorBody)
    }
    request.log.error({ err: error }, 'request failed')
    return reply
      .code(500)
      .send({ detail: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody)
  })
}
