import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../src/db/client'

const tables = [
  'users',
  'refresh_tokens',
  'categories',
  'products',
  'product_options',
  'product_option_values',
  'product_images',
  'reviews',
  'carts',
  'cart_items',
  'orders',
  'order_items',
  'conversations',
  'messages',
  'idempotency_keys',
] as const

/** A digest of every row of every table (refresh tokens aside, which logins add): equal digests, same data. */
export async function fingerprint(
  db: Db,
  options: { except?: string[] } = {},
): Promise<Record<string, string>> {
  const digest: Record<string, string> = {}
  for (const table of tables) {
    if (options.except?.includes(table)) continue
    const [row] = await queryRows<{ digest: string | null; n: string }>(
      db,
      sql.raw(
        `select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*) as n from ${table} t`,
      ),
    )
    digest[table] = `${row?.n}:${row?.digest ?? ''}`
  }
  return digest
}
