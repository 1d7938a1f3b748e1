import { type SQL, sql } from 'drizzle-orm'
import { categories, products } from '../../db/schema'

/** Escapes LIKE wildcards so a typed `%` or `_` matches itself. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

export interface ProductSearch {
  where: SQL
  /** Higher is better; only meaningful on rows that passed `where` */
  score: SQL
}

/**
 * Typo-tolerant search over name, description and category. `<%` compares the term with each word of
 * the name by trigrams (threshold set per connection in db/client.ts), which lets 'sofaa', 'wardrob'
 * or 'chiar' through; ILIKE finds the term inside the name or the description.
 *
 * Each way of matching is its own arm of a UNION rather than a branch of one OR: the planner then
 * estimates every arm from the term and uses its index (trigram GIN on lower(name) and
 * lower(description), the category index). In one OR, the category branch's unknown estimate made
 * it read every product, about 500 ms at 100,000 products instead of a few.
 */
export function productSearch(text: string): ProductSearch | null {
  const term = text.trim().toLowerCase()
  if (!term) return null
  const pattern = `%${escapeLike(term)}%`
  const name = sql`lower(${products.name})`
  const description = sql`lower(${products.description})`
  // Inside these subqueries `products` is their own FROM, so each arm stands alone.
  const ids = (condition: SQL) => sql`select ${products.id} from ${products} where ${condition}`
  const matchingCategories = sql`array(
    select ${categories.id} from ${categories}
    where ${term} <% lower(${categories.name}) or ${categories.name} ilike ${pattern})`
  return {
    where: sql`${products.id} in (
      ${ids(sql`${term} <% ${name}`)}
      union all ${ids(sql`${name} ilike ${pattern}`)}
      union all ${ids(sql`${description} ilike ${pattern}`)}
      union all ${ids(sql`${products.categoryId} = any(${matchingCategories})`)})`,
    // A hit in the name counts most, then the category; a mention in the description only finds the
    // product (scoring long descriptions would cost more than it tells).
    score: sql`(2 * word_similarity(${term}, ${name}) + 1.5 * word_similarity(${term}, lower(${categories.name})))`,
  }
}
