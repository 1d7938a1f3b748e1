import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http2 from 'node:http2'
import https from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeOnPostgres } from '../database-kind'
import { CHECKOUT } from '../fixtures'
import { startTestBucket, type TestBucket } from '../s3'
import {
  addDeliveryZone,
  client,
  createUserWithCli,
  freePort,
  logIn,
  newStore,
  type ServerProcess,
  type Store,
  signUp,
  startServer,
} from '../server-process'

/**
 * Issue 17: the shop as it runs in production, on one machine. Debian's nginx with the shipped
 * configuration (deploy/nginx/comfort-store.conf, only ports, certificate and root rewritten) in
 * front of three compiled API processes on one PostgreSQL database, images in an S3 bucket (s3rver).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..')
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file))
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
const run = nginx && existsSync(brotliModule) ? describeOnPostgres : describe.skip

const metricsToken = 'cluster-metrics-token-0123456789'
const LOAD_SECONDS = 6
const LOAD_CONNECTIONS = 8

let store: Store
let bucket: TestBucket
const servers: ServerProcess[] = []
let proxy: ReturnType<typeof spawn> | undefined
let proxyLog = ''
let work: string
let certificate: Buffer
let httpsPort: number
let httpPort: number
let agent: https.Agent

afterAll(async () => {
  agent?.destroy()
  proxy?.kill('SIGTERM')
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM')
  await Promise.all(servers.map((server) => server.exited))
  await store?.drop()
  await bucket?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** A request through nginx over HTTPS (HTTP/1.1), trusting only the test's own certificate. */
function viaNginx(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port: httpsPort,
        path: pathname,
        method: options.method ?? 'GET',
        headers: options.headers,
        ca: certificate,
        agent,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
        response.on('error', reject)
      },
    )
    request.setTimeout(10_000, () => request.destroy(new Error('timed out')))
    request.on('error', reject)
    request.end(options.body)
  })
}

/** The shipped configuration with this test's ports, certificate and web root. */
function siteConfig(ports: number[]): string {
  let upstream = 0
  return readFileSync(path.join(repoRoot, 'deploy/nginx/comfort-store.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:\d+/g, () => `server 127.0.0.1:${ports[upstream++]}`)
    .replace(/^\s*listen \[::\]:.*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace(/ssl_certificate (\S+);/, `ssl_certificate ${path.join(work, 'cert.pem')};`)
    .replace(/ssl_certificate_key (\S+);/, `ssl_certificate_key ${path.join(work, 'key.pem')};`)
    .replace(/root \/srv\/comfort-store\/apps\/web\/dist;/, `root ${path.join(repoRoot, 'apps/web/dist')};`)
}

async function startNginx(ports: number[]): Promise<void> {
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(work, folder))
  writeFileSync(path.join(work, 'site.conf'), siteConfig(ports))
  writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      `load_module ${brotliModule};`,
      // As root (CI), workers would drop to `nobody`, which cannot read the temporary folders.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${path.join(work, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind === 'body' ? 'client_body' : kind}_temp_path ${path.join(work, kind)};`,
      ),
      `  include ${path.join(work, 'site.conf')};`,
      '}',
    ].join('\n'),
  )
  proxy = spawn(nginx ?? 'nginx', ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  proxy.stderr?.on('data', (chunk) => {
    proxyLog += chunk
  })
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (proxy.exitCode !== null) throw new Error(`nginx exited:\n${proxyLog}`)
    try {
      if ((await viaNginx('/api/health/')).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nginx did not start:\n${proxyLog}`)
}

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
        port: httpsPort,
        path: pathname,
        headers: { authorization: `Bearer ${access}`, accept: 'text/event-stream' },
        ca: certificate,
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
    // nginx serves the web app's assets from the build, as in production.
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-if-stale.mjs'), 'web'], {
      cwd: repoRoot,
      stdio: 'inherit',
    })
    work = mkdtempSync(path.join(tmpdir(), 'store-cluster-'))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(work, 'key.pem'),
        '-out',
        path.join(work, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    certificate = readFileSync(path.join(work, 'cert.pem'))
    agent = new https.Agent({ keepAlive: true, maxSockets: LOAD_CONNECTIONS, ca: certificate })
    ;[httpsPort, httpPort] = [await freePort(), await freePort()]

    bucket = await startTestBucket()
    store = await newStore('postgres')
    const env = { ...bucket.env, METRICS_TOKEN: metricsToken, TRUST_PROXY: '127.0.0.1' }
    servers.push(
      ...(await Promise.all([startServer(store, env), startServer(store, env), startServer(store, env)])),
    )
    await createUserWithCli(store, 'staff@cluster.test', 'staff-password-1', true)
    // After the servers: one of them is to be the one that migrated the database.
    await addDeliveryZone(store)
    await startNginx(servers.map((server) => Number(new URL(server.url).port)))
  }, 180_000)

  it('migrated the database exactly once', () => {
    expect(servers.filter((server) => server.output().includes('Database migrated'))).toHaveLength(1)
  })

  it('speaks HTTP/2 over TLS, and sends plain HTTP to HTTPS', async () => {
    const session = http2.connect(`https://127.0.0.1:${httpsPort}`, { ca: certificate })
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
    const plain = await fetch(`http://127.0.0.1:${httpPort}/products`, { redirect: 'manual' })
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
    for (const [name, value] of Object.entries({
      name: 'Cluster Armchair',
      description: 'An armchair that lives in a bucket.',
      category: 'Chairs',
      price: '42000.00',
      stock: '500',
      is_featured: 'false',
      is_on_sale: 'false',
    }))
      form.set(name, value)
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
