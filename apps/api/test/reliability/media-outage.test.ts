import { createServer as createHttpServer } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'
import { paths } from '@store/contract'
import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, productImages, products } from '../../src/db/schema'
import { StorageUnavailableError } from '../../src/lib/storage'
import { S3Storage } from '../../src/lib/storage-s3'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../harness'
import { callRoute } from '../route-call'
import { startTestBucket, type TestBucket } from '../s3'

/**
 * Issue 34: the image bucket goes down while staff upload product images. The upload answers 503 with
 * Retry-After and a sentence, nothing of the product is saved or changed, and the same upload goes
 * through once the bucket is back on the same port with the same files.
 */
let bucket: TestBucket
let context: TestContext
let staff: TestUser

const OUTAGE_SENTENCE = 'Image storage is briefly unavailable. Please try again in a moment.'

const fields = {
  name: 'Sheesham Bench',
  description: 'Seats three. Oiled sheesham.',
  category: 'Benches',
  price: '42000',
  stock: '4',
  is_featured: 'false',
  is_on_sale: 'false',
}

const photo = (width: number) =>
  sharp({ create: { width, height: 300, channels: 3, background: { r: 150, g: 90, b: 40 } } })
    .png()
    .toBuffer()

const countRows = async () => {
  const { db } = context.database
  const [productRows] = await db.select({ n: count() }).from(products)
  const [imageRows] = await db.select({ n: count() }).from(productImages)
  return { products: productRows?.n, images: imageRows?.n }
}

/** Every file of every image the product lists loads from /media/ (none points at a missing object). */
const expectImagesServed = async (images: { image_url: string; srcset: string }[]) => {
  for (const image of images) {
    const urls = image.srcset.split(', ').map((entry) => entry.split(' ')[0] ?? '')
    for (const url of [image.image_url, ...urls]) {
      const file = await context.app.inject({ method: 'GET', url })
      expect(file.statusCode, url).toBe(200)
    }
  }
}

beforeAll(async () => {
  bucket = await startTestBucket()
  context = await createTestApp({}, { storage: new S3Storage(bucket.settings) })
  staff = await createTestUser(context, { staff: true })
  await context.database.db.insert(categories).values({ name: 'Benches' })
})

afterAll(async () => {
  await context?.close()
  await bucket?.close()
})

describe('POST /api/products/ while the image bucket is down', () => {
  it('answers 503 with Retry-After, saves nothing, and takes the same upload once the bucket is back', async () => {
    const before = await countRows()
    const files = [{ name: 'bench.png', type: 'image/png', bytes: await photo(700) }]
    await bucket.stop()
    try {
      const refused = await callRoute(context.app, paths.catalog.createProduct, {
        body: fields,
        files,
        user: staff,
      })
      expect(refused.status).toBe(503)
      expect(refused.headers['retry-after']).toBe('30')
      expect(refused.body).toEqual({ detail: OUTAGE_SENTENCE })
      expect(await countRows()).toEqual(before)
    } finally {
      await bucket.restart()
    }
    const created = await callRoute(context.app, paths.catalog.createProduct, {
      body: fields,
      files,
      user: staff,
    })
    expect(created.status).toBe(201)
    expect(created.body.images).toHaveLength(1)
    await expectImagesServed(created.body.images)
  })
})

describe('PUT /api/products/:id/ while the image bucket is down', () => {
  it('answers 503 in Urdu too, leaves the product and its images as they were, and saves once it is back', async () => {
    const created = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...fields, name: 'Jharokha Mirror' },
      files: [{ name: 'mirror.png', type: 'image/png', bytes: await photo(500) }],
      user: staff,
    })
    expect(created.status).toBe(201)
    const { id } = created.body
    const update = {
      params: { id },
      body: { ...fields, name: 'Jharokha Mirror, carved', price: '18000' },
      files: [{ name: 'mirror-side.png', type: 'image/png', bytes: await photo(600) }],
      user: staff,
    }
    const before = await countRows()

    await bucket.stop()
    try {
      const refused = await callRoute(context.app, paths.catalog.updateProduct, {
        ...update,
        query: { lang: 'ur' },
      })
      expect(refused.status).toBe(503)
      expect(refused.headers['retry-after']).toBe('30')
      expect(refused.body.detail).toBe(
        'تصاویر کا ذخیرہ اس وقت دستیاب نہیں۔ براہِ کرم ذرا دیر بعد دوبارہ کوشش کریں۔',
      )
      // Its stored images cannot be served meanwhile either: the same 503, not a bug's 500.
      const image = await context.app.inject({ method: 'GET', url: created.body.images[0]?.image_url ?? '' })
      expect(image.statusCode).toBe(503)
      expect(image.json()).toEqual({ detail: OUTAGE_SENTENCE })
    } finally {
      await bucket.restart()
    }

    expect(await countRows()).toEqual(before)
    const unchanged = await callRoute(context.app, paths.catalog.getProduct, { params: { id } })
    expect(unchanged.body).toMatchObject({ name: 'Jharokha Mirror', price: '42000.00' })
    expect(unchanged.body.images).toEqual(created.body.images)
    const [row] = await context.database.db.select().from(products).where(eq(products.id, id))
    expect(row?.name).toBe('Jharokha Mirror')

    const updated = await callRoute(context.app, paths.catalog.updateProduct, update)
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ name: 'Jharokha Mirror, carved', price: '18000.00' })
    expect(updated.body.images).toHaveLength(2)
    await expectImagesServed(updated.body.images)
  })
})

describe('a bucket that fails writes on its side', () => {
  // As an S3 service in trouble answers: 500 InternalError to a write, while deletes still go through.
  const failing = createHttpServer((request, response) => {
    request.resume()
    if (request.method === 'DELETE') return response.writeHead(204).end()
    response
      .writeHead(500, { 'content-type': 'application/xml' })
      .end('<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>')
  })
  afterAll(() => new Promise((resolve) => failing.close(resolve)))

  it('answers the upload 503, not a bad image', async () => {
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
    const address = failing.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const storage = new S3Storage(
      { ...bucket.settings, endpoint: `http://127.0.0.1:${address.port}` },
      { connectMs: 300, answerMs: 400, attempts: 1 },
    )
    const app = await context.secondApp({ storage })
    const before = await countRows()
    const refused = await callRoute(app, paths.catalog.createProduct, {
      body: { ...fields, name: 'Charpai' },
      files: [{ name: 'charpai.png', type: 'image/png', bytes: await photo(400) }],
      user: staff,
    })
    expect(refused.status).toBe(503)
    expect(refused.body).toEqual({ detail: OUTAGE_SENTENCE })
    expect(await countRows()).toEqual(before)
  })
})

describe('a bucket that accepts connections and never answers', () => {
  let silent: Server
  const sockets: Socket[] = []
  let endpoint: string
  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const address = silent.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    endpoint = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent?.close(resolve))
  })

  it('gives up within its attempts and time limits, as unavailable', async () => {
    const storage = new S3Storage(
      { ...bucket.settings, endpoint },
      { connectMs: 300, answerMs: 400, attempts: 2 },
    )
    const started = Date.now()
    const failure = await storage.put('products/hung-320.webp', Buffer.from('x')).catch((error) => error)
    expect(failure).toBeInstanceOf(StorageUnavailableError)
    // Two attempts of 400 ms and the SDK's short back-off between them.
    expect(Date.now() - started).toBeLessThan(3_000)
  })
})
