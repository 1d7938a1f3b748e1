import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/harness'
import { startTestBucket, type TestBucket } from '../../test/s3'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { openPglite } from '../db/client'
import { removeStoredImage, storeProductImage } from './images'
import { DiskStorage, type MediaStorage } from './storage'
import { S3Storage } from './storage-s3'

let bucket: TestBucket
const diskRoot = mkdtempSync(path.join(tmpdir(), 'store-disk-'))
beforeAll(async () => {
  bucket = await startTestBucket()
})
afterAll(async () => {
  await bucket?.close()
  rmSync(diskRoot, { recursive: true, force: true })
  rmSync('.test-media', { recursive: true, force: true })
})

const stores: [string, () => MediaStorage][] = [
  ['disk', () => new DiskStorage(diskRoot)],
  ['S3 (s3rver on 127.0.0.1)', () => new S3Storage(bucket.settings)],
]

const read = async (storage: MediaStorage, key: string) => {
  const file = await storage.get(key)
  return file ? buffer(file.body) : null
}

describe.each(stores)('media storage on %s', (_name, make) => {
  it('reads back what was put, byte for byte, and lists it', async () => {
    const storage = make()
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251))
    await storage.put('products/contract-test-640.webp', bytes)
    const file = await storage.get('products/contract-test-640.webp')
    expect(file?.size).toBe(bytes.length)
    expect(await read(storage, 'products/contract-test-640.webp')).toEqual(bytes)
    const keys: string[] = []
    for await (const key of storage.list()) keys.push(key)
    expect(keys).toContain('products/contract-test-640.webp')
  })

  it('reads one range of a file (a claim video’s range request), with the whole file’s size', async () => {
    const storage = make()
    const bytes = Buffer.from(Array.from({ length: 5_000 }, (_, i) => i % 253))
    await storage.put('claims/range-test', bytes)
    const part = await storage.get('claims/range-test', { start: 100, end: 1_099 })
    expect(part?.size).toBe(bytes.length)
    expect(part ? await buffer(part.body) : null).toEqual(bytes.subarray(100, 1_100))
    const last = await storage.get('claims/range-test', { start: 4_999, end: 4_999 })
    expect(last ? await buffer(last.body) : null).toEqual(bytes.subarray(4_999))
  })

  it('answers null for a missing file, and deletes (twice without complaint)', async () => {
    const storage = make()
    expect(await storage.get('products/never-stored-320.webp')).toBeNull()
    await storage.put('products/short-lived-320.webp', Buffer.from('x'))
    await storage.remove('products/short-lived-320.webp')
    await storage.remove('products/short-lived-320.webp')
    expect(await storage.get('products/short-lived-320.webp')).toBeNull()
  })

  it('stores every WebP width of an upload and removes them all', async () => {
    const storage = make()
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#8a5a3b' } })
      .jpeg()
      .toBuffer()
    const stored = await storeProductImage(storage, photo, { maxPixels: 40_000_000 })
    expect(stored.widths).toEqual([320, 640, 900])
    for (const width of stored.widths) {
      const webp = await read(storage, `${stored.storageKey}-${width}.webp`)
      expect((await sharp(webp ?? Buffer.alloc(0)).metadata()).format).toBe('webp')
    }
    await removeStoredImage(storage, stored)
    for (const width of stored.widths)
      expect(await storage.get(`${stored.storageKey}-${width}.webp`)).toBeNull()
  })

  it('refuses keys that could leave the store', async () => {
    const storage = make()
    await expect(storage.put('../outside.webp', Buffer.from('x'))).rejects.toThrow(/Bad storage key/)
    await expect(storage.get('products/../../etc/passwd')).rejects.toThrow(/Bad storage key/)
  })

  it('answers the readiness check', async () => {
    await expect(make().check(AbortSignal.timeout(2000))).resolves.toBeUndefined()
  })
})

describe('GET /media/… and GET /api/ready/ on S3 storage', () => {
  let context: TestContext
  let storage: S3Storage
  beforeAll(async () => {
    storage = new S3Storage(bucket.settings)
    context = await createTestApp({}, { storage })
  })
  afterAll(() => context?.close())

  it('streams a stored image from the bucket with a year of immutable caching', async () => {
    const bytes = Buffer.from('RIFF-not-really-a-webp')
    await storage.put('products/served-1024.webp', bytes)
    const response = await context.app.inject({ method: 'GET', url: '/media/products/served-1024.webp' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.rawPayload).toEqual(bytes)
  })

  it('answers 404 with a detail for a missing file or a bad key', async () => {
    for (const url of [
      '/media/products/missing-640.webp',
      '/media/.hidden',
      '/media/products/%2e%2e/x.webp',
    ]) {
      const response = await context.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.json().detail, url).toEqual(expect.any(String))
    }
  })

  it('is ready while the bucket answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/ready/' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ready' })
  })

  it('is not ready (503) when the bucket does not answer', async () => {
    const gone = new S3Storage({ ...bucket.settings, bucket: 'no-such-bucket' })
    const app = await context.secondApp({ storage: gone })
    const response = await app.inject({ method: 'GET', url: '/api/ready/' })
    expect(response.statusCode).toBe(503)
    expect(response.json().detail).toBe('Not ready: the media storage did not answer.')
  })
})

describe('S3_PUBLIC_URL', () => {
  it('makes image URLs point at it and lets the page load images from its origin', async () => {
    const database = await openPglite(null)
    const config = {
      ...loadConfig({
        ...bucket.env,
        S3_PUBLIC_URL: 'https://cdn.example.com/shop/',
        LOG_LEVEL: 'silent',
        DATA_DIR: diskRoot,
      }),
      jwtSecret: 'x'.repeat(32),
    }
    const app = await buildApp({ config, database })
    try {
      expect(app.storage.url('products/a-640.webp')).toBe('https://cdn.example.com/shop/products/a-640.webp')
      const response = await app.inject({ method: 'GET', url: '/api/health/' })
      expect(response.headers['content-security-policy']).toMatch(
        /img-src 'self' data: blob: https:\/\/cdn\.example\.com;/,
      )
    } finally {
      await app.close()
      await database.close()
    }
  })
})

describe('the default media storage', () => {
  // The default DATA_DIR is relative (./data): the app must still start and serve /media/.
  it('works from a relative DATA_DIR', async () => {
    const database = await openPglite(null)
    const config = {
      ...loadConfig({ DATA_DIR: path.join('.test-media', String(process.pid)), LOG_LEVEL: 'silent' }),
      jwtSecret: 'x'.repeat(32),
    }
    const app = await buildApp({ config, database })
    try {
      await app.storage.put('products/relative-320.webp', Buffer.from('webp'))
      const served = await app.inject({ method: 'GET', url: '/media/products/relative-320.webp' })
      expect(served.statusCode).toBe(200)
      expect((await app.inject({ method: 'GET', url: '/media/products/none.webp' })).statusCode).toBe(404)
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('is not ready (503) when its folder is gone', async () => {
    const context = await createTestApp()
    try {
      rmSync(context.mediaDir, { recursive: true, force: true })
      const response = await context.app.inject({ method: 'GET', url: '/api/ready/' })
      expect(response.statusCode).toBe(503)
      expect(response.json().detail).toBe('Not ready: the media storage did not answer.')
    } finally {
      await context.close()
    }
  })
})
