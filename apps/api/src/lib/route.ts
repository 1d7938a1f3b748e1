import type { RouteAnswerInput, RouteSpec } from '@store/contract'
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { takeClientHabits } from './request-body'

type Out<T> = T extends z.ZodType ? z.output<T> : unknown

export type RouteRequest<S extends RouteSpec> = FastifyRequest<{
  Params: Out<S['params']>
  Querystring: Out<S['query']>
  Headers: Out<S['headers']>
  // A route that also takes a multipart form reads it itself: its JSON body is then null.
  Body: S['multipart'] extends true
    ? unknown
    : S['form'] extends z.ZodType
      ? Out<S['body']> | null | undefined
      : Out<S['body']>
}>

/**
 * Registers a route exactly as the contract describes it: path, schemas (hence validation and
 * OpenAPI), who may call it, and the success status. The handler returns the body, which must
 * type-check against the route's answer schema, or nothing for 204 and streams. A body left out or
 * sent back with read-only fields is taken as `request-body.ts` says.
 */
export function implement<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  handler: (request: RouteRequest<S>, reply: FastifyReply) => Promise<RouteAnswerInput<S>>,
  config?: FastifyContextConfig,
): void {
  const preValidation = takeClientHabits(spec)
  app.route({
    ...(config && { config }),
    ...(preValidation && { preValidation }),
    method: spec.method,
    url: spec.path,
    schema: {
      summary: spec.summary,
      tags: [spec.path.split('/')[2] ?? 'api'],
      ...(spec.params && { params: spec.params }),
      ...(spec.query && { querystring: spec.query }),
      ...(spec.headers && { headers: spec.headers }),
      ...(spec.body && !spec.multipart && { body: spec.form ? spec.body.nullish() : spec.body }),
      ...(spec.response && { response: { [spec.status]: spec.response } }),
      ...(spec.access !== 'anyone' && { security: [{ bearerAuth: [] }] }),
    },
    onRequest:
      typeof spec.access === 'object'
        ? app.requirePermission(spec.access.staff, { beforeSecondFactor: spec.beforeSecondFactor === true })
        : spec.access === 'user'
          ? app.requireUser
          : undefined,
    handler: async (request, reply) => {
      const body = await handler(request as RouteRequest<S>, reply)
      if (reply.sent) return reply
      reply.code(spec.status)
      return body === undefined ? reply.send() : body
    },
  })
}
