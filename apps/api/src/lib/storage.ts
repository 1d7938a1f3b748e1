import { constants, createReadStream, mkdirSync } from 'node:fs'
import { access, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

export interface StoredFile {
  body: Readable
  size: number
}

/** Bytes `start` to `end` of a file, both included (an HTTP range) */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Where image files live: a directory on disk (the default) or an S3-compatible bucket. Every upload,
 * variant, delete and read goes through this, so the rest of the app never knows which one it is.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer): Promise<void>
  /** null when there is no such file; with a range, only those bytes (the size stays the whole file's) */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>
  remove(key: string): Promise<void>
  /** Every key held, for backups and the copy into a bucket */
  list(): AsyncIterable<string>
  /** Resolves when the store answers (the readiness check); rejects otherwise */
  check(signal: AbortSignal): Promise<void>
  /** What a browser loads the file from */
  url(key: string): string
}

/**
 * The store did not answer (refused, timed out, or failed on its side): the request may succeed once it
 * is back, so it answers 503 (lib/error-handler.ts), not a bug's 500.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The media storage did not answer.', { cause })
  }
}

/** Served under this path by our own route (lib/media-route.ts), whichever store holds the files. */
export const MEDIA_PREFIX = '/media'

/** Stored names are generated once and never reused, so a file never changes: cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'

// Keys are ours (`products/<uuid>-640.webp`); anything else, such as `..` or a leading dot, is refused
// before it reaches a file system or a bucket.
const keyPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && keyPattern.test(key) && !key.includes('..')
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Bad storage key ${key}`)
}

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
}

export function contentTypeOf(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream'
}

export class DiskStorage implements MediaStorage {
  readonly root: string

  constructor(root: string) {
    // Absolute, so it does not depend on the working directory.
    this.root = path.resolve(root)
    mkdirSync(this.root, { recursive: true })
  }

  private pathOf(key: string): string {
    assertStorageKey(key)
    const resolved = path.resolve(this.root, key)
    // A storage must never reach outside its root, whatever the key.
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Bad storage key ${key}`)
    return resolved
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, bytes)
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const file = this.pathOf(key)
    try {
      const info = await stat(file)
      if (!info.isFile()) return null
      return { body: createReadStream(file, range), size: info.size }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }

  async *list(): AsyncIterable<string> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true })
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
      if (isStorageKey(key)) yield key
    }
  }

  async check(): Promise<void> {
    await access(this.root, constants.R_OK | constants.W_OK)
  }

  url(key: string): string {
    return `${MEDIA_PREFIX}/${key}`
  }
}
