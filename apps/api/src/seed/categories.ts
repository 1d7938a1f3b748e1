import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { categories } from '../db/schema'

/** The store's departments, with their Urdu names. Created on every first start, with or without the demo catalogue. */
export const STORE_CATEGORY_NAMES = {
  Sofas: 'صوفے',
  Beds: 'بیڈ',
  Dining: 'ڈائننگ',
  Chairs: 'کرسیاں',
  Tables: 'میزیں',
  Storage: 'الماریاں اور اسٹوریج',
  Lighting: 'لیمپ اور روشنیاں',
  Decor: 'گھر کی سجاوٹ',
  Rugs: 'قالین',
} as const

export const STORE_CATEGORIES = Object.keys(STORE_CATEGORY_NAMES) as (keyof typeof STORE_CATEGORY_NAMES)[]

/**
 * Creates the departments that are missing (an existing one without an Urdu name gets it); answers
 * every department's id by name.
 */
export async function ensureCategories(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .insert(categories)
    .values(STORE_CATEGORIES.map((name) => ({ name, nameUr: STORE_CATEGORY_NAMES[name] })))
    .onConflictDoUpdate({
      target: categories.name,
      set: {
        nameUr: sql`case when ${categories.nameUr} = '' then excluded.name_ur else ${categories.nameUr} end`,
      },
    })
    .returning({ id: categories.id, name: categories.name })
  return new Map(rows.map((row) => [row.name, row.id]))
}
