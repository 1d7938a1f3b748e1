import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DiskStorage } from '../src/lib/storage'
import { S3Storage } from '../src/lib/storage-s3'
import { startTestBucket, type TestBucket } from '../test/s3'

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-to-s3-'))
let bucket: TestBucket
beforeAll(async () => {
  bucket = await startTestBucket()
})
afterAll(async () => {
  await bucket?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const copy = () =>
  promisify(execFile)(process.execPath, ['dist/media-to-s3.js'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir, ...bucket.env },
  })

describe('npm run media:to-s3', () => {
  it('copies every file under DATA_DIR/media into the bucket, and only the new ones when run again', async () => {
    const disk = new DiskStorage(path.join(dataDir, 'media'))
    await disk.put('products/one-320.webp', Buffer.from('first image'))
    await disk.put('products/one-640.webp', Buffer.from('first image, wider'))
    expect((await copy()).stdout).toContain('Copied 2 file(s)')

    await disk.put('products/two-320.webp', Buffer.from('second image'))
    expect((await copy()).stdout).toContain('Copied 1 file(s)')

    const s3 = new S3Storage(bucket.settings)
    for (const key of ['products/one-320.webp', 'products/one-640.webp', 'products/two-320.webp']) {
      const file = await s3.get(key)
      const original = await disk.get(key)
      expect(file && (await buffer(file.body))).toEqual(original && (await buffer(original.body)))
    }
  })
})
