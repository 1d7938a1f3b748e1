import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client'
import { notifications } from '../../src/db/schema'
import { availableDatabaseKinds, describeOnPostgres } from '../database-kind'
import { CHECKOUT } from '../fixtures'
import {
  addDeliveryZone,
  client,
  createProduct,
  createUserWithCli,
  logIn,
  newStore,
  type ServerProcess,
  type Store,
  signUp,
  startServer,
  stopAll,
} from '../server-process'
import { startSmtpServer, type TestSmtpServer } from '../smtp'

/** Issue 15: the outbox loses nothing to a SIGKILL, and two servers never both send one notification. */
const STAFF = { email: 'staff@mail.test', password: 'staff-password-1' }

const stores: Store[] = []
const smtpServers: TestSmtpServer[] = []
afterAll(async () => {
  for (const smtp of smtpServers) await smtp.close()
  for (const store of stores) await store.drop()
})

const mailEnv = (smtp: TestSmtpServer, leaseSeconds: number) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Comfort Living <orders@comfort.pk>',
  NOTIFY_LEASE_SECONDS: String(leaseSeconds),
  NOTIFY_RETRY_SECONDS: '0.5',
})

/** A store with a staff member (who hears of each order), a product and the Lahore zone. */
async function newShop(kind: 'pglite' | 'postgres') {
  const store = await newStore(kind)
  stores.push(store)
  await createUserWithCli(store, STAFF.email, STAFF.password, true)
  await addDeliveryZone(store)
  return store
}

async function placeOrders(server: ServerProcess, count: number, who: string) {
  const staff = await logIn(server.url, STAFF.email, STAFF.password)
  const product = await createProduct(server.url, staff, `${who} Ottoman`, 1000, 'Chairs')
  const ids: number[] = []
  for (let i = 0; i < count; i++) {
    const send = client(server.url, await signUp(server.url, `${who}${i}@example.com`))
    await send('POST', '/api/cart/', { product_id: product.id, quantity: 1 })
    const placed = await send('POST', '/api/orders/', { ...CHECKOUT, email: `${who}${i}@example.com` })
    expect(placed.status).toBe(201)
    ids.push(placed.body.id)
  }
  return ids
}

/** Every notification row of a store whose servers have stopped. */
async function storedRows(store: Store) {
  const database = await openDatabase({
    databaseUrl: store.env.DATABASE_URL || undefined,
    dataDir: store.env.DATA_DIR ?? '',
  })
  try {
    return await database.db.select().from(notifications)
  } finally {
    await database.close()
  }
}

describe.each(availableDatabaseKinds)('SIGKILL with notifications pending on %s', (kind) => {
  it('delivers every one after the restart, those the killed process was trying included', async () => {
    const store = await newShop(kind)
    // A server that hangs mid-send: the rows it took are leased to the process when it dies.
    const hanging = await startSmtpServer(0, { stall: true })
    smtpServers.push(hanging)
    const first = await startServer(store, mailEnv(hanging, 4))
    await placeOrders(first, 3, `kill${kind}`)
    first.child.kill('SIGKILL')
    expect(await first.exited).toBe('SIGKILL')

    const smtp = await startSmtpServer()
    smtpServers.push(smtp)
    const second = await startServer(store, mailEnv(smtp, 4))
    // Three orders: a mail to each customer and one to the staff member for each.
    const received = await smtp.waitFor(6, 40_000)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)

    const rows = await storedRows(store)
    expect(rows).toHaveLength(6)
    expect(rows.map((row) => row.status)).toEqual(Array(6).fill('sent'))
    expect(new Set(received.map((mail) => mail.notificationId))).toEqual(new Set(rows.map((row) => row.id)))
    // At least one mail was taken by the killed process (it counted the attempt) and sent again.
    expect(rows.some((row) => row.attempts >= 2)).toBe(true)
  }, 120_000)
})

describeOnPostgres('two servers, one PostgreSQL', () => {
  const servers: ServerProcess[] = []
  let store: Store | undefined
  afterAll(() => stopAll(servers, store))

  it('send each notification once', async () => {
    store = await newShop('postgres')
    const smtp = await startSmtpServer()
    smtpServers.push(smtp)
    const [a, b] = await Promise.all([
      startServer(store, mailEnv(smtp, 60)),
      startServer(store, mailEnv(smtp, 60)),
    ])
    if (!a || !b) throw new Error('servers did not start')
    servers.push(a, b)
    await Promise.all([placeOrders(a, 8, 'twoa'), placeOrders(b, 8, 'twob')])
    // 16 orders, each to its customer and to the staff member.
    const received = await smtp.waitFor(32, 40_000)
    // Anything sent twice would arrive within the poll that follows.
    await new Promise((resolve) => setTimeout(resolve, 4_000))
    const ids = received.map((mail) => mail.notificationId)
    expect(ids).toHaveLength(32)
    expect(new Set(ids).size).toBe(32)
  }, 120_000)
})
