import type { Db } from '../db/client'
import { categories } from '../db/schema'

/** The store's departments. Created on every first start, with or without the demo catalogue. */
export const STORE_CATEGORIES = [
  'Sofas',
  'Beds',
  'Dining',
  'Chairs',
  'Tables',
  'Storage',
  'Lighting',
  'Decor',
  'Rugs',
]

/** Creates the departments that are missing; answers every department's id by name. */
export async function ensureCategories(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .insert(categories)
    .values(STORE_CATEGORIES.map((name) => ({ name })))
    .onConflictDoUpdate({ target: categories.name, set: { name: categories.name } })
    .returning({ id: categories.id, name: categories.name })
  return new Map(rows.map((row) => [row.name, row.id]))
}
