import { hasControlCharacter, ProductFormBody, type ProductFormValues } from '@store/contract'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Config } from '../../config'
import { HttpError, httpError } from '../../lib/errors'
import { removeStoredImage, type StoredImage, storeProductImage } from '../../lib/images'
import type { MediaStorage } from '../../lib/storage'

export interface ProductForm {
  values: ProductFormValues
  /** Already stored: whoever fails to save them must remove them (`removeImages`) */
  images: StoredImage[]
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'non_field_errors'
    errors[key] = [...(errors[key] ?? []), issue.message]
  }
  return errors
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

/** What locates an image's files in storage. */
export type ImageFiles = Pick<StoredImage, 'storageKey' | 'widths'>

export async function removeImages(storage: MediaStorage, images: readonly ImageFiles[]): Promise<void> {
  await Promise.all(images.map((image) => removeStoredImage(storage, image)))
}

/**
 * Reads the multipart product form: text fields validated by the contract's `ProductFormBody`, each
 * `images` file checked and stored as it arrives (so at most one upload is held in memory). On any
 * failure the images stored so far are removed before the error goes out.
 */
export async function readProductForm(
  request: FastifyRequest,
  storage: MediaStorage,
  limits: Config['media'],
): Promise<ProductForm> {
  if (!request.isMultipart()) throw httpError(415, 'Send the product as multipart/form-data.')
  const fields: Record<string, unknown> = {}
  const images: StoredImage[] = []
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw httpError(413, `The field ${part.fieldname} is too long.`)
        const previous = fields[part.fieldname]
        // A repeated text field becomes a list, which the schema then refuses.
        fields[part.fieldname] = previous === undefined ? part.value : [previous, part.value].flat()
        continue
      }
      const bytes = await part.toBuffer()
      if (part.fieldname !== 'images') {
        throw httpError(400, 'The form is not valid.', { [part.fieldname]: ['Files go in "images".'] })
      }
      // The name is never stored, but API.md refuses a control character in any text, file names too.
      if (hasControlCharacter(part.filename)) {
        throw httpError(400, 'The form is not valid.', {
          images: ['A file name cannot hold control characters.'],
        })
      }
      // A browser sends an empty part for a file input left empty.
      if (bytes.length === 0) continue
      images.push(await storeProductImage(storage, bytes, { maxPixels: limits.maxPixels }))
    }
    const parsed = ProductFormBody.safeParse(fields)
    if (!parsed.success) throw httpError(400, 'The product form is not valid.', fieldErrors(parsed.error))
    return { values: parsed.data, images }
  } catch (error) {
    await removeImages(storage, images)
    throw uploadError(error, limits)
  }
}
