import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Role } from '@store/contract'
import type { FastifyInstance, InjectOptions } from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app'
import { type Config, loadConfig } from '../src/config'
import { type Database, openPglite, openPostgres } from '../src/db/client'
import { createUser } from '../src/features/auth/service'
import { DiskStorage, type MediaStorage } from '../src/lib/storage'

export { databaseKind } from './database-kind'

export interface TestContext {
  app: FastifyInstance
  database: Database
  config: Config
  mediaDir: string
  /** Builds another app on the same database (a second server process, as far as the API can tell) */
  secondApp(options?: { storage?: MediaStorage }): Promise<FastifyInstance>
  close(): Promise<void>
}

/**
 * A fresh, migrated (unless asked not to) database for one test file: in-memory PGlite, or with TEST_DATABASE_URL a new
 * PostgreSQL database created for the file and dropped after it.
 */
export async function openTestDatabase({ migrate = true } = {}): Promise<{
  database: Database
  url?: string
  drop(): Promise<void>
}> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await openPglite(null)
    if (migrate) await database.migrate()
    return { database, drop: async () => {} }
  }
  const name = `store_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  // A test database needs no durability: commits that wait for no disk flush keep the suite's time
  // independent of how slow this machine's disk is that day.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openPostgres(url.toString())
  if (migrate) await database.migrate()
  return {
    database,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

/** For suites that send many requests on purpose: every rate limit off */
export const noRateLimits: Config['rateLimits'] = {
  login: 0,
  register: 0,
  messages: 0,
  passwordReset: 0,
  passwordResetPerIp: 0,
  twoFactorPerAccount: 0,
  couponGuesses: 0,
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { logStream?: NodeJS.WritableStream; storage?: MediaStorage } = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase()
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'store-media-'))
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mediaDir }),
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    ...overrides,
  }
  const storage = options.storage ?? new DiskStorage(mediaDir)
  const apps: FastifyInstance[] = []
  const make = async (overrides: { storage?: MediaStorage } = {}) => {
    const built = await buildApp({
      config,
      database,
      storage: overrides.storage ?? storage,
      logStream: options.logStream,
    })
    apps.push(built)
    return built
  }
  const app = await make()
  return {
    app,
    database,
    config,
    mediaDir,
    secondApp: make,
    async close() {
      for (const each of apps) await each.close()
      await database.close()
      await drop()
      rmSync(mediaDir, { recursive: true, force: true })
    },
  }
}

let userCounter = 0

export interface TestUser {
  id: number
  email: string
  password: string
  access: string
  refresh: string
  /** `Authorization` header for inject */
  headers: { authorization: string }
}

/** Creates a user straight in the database and logs in through the API. */
export async function createTestUser(
  context: TestContext,
  /** `staff: true` makes an owner, who may do everything; `role` picks any other */
  options: { staff?: boolean; role?: Role; firstName?: string } = {},
): Promise<TestUser> {
  userCounter += 1
  const email = `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`
  const password = 'correct-horse-battery'
  const user = await createUser(context.database.db, {
    email,
    password,
    first_name: options.firstName ?? `First${userCounter}`,
    last_name: `Last${userCounter}`,
    role: options.role ?? (options.staff ? 'owner' : 'customer'),
  })
  if (!user) throw new Error('could not create test user')
  const login = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password },
  })
  const { access, refresh } = login.json() as { access: string; refresh: string }
  return { id: user.id, email, password, access, refresh, headers: { authorization: `Bearer ${access}` } }
}

/** `inject` with JSON parsed; keeps tests short. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options)
  const text = response.body
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = text
  }
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
  return { status: response.statusCode, body: body as any, headers: response.headers }
}
