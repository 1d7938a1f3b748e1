import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type RawAnswer, readAnswer } from './raw-answer'
import { freePort, type ServerProcess, type Store, startServer } from './server-process'

/**
 * The shop as it runs in production, on one machine: Debian's nginx with the shipped configuration
 * (deploy/nginx/comfort-store.conf, only ports, certificate and root rewritten) in front of several
 * compiled API processes on one store. Used by the cluster test and the bench's soak.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..')
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file))
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'

/** nginx and the brotli module the shipped configuration loads are installed */
export const nginxAvailable = Boolean(nginx && existsSync(brotliModule))

export type NginxAnswer = RawAnswer

export interface NginxCluster {
  servers: ServerProcess[]
  /** nginx itself */
  proxy: ChildProcess
  httpsPort: number
  httpPort: number
  /** The test's own self-signed certificate, the only one trusted */
  certificate: Buffer
  /** A request through nginx over HTTPS (HTTP/1.1, kept-alive connections) */
  request(
    pathname: string,
    options?: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
  ): Promise<NginxAnswer>
  /** Stops nginx and every process still running (SIGTERM, waited for); the store stays */
  stop(): Promise<void>
}

/** The shipped configuration with this cluster's ports, certificate and web root. */
function siteConfig(work: string, ports: { https: number; http: number; upstream: number[] }): string {
  let upstream = 0
  return readFileSync(path.join(repoRoot, 'deploy/nginx/comfort-store.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:\d+/g, () => `server 127.0.0.1:${ports.upstream[upstream++]}`)
    .replace(/^\s*listen \[::\]:.*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/ssl_certificate (\S+);/, `ssl_certificate ${path.join(work, 'cert.pem')};`)
    .replace(/ssl_certificate_key (\S+);/, `ssl_certificate_key ${path.join(work, 'key.pem')};`)
    .replace(/root \/srv\/comfort-store\/apps\/web\/dist;/, `root ${path.join(repoRoot, 'apps/web/dist')};`)
}

function makeCertificate(work: string): Buffer {
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
  return readFileSync(path.join(work, 'cert.pem'))
}

function writeNginxConfig(work: string, site: string): string {
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(work, folder))
  writeFileSync(path.join(work, 'site.conf'), site)
  const file = path.join(work, 'nginx.conf')
  writeFileSync(
    file,
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
  return file
}

/**
 * Starts `processes` API processes on the store with `env`, then nginx in front of them, and waits
 * until /api/health/ answers through it. `connections` bounds the kept-alive connections `request` uses.
 */
export async function startNginxCluster(
  store: Store,
  options: { processes: number; env: NodeJS.ProcessEnv; connections: number },
): Promise<NginxCluster> {
  if (!nginx || !nginxAvailable) throw new Error('nginx with the brotli module is not installed')
  // nginx serves the web app's assets from the build, as in production.
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-if-stale.mjs'), 'web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
  const work = mkdtempSync(path.join(tmpdir(), 'store-cluster-'))
  const certificate = makeCertificate(work)
  const agent = new https.Agent({ keepAlive: true, maxSockets: options.connections, ca: certificate })
  const [httpsPort, httpPort] = [await freePort(), await freePort()]
  const servers = await Promise.all(
    Array.from({ length: options.processes }, () => startServer(store, options.env)),
  )

  const request: NginxCluster['request'] = (pathname, requestOptions = {}) =>
    new Promise((resolve, reject) => {
      const sent = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          path: pathname,
          method: requestOptions.method ?? 'GET',
          headers: requestOptions.headers,
          ca: certificate,
          agent,
        },
        (response) => readAnswer(response).then(resolve, reject),
      )
      sent.setTimeout(10_000, () => sent.destroy(new Error('timed out')))
      sent.on('error', reject)
      sent.end(requestOptions.body)
    })

  const config = writeNginxConfig(
    work,
    siteConfig(work, {
      https: httpsPort,
      http: httpPort,
      upstream: servers.map((server) => Number(new URL(server.url).port)),
    }),
  )
  const proxy = spawn(nginx, ['-p', work, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let proxyLog = ''
  proxy.stderr?.on('data', (chunk) => {
    proxyLog += chunk
  })
  const proxyExited = new Promise((resolve) => proxy.once('exit', resolve))
  const stop = async () => {
    agent.destroy()
    if (proxy.exitCode === null) proxy.kill('SIGTERM')
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM')
    await Promise.all([proxyExited, ...servers.map((server) => server.exited)])
    rmSync(work, { recursive: true, force: true })
  }

  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (proxy.exitCode !== null) break
    try {
      if ((await request('/api/health/')).status === 200) {
        return { servers, proxy, httpsPort, httpPort, certificate, request, stop }
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error(`nginx did not start:\n${proxyLog}`)
}
