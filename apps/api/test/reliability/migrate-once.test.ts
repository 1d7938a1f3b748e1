import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { describeOnPostgres } from '../database-kind'
import { newStore, type ServerProcess, type Store, startServer, stopAll } from '../server-process'

/** Issue 17: servers starting together on an empty PostgreSQL database migrate and seed it once. */

const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../src/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] }

let store: Store
const servers: ServerProcess[] = []
afterAll(() => stopAll(servers, store))

describeOnPostgres('three servers starting together', () => {
  it('migrate the database exactly once and create one admin', async () => {
    store = await newStore('postgres')
    servers.push(...(await Promise.all([startServer(store), startServer(store), startServer(store)])))

    const migrated = servers.filter((server) => server.output().includes('Database migrated'))
    expect(migrated).toHaveLength(1)
    expect(migrated[0]?.output()).toContain(
      `Database migrated: ${journal.entries.length} migration(s) applied.`,
    )
    expect(servers.filter((server) => server.output().includes('an admin account was created'))).toHaveLength(
      1,
    )

    const client = new pg.Client({ connectionString: store.env.DATABASE_URL })
    await client.connect()
    try {
      const applied = await client.query(
        'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      )
      expect(applied.rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length })
      const staff = await client.query('select count(*)::int as n from users where is_staff')
      expect(staff.rows[0].n).toBe(1)
    } finally {
      await client.end()
    }
  })
})
