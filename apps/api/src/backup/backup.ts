import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { create, extract } from 'tar'
import type { Config } from '../config'
import { type Db, embeddedFilesOf, lockEmbeddedDatabase, openPglite, queryRows } from '../db/client'
import type { MediaStorage } from '../lib/storage'
import { runPgTool, toolMajorVersion } from './pg-tools'

const FORMAT = 'comfort-store-backup'
const VERSION = 1

/** The archive's manifest.json: what the backup holds, which a restore checks itself against. */
interface Manifest {
  format: typeof FORMAT
  version: number
  created_at: string
  database: 'pglite' | 'postgres'
  /** Rows per table when the backup was taken: a restore must find exactly these */
  tables: Record<string, number>
  media_files: number
  /** The embedded mode's generated JWT secret, so sessions survive a restore */
  jwt_secret: boolean
}

/** A restore that would overwrite data, or a file that is no backup of ours: nothing was changed. */
export class RefusedError extends Error {}

type Query = (text: string) => Promise<Record<string, unknown>[]>

const embeddedQuery =
  (db: Db): Query =>
  (text) =>
    queryRows(db, sql.raw(text))

/** Rows of every table of the store, by name. */
async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const counts: Record<string, number> = {}
  for (const { name } of tables) {
    const [row] = await query(`select count(*)::int as n from ${pg.escapeIdentifier(String(name))}`)
    counts[String(name)] = Number(row?.n ?? 0)
  }
  return counts
}

/** pg_dump cannot read a server newer than itself: say which client to install instead of failing late. */
async function checkDumpVersion(query: Query): Promise<void> {
  const [server] = await query('show server_version_num')
  const serverMajor = Math.floor(Number(server?.server_version_num) / 10_000)
  const clientMajor = await toolMajorVersion('pg_dump')
  if (clientMajor < serverMajor) {
    throw new Error(
      `pg_dump ${clientMajor} cannot back up a PostgreSQL ${serverMajor} server. ` +
        `Install postgresql-client-${serverMajor} and run the backup again.`,
    )
  }
}

/**
 * Dumps PostgreSQL with pg_dump while the store runs: the rows are counted in a snapshot exported to
 * pg_dump, so the counts and the dump see the very same moment.
 */
async function dumpPostgres(databaseUrl: string, file: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const query: Query = async (text) => (await client.query(text)).rows
    await checkDumpVersion(query)
    await query('begin isolation level repeatable read read only')
    const [exported] = await query('select pg_export_snapshot() as snapshot')
    const tables = await countRows(query)
    await runPgTool('pg_dump', databaseUrl, [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${exported?.snapshot}`,
      `--file=${file}`,
    ])
    await query('commit')
    return tables
  } finally {
    await client.end()
  }
}

/**
 * Writes the database and every media file into one gzipped tar at `out`. The embedded database is
 * read while the store is stopped (its lock says so); PostgreSQL through pg_dump at any time, in one
 * consistent snapshot. The archive appears under its name only once complete.
 */
export async function createBackup(config: Config, storage: MediaStorage, out: string): Promise<Manifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'store-backup-'))
  try {
    await mkdir(path.join(staging, 'database'))
    let database: Manifest['database']
    let tables: Manifest['tables']
    if (config.databaseUrl) {
      database = 'postgres'
      tables = await dumpPostgres(config.databaseUrl, path.join(staging, 'database', 'postgres.dump'))
    } else {
      database = 'pglite'
      const opened = await openPglite(config.dataDir)
      try {
        tables = await countRows(embeddedQuery(opened.db))
        const dump = await opened.dumpDataDir()
        await writeFile(
          path.join(staging, 'database', 'pgdata.tar.gz'),
          Buffer.from(await dump.arrayBuffer()),
        )
      } finally {
        await opened.close()
      }
    }

    // Media after the database: every image row in the dump had its files stored before it committed.
    let mediaFiles = 0
    for await (const key of storage.list()) {
      const file = await storage.get(key)
      if (!file) continue
      const target = path.join(staging, 'media', ...key.split('/'))
      await mkdir(path.dirname(target), { recursive: true })
      await pipeline(file.body, createWriteStream(target))
      mediaFiles += 1
    }

    const secretFile = path.join(config.dataDir, 'jwt-secret')
    const jwtSecret = database === 'pglite' && existsSync(secretFile)
    if (jwtSecret) writeFileSync(path.join(staging, 'jwt-secret'), readFileSync(secretFile), { mode: 0o600 })

    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      created_at: new Date().toISOString(),
      database,
      tables,
      media_files: mediaFiles,
      jwt_secret: jwtSecret,
    }
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    const partial = `${out}.partial`
    await create({ gzip: true, file: partial, cwd: staging, portable: true }, readdirSync(staging))
    renameSync(partial, out)
    return manifest
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

function readManifest(staging: string): Manifest {
  const file = path.join(staging, 'manifest.json')
  const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>) : {}
  if (manifest.format !== FORMAT) throw new RefusedError('This file is not a backup of the store.')
  if (manifest.version !== VERSION) {
    throw new RefusedError(`This backup has format version ${manifest.version}; this store reads ${VERSION}.`)
  }
  return manifest as Manifest
}

const databaseNames = { pglite: 'the embedded database', postgres: 'PostgreSQL' }

async function* filesUnder(root: string, prefix = ''): AsyncIterable<string> {
  if (!existsSync(root)) return
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) yield* filesUnder(path.join(root, entry.name), key)
    else if (entry.isFile()) yield key
  }
}

/**
 * Puts a backup into this store: the database the configuration names and its media storage. Refuses
 * a store that holds anything unless `force` is given, which replaces it. Afterwards every table must
 * hold exactly the rows the backup counted, and every media file must be back.
 */
export async function restoreBackup(
  config: Config,
  storage: MediaStorage,
  file: string,
  options: { force: boolean },
): Promise<Manifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'store-restore-'))
  // The embedded database stays locked for the whole restore: a server cannot start on it meanwhile.
  const release = config.databaseUrl ? () => {} : lockEmbeddedDatabase(config.dataDir)
  try {
    await extract({ file, cwd: staging, strict: true })
    const manifest = readManifest(staging)
    const kind = config.databaseUrl ? 'postgres' : 'pglite'
    if (manifest.database !== kind) {
      throw new RefusedError(
        `This backup holds ${databaseNames[manifest.database]}; the store is configured for ${databaseNames[kind]}.`,
      )
    }

    const databaseHoldsData = config.databaseUrl
      ? await postgresHoldsTables(config.databaseUrl)
      : existsSync(path.join(embeddedFilesOf(config.dataDir), 'PG_VERSION'))
    const mediaKeys: string[] = []
    for await (const key of storage.list()) mediaKeys.push(key)
    if ((databaseHoldsData || mediaKeys.length > 0) && !options.force) {
      const what = [databaseHoldsData && 'the database', mediaKeys.length > 0 && 'the media storage']
        .filter(Boolean)
        .join(' and ')
      throw new RefusedError(
        `The store is not empty (${what} holds data). Restore into an empty store, or add --force to replace it.`,
      )
    }

    let tables: Record<string, number>
    if (config.databaseUrl) {
      tables = await restorePostgres(
        config.databaseUrl,
        path.join(staging, 'database', 'postgres.dump'),
        databaseHoldsData,
      )
    } else {
      rmSync(embeddedFilesOf(config.dataDir), { recursive: true, force: true })
      const dump = new Blob([await readFile(path.join(staging, 'database', 'pgdata.tar.gz'))])
      const opened = await openPglite(config.dataDir, { loadDataDir: dump })
      try {
        tables = await countRows(embeddedQuery(opened.db))
      } finally {
        await opened.close()
      }
      if (manifest.jwt_secret) {
        writeFileSync(
          path.join(config.dataDir, 'jwt-secret'),
          readFileSync(path.join(staging, 'jwt-secret')),
          {
            mode: 0o600,
          },
        )
      }
    }

    for (const key of mediaKeys) await storage.remove(key)
    let mediaFiles = 0
    const mediaRoot = path.join(staging, 'media')
    for await (const key of filesUnder(mediaRoot)) {
      await storage.put(key, await readFile(path.join(mediaRoot, ...key.split('/'))))
      mediaFiles += 1
    }

    if (JSON.stringify(tables) !== JSON.stringify(manifest.tables) || mediaFiles !== manifest.media_files) {
      throw new Error(
        `The restored store does not match the backup: rows ${JSON.stringify(tables)} against ` +
          `${JSON.stringify(manifest.tables)}, ${mediaFiles} media files against ${manifest.media_files}.`,
      )
    }
    return manifest
  } finally {
    release()
    rmSync(staging, { recursive: true, force: true })
  }
}

async function postgresHoldsTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    )
    return Number(rows[0]?.n) > 0
  } finally {
    await client.end()
  }
}

async function restorePostgres(
  databaseUrl: string,
  dump: string,
  replace: boolean,
): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const query: Query = async (text) => (await client.query(text)).rows
    if (replace) {
      // --force: the store's schemas go, with everything in them (the extensions come back with the dump).
      await query('drop schema if exists drizzle cascade')
      await query('drop schema if exists public cascade')
      await query('create schema public')
    }
    await runPgTool('pg_restore', databaseUrl, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      dump,
    ])
    // pg_restore loads rows but leaves the planner's statistics empty until autovacuum comes round.
    await query('analyze')
    return await countRows(query)
  } finally {
    await client.end()
  }
}
