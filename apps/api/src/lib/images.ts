import { randomUUID } from 'node:crypto'
import { IMAGE_LIMITS } from '@store/contract'
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type Metadata } from 'sharp'
import { httpError } from './errors'
import type { MediaStorage } from './storage'

/** Widths rendered for `srcset`; never wider than the upload itself. */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600]
const MAX_WIDTH = 1600

export interface StoredImage {
  storageKey: string
  width: number
  height: number
  widths: number[]
}

const accepted = new Set<string>(IMAGE_LIMITS.acceptedTypes)

/**
 * Checks an upload by its bytes (never its name or declared type): an accepted image type that decodes,
 * within the pixel limit. Answers it ready to re-encode, turned upright.
 */
async function openImage(bytes: Buffer, limits: { maxPixels: number }) {
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !accepted.has(type.mime)) {
    throw httpError(415, 'Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.')
  }
  let metadata: Metadata
  try {
    // The header only: nothing is decoded yet, so a decompression bomb costs nothing here.
    metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata()
  } catch {
    throw httpError(400, 'The image could not be read.')
  }
  const width = metadata.autoOrient?.width ?? metadata.width
  const height = metadata.autoOrient?.height ?? metadata.height
  if (!width || !height) throw httpError(400, 'The image could not be read.')
  // docs/api.md "Limits": past the pixel limit is 413, as past the size limit.
  if (width * height > limits.maxPixels) throw httpError(413, 'The image has too many pixels.')
  // limitInputPixels guards the decode itself too.
  const source = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' }).rotate()
  return { source, width, height }
}

/**
 * Checks a product image upload, then re-encodes it to WebP in a few widths. Re-encoding drops EXIF and
 * every other piece of metadata, and anything hidden in the file.
 */
export async function storeProductImage(
  storage: MediaStorage,
  bytes: Buffer,
  limits: { maxPixels: number },
): Promise<StoredImage> {
  const { source, width, height } = await openImage(bytes, limits)
  const largest = Math.min(width, MAX_WIDTH)
  const widths = [...IMAGE_WIDTHS.filter((w) => w < largest), largest]
  const storageKey = `products/${randomUUID()}`
  try {
    await Promise.all(
      widths.map(async (w) => {
        const webp = await source
          .clone()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer()
          .catch(() => {
            throw httpError(400, 'The image could not be read.')
          })
        await storage.put(`${storageKey}-${w}.webp`, webp)
      }),
    )
  } catch (error) {
    // The failure goes out as it is: a store that is down is not a bad image.
    await removeStoredImage(storage, { storageKey, widths })
    throw error
  }
  return { storageKey, width: largest, height: Math.round((height * largest) / width), widths }
}

export async function removeStoredImage(
  storage: MediaStorage,
  image: { storageKey: string; widths: number[] },
): Promise<void> {
  await Promise.all(image.widths.map((w) => storage.remove(`${image.storageKey}-${w}.webp`)))
}

/** The wire shape of an image: the largest file as `image_url`, every width in `srcset`. */
export function imageUrls(storage: MediaStorage, image: { storageKey: string; widths: number[] }) {
  const largest = image.widths[image.widths.length - 1]
  return {
    image_url: storage.url(`${image.storageKey}-${largest}.webp`),
    srcset: image.widths.map((w) => `${storage.url(`${image.storageKey}-${w}.webp`)} ${w}w`).join(', '),
  }
}

/** A receipt keeps its small print readable at this width. */
const RECEIPT_WIDTH = 2000

/**
 * Checks a bank receipt photo as product images are checked, and re-encodes it to one WebP: a phone's
 * photo carries its location and more in its metadata, which the shop has no use for.
 */
export async function receiptImage(
  bytes: Buffer,
  limits: { maxPixels: number },
): Promise<{ contentType: string; bytes: Buffer }> {
  const { source } = await openImage(bytes, limits)
  try {
    const webp = await source
      .resize({ width: RECEIPT_WIDTH, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer()
    return { contentType: 'image/webp', bytes: webp }
  } catch {
    throw httpError(400, 'The image could not be read.')
  }
}

/** A logo is printed at most about 6 cm wide; this keeps it sharp on paper. */
const LOGO_WIDTH = 600

/**
 * Checks the store's logo as product images are checked, and re-encodes it to one PNG (what a PDF
 * embeds), transparency kept, metadata dropped. Answers its storage key.
 */
export async function storeLogoImage(
  storage: MediaStorage,
  bytes: Buffer,
  limits: { maxPixels: number },
): Promise<string> {
  const { source } = await openImage(bytes, limits)
  const png = await source
    .resize({ width: LOGO_WIDTH, withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(() => {
      throw httpError(400, 'The image could not be read.')
    })
  const key = `store/logo-${randomUUID()}.png`
  await storage.put(key, png)
  return key
}
