import { createServer, type Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { openPostgres } from './client'
import { databaseUnavailable } from './errors'

/**
 * A PostgreSQL server out of reach the slow way: the connection is taken and never answered (a host
 * gone behind a load balancer, a full backlog). A query must fail in seconds, not wait for ever.
 */
const sockets = new Set<Socket>()
const silent = createServer((socket) => {
  sockets.add(socket)
  socket.on('close', () => sockets.delete(socket))
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => silent.close(resolve))
})

it('fails a query within a few seconds when the server takes the connection and never answers', async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const address = silent.address()
  if (typeof address !== 'object' || !address) throw new Error('no port')
  const database = await openPostgres(`postgres://postgres@127.0.0.1:${address.port}/store`)
  const started = Date.now()
  const failure = await database.db.execute(sql`select 1`).then(
    () => null,
    (error: unknown) => error,
  )
  const waited = Date.now() - started
  expect(databaseUnavailable(failure)).toBe(true)
  expect(waited).toBeLessThan(5_000)
  await database.close()
}, 15_000)
