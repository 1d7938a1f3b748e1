import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** Runs raw SQL and gives its rows; both drivers answer `{ rows }`, which the shared type does not say. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}

/** A list of integers as one integer[] parameter (a bare array in drizzle's sql is a list of parameters). */
export const integerArray = (values: number[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::integer[]`

export type NotificationHandler = (payload: string) => void

/** One database, whichever engine runs it: the query builder plus what drizzle does not cover. */
export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the migrations not yet applied, one process at a time; resolves to how many it applied. */
  migrate(): Promise<number>
  /**
   * Runs `work` while no other process holds the lock of that name: a PostgreSQL advisory lock, so
   * servers starting together seed an empty store once. The embedded database has one process anyway.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>
  /** The PostgreSQL pool's connections; null on the embedded database */
  poolStats(): { total: number; idle: number; waiting: number } | null
  /**
   * Subscribes to a PostgreSQL NOTIFY channel; resolves to the unsubscribe function. `onLost` is
   * called if the listening connection drops: notifications sent meanwhile are gone, and the
   * subscription with them (listen again to resume).
   */
  listen(channel: string, handler: NotificationHandler, onLost?: () => void): Promise<() => Promise<void>>
  notify(channel: string, payload: string): Promise<void>
  close(): Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

type RunQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>

/** Rows in drizzle's own journal table: compared before and after, the migrations a run applied. */
async function appliedMigrations(query: RunQuery): Promise<number> {
  const { rows } = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)
  if (!rows[0]?.present) return 0
  const counted = await query('select count(*)::int as n from drizzle.__drizzle_migrations')
  return Number(counted.rows[0]?.n ?? 0)
}

export class DatabaseLockedError extends Error {}

/**
 * PGlite is one process's database: a second process opening the same files would corrupt them.
 * A lock file holding the owner's pid keeps the server and the CLI apart; a dead owner's lock is stale.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'db.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(lockPath, 'utf8'))
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${owner} (is the store running?). ` +
            'Stop it first, or use PostgreSQL through DATABASE_URL.',
        )
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${path.resolve(dataDir)}.`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The embedded database's files under DATA_DIR */
export const embeddedFilesOf = (dataDir: string) => path.join(dataDir, 'pgdata')

export interface EmbeddedDatabase extends Database {
  /** PGlite's own dump: a gzipped tarball of its data directory, loadable with `loadDataDir` */
  dumpDataDir(): Promise<Blob>
}

/**
 * Opens PGlite: under `dataDir`, or in memory when `dataDir` is null (tests). `loadDataDir` fills an
 * empty data directory from a dump first (a restore).
 */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<EmbeddedDatabase> {
  const release = dataDir ? lockEmbeddedDatabase(dataDir) : () => {}
  try {
    const client = await PGlite.create({
      dataDir: dataDir ? embeddedFilesOf(dataDir) : undefined,
      extensions: { pg_trgm, fuzzystrmatch },
      loadDataDir: options.loadDataDir,
    })
    const db = drizzlePglite(client, { schema }) as unknown as Db
    return {
      db,
      kind: 'pglite',
      async migrate() {
        const query: RunQuery = (text) => client.query(text)
        const before = await appliedMigrations(query)
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
        return (await appliedMigrations(query)) - before
      },
      exclusively: (_name, work) => work(),
      poolStats: () => null,
      dumpDataDir: () => client.dumpDataDir('gzip'),
      async listen(channel, handler) {
        const unsubscribe = await client.listen(channel, handler)
        return unsubscribe
      },
      async notify(channel, payload) {
        await client.query('SELECT pg_notify($1, $2)', [channel, payload])
      },
      async close() {
        await client.close()
        release()
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

/** How long a connection to PostgreSQL may take before the work needing it fails */
const CONNECT_TIMEOUT_MS = 3_000

export async function openPostgres(url: string): Promise<Database> {
  // The setting travels in the startup packet, so every pooled connection has it before its first
  // query. JIT is off: our queries are short, and compiling one cost ~100 ms whenever a plan's estimate
  // crossed jit_above_cost.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: '-c jit=off',
    // A server that is gone must not hold a request for long: a connection not made (or not free in
    // the pool) by then fails, and the request answers 503.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  })
  // Idle clients can lose their connection (a restarted server); the pool replaces them.
  pool.on('error', () => {})
  // So can a client checked out between two statements (inside a transaction, holding a lock): pg
  // emits that as an 'error' event, which with no listener would end the process. Its next statement
  // fails instead (the request answers 503), and the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = drizzleNodePg(pool, { schema }) as unknown as Db
  let listener: pg.Client | null = null
  const handlers = new Map<string, Set<NotificationHandler>>()
  const lostHandlers = new Set<() => void>()

  let connectingListener: Promise<pg.Client> | null = null

  /**
   * The one listening connection, made by the first who needs it: several listeners coming back
   * together after an outage share it (with one each, only the last would be watched for loss).
   */
  function listenerClient(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener)
    connectingListener ??= connectListener().finally(() => {
      connectingListener = null
    })
    return connectingListener
  }

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
    await client.connect()
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '')
    })
    // A dropped connection ends every LISTEN on it: the next listen() opens a new one.
    const lost = () => {
      if (listener !== client) return
      listener = null
      client.end().catch(() => {})
      handlers.clear()
      const told = [...lostHandlers]
      lostHandlers.clear()
      for (const onLost of told) onLost()
    }
    client.on('error', lost)
    client.on('end', lost)
    listener = client
    return client
  }

  /** A session-level advisory lock, held on a connection of its own for the time `work` runs. */
  async function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
    const key = `comfort-store:${name}`
    const lockHolder = await pool.connect()
    try {
      await lockHolder.query('select pg_advisory_lock(hashtext($1))', [key])
    } catch (error) {
      lockHolder.release(true)
      throw error
    }
    try {
      return await work()
    } finally {
      // Should the unlock fail, the connection is closed instead, which releases the lock as well.
      const unlocked = await lockHolder.query('select pg_advisory_unlock(hashtext($1))', [key]).then(
        () => true,
        () => false,
      )
      lockHolder.release(!unlocked)
    }
  }

  return {
    db,
    kind: 'postgres',
    // Three servers starting together on an empty database: the first migrates, the others wait for
    // the lock and then find nothing left to apply.
    migrate: () =>
      exclusively('migrate', async () => {
        const query: RunQuery = (text) => pool.query(text)
        const before = await appliedMigrations(query)
        await migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder })
        return (await appliedMigrations(query)) - before
      }),
    exclusively,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, handler, onLost) {
      const client = await listenerClient()
      if (onLost) lostHandlers.add(onLost)
      let set = handlers.get(channel)
      if (!set) {
        set = new Set()
        handlers.set(channel, set)
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      }
      set.add(handler)
      return async () => {
        if (onLost) lostHandlers.delete(onLost)
        set.delete(handler)
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel)
          await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {})
        }
      }
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload])
    },
    async close() {
      await listener?.end().catch(() => {})
      await pool.end()
    },
  }
}

export function openDatabase(options: {
  databaseUrl: string | undefined
  dataDir: string
}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)
}
