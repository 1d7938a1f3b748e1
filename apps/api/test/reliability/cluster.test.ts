import { existsSync, readdirSync } from 'node:fs'
import http2 from 'node:http2'
import https from 'node:https'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeOnPostgres } from '../database-kind'
import { CHECKOUT } from '../fixtures'
import { multipartBody } from '../multipart'
import { type NginxCluster, nginxAvailable, startNginxCluster } from '../nginx-cluster'
import { startTestBucket, type TestBucket } from '../s3'
import {
  addDeliveryZone,
  client,
  createUserWithCli,
  logIn,
  newStore,
  type ServerProcess,
  type Store,
  signUp,
} from '../server-process'

/**
 * Issue 17: the shop as it runs in production, on one machine. Debian's nginx with the shipped
 * configuration (test/nginx-cluster.ts) in front of three compiled API processes on one PostgreSQL
 * database, images in an S3 bucket (s3rver).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..')
/** The product form's fields for the cluster's armchair, as staff send them. */
const ARMCHAIR = {
  name: 'Cluster Armchair',
  description: 'An armchair that lives in a bucket.',
  category: 'Chairs',
  price: '42000.00',
  stock: '500',
  is_featured: 'false',
  is_on_sale: 'false',
}

const run = nginxAvailable ? describeOnPostgres : describe.skip

const metricsToken = 'cluster-metrics-token-0123456789'
const LOAD_SECONDS = 6
const LOAD_CONNECTIONS = 8

let store: Store
let bucket: TestBucket
let cluster: NginxCluster
let servers: ServerProcess[] = []

afterAll(async () => {
  await cluster?.stop()
  await store?.drop()
  await bucket?.close()
})

const viaNginx: NginxCluster['request'] = (pathname, options) => cluster.request(pathname, options)

/** Requests a process counted for a route pattern, read from its own /metrics. */
async function countedBy(server: ServerProcess, route: string): Promise<number> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  })
  const text = await response.text()
  let total = 0
  for (const line of text.split('\n')) {
    if (line.startsWith('http_request_duration_seconds_count{') && line.includes(`route="${route}"`)) {
      total += Number(line.split(' ').pop())
    }
  }
  return total
}

/** Reads an event stream through nginx until `text` arrives; resolves with the time it took after `since()`. */
function awaitEvent(pathname: string, access: string, text: string) {
  let opened: () => void = () => {}
  const open = new Promise<void>((resolve) => {
    opened = resolve
  })
  let request: ReturnType<typeof https.request> | undefined
  const received = new Promise<number>((resolve, reject) => {
    request = https.request(
      {
        host: '127.0.0.1',
        port: cluster.httpsPort,
        path: pathname,
        headers: { authorization: `Bearer ${access}`, accept: 'text/event-stream' },
        ca: cluster.certificate,
      },
      (response) => {
        let seen = ''
        response.on('data', (chunk: Buffer) => {
          seen += chunk
          if (seen.includes(': connected')) opened()
          if (seen.includes(text)) resolve(Date.now())
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end()
  })
  return { open, received, close: () => request?.destroy() }
}

run('three processes behind nginx on one PostgreSQL, images in S3', () => {
  beforeAll(async () => {
    bucket = await startTestBucket()
    store = await newStore('postgres')
    cluster = await startNginxCluster(store, {
      processes: 3,
      env: { ...bucket.env, METRICS_TOKEN: metricsToken, TRUST_PROXY: '127.0.0.1' },
      connections: LOAD_CONNECTIONS,
    })
    servers = cluster.servers
    await createUserWithCli(store, 'staff@cluster.test', 'staff-password-1', true)
    // After the servers: one of them is to be the one that migrated the database.
    await addDeliveryZone(store)
  }, 180_000)

  it('migrated the database exactly once', () => {
    expect(servers.filter((server) => server.output().includes('Database migrated'))).toHaveLength(1)
  })

  it('speaks HTTP/2 over TLS, and sends plain HTTP to HTTPS', async () => {
    const session = http2.connect(`https://127.0.0.1:${cluster.httpsPort}`, { ca: cluster.certificate })
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/ready/' })
        stream.on('response', (headers) => resolve(Number(headers[':status'])))
        stream.on('error', reject)
        stream.resume()
      })
      expect(status).toBe(200)
      expect(session.alpnProtocol).toBe('h2')
    } finally {
      session.close()
    }
    const plain = await fetch(`http://127.0.0.1:${cluster.httpPort}/products`, { redirect: 'manual' })
    expect(plain.status).toBe(301)
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/products')
  })

  it('serves hashed assets precompressed (brotli, gzip) with immutable caching', async () => {
    const script = readdirSync(path.join(repoRoot, 'apps/web/dist/assets')).find(
      (name) => name.endsWith('.js') && existsSync(path.join(repoRoot, 'apps/web/dist/assets', `${name}.br`)),
    )
    expect(script).toBeDefined()
    for (const encoding of ['br', 'gzip']) {
      const response = await viaNginx(`/assets/${script}`, { headers: { 'accept-encoding': encoding } })
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('spreads requests over the three processes', async () => {
    for (let i = 0; i < 30; i++) expect((await viaNginx('/api/categories/')).status).toBe(200)
    const counts = await Promise.all(servers.map((server) => countedBy(server, '/api/categories/')))
    for (const count of counts) expect(count).toBeGreaterThan(0)
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(30)
  })

  it('loads an image uploaded through one process through the others, and places and lists orders anywhere', async () => {
    const [a, b, c] = servers
    if (!a || !b || !c) throw new Error('three servers expected')
    const staff = await logIn(a.url, 'staff@cluster.test', 'staff-password-1')
    const form = new FormData()
    for (const [name, value] of Object.entries(ARMCHAIR)) form.set(name, value)
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#5d4037' } })
      .jpeg()
      .toBuffer()
    form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'armchair.jpg')
    const created = await fetch(`${a.url}/api/products/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}` },
      body: form,
    })
    expect(created.status).toBe(201)
    const product = (await created.json()) as { id: number; images: { image_url: string }[] }
    const imageUrl = product.images[0]?.image_url ?? ''
    const original = Buffer.from(await (await fetch(`${a.url}${imageUrl}`)).arrayBuffer())
    expect(original.length).toBeGreaterThan(0)
    for (const server of [b, c]) {
      const response = await fetch(`${server.url}${imageUrl}`)
      expect(response.status).toBe(200)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(original)
    }
    const proxied = await viaNginx(imageUrl)
    expect(proxied.status).toBe(200)
    expect(proxied.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(proxied.body).toEqual(original)

    const customer = await signUp(a.url, 'cluster-buyer@example.com')
    expect((await client(b.url, customer)('POST', '/api/cart/', { product_id: product.id })).status).toBe(200)
    const order = await client(c.url, customer)('POST', '/api/orders/', CHECKOUT)
    expect(order.status).toBe(201)
    const listed = await client(a.url, customer)('GET', '/api/orders/')
    expect(listed.body.results.map((each: { id: number }) => each.id)).toEqual([order.body.id])
  })

  it('carries a message posted on one process to event streams on another and through nginx, unbuffered', async () => {
    const [a, b] = servers
    if (!a || !b) throw new Error('servers expected')
    const customer = await signUp(a.url, 'cluster-chat@example.com')
    const products = await client(a.url)('GET', '/api/products/?search=Cluster')
    const inquiry = await client(a.url, customer)('POST', '/api/buy-now-message/', {
      product_id: products.body.results[0].id,
    })
    expect(inquiry.status).toBe(201)
    const pathname = `/api/conversations/${inquiry.body.conversation_id}/events/`

    const direct = new AbortController()
    const onB = fetch(`${b.url}${pathname}`, {
      headers: { authorization: `Bearer ${customer}`, accept: 'text/event-stream' },
      signal: direct.signal,
    }).then(async (response) => {
      const reader = response.body?.getReader()
      let seen = ''
      while (reader && !seen.includes('through the cluster')) {
        const { value, done } = await reader.read()
        if (done) break
        seen += new TextDecoder().decode(value)
      }
      return seen
    })
    const proxied = awaitEvent(pathname, customer, 'through the cluster')
    await proxied.open
    // Give the direct stream on B the same head start (its LISTEN is set up before `: connected`).
    await new Promise((resolve) => setTimeout(resolve, 300))
    const posted = Date.now()
    const message = await client(a.url, customer)(
      'POST',
      `/api/conversations/${inquiry.body.conversation_id}/messages/`,
      {
        content: 'Hello through the cluster',
      },
    )
    expect(message.status).toBe(201)
    const arrived = await proxied.received
    // Buffered by nginx, a small event would wait for the buffer to fill or the stream to end.
    expect(arrived - posted).toBeLessThan(2_000)
    expect(await onB).toContain('Hello through the cluster')
    direct.abort()
    proxied.close()
  })

  it('answers 503 for images while the bucket is down, and keeps every process in the pool', async () => {
    const found = JSON.parse((await viaNginx('/api/products/?search=Cluster%20Armchair')).body.toString())
    const detail = await viaNginx(`/api/products/${found.results[0].id}/`)
    const imageUrl: string = JSON.parse(detail.body.toString()).images[0].image_url
    await bucket.stop()
    try {
      for (let i = 0; i < 6; i++) {
        const image = await viaNginx(imageUrl)
        expect(image.status).toBe(503)
        expect(image.headers['retry-after']).toBe('30')
      }
      // The product form's edit with a new photo, as staff send it.
      const staff = await logIn(servers[0]?.url ?? '', 'staff@cluster.test', 'staff-password-1')
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6d4c41' } })
        .jpeg()
        .toBuffer()
      const form = multipartBody(ARMCHAIR, [{ name: 'side.jpg', type: 'image/jpeg', bytes: photo }])
      for (let i = 0; i < 3; i++) {
        const edit = await viaNginx(`/api/products/${found.results[0].id}/`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${staff}`, ...form.headers },
          body: form.payload,
        })
        expect(edit.status).toBe(503)
      }
      // Had nginx counted those 503s against the processes (max_fails), none would be left to answer.
      for (let i = 0; i < 9; i++) expect((await viaNginx('/api/categories/')).status).toBe(200)
    } finally {
      await bucket.restart()
    }
    expect((await viaNginx(imageUrl)).status).toBe(200)
  })

  it(`keeps answering when a process is SIGKILLed during ${LOAD_SECONDS} s of load: 0 failed requests`, async () => {
    const victim = servers[2]
    if (!victim) throw new Error('server expected')
    const paths = [
      '/api/products/',
      '/api/categories/',
      '/api/products/?search=armchair',
      '/api/products/showcase/',
    ]
    const stopAt = Date.now() + LOAD_SECONDS * 1000
    let completed = 0
    const failures: string[] = []
    const worker = async (offset: number) => {
      for (let i = offset; Date.now() < stopAt; i++) {
        const pathname = paths[i % paths.length] ?? '/api/products/'
        try {
          const response = await viaNginx(pathname)
          if (response.status === 200) completed += 1
          else failures.push(`${pathname}: ${response.status}`)
        } catch (error) {
          failures.push(`${pathname}: ${(error as Error).message}`)
        }
      }
    }
    const load = Promise.all(Array.from({ length: LOAD_CONNECTIONS }, (_, i) => worker(i)))
    await new Promise((resolve) => setTimeout(resolve, (LOAD_SECONDS * 1000) / 3))
    victim.child.kill('SIGKILL')
    await load
    expect(await victim.exited).toBe('SIGKILL')
    expect(failures).toEqual([])
    expect(completed).toBeGreaterThan(50)
    expect((await viaNginx('/api/ready/')).status).toBe(200)
  })
})
