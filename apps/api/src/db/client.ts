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
  migrate(): Promise<void>
  /** Subscribes to a PostgreSQL NOTIFY channel; resolves to the unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>
  notify(channel: string, payload: string): Promise<void>
  close(): Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export class DatabaseLockedError extends Error {}

/**
 * PGlite is one process's database: a second process opening the same files would corrupt them.
 * A lock file holding the owner's pid keeps the server and the CLI apart; a dead owner's lock is stale.
 */
function acquireLock(dataDir: string): () => void {
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

/** Opens PGlite: under `dataDir`, or in memory when `dataDir` is null (tests). */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const release = dataDir ? acquireLock(dataDir) : () => {}
  try {
    const client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
      extensions: { pg_trgm, fuzzystrmatch },
    })
    const db = drizzlePglite(client, { schema }) as unknown as Db
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
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

export async function openPostgres(url: string): Promise<Database> {
  // The setting travels in the startup packet, so every pooled connection has it before its first
  // query. JIT is off: our queries are short, and compiling one cost ~100 ms whenever a plan's estimate
  // crossed jit_above_cost.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: '-c jit=off',
  })
  // Idle clients can lose their connection (a restarted server); the pool replaces them.
  pool.on('error', () => {})
  const db = drizzleNodePg(pool, { schema }) as unknown as Db
  let listener: pg.Client | null = null
  const handlers = new Map<string, Set<NotificationHandler>>()

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '')
    })
    client.on('error', () => {})
    listener = client
    return client
  }

  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder }),
    async listen(channel, handler) {
      const client = await listenerClient()
      let set = handlers.get(channel)
      if (!set) {
        set = new Set()
        handlers.set(channel, set)
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      }
      set.add(handler)
      return async () => {
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
