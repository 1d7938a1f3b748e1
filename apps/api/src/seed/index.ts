import { randomBytes } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { categories, products, users } from '../db/schema'
import { createUser } from '../features/auth/service'
import type { MediaStorage } from '../lib/storage'
import { ensureCategories } from './categories'

export const ADMIN_EMAIL = 'admin@comfort.store'

/**
 * First start: an admin account when there is no staff user yet (its password printed once), the
 * store's categories when there are none, and, unless SEED_DEMO=false, the demo catalogue with customers, reviews, orders and a conversation
 * when there are no products yet.
 */
export async function seedIfEmpty(
  database: Database,
  storage: MediaStorage,
  options: { demo: boolean; log: (line: string) => void },
): Promise<void> {
  const { db } = database
  const [staff] = await db.select({ n: count() }).from(users).where(eq(users.isStaff, true))
  if (!staff?.n) {
    const password = randomBytes(12).toString('base64url')
    await createUser(db, {
      email: ADMIN_EMAIL,
      password,
      first_name: 'Store',
      last_name: 'Admin',
      role: 'owner',
    })
    options.log(
      [
        '',
        'First start: an admin account was created. This password is shown once:',
        `  email:    ${ADMIN_EMAIL}`,
        `  password: ${password}`,
        'Sign in at /login; create more accounts with `npm run user:create`.',
        '',
      ].join('\n'),
    )
  }
  const [departments] = await db.select({ n: count() }).from(categories)
  if (!departments?.n) await ensureCategories(db)
  const [catalogue] = await db.select({ n: count() }).from(products)
  if (options.demo && !catalogue?.n) {
    const { seedDemo } = await import('./demo')
    await seedDemo(database, storage)
    options.log('Demo catalogue created (SEED_DEMO=false skips it).')
  }
}
