import type { LanguageCode } from '@store/contract'
import { asc, desc, eq, gt, max, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { categories, products, shownName } from '../../db/schema'

export interface CategoryRef {
  id: number
  name: string
  slug: string
}

/**
 * The category a listing's `category=` names, as the product list reads it: the name (letter case
 * aside, an exact match preferred), the slug or the Urdu name; named as a reader of `language` sees it.
 */
export async function findCategory(
  db: Db,
  nameOrSlug: string,
  language: LanguageCode,
): Promise<CategoryRef | null> {
  const [row] = await db
    .select({
      id: categories.id,
      name: sql<string>`${shownName(categories, language)}`,
      slug: categories.slug,
    })
    .from(categories)
    .where(
      sql`lower(${categories.name}) = lower(${nameOrSlug}) or ${categories.slug} = lower(${nameOrSlug})
        or (${categories.nameUr} <> '' and ${categories.nameUr} = ${nameOrSlug})`,
    )
    .orderBy(
      desc(eq(categories.name, nameOrSlug)),
      desc(sql`lower(${categories.name}) = lower(${nameOrSlug})`),
    )
    .limit(1)
  return row ?? null
}

/** The slug of a product's category, for its breadcrumb. */
export async function categorySlugOf(db: Db, categoryId: number): Promise<string | null> {
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, categoryId))
  return row?.slug ?? null
}

export interface SitemapCategory {
  slug: string
  /** The category renamed, or a product of it changed, whichever is later */
  lastmod: Date
}

/** Every category page with when it last changed, by name. */
export async function sitemapCategories(db: Db): Promise<SitemapCategory[]> {
  const latestProduct = db
    .select({ categoryId: products.categoryId, at: max(products.updatedAt).as('at') })
    .from(products)
    .groupBy(products.categoryId)
    .as('latest_product')
  const rows = await db
    .select({
      slug: categories.slug,
      lastmod: sql<Date>`greatest(${categories.updatedAt}, ${latestProduct.at})`.mapWith(
        categories.updatedAt,
      ),
    })
    .from(categories)
    .leftJoin(latestProduct, eq(latestProduct.categoryId, categories.id))
    .orderBy(asc(categories.name))
  return rows
}

export interface SitemapProduct {
  id: number
  lastmod: Date
}

export const countProducts = (db: Db): Promise<number> => db.$count(products)

/** A run of product pages by id, from after `afterId`: the sitemap's pages are read in this order. */
export async function sitemapProducts(db: Db, afterId: number, limit: number): Promise<SitemapProduct[]> {
  return db
    .select({ id: products.id, lastmod: products.updatedAt })
    .from(products)
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(limit)
}

/** For each sitemap page of `pageSize` products, the id it starts after. */
export async function sitemapPageStarts(db: Db, pageSize: number): Promise<number[]> {
  const rows = await queryRows<{ after: number }>(
    db,
    sql`select after from (
      select coalesce(lag(${products.id}) over (order by ${products.id}), 0) as after,
        row_number() over (order by ${products.id}) as n
      from ${products}) numbered
    where (n - 1) % ${pageSize} = 0 order by n`,
  )
  return rows.map((row) => Number(row.after))
}
