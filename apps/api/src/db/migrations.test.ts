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
      'messages',
      'order_items',
      'orders',
      'product_images',
      'products',
      'refresh_tokens',
      'reviews',
      'users',
    ])
  })

  it('enable pg_trgm and leave the typo threshold set on the connection', async () => {
    const extension = await queryRows(
      database.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    )
    expect(extension).toHaveLength(1)
    const [threshold] = await queryRows<{ value: string }>(
      database.db,
      sql`select current_setting('pg_trgm.word_similarity_threshold') as value`,
    )
    expect(threshold?.value).toBe('0.3')
  })

  it('are idempotent: running them again changes nothing', async () => {
    await expect(database.migrate()).resolves.toBeUndefined()
  })
})
