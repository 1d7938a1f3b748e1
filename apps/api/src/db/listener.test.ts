import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnPostgres } from '../../test/database-kind'
import { openTestDatabase } from '../../test/harness'
import { type Database, queryRows } from './client'
import { ChannelListener } from './listener'

describeOnPostgres('listeners coming back after the connection is lost', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>
  let database: Database
  const listeners: ChannelListener[] = []
  beforeAll(async () => {
    opened = await openTestDatabase({ migrate: false })
    database = opened.database
  })
  afterAll(async () => {
    for (const listener of listeners) await listener.close()
    await database.close()
    await opened.drop()
  })

  /**
   * This database's connections whose last statement was a LISTEN: the listening ones, once
   * pg_stat_activity shows them (it can trail a statement by a moment).
   */
  async function listeningConnections(): Promise<number> {
    let count = 0
    for (let look = 0; look < 20; look++) {
      const rows = await queryRows<{ pid: number }>(
        database.db,
        sql`select pid from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      )
      count = rows.length
      if (count > 0 && look >= 3) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return count
  }

  it('share one listening connection when they listen again together (with one each, a loss of any but the last would go unseen)', async () => {
    const log = Fastify({ logger: false }).log
    for (const channel of ['first_channel', 'second_channel', 'third_channel']) {
      const listener = new ChannelListener(
        database,
        channel,
        {
          notice: () => {},
          listening: () => {},
          lost: () => {},
        },
        log,
      )
      listeners.push(listener)
      await listener.start()
    }
    expect(await listeningConnections()).toBe(1)

    // The connection ends: all three listen again a second later, at the same moment.
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`)
    const deadline = Date.now() + 10_000
    while (!listeners.every((listener) => listener.listening) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(listeners.every((listener) => listener.listening)).toBe(true)
    expect(await listeningConnections()).toBe(1)
  })
})
