import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { imageUrls, storeProductImage } from './images'
import { DiskStorage } from './storage'

const root = mkdtempSync(path.join(tmpdir(), 'store-images-'))
const storage = new DiskStorage(root)
afterAll(() => rmSync(root, { recursive: true, force: true }))

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a5a3b' } })
    .jpeg()
    .toBuffer()

describe('storeProductImage', () => {
  it('renders each width once for a photo wider than the largest', async () => {
    const stored = await storeProductImage(storage, await photo(2400, 1800), { maxPixels: 40_000_000 })
    expect(stored.widths).toEqual([320, 640, 1024, 1600])
    expect(stored).toMatchObject({ width: 1600, height: 1200 })
    expect(imageUrls(storage, stored).srcset.split(', ')).toHaveLength(4)
    expect(readdirSync(path.join(root, 'products'))).toHaveLength(4)
  })

  it('never enlarges: a small photo keeps its own width as the largest', async () => {
    const stored = await storeProductImage(storage, await photo(500, 375), { maxPixels: 40_000_000 })
    expect(stored.widths).toEqual([320, 500])
  })
})
