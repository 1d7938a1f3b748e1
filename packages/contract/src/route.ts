import type { z } from 'zod'
import type { RouteSpec } from './common'

/**
 * Picks one route of a contract table by method and path, keeping its exact schema types, so that
 * the server registers it and the web app calls it with the same inferred params, query, body and answer.
 */
export function contractRoute<
  const Table extends readonly RouteSpec[],
  M extends Table[number]['method'],
  P extends Extract<Table[number], { method: M }>['path'],
>(table: Table, method: M, path: P): Extract<Table[number], { method: M; path: P }> {
  const found = table.find((spec) => spec.method === method && spec.path === path)
  if (!found) throw new Error(`No contract route ${method} ${path}`)
  return found as Extract<Table[number], { method: M; path: P }>
}

/** What a handler gives the serializer for this route: the schema's input, or nothing for an empty body or stream. */
export type RouteAnswerInput<S extends RouteSpec> = S['response'] extends z.ZodType
  ? z.input<S['response']>
  : // biome-ignore lint/suspicious/noConfusingVoidType: a handler of an empty-body route ends without a return statement
    void

/** What a client receives from this route: the schema's output, or nothing for an empty body or stream. */
export type RouteAnswer<S extends RouteSpec> = S['response'] extends z.ZodType
  ? z.output<S['response']>
  : undefined
