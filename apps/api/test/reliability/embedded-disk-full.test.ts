import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseKind } from '../database-kind'
import { CHECKOUT } from '../fixtures'
import {
  addDeliveryZone,
  client,
  createProduct,
  createUserWithCli,
  logIn,
  newStore,
  type ServerProcess,
  signUp,
  startServer,
} from '../server-process'

/**
 * Issue 34, "the database goes away", on the embedded database: its disk fills up while the store
 * runs. Writes are refused with a sentence, reads go on, writes come back when there is room, and
 * nothing is lost or corrupted (checked again after a restart). The disk is a small tmpfs of the
 * test's own, which needs the right to mount (root with CAP_SYS_ADMIN): without it, the test is
 * reported skipped.
 */
const STAFF = { email: 'staff@disk.test', password: 'staff-password-1' }
const DISK_MB = 160
const DISK_FULL = 'The store cannot save anything right now: its disk is full. Please try again later.'

/** A tmpfs of DISK_MB mounted on a new folder; null when this machine does not let us mount one. */
function mountSmallDisk(): string | null {
  if (databaseKind !== 'pglite') return null
  const folder = mkdtempSync(path.join(tmpdir(), 'store-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', folder], { stdio: 'ignore' })
    return folder
  } catch {
    rmSync(folder, { recursive: true, force: true })
    return null
  }
}

const disk = mountSmallDisk()
const servers: ServerProcess[] = []

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL')
  await Promise.all(servers.map((server) => server.exited))
  if (disk) {
    execFileSync('umount', [disk])
    rmSync(disk, { recursive: true, force: true })
  }
})

/** Fills the disk with one file until the writes fail with ENOSPC; answers the file's path. */
function fillDisk(folder: string): string {
  const filler = path.join(folder, 'filler')
  const fd = openSync(filler, 'w')
  const chunk = Buffer.alloc(1024 * 1024)
  try {
    for (;;) writeSync(fd, chunk)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    closeSync(fd)
  }
  return filler
}

describe.runIf(disk)('the embedded database’s disk full', () => {
  it('refuses writes with a sentence, keeps answering reads, and loses nothing once there is room', async () => {
    const folder = disk as string
    const store = await newStore('pglite')
    store.env.DATA_DIR = path.join(folder, 'data')
    await createUserWithCli(store, STAFF.email, STAFF.password, true)
    await addDeliveryZone(store)
    let server = await startServer(store)
    servers.push(server)
    const staffAccess = await logIn(server.url, STAFF.email, STAFF.password)
    const product = await createProduct(server.url, staffAccess, 'Disk Armchair', 100, 'Chairs')
    const shopper = client(server.url, await signUp(server.url, 'disk@example.com'))
    const placed: number[] = []
    async function order() {
      const cart = await shopper('POST', '/api/cart/', { product_id: product.id, quantity: 1 })
      if (cart.status !== 201 && cart.status !== 200) return cart
      const answer = await shopper('POST', '/api/orders/', CHECKOUT)
      if (answer.status === 201) placed.push(answer.body.id)
      return answer
    }
    expect((await order()).status).toBe(201)

    const filler = fillDisk(folder)
    expect(statfsSync(folder).bavail).toBe(0)
    // Give the server's free-space check (once a second) time to look again.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await order()
      expect(answer.status).toBe(503)
      expect(answer.body.detail).toBe(DISK_FULL)
    }
    const refusedOrder = await fetch(`${server.url}/api/orders/`, { method: 'POST' })
    expect(refusedOrder.status).toBe(503)
    expect(Number(refusedOrder.headers.get('retry-after'))).toBeGreaterThan(0)
    // Reads go on: the catalogue, the shopper's orders, readiness.
    expect((await shopper('GET', `/api/products/${product.id}/`)).status).toBe(200)
    const mine = await shopper('GET', '/api/orders/')
    expect(mine.status).toBe(200)
    expect(mine.body.results.map((o: { id: number }) => o.id)).toEqual(placed)
    expect((await shopper('GET', '/api/ready/')).status).toBe(200)
    expect(server.child.exitCode).toBeNull()

    // Room again: writes are taken at once, with no restart.
    rmSync(filler)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    for (let attempt = 0; attempt < 3; attempt++) expect((await order()).status).toBe(201)

    // After a restart on the same files every order taken is there, and stock adds up.
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    server = await startServer(store)
    servers.push(server)
    const staff = client(server.url, await logIn(server.url, STAFF.email, STAFF.password))
    const all = await staff('GET', '/api/orders/?scope=all&page_size=100')
    expect(all.body.results.map((o: { id: number }) => o.id).sort()).toEqual([...placed].sort())
    expect((await staff('GET', `/api/products/${product.id}/`)).body.stock).toBe(100 - placed.length)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 90_000)
})
