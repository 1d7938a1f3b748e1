import { HttpError, httpError } from '../../lib/errors'
import { receiptImage } from '../../lib/images'
import type { ReceiptFile } from './ledger'

// A PDF starts with its header within the first bytes (ISO 32000-1, 7.5.2); '%PDF-' itself is enough.
const PDF_HEADER = Buffer.from('%PDF-')

/**
 * A receipt as the customer sent it, judged by its content, not its name or type: a PDF (a bank app's
 * statement) is kept as it came, with its end checked; anything else must be an image, re-encoded.
 */
export async function receiptFile(bytes: Buffer, limits: { maxPixels: number }): Promise<ReceiptFile> {
  if (bytes.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) {
    if (!bytes.subarray(-1024).includes('%%EOF'))
      throw httpError(400, 'The PDF is incomplete; send it again.')
    return { contentType: 'application/pdf', bytes }
  }
  try {
    return await receiptImage(bytes, limits)
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 415) {
      throw httpError(415, 'Send the receipt as a photo (JPEG, PNG, WebP, GIF or AVIF) or a PDF.')
    }
    throw error
  }
}
