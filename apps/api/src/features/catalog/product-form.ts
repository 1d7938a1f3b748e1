import { ProductFormBody, type ProductFormValues } from '@store/contract'
import type { FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import { removeStoredImage, type StoredImage, storeProductImage } from '../../lib/images'
import { parseFormFields, readMultipart } from '../../lib/multipart'
import type { MediaStorage } from '../../lib/storage'

export interface ProductForm {
  values: ProductFormValues
  /** Already stored: whoever fails to save them must remove them (`removeImages`) */
  images: StoredImage[]
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
  const images: StoredImage[] = []
  try {
    const fields = await readMultipart(request, limits, {
      what: 'the product',
      fileField: 'images',
      onFile: async (bytes) => {
        images.push(await storeProductImage(storage, bytes, { maxPixels: limits.maxPixels }))
      },
    })
    return { values: parseFormFields(ProductFormBody, fields, 'The product form is not valid.'), images }
  } catch (error) {
    await removeImages(storage, images)
    throw error
  }
}
