import type { Category, CategoryBody, LanguageCode } from '@store/contract'
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from '../../db/errors'
import { categories, categorySlug, productCounts, products, shownName } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import type { Selection } from './answer-cache'

/** A category answer's columns; `name` is the one the reader sees. */
const categoryColumns = (language: LanguageCode) => ({
  id: categories.id,
  name: sql<string>`${shownName(categories, language)}`,
  name_ur: categories.nameUr,
  slug: categories.slug,
  product_count: sql<number>`coalesce(${productCounts.products}, 0)`.mapWith(Number),
})

const selectCategories = (db: Db, language: LanguageCode) =>
  db
    .select(categoryColumns(language))
    .from(categories)
    .leftJoin(productCounts, eq(productCounts.categoryId, categories.id))

/** What the category list counts by, for the catalogue cache: products by category, whatever their stock. */
export const CATEGORIES_SELECTION: Selection = { columns: [products.categoryId.name], stockLevels: [] }

/** The categories by the names the reader sees. */
export async function listCategories(
  db: Db,
  window: { limit: number; offset: number },
  language: LanguageCode,
): Promise<{ count: number; results: Category[] }> {
  const [results, [total]] = await Promise.all([
    selectCategories(db, language)
      .orderBy(asc(shownName(categories, language)), asc(categories.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(categories),
  ])
  return { count: total?.n ?? 0, results }
}

export async function getCategory(db: Db, id: number, language: LanguageCode): Promise<Category | null> {
  const [row] = await selectCategories(db, language).where(eq(categories.id, id))
  return row ?? null
}

/**
 * The 400 for a name another category holds: its Urdu name, the same name in another letter case, or
 * a name that makes the same slug (the unique index the insert or update ran into).
 */
async function nameTaken(db: Db, { name, name_ur }: CategoryBody, id: number | null) {
  if (name_ur) {
    const [urdu] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.nameUr, name_ur), id === null ? undefined : ne(categories.id, id)))
    if (urdu) {
      const detail = `A category named "${name_ur}" already exists.`
      return httpError(400, detail, { name_ur: [detail] })
    }
  }
  const [other] = await db
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.slug, categorySlug(sql`${name}`, sql`null`)))
  const detail = !other
    ? `A category named "${name}" already exists.`
    : other.name.toLowerCase() === name.toLowerCase()
      ? `A category named "${other.name}" already exists.`
      : `"${name}" is too close to the category "${other.name}": both would be "${other.slug}" in a web address.`
  return httpError(400, detail, { name: [detail] })
}

/** A category's audited fields by their API names. */
const categoryRecord = { name: categories.name, name_ur: categories.nameUr }

/** Creates a category; 400 naming the category that already has this name (letter case aside). */
export async function createCategory(
  db: Db,
  actor: Actor,
  body: CategoryBody,
  language: LanguageCode,
): Promise<Category> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({ name: body.name, nameUr: body.name_ur })
      .onConflictDoNothing()
      .returning({ id: categories.id, ...categoryRecord })
    if (row) {
      const { id, ...after } = row
      await recordChange(tx, actor, {
        action: 'category.create',
        entity: 'category',
        entityId: id,
        before: null,
        after,
      })
    }
    return row
  })
  if (!created) throw await nameTaken(db, body, null)
  const category = await getCategory(db, created.id, language)
  if (!category) throw new Error(`The category ${created.id} vanished as it was created`)
  return category
}

/**
 * Renames a category, in English and Urdu (its slug and its products' search words follow); null
 * when it is gone.
 */
export async function renameCategory(
  db: Db,
  actor: Actor,
  { id, body, language }: { id: number; body: CategoryBody; language: LanguageCode },
): Promise<Category | null> {
  try {
    const renamed = await db.transaction(async (tx) => {
      const [before] = await tx
        .select(categoryRecord)
        .from(categories)
        .where(eq(categories.id, id))
        .for('update')
      if (!before) return false
      const [after] = await tx
        .update(categories)
        .set({ name: body.name, nameUr: body.name_ur })
        .where(eq(categories.id, id))
        .returning(categoryRecord)
      await recordChange(tx, actor, {
        action: 'category.update',
        entity: 'category',
        entityId: id,
        before,
        after: after ?? null,
      })
      return true
    })
    if (!renamed) return null
  } catch (error) {
    // Asked once the transaction has rolled back: the failed statement ended it.
    if (sqlState(error) === UNIQUE_VIOLATION) throw await nameTaken(db, body, id)
    throw error
  }
  return getCategory(db, id, language)
}

/**
 * Deletes a category; false when there is none. The products' foreign key refuses while any product
 * is in it, also one added at the same moment: 409 saying how many.
 */
export async function deleteCategory(
  db: Db,
  actor: Actor,
  id: number,
  language: LanguageCode,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(categories).where(eq(categories.id, id)).returning(categoryRecord)
      if (!deleted) return false
      await recordChange(tx, actor, {
        action: 'category.delete',
        entity: 'category',
        entityId: id,
        before: deleted,
        after: null,
      })
      return true
    })
  } catch (error) {
    if (sqlState(error) !== FOREIGN_KEY_VIOLATION) throw error
    const category = await getCategory(db, id, language)
    const held = category?.product_count ?? 0
    throw httpError(
      409,
      `The category "${category?.name ?? id}" still has ${held === 1 ? '1 product' : `${held} products`}. ` +
        'Move them to another category or delete them first.',
    )
  }
}

/**
 * The id of the category with this name (letter case aside, an exact match preferred) or this Urdu
 * name (what a product answers Urdu readers as its category), else null.
 */
export async function findCategoryId(db: Db, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      sql`lower(${categories.name}) = ${name.toLowerCase()} or (${categories.nameUr} <> '' and ${categories.nameUr} = ${name})`,
    )
    .orderBy(desc(eq(categories.name, name)), desc(sql`lower(${categories.name}) = ${name.toLowerCase()}`))
    .limit(1)
  return row?.id ?? null
}
