import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKind, openTestDatabase } from '../../test/harness'
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

describe(`migrations on an empty ${databaseKind} database`, () => {
  it('create every table of the data model', async () => {
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    expect(tables.map((row) => row.table_name)).toEqual([
      'cart_items',
      'carts',
      'categories',
      'conversations',
      'idempotency_keys',
      'messages',
      'order_items',
      'orders',
      'product_counts',
      'product_images',
      'products',
      'refresh_tokens',
      'reviews',
      'search_terms',
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
