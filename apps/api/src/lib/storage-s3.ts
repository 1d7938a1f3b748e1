import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3'
import type { S3Settings } from '../config'
import {
  assertStorageKey,
  type ByteRange,
  contentTypeOf,
  IMMUTABLE_CACHE,
  isStorageKey,
  MEDIA_PREFIX,
  type MediaStorage,
  StorageUnavailableError,
  type StoredFile,
} from './storage'
import { UNREACHABLE_CODES } from './unreachable'

/**
 * How long a bucket may take before a call gives up: a bucket that is gone must not hold an upload (or
 * a visitor's image) for minutes. Each attempt has `connectMs` to connect and `answerMs` until the
 * answer starts; a call makes at most `attempts` of them, so it ends within about 30 s.
 */
export interface S3Timeouts {
  connectMs: number
  answerMs: number
  attempts: number
}

export const S3_TIMEOUTS: S3Timeouts = { connectMs: 3_000, answerMs: 10_000, attempts: 3 }

/** Media in any S3-compatible bucket: AWS S3, Cloudflare R2, MinIO, Ceph RGW. */
export class S3Storage implements MediaStorage {
  readonly #client: S3Client
  readonly #bucket: string
  readonly #publicUrl: string | undefined

  constructor(settings: S3Settings, timeouts: S3Timeouts = S3_TIMEOUTS) {
    this.#bucket = settings.bucket
    this.#publicUrl = settings.publicUrl
    this.#client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: settings.credentials,
      forcePathStyle: settings.forcePathStyle,
      // The SDK's newer default checksums (CRC32 trailers) are refused by several S3-compatible
      // services; send and verify them only where an operation requires it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: timeouts.attempts,
      // Without throwOnRequestTimeout the SDK only logs a late answer and keeps waiting for ever.
      requestHandler: {
        connectionTimeout: timeouts.connectMs,
        requestTimeout: timeouts.answerMs,
        throwOnRequestTimeout: true,
      },
    })
  }

  /** A command's answer; a bucket that does not answer becomes `StorageUnavailableError`. */
  async #answer<Answer>(sent: Promise<Answer>): Promise<Answer> {
    try {
      return await sent
    } catch (error) {
      throw isUnavailable(error) ? new StorageUnavailableError(error) : error
    }
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    assertStorageKey(key)
    await this.#answer(
      this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Body: bytes,
          ContentType: contentTypeOf(key),
          // What a CDN or S3_PUBLIC_URL serves the file with, as our /media/ route does.
          CacheControl: IMMUTABLE_CACHE,
        }),
      ),
    )
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    assertStorageKey(key)
    try {
      const answer = await this.#answer(
        this.#client.send(
          new GetObjectCommand({
            Bucket: this.#bucket,
            Key: key,
            ...(range && { Range: `bytes=${range.start}-${range.end}` }),
          }),
        ),
      )
      if (!answer.Body) return null
      // A range's answer says the whole object's size after the slash of its Content-Range.
      const whole = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : Number.NaN
      const size = Number.isFinite(whole) ? whole : (answer.ContentLength ?? 0)
      return { body: answer.Body as Readable, size }
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key)
    await this.#answer(this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key })))
  }

  async *list(): AsyncIterable<string> {
    for await (const page of paginateListObjectsV2({ client: this.#client }, { Bucket: this.#bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key && isStorageKey(object.Key)) yield object.Key
      }
    }
  }

  async check(signal: AbortSignal): Promise<void> {
    await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }), { abortSignal: signal })
  }

  url(key: string): string {
    return `${this.#publicUrl ?? MEDIA_PREFIX}/${key}`
  }
}

function isUnavailable(error: unknown): boolean {
  const failure = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } }
  const status = failure.$metadata?.httpStatusCode
  if (status !== undefined) return status >= 500
  return failure.name === 'TimeoutError' || UNREACHABLE_CODES.has(failure.code ?? '')
}

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404
}
