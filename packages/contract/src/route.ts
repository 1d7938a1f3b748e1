import type { z } from 'zod'
import type { RouteSpec } from './common'

/** What a handler gives the serializer for this route: the schema's input, or nothing for an empty body or stream. */
export type RouteAnswerInput<S extends RouteSpec> = S['response'] extends z.ZodType
  ? z.input<S['response']>
  : // biome-ignore lint/suspicious/noConfusingVoidType: a handler of an empty-body route ends without a return statement
    void

/** What a client receives from this route: the schema's output, or nothing for an empty body or stream. */
export type RouteAnswer<S extends RouteSpec> = S['response'] extends z.ZodType
  ? z.output<S['response']>
  : undefined
