import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKind, openTestDatabase } from '../../test/harness'
import { getOrder } from '../features/orders/reading'
import { DiskStorage } from '../lib/storage'
import { type Database, queryRows } from './client'

let database: Database
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
})
afterAll(async () => {
  await database.close()
  await drop()
})

/**
 * A database migrated up to `lastMigration` as a store of that time was, through the driver's own
 * migrator, for `upgrade` to fill, migrate to the present and check; dropped after.
 */
async function fromMigration(
  lastMigration: number,
  upgrade: (old: Database) => Promise<void>,
): Promise<void> {
  const { database: old, drop } = await openTestDatabase({ migrate: false })
  const migrationsFolder = migrationsUpTo(lastMigration)
  try {
    if (old.kind === 'pglite') await migratePglite(old.db as unknown as PgliteDatabase, { migrationsFolder })
    else await migrateNodePg(old.db as unknown as Parameters<typeof migrateNodePg>[0], { migrationsFolder })
    await upgrade(old)
  } finally {
    await old.close()
    await drop()
    rmSync(migrationsFolder, { recursive: true, force: true })
  }
}

describe(`migrations on an empty ${databaseKind} database`, () => {
  it('create every table of the data model', async () => {
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    expect(tables.map((row) => row.table_name)).toEqual([
      'addresses',
      'assembly_fees',
      'audit_log',
      'back_in_stock_requests',
      'bank_account',
      'cancellation_requests',
      'cart_items',
      'carts',
      'cash_hand_ins',
      'categories',
      'claim_events',
      'claim_evidence',
      'claim_lines',
      'claim_settings',
      'claims',
      'conversations',
      'coupons',
      'delivery_runs',
      'delivery_settings',
      'delivery_stops',
      'delivery_zones',
      'document_counters',
      'documents',
      'idempotency_keys',
      'locations',
      'messages',
      'notifications',
      'order_events',
      'order_items',
      'order_payments',
      'order_stock_takes',
      'orders',
      'password_reset_tokens',
      'payment_settings',
      'product_counts',
      'product_images',
      'product_option_values',
      'product_options',
      'product_search',
      'products',
      'rate_limit_hits',
      'recovery_codes',
      'refresh_tokens',
      'reviews',
      'search_terms',
      'sessions',
      'stock_levels',
      'stock_movements',
      'stock_settings',
      'store_details',
      'users',
    ])
  })

  it('enable pg_trgm and fuzzystrmatch', async () => {
    const extensions = await queryRows<{ extname: string }>(
      database.db,
      sql`select extname from pg_extension where extname in ('pg_trgm', 'fuzzystrmatch') order by extname`,
    )
    expect(extensions.map((row) => row.extname)).toEqual(['fuzzystrmatch', 'pg_trgm'])
  })

  it('keep product_counts equal to a count of the products through every kind of change', async () => {
    const { db } = database
    const counted = () =>
      queryRows(
        db,
        sql`select category_id, count(*)::int as products, (count(*) filter (where is_on_sale))::int as on_sale
            from products group by category_id order by category_id`,
      )
    const kept = () =>
      queryRows(
        db,
        sql`select category_id, products, on_sale from product_counts where products > 0 order by category_id`,
      )
    const [a, b] = await queryRows<{ id: number }>(
      db,
      sql`insert into categories (name) values ('Count A'), ('Count B') returning id`,
    )
    await db.execute(sql`
      insert into products (name, description, price, stock, category_id, is_on_sale)
      select 'P' || i, 'D', 10, 5, case when i % 3 = 0 then ${b?.id}::int else ${a?.id}::int end, i % 2 = 0
      from generate_series(1, 30) as i`)
    expect(await kept()).toEqual(await counted())
    await db.execute(sql`update products set is_on_sale = not is_on_sale where name like 'P1%'`)
    await db.execute(sql`update products set category_id = ${b?.id} where name like 'P2%'`)
    await db.execute(sql`update products set stock = stock - 1`)
    expect(await kept()).toEqual(await counted())
    await db.execute(sql`delete from products where name like 'P%5'`)
    expect(await kept()).toEqual(await counted())
    await db.execute(sql`delete from products where name like 'P%'`)
    await db.execute(sql`delete from categories where id in (${a?.id}, ${b?.id})`)
  })

  it('are idempotent: running them again applies nothing', async () => {
    await expect(database.migrate()).resolves.toBe(0)
  })
})

/** The migrations folder as it was up to and including migration `last`. */
function migrationsUpTo(last: number): string {
  const source = path.join(import.meta.dirname, 'migrations')
  const target = mkdtempSync(path.join(tmpdir(), 'store-migrations-'))
  mkdirSync(path.join(target, 'meta'))
  const journal = JSON.parse(readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[]
  }
  journal.entries = journal.entries.filter((entry) => entry.idx <= last)
  for (const entry of journal.entries) {
    copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(target, `${entry.tag}.sql`))
  }
  writeFileSync(path.join(target, 'meta/_journal.json'), JSON.stringify(journal))
  return target
}

describe(`migrations on a ${databaseKind} database from before the furniture catalogue`, () => {
  it('keep every row: old products get no options and no details, categories a slug, order lines their stock, orders a timeline', async () => {
    await fromMigration(5, async (old) => {
      const { db } = old
      await db.execute(sql`insert into categories (name) values ('Sofas'), ('Dining & Kitchen')`)
      await db.execute(sql`
        insert into products (name, description, price, stock, category_id)
        values ('Velvet Sofa', 'Deep and soft.', 125000, 4, 1), ('Teak Table', 'Oiled teak.', 60000, 2, 2)`)
      await db.execute(sql`
        insert into users (email, password_hash, first_name, last_name) values ('a@example.com', 'x', 'A', 'B')`)
      await db.execute(sql`
        insert into orders (user_id, status, total_price, first_name, last_name, email, address, city, postal_code)
        values (1, 'Pending', 250000, 'A', 'B', 'a@example.com', '1 Road', 'Lahore', '54000'),
               (1, 'Cancelled', 60000, 'A', 'B', 'a@example.com', '1 Road', 'Lahore', '54000')`)
      await db.execute(sql`
        insert into order_items (order_id, product_id, product_name, price, quantity)
        values (1, 1, 'Velvet Sofa', 125000, 2), (2, 2, 'Teak Table', 60000, 1)`)
      await db.execute(sql`insert into carts (user_id) values (1)`)
      await db.execute(sql`insert into cart_items (cart_id, product_id, quantity) values (1, 2, 1)`)
      // Search documents sat on products until migration 0022 moved them to product_search.
      const documentsBefore = await queryRows(
        db,
        sql`select id, search_document::text from products order by id`,
      )
      const documents = () =>
        queryRows(
          db,
          sql`select product_id as id, search_document::text from product_search order by product_id`,
        )
      const vocabulary = () => queryRows(db, sql`select term, products from search_terms order by term`)
      const vocabularyBefore = await vocabulary()

      await old.migrate()

      expect(await queryRows(db, sql`select id, name, slug from categories order by id`)).toEqual([
        { id: 1, name: 'Sofas', slug: 'sofas' },
        { id: 2, name: 'Dining & Kitchen', slug: 'dining-kitchen' },
      ])
      expect(
        await queryRows(
          db,
          sql`select name, width_cm, depth_cm, height_cm, weight_kg, material, colour, lead_time_days,
            (select count(*) from product_options o where o.product_id = p.id)::int as options
            from products p order by id`,
        ),
      ).toEqual([
        {
          name: 'Velvet Sofa',
          width_cm: null,
          depth_cm: null,
          height_cm: null,
          weight_kg: null,
          material: null,
          colour: null,
          lead_time_days: 0,
          options: 0,
        },
        {
          name: 'Teak Table',
          width_cm: null,
          depth_cm: null,
          height_cm: null,
          weight_kg: null,
          material: null,
          colour: null,
          lead_time_days: 0,
          options: 0,
        },
      ])
      // A live order holds its units from stock; a cancelled one gave them back already.
      expect(
        await queryRows(
          db,
          sql`select order_id, quantity, stock_taken, options from order_items order by id`,
        ),
      ).toEqual([
        { order_id: 1, quantity: 2, stock_taken: 2, options: [] },
        { order_id: 2, quantity: 1, stock_taken: 0, options: [] },
      ])
      // Orders from before the Pakistani checkout: cash on delivery, their total as subtotal, a timeline.
      expect(
        await queryRows(
          db,
          sql`select id, phone, payment_method, payment_status, subtotal::text, discount::text,
            delivery_fee::text, cod_fee::text, eta_min_date = (created_at at time zone 'Asia/Karachi')::date as eta
            from orders order by id`,
        ),
      ).toEqual([
        {
          id: 1,
          phone: '',
          payment_method: 'cod',
          payment_status: 'unpaid',
          subtotal: '250000.00',
          discount: '0.00',
          delivery_fee: '0.00',
          cod_fee: '0.00',
          eta: true,
        },
        {
          id: 2,
          phone: '',
          payment_method: 'cod',
          payment_status: 'unpaid',
          subtotal: '60000.00',
          discount: '0.00',
          delivery_fee: '0.00',
          cod_fee: '0.00',
          eta: true,
        },
      ])
      expect(
        await queryRows(db, sql`select order_id, status, actor_id from order_events order by id`),
      ).toEqual([
        { order_id: 1, status: 'Pending', actor_id: 1 },
        { order_id: 2, status: 'Pending', actor_id: 1 },
        { order_id: 2, status: 'Cancelled', actor_id: null },
      ])
      expect(await queryRows(db, sql`select product_id, quantity, option_value_ids from cart_items`)).toEqual(
        [{ product_id: 2, quantity: 1, option_value_ids: [] }],
      )
      expect(await documents()).toEqual(documentsBefore)
      expect(await vocabulary()).toEqual(vocabularyBefore)
    })
  })
})

describe(`migration 0014 on a ${databaseKind} database with staff`, () => {
  it('makes the first active staff member the owner, other staff managers, customers customers', async () => {
    await fromMigration(13, async (old) => {
      const { db } = old
      await db.execute(sql`
        insert into users (email, password_hash, first_name, last_name, is_staff, is_active) values
          ('shopper@example.com', 'x', 'A', 'B', false, true),
          ('gone-admin@example.com', 'x', 'A', 'B', true, false),
          ('admin@example.com', 'x', 'A', 'B', true, true),
          ('helper@example.com', 'x', 'A', 'B', true, true),
          ('other-shopper@example.com', 'x', 'A', 'B', false, false)`)

      await old.migrate()

      expect(await queryRows(db, sql`select email, role, is_staff from users order by id`)).toEqual([
        { email: 'shopper@example.com', role: 'customer', is_staff: false },
        { email: 'gone-admin@example.com', role: 'manager', is_staff: true },
        { email: 'admin@example.com', role: 'owner', is_staff: true },
        { email: 'helper@example.com', role: 'manager', is_staff: true },
        { email: 'other-shopper@example.com', role: 'customer', is_staff: false },
      ])
      // is_staff follows the role from now on, and cannot be set by itself.
      await db.execute(sql`update users set role = 'support' where email = 'shopper@example.com'`)
      expect(
        await queryRows(db, sql`select is_staff from users where email = 'shopper@example.com'`),
      ).toEqual([{ is_staff: true }])
      await expect(db.execute(sql`update users set is_staff = false`)).rejects.toThrow()
      await expect(db.execute(sql`update users set role = 'king'`)).rejects.toThrow()
    })
  })
})

describe(`migration 0020 on a ${databaseKind} database with paid, refunded and receipted orders`, () => {
  it('turns each payment state into ledger entries, and the orders read the same amounts and statuses', async () => {
    await fromMigration(19, async (old) => {
      const { db } = old
      await db.execute(sql`
        insert into users (email, password_hash, first_name, last_name) values ('a@example.com', 'x', 'A', 'B')`)
      // One order per payment state of the second wave, and a receipt staff set back to unpaid.
      const states = ['unpaid', 'proof_submitted', 'paid', 'refunded', 'unpaid']
      for (const [index, state] of states.entries()) {
        await db.execute(sql`
          insert into orders (user_id, status, total_price, subtotal, delivery_fee, first_name, last_name, email,
            address, city, postal_code, phone, payment_method, payment_status, eta_min_date, eta_max_date)
          values (1, 'Delivered', ${`${100_000 + index}.50`}, ${`${98_500 + index}.50`}, 1500, 'A', 'B',
            'a@example.com', '1 Road', 'Lahore', '54000', '03001234567', 'bank_transfer', ${state},
            '2026-06-01', '2026-06-03')`)
        await db.execute(sql`
          insert into order_events (order_id, status, payment_status, created_at)
          values (${index + 1}, 'Delivered', ${state}, '2026-06-02T10:00:00Z')`)
      }
      await db.execute(sql`
        insert into payment_proofs (order_id, content_type, bytes)
        values (2, 'image/webp', '\\x0102'::bytea), (3, 'image/webp', '\\x0304'::bytea), (5, 'image/webp', '\\x0506'::bytea)`)

      await old.migrate()

      expect(
        await queryRows(
          db,
          sql`select id, payment_status, total_price, paid_total, refunded_total, pending_payments from orders order by id`,
        ),
      ).toEqual([
        {
          id: 1,
          payment_status: 'unpaid',
          total_price: '100000.50',
          paid_total: '0.00',
          refunded_total: '0.00',
          pending_payments: 0,
        },
        {
          id: 2,
          payment_status: 'proof_submitted',
          total_price: '100001.50',
          paid_total: '0.00',
          refunded_total: '0.00',
          pending_payments: 1,
        },
        {
          id: 3,
          payment_status: 'paid',
          total_price: '100002.50',
          paid_total: '100002.50',
          refunded_total: '0.00',
          pending_payments: 0,
        },
        {
          id: 4,
          payment_status: 'refunded',
          total_price: '100003.50',
          paid_total: '100003.50',
          refunded_total: '100003.50',
          pending_payments: 0,
        },
        {
          id: 5,
          payment_status: 'unpaid',
          total_price: '100004.50',
          paid_total: '0.00',
          refunded_total: '0.00',
          pending_payments: 0,
        },
      ])
      expect(
        await queryRows(
          db,
          sql`select order_id, kind, method, amount, status, encode(proof_bytes, 'hex') as proof, check_note
            from order_payments order by order_id, id`,
        ),
      ).toEqual([
        {
          order_id: 2,
          kind: 'payment',
          method: 'bank_transfer',
          amount: '100001.50',
          status: 'pending',
          proof: '0102',
          check_note: '',
        },
        {
          order_id: 3,
          kind: 'payment',
          method: 'bank_transfer',
          amount: '100002.50',
          status: 'confirmed',
          proof: '0304',
          check_note: '',
        },
        {
          order_id: 4,
          kind: 'payment',
          method: 'bank_transfer',
          amount: '100003.50',
          status: 'confirmed',
          proof: null,
          check_note: '',
        },
        {
          order_id: 4,
          kind: 'refund',
          method: 'bank_transfer',
          amount: '100003.50',
          status: 'confirmed',
          proof: null,
          check_note: '',
        },
        {
          order_id: 5,
          kind: 'payment',
          method: 'bank_transfer',
          amount: '100004.50',
          status: 'rejected',
          proof: '0506',
          check_note: 'Set back to unpaid before the payments ledger.',
        },
      ])
      // What the API answers for them: the same totals, and what was paid and is due.
      const storage = new DiskStorage(mkdtempSync(path.join(tmpdir(), 'store-media-')))
      const reader = { ownerId: null, language: 'en' as const }
      const read = async (id: number) => {
        const order = await getOrder(db, storage, id, reader)
        return (
          order && [
            order.payment_status,
            order.total_price,
            order.amount_paid,
            order.balance_due,
            order.payment_proof_url,
          ]
        )
      }
      expect(await read(3)).toEqual([
        'paid',
        '100002.50',
        '100002.50',
        '0.00',
        '/api/orders/3/payment-proof/',
      ])
      expect(await read(4)).toEqual(['refunded', '100003.50', '0.00', '0.00', null])
      expect(await read(2)).toEqual([
        'proof_submitted',
        '100001.50',
        '0.00',
        '100001.50',
        '/api/orders/2/payment-proof/',
      ])
    })
  })
})

describe(`migration 0021 on a ${databaseKind} database with stock and open orders`, () => {
  it('puts every product’s stock at a Main store with an opening movement, and open orders’ units there', async () => {
    await fromMigration(20, async (old) => {
      const { db } = old
      await db.execute(
        sql`insert into delivery_zones (city, fee, eta_min_days, eta_max_days, cod_available) values ('Karachi', 0, 1, 2, true)`,
      )
      await db.execute(sql`insert into categories (name) values ('Chairs')`)
      await db.execute(sql`
        insert into products (name, description, price, stock, category_id)
        values ('Chair', 'A chair.', 1000, 4, 1), ('Stool', 'A stool.', 500, 0, 1)`)
      await db.execute(sql`
        insert into users (email, password_hash, first_name, last_name) values ('a@example.com', 'x', 'A', 'B')`)
      for (const status of ['Pending', 'Cancelled']) {
        await db.execute(sql`
          insert into orders (user_id, status, total_price, subtotal, first_name, last_name, email, address, city,
            postal_code, phone, payment_method, eta_min_date, eta_max_date)
          values (1, ${status}, 2000, 2000, 'A', 'B', 'a@example.com', '1 Road', 'Karachi', '74000', '03001234567',
            'cod', '2026-06-01', '2026-06-03')`)
      }
      await db.execute(sql`
        insert into order_items (order_id, product_id, product_name, price, quantity, stock_taken)
        values (1, 1, 'Chair', 1000, 2, 2), (2, 1, 'Chair', 1000, 1, 0)`)

      await old.migrate()

      expect(await queryRows(db, sql`select id, name, kind, city, is_active from locations`)).toEqual([
        { id: 1, name: 'Main store', kind: 'warehouse', city: 'Karachi', is_active: true },
      ])
      expect(await queryRows(db, sql`select product_id, location_id, quantity from stock_levels`)).toEqual([
        { product_id: 1, location_id: 1, quantity: 4 },
      ])
      expect(
        await queryRows(db, sql`select product_id, location_id, delta, reason from stock_movements`),
      ).toEqual([{ product_id: 1, location_id: 1, delta: 4, reason: 'opening' }])
      expect(
        await queryRows(db, sql`select order_id, product_id, location_id, quantity from order_stock_takes`),
      ).toEqual([{ order_id: 1, product_id: 1, location_id: 1, quantity: 2 }])
      expect(await queryRows(db, sql`select id, stock from products order by id`)).toEqual([
        { id: 1, stock: 4 },
        { id: 2, stock: 0 },
      ])
    })
  })
})

describe(`migration 0026 on a ${databaseKind} database with refresh tokens`, () => {
  it('makes each token family a session, ended when all its tokens were revoked, and every token keeps its session', async () => {
    await fromMigration(25, async (old) => {
      const { db } = old
      // Drivers read times differently: compared as UTC text.
      const utc = (column: string) =>
        sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ${column}`)
      await db.execute(sql`
        insert into users (email, password_hash, first_name, last_name) values ('a@example.com', 'x', 'A', 'B')`)
      await db.execute(sql`
        insert into refresh_tokens (id, family_id, user_id, expires_at, used_at, revoked_at, created_at) values
          ('t1', 'phone', 1, now() + interval '7 days', '2026-11-20T10:00:00Z', null, '2026-11-20T09:00:00Z'),
          ('t2', 'phone', 1, now() + interval '7 days', null, null, '2026-11-20T10:00:00Z'),
          ('t3', 'laptop', 1, now() + interval '7 days', null, '2026-11-21T08:00:00Z', '2026-11-21T07:00:00Z')`)

      await old.migrate()

      const sessions = await queryRows<{
        id: number
        created_at: Date
        last_used_at: Date
        ended_at: Date | null
      }>(
        db,
        sql`select id, ${utc('created_at')}, ${utc('last_used_at')}, ${utc('ended_at')} from sessions order by created_at`,
      )
      expect(sessions.map(({ id: _id, ...times }) => times)).toEqual([
        {
          created_at: '2026-11-20T09:00:00Z',
          last_used_at: '2026-11-20T10:00:00Z',
          ended_at: null,
        },
        {
          created_at: '2026-11-21T07:00:00Z',
          last_used_at: '2026-11-21T07:00:00Z',
          ended_at: '2026-11-21T08:00:00Z',
        },
      ])
      expect(await queryRows(db, sql`select id, session_id from refresh_tokens order by id`)).toEqual([
        { id: 't1', session_id: sessions[0]?.id },
        { id: 't2', session_id: sessions[0]?.id },
        { id: 't3', session_id: sessions[1]?.id },
      ])
    })
  })
})
