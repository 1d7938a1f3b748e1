import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { openDatabase } from '../src/db/client'
import { insertZone } from './fixtures'

const apiRoot = path.resolve(import.meta.dirname, '..')
/**
 * The compiled server, as production runs it (test/global-setup.ts builds it when the sources are
 * newer); plain `node` is the server process itself, so signals reach it directly.
 */
export const serverCommand = [process.execPath, '--enable-source-maps', 'dist/server.js'] as const

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export interface Store {
  /** Environment shared by every process of this store (database, secret, data directory) */
  env: NodeJS.ProcessEnv
  drop(): Promise<void>
}

/**
 * A store's data: a fresh embedded data directory, or a fresh PostgreSQL database on `serverUrl`'s
 * server (TEST_DATABASE_URL's by default).
 */
export async function newStore(
  kind: 'pglite' | 'postgres',
  serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-proc-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    RATE_LIMIT_LOGIN: '0',
    RATE_LIMIT_REGISTER: '0',
    RATE_LIMIT_MESSAGES: '0',
    JWT_SECRET: `proc-secret-${randomBytes(24).toString('hex')}`,
    DATABASE_URL: '',
    TEST_DATABASE_URL: '',
  }
  if (kind === 'pglite') return { env, drop: async () => {} }
  const name = `store_proc_${Date.now()}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  env.DATABASE_URL = url.toString()
  return {
    env,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

/** Runs the user:create CLI against a store (before its server starts, for the embedded database). */
export async function createUserWithCli(store: Store, email: string, password: string, staff = false) {
  const args = [
    'dist/user-create.js',
    '--email',
    email,
    '--password',
    password,
    '--first-name',
    'Test',
    '--last-name',
    'User',
  ]
  await promisify(execFile)(process.execPath, staff ? [...args, '--staff'] : args, {
    cwd: apiRoot,
    env: store.env,
  })
}

/**
 * Gives a store the Lahore delivery zone, straight in its database (migrated first when it is new):
 * like the CLI, before its server starts on the embedded database.
 */
export async function addDeliveryZone(store: Store): Promise<void> {
  const database = await openDatabase({
    databaseUrl: store.env.DATABASE_URL || undefined,
    dataDir: store.env.DATA_DIR ?? '',
  })
  try {
    await database.migrate()
    await insertZone(database.db)
  } finally {
    await database.close()
  }
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code (or signal name) */
  exited: Promise<number | string>
}

/** Starts the real, compiled server and waits until /api/health/ answers. */
export async function startServer(store: Store, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort()
  const [node, ...args] = serverCommand
  const child = spawn(node, args, {
    cwd: apiRoot,
    env: { ...store.env, PORT: String(port), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    try {
      const response = await fetch(`${url}/api/health/`)
      if (response.ok) return { url, child, output: () => output, exited }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start:\n${output}`)
}

/** A small JSON client for a running server. */
/** Stops a suite's servers (SIGTERM, each waited for) and then drops their store. */
export async function stopAll(servers: ServerProcess[], store: Store | undefined): Promise<void> {
  for (const server of servers) server.child.kill('SIGTERM')
  await Promise.all(servers.map((server) => server.exited))
  await store?.drop()
}

export function client(baseUrl: string, access?: string) {
  return async function send(method: string, pathname: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(access && { authorization: `Bearer ${access}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = text
    }
    return { status: response.status, body: json }
  }
}

/** Registers and logs in a customer; returns their access token. */
export async function signUp(
  baseUrl: string,
  email: string,
  password = 'load-test-password',
): Promise<string> {
  const send = client(baseUrl)
  await send('POST', '/api/auth/register/', { first_name: 'Load', last_name: 'Tester', email, password })
  const login = await send('POST', '/api/auth/login/', { email, password })
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`)
  return login.body.access as string
}

export async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const login = await client(baseUrl)('POST', '/api/auth/login/', { email, password })
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`)
  return login.body.access as string
}

/** Creates a product through the API as staff (multipart without images). */
export async function createProduct(
  baseUrl: string,
  staffAccess: string,
  name: string,
  stock: number,
  category: string,
) {
  const form = new FormData()
  form.set('name', name)
  form.set('description', `${name}, made for load and fault tests.`)
  form.set('category', category)
  form.set('price', '1500.00')
  form.set('stock', String(stock))
  form.set('is_featured', 'false')
  form.set('is_on_sale', 'false')
  const response = await fetch(`${baseUrl}/api/products/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staffAccess}` },
    body: form,
  })
  if (response.status !== 201)
    throw new Error(`product create failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as { id: number; stock: number }
}

/** Replaces a product's fields through the staff product form (multipart PUT); throws unless 200. */
export async function updateProduct(
  baseUrl: string,
  staffAccess: string,
  id: number,
  fields: { name: string; description: string; price: string; category?: string; stock?: number },
) {
  const form = new FormData()
  form.set('name', fields.name)
  form.set('description', fields.description)
  form.set('category', fields.category ?? 'Chairs')
  form.set('price', fields.price)
  form.set('stock', String(fields.stock ?? 5))
  form.set('is_featured', 'false')
  form.set('is_on_sale', 'false')
  const response = await fetch(`${baseUrl}/api/products/${id}/`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${staffAccess}` },
    body: form,
  })
  if (response.status !== 200)
    throw new Error(`product update failed: ${response.status} ${await response.text()}`)
}
