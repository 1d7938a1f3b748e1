import { hasControlCharacter } from '@store/contract'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Config } from '../config'
import { HttpError, httpError } from './errors'

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'non_field_errors'
    errors[key] = [...(errors[key] ?? []), issue.message]
  }
  return errors
}

/** A form's text fields checked by their contract schema: 400 `detail` with errors by field. */
export function parseFormFields<S extends z.ZodType>(
  schema: S,
  fields: unknown,
  detail: string,
): z.output<S> {
  const parsed = schema.safeParse(fields)
  if (!parsed.success) throw httpError(400, detail, fieldErrors(parsed.error))
  return parsed.data
}

/** @fastify/multipart's limit errors and busboy's parse errors, in the API's words and statuses. */
function uploadError(error: unknown, limits: Config['media']): unknown {
  if (error instanceof HttpError) return error
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return httpError(413, `Each image must be at most ${megabytes(limits.maxFileBytes)}.`)
    case 'FST_FILES_LIMIT':
      return httpError(413, `At most ${limits.maxFiles} images can be uploaded at once.`)
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return httpError(413, 'Too many fields or files in the form.')
  }
  const status = (error as { statusCode?: number }).statusCode
  if (status && status >= 400 && status < 500) return error
  // Anything else thrown while reading the parts is busboy refusing a malformed body.
  return httpError(400, 'The form data could not be read.')
}

export interface MultipartForm {
  /** What the 415 asks for: `Send ${what} as multipart/form-data.` */
  what: 'the product' | 'the receipt' | 'the delivery' | 'the logo'
  /** The one field files may come in */
  fileField: string
  /** Called for each non-empty file, in order, as it arrives (so one upload at a time is in memory) */
  onFile(bytes: Buffer): Promise<void>
}

/**
 * Reads a multipart form: its text fields (a repeated one becomes a list, which a schema then refuses)
 * are answered, its files handed to `onFile`. Limits and malformed bodies come out as 4xx in the API's
 * words; the caller undoes what `onFile` did when this throws.
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: Config['media'],
  form: MultipartForm,
): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw httpError(415, `Send ${form.what} as multipart/form-data.`)
  const fields: Record<string, unknown> = {}
  let inFileHandler = false
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw httpError(413, `The field ${part.fieldname} is too long.`)
        const previous = fields[part.fieldname]
        fields[part.fieldname] = previous === undefined ? part.value : [previous, part.value].flat()
        continue
      }
      const bytes = await part.toBuffer()
      if (part.fieldname !== form.fileField) {
        throw httpError(400, 'The form is not valid.', {
          [part.fieldname]: [`Files go in "${form.fileField}".`],
        })
      }
      // The name is never stored, but docs/api.md refuses a control character in any text, file names too.
      if (hasControlCharacter(part.filename)) {
        throw httpError(400, 'The form is not valid.', {
          [form.fileField]: ['A file name cannot hold control characters.'],
        })
      }
      // A browser sends an empty part for a file input left empty.
      if (bytes.length > 0) {
        inFileHandler = true
        await form.onFile(bytes)
        inFileHandler = false
      }
    }
    return fields
  } catch (error) {
    // What `onFile` threw is the caller's own answer (a bad image, a store that is down), not the body's.
    throw inFileHandler ? error : uploadError(error, limits)
  }
}
