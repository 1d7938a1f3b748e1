import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { CLAIM_MAX_IMAGES, CLAIM_MAX_VIDEOS, hasControlCharacter, paths } from '@store/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, httpError } from '../../lib/errors'
import { receiptImage } from '../../lib/images'
import type { MediaStorage } from '../../lib/storage'

/** A limit as people read it: 50 MB, or 4 KB for the small ones tests use. */
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.floor(bytes / 1024)} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

/** What a claim's upload may hold. */
export interface EvidenceLimits {
  /** Each photo, as the media settings allow any image */
  imageBytes: number
  maxPixels: number
  /** CLAIM_VIDEO_MAX_BYTES */
  videoBytes: number
}

/** One checked file, stored privately under an unguessable key. */
export interface StoredEvidence {
  kind: 'image' | 'video'
  contentType: string
  key: string
  size: number
}

// ISO BMFF brands (ISO/IEC 14496-12 and 14496-14, 3GPP) a phone's or a camera's MP4 carries.
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
  '3gp4',
  '3gp5',
  '3g2a',
])
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3])

/**
 * A video's type from its first bytes, never its name: an ISO BMFF `ftyp` box whose brands are
 * QuickTime's (`qt  `) or MP4's, or an EBML header whose DocType is WebM. null: not a video we take.
 */
export function videoTypeOf(head: Buffer): string | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(head.readUInt32BE(0), head.length)
    const brands: string[] = [head.toString('latin1', 8, 12)]
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(head.toString('latin1', at, at + 4))
    if (brands[0] === 'qt  ') return 'video/quicktime'
    if (brands.some((brand) => MP4_BRANDS.has(brand))) return 'video/mp4'
    if (brands.includes('qt  ')) return 'video/quicktime'
    return null
  }
  if (head.subarray(0, 4).equals(EBML) && head.subarray(0, 64).includes('webm')) return 'video/webm'
  return null
}

const looksLikeVideo = (head: Buffer, name: string) =>
  (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') ||
  head.subarray(0, 4).equals(EBML) ||
  /\.(mp4|m4v|mov|webm|mkv|avi|3gp)$/i.test(name)

/**
 * Reads the claim form: its text fields, and its `evidence` files one at a time, each checked by its
 * content as it arrives, refused as soon as it passes its limit, and stored before the next is read
 * (so a request holds one file in memory, never more than the video limit). Photos are re-encoded as
 * receipts are (their metadata, such as where they were taken, dropped); a video is kept as sent.
 * Whatever was stored is removed again when the form is refused.
 */
export async function readClaimForm(
  request: FastifyRequest,
  { limits, storage }: { limits: EvidenceLimits; storage: MediaStorage },
): Promise<{ fields: Record<string, unknown>; files: StoredEvidence[] }> {
  if (!request.isMultipart()) throw httpError(415, 'Send the claim as multipart/form-data.')
  const fields: Record<string, unknown> = {}
  const files: StoredEvidence[] = []
  const store = async (file: { kind: 'image' | 'video'; contentType: string; bytes: Buffer }) => {
    const key = `claims/${randomUUID()}`
    await storage.put(key, file.bytes)
    files.push({ kind: file.kind, contentType: file.contentType, key, size: file.bytes.length })
  }
  const refuse = (message: string) => httpError(400, 'The form is not valid.', { evidence: [message] })
  const parts = request.parts({
    limits: {
      // Ours are checked below, by kind; this only stops a body far past any of them.
      fileSize: Math.max(limits.imageBytes, limits.videoBytes) + 1,
      files: CLAIM_MAX_IMAGES + CLAIM_MAX_VIDEOS + 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 30,
    },
  })
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw httpError(413, `The field ${part.fieldname} is too long.`)
        const previous = fields[part.fieldname]
        fields[part.fieldname] = previous === undefined ? part.value : [previous, part.value].flat()
        continue
      }
      if (part.fieldname !== 'evidence') {
        throw httpError(400, 'The form is not valid.', { [part.fieldname]: ['Files go in "evidence".'] })
      }
      if (hasControlCharacter(part.filename)) throw refuse('A file name cannot hold control characters.')
      const name = part.filename
      const chunks: Buffer[] = []
      let size = 0
      let video: boolean | null = null
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        chunks.push(chunk)
        size += chunk.length
        if (video === null && (size >= 64 || part.file.readableEnded)) {
          video = looksLikeVideo(Buffer.concat(chunks), name)
        }
        const limit = video ? limits.videoBytes : limits.imageBytes
        if (video !== null && size > limit) {
          throw httpError(
            413,
            video
              ? `"${name}" is larger than ${sizeOf(limit)}; a video can be at most ${sizeOf(limit)}.`
              : `"${name}" is larger than ${sizeOf(limit)}; a photo can be at most ${sizeOf(limit)}.`,
          )
        }
      }
      // A browser sends an empty part for a file input left empty.
      if (size === 0) continue
      const bytes = Buffer.concat(chunks)
      if (video ?? looksLikeVideo(bytes, name)) {
        const contentType = videoTypeOf(bytes.subarray(0, 256))
        if (!contentType) throw refuse(`"${name}" is not an MP4, WebM or MOV video.`)
        if (size > limits.videoBytes) {
          throw httpError(
            413,
            `"${name}" is larger than ${sizeOf(limits.videoBytes)}; a video can be at most ${sizeOf(limits.videoBytes)}.`,
          )
        }
        if (files.filter((file) => file.kind === 'video').length >= CLAIM_MAX_VIDEOS) {
          throw refuse(`Send one video only; "${name}" is a second one.`)
        }
        await store({ kind: 'video', contentType, bytes })
        continue
      }
      if (files.filter((file) => file.kind === 'image').length >= CLAIM_MAX_IMAGES) {
        throw refuse(`Send at most ${CLAIM_MAX_IMAGES} photos; "${name}" is one too many.`)
      }
      let photo: { contentType: string; bytes: Buffer }
      try {
        photo = await receiptImage(bytes, limits)
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 415) {
          throw refuse(
            `"${name}" is neither a photo (JPEG, PNG, WebP, GIF or AVIF) nor a video (MP4, WebM or MOV).`,
          )
        }
        if (error instanceof HttpError && error.statusCode === 413) {
          throw httpError(413, `"${name}" has too many pixels.`)
        }
        if (error instanceof HttpError) throw refuse(`"${name}" could not be read as a photo.`)
        throw error
      }
      await store({ kind: 'image', ...photo })
    }
  } catch (error) {
    await removeEvidence(storage, files)
    if (error instanceof HttpError) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw httpError(413, `A video can be at most ${sizeOf(limits.videoBytes)}.`)
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw httpError(413, 'Too many fields or files in the form.')
    const status = (error as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500) throw error
    throw httpError(400, 'The form data could not be read.')
  }
  return { fields, files }
}

/** Removes a refused claim's files; one that will not go is left (its key is unguessable and unlisted). */
export const removeEvidence = (storage: MediaStorage, files: StoredEvidence[]) =>
  Promise.all(files.map((file) => storage.remove(file.key).catch(() => undefined)))

/** How long an evidence address works: long enough to watch a video, short enough not to be shared on. */
export const EVIDENCE_TOKEN_SECONDS = 60 * 60

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`claim-evidence:${payload}`).digest('base64url')

/** An evidence address for one reader: `<expires>.<reader id>.<HMAC>` over the file and both. */
export function evidenceUrl(
  secret: string,
  evidence: { claimId: number; evidenceId: number },
  readerId: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + EVIDENCE_TOKEN_SECONDS
  const payload = `${evidence.claimId}.${evidence.evidenceId}.${readerId}.${expires}`
  const token = `${expires}.${readerId}.${signatureOf(secret, payload)}`
  const path = paths.claims.getEvidence.path
    .replace(':id', String(evidence.claimId))
    .replace(':evidenceId', String(evidence.evidenceId))
  return `${path}?token=${token}`
}

/** The reader a token was signed for, when it is good for this file now; null otherwise. */
export function evidenceReader(
  secret: string,
  evidence: { claimId: number; evidenceId: number },
  token: string,
): number | null {
  const [expires, reader, signature] = token.split('.')
  if (!expires || !reader || !signature || !/^\d+$/.test(expires) || !/^\d+$/.test(reader)) return null
  if (Number(expires) < Date.now() / 1000) return null
  const expected = Buffer.from(
    signatureOf(secret, `${evidence.claimId}.${evidence.evidenceId}.${reader}.${expires}`),
  )
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return Number(reader)
}

/** A `Range: bytes=…` header's one range within `size`; null for none, 'unsatisfiable' for a bad one. */
export function byteRange(header: string | undefined, size: number) {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable' as const
  let start: number
  let end: number
  if (match[1] === '') {
    // The last N bytes.
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start >= size || start > end) return 'unsatisfiable' as const
  return { start, end }
}

/**
 * Sends a stored file, whole or the one range asked for (206 with Content-Range; 416 past its end),
 * private to its reader; false when the stored file is gone and nothing was sent.
 */
export async function sendEvidence(
  reply: FastifyReply,
  storage: MediaStorage,
  file: { key: string; contentType: string; size: number },
  rangeHeader: string | undefined,
) {
  const range = byteRange(rangeHeader, file.size)
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
  if (range === 'unsatisfiable') {
    reply.code(416).header('content-range', `bytes */${file.size}`).send()
    return true
  }
  const stored = await storage.get(file.key, range ?? undefined)
  if (!stored) return false
  reply.header('content-type', file.contentType)
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(stored.body)
  } else {
    reply.code(200).header('content-length', file.size).send(stored.body)
  }
  return true
}
