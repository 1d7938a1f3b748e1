import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseKind, describeOnPostgres } from '../../test/database-kind'
import { seedFixtures } from '../../test/fixtures'
import { startTestBucket, type TestBucket } from '../../test/s3'
import { newStore, type Store } from '../../test/server-process'
import { loadConfig } from '../config'
import { type Database, openDatabase, queryRows } from '../db/client'
import { productImages } from '../db/schema'
import { createUser } from '../features/auth/service'
import { createStorage } from '../lib/create-storage'
import { storeProductImage } from '../lib/images'
import { resolveJwtSecret } from '../lib/secret'
import type { MediaStorage } from '../lib/storage'

const apiRoot = path.resolve(import.meta.dirname, '../..')
const folders: string[] = []
const cleanUps: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanUp of cleanUps) await cleanUp()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

function folder(name: string): string {
  const made = mkdtempSync(path.join(tmpdir(), `store-${name}-`))
  folders.push(made)
  return made
}

/** Runs a shipped command of the compiled API; answers its exit code and output. */
async function command(name: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [`dist/${name}.js`, ...args], {
      cwd: apiRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

/** A store with a customer, a product with an image, a review, an order and a conversation. */
async function fillStore(database: Database, storage: MediaStorage): Promise<void> {
  await database.migrate()
  const customer = await createUser(database.db, {
    email: 'ayesha@example.com',
    password: 'correct-horse-battery',
    first_name: 'Ayesha',
    last_name: 'Khan',
  })
  if (!customer) throw new Error('no customer')
  const { productId } = await seedFixtures(database.db, customer.id)
  const photo = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#6b4f3a' } })
    .jpeg()
    .toBuffer()
  const image = await storeProductImage(storage, photo, { maxPixels: 40_000_000 })
  await database.db.insert(productImages).values({ productId, ...image })
}

/** A digest of every row of every table of the store. */
async function tableDigests(database: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const digests: Record<string, string> = {}
  for (const { name } of tables) {
    const [row] = await queryRows<{ digest: string | null; n: number }>(
      database.db,
      sql`select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*)::int as n
          from ${sql.identifier(name)} t`,
    )
    digests[name] = `${row?.n}:${row?.digest ?? ''}`
  }
  return digests
}

async function mediaDigests(storage: MediaStorage): Promise<Record<string, string>> {
  const digests: Record<string, string> = {}
  for await (const key of storage.list()) {
    const file = await storage.get(key)
    digests[key] = createHash('sha256')
      .update(file ? await buffer(file.body) : Buffer.alloc(0))
      .digest('hex')
  }
  return digests
}

/** Reads a store's tables and media with the configuration its environment gives. */
async function snapshot(env: NodeJS.ProcessEnv) {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env })
  const database = await openDatabase(config)
  try {
    return { tables: await tableDigests(database), media: await mediaDigests(await createStorage(config)) }
  } finally {
    await database.close()
  }
}

describe.runIf(databaseKind === 'pglite')('backup and restore on the embedded database', () => {
  it('restores into an empty DATA_DIR with every table and media file identical', async () => {
    const source = { DATA_DIR: folder('backup-source'), DATABASE_URL: '' }
    const config = loadConfig(source)
    const secret = resolveJwtSecret(config)
    const database = await openDatabase(config)
    try {
      await fillStore(database, await createStorage(config))
      // The store is running (its database open): the embedded backup must wait for it to stop.
      const refused = await command('backup', ['--out', path.join(folder('archive'), 'x.tar.gz')], source)
      expect(refused.code).toBe(3)
      expect(refused.output).toContain('is in use by process')
    } finally {
      await database.close()
    }
    const before = await snapshot(source)
    expect(Object.keys(before.media)).toHaveLength(3)
    expect(before.tables.orders).toMatch(/^1:/)

    const archive = path.join(folder('archive'), 'store.tar.gz')
    const backup = await command('backup', ['--out', archive], source)
    expect(backup.output).toContain('Backup written to')
    expect(backup.code).toBe(0)

    const target = { DATA_DIR: folder('backup-target'), DATABASE_URL: '' }
    const restore = await command('restore', [archive], target)
    expect(restore.output).toContain('every count checked')
    expect(restore.code).toBe(0)
    expect(await snapshot(target)).toEqual(before)
    expect(readFileSync(path.join(target.DATA_DIR, 'jwt-secret'), 'utf8')).toBe(secret)

    // A store that holds data is replaced only when asked to.
    const again = await command('restore', [archive], target)
    expect(again.code).toBe(3)
    expect(again.output).toContain('The store is not empty')
    const forced = await command('restore', [archive, '--force'], target)
    expect(forced.code).toBe(0)
    expect(await snapshot(target)).toEqual(before)
  })

  it('refuses a file that is not a backup', async () => {
    const notBackup = path.join(folder('archive'), 'nothing.tar.gz')
    const { create } = await import('tar')
    const content = folder('content')
    await create({ gzip: true, file: notBackup, cwd: content }, ['.'])
    const restore = await command('restore', [notBackup], { DATA_DIR: folder('empty'), DATABASE_URL: '' })
    expect(restore.code).toBe(3)
    expect(restore.output).toContain('not a backup of the store')
  })
})

describeOnPostgres('backup and restore on PostgreSQL with S3 media', () => {
  const open = async (): Promise<{ store: Store; bucket: TestBucket; env: NodeJS.ProcessEnv }> => {
    const store = await newStore('postgres')
    const bucket = await startTestBucket()
    cleanUps.push(
      () => store.drop(),
      () => bucket.close(),
    )
    return {
      store,
      bucket,
      env: { DATABASE_URL: store.env.DATABASE_URL, DATA_DIR: store.env.DATA_DIR, ...bucket.env },
    }
  }

  it('backs up while the store runs and restores into an empty database and bucket, identical', async () => {
    const source = await open()
    const config = loadConfig(source.env)
    const database = await openDatabase(config)
    let before: Awaited<ReturnType<typeof snapshot>>
    const archive = path.join(folder('archive'), 'store.tar.gz')
    try {
      await fillStore(database, await createStorage(config))
      before = await snapshot(source.env)
      // PostgreSQL: the backup runs beside the open store.
      const backup = await command('backup', ['--out', archive], source.env)
      expect(backup.output).toContain('Backup written to')
      expect(backup.code).toBe(0)
    } finally {
      await database.close()
    }
    expect(Object.keys(before.media)).toHaveLength(3)

    const target = await open()
    const restore = await command('restore', [archive], target.env)
    expect(restore.output).toContain('every count checked')
    expect(restore.code).toBe(0)
    expect(await snapshot(target.env)).toEqual(before)

    const again = await command('restore', [archive], target.env)
    expect(again.code).toBe(3)
    const forced = await command('restore', [archive, '--force'], target.env)
    expect(forced.output).toContain('every count checked')
    expect(forced.code).toBe(0)
    expect(await snapshot(target.env)).toEqual(before)
  })
})
