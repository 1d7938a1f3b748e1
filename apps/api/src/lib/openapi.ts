import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger'
import * as contract from '@store/contract'
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bodyMayBeAbsent } from './request-body'

/**
 * The OpenAPI document's named schemas, so that a client generated from `/api/docs/json` has a type
 * by name for each: every object (or union of objects) the contract exports, under its export name,
 * and the error body as `Error`. Route parameters, queries and headers stay inline: the document
 * lists them as parameters, one by one.
 */
const namedSchemas = z.registry<{ id: string }>()
namedSchemas.add(contract.ErrorBody, { id: 'Error' })
const requestParts = new Set(contract.routes.flatMap((spec) => [spec.params, spec.query, spec.headers]))
for (const [name, schema] of Object.entries(contract)) {
  if (!(schema instanceof z.ZodObject || schema instanceof z.ZodUnion)) continue
  if (requestParts.has(schema) || namedSchemas.has(schema)) continue
  namedSchemas.add(schema, { id: name })
}

const SCHEMAS = '#/components/schemas/'
const routeTransform = createJsonSchemaTransform({ schemaRegistry: namedSchemas })
const errorAnswer = {
  description: 'Any failure: `detail` says what went wrong, `errors` lists it by field',
  content: { 'application/json': { schema: { $ref: `${SCHEMAS}Error` } } },
}

/** A route's part of the document: its schemas, and the error body for any other status. */
export const openApiRoute: SwaggerTransform = (route) => {
  const { schema, url } = routeTransform(route)
  if (!schema || schema.hide) return { schema, url }
  const response = schema.response as Record<string, unknown> | undefined
  return { schema: { ...schema, response: { ...response, default: errorAnswer } }, url }
}

const documentTransform = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas })

type Document = {
  paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>
  components: { schemas: Record<string, unknown> }
}

/**
 * The whole document: only the named schemas the routes reach, a request body's under its own name
 * (the library names the request side of `X` `XInput`, which matters only where `X` is an answer
 * too), and a body that may be left out marked so.
 */
export const openApiDocument: SwaggerTransformObject = (input) => {
  const document = documentTransform(input) as unknown as Document
  const { schemas } = document.components
  const reached = new Set<string>()
  const reach = (part: unknown) => {
    for (const name of referencedNames(part)) {
      if (reached.has(name)) continue
      reached.add(name)
      reach(schemas[name])
    }
  }
  reach(document.paths)
  const finalName = (name: string) => {
    const plain = name.replace(/Input$/, '')
    return reached.has(plain) ? name : plain
  }
  const renamed = <T>(part: T): T =>
    JSON.parse(JSON.stringify(part), (key, value) =>
      key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS)
        ? `${SCHEMAS}${finalName(value.slice(SCHEMAS.length))}`
        : value,
    )
  const paths = renamed(document.paths)
  for (const spec of contract.routes.filter(bodyMayBeAbsent)) {
    const operation = paths[spec.path.replace(/:(\w+)/g, '{$1}')]?.[spec.method.toLowerCase()]
    if (operation?.requestBody) operation.requestBody.required = false
  }
  const kept = [...reached].sort().map((name) => [finalName(name), renamed(schemas[name])])
  return {
    ...document,
    paths,
    components: { ...document.components, schemas: Object.fromEntries(kept) },
  } as unknown as ReturnType<SwaggerTransformObject>
}

/** The component names a part of the document refers to, at any depth. */
function referencedNames(part: unknown): string[] {
  if (Array.isArray(part)) return part.flatMap(referencedNames)
  if (part === null || typeof part !== 'object') return []
  return Object.entries(part).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS)
      ? [value.slice(SCHEMAS.length)]
      : referencedNames(value),
  )
}
