import type { ChosenOption, LanguageCode, OptionChoices, ProductOption } from '@store/contract'
import { eq, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { type Db, integerArray } from '../../db/client'
import { products, shownName } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { optionsOf, outer } from './options'

/**
 * What a shopper's choice is checked against: the product's name, price, stock, lead time and options.
 * `lock` holds the product row (FOR SHARE) until the caller's transaction ends: an edit of the product
 * and its options waits, so a choice checked here cannot go stale before it is saved. The name is the
 * one a reader of `language` sees (for the sentences that name it).
 */
export async function productForChoice(
  db: Db,
  productId: number,
  { lock = false, language }: { lock?: boolean; language: LanguageCode },
) {
  const query = db
    .select({
      name: sql<string>`${shownName(products, language)}`,
      price: products.price,
      stock: products.stock,
      leadTimeDays: products.leadTimeDays,
      options: optionsOf(products.id),
    })
    .from(products)
    .where(eq(products.id, productId))
  const [product] = await (lock ? query.for('share') : query)
  return product ?? null
}

/**
 * Checks a shopper's choices (option id → value id) against a product's options: every option chosen,
 * each with one of its own values, no other option named. Answers the chosen value ids ascending (the
 * cart's key of a choice set) and the choices as labels in the product's order; 400 naming the first
 * problem otherwise.
 */
export function resolveChoices(
  productName: string,
  options: ProductOption[],
  choices: OptionChoices,
): { valueIds: number[]; chosen: ChosenOption[] } {
  const known = new Set(options.map((option) => String(option.id)))
  const unknown = Object.keys(choices).find((key) => !known.has(key))
  if (unknown !== undefined) throw httpError(400, `"${productName}" has no option ${unknown}.`)
  const valueIds: number[] = []
  const chosen: ChosenOption[] = []
  for (const option of options) {
    const valueId = choices[String(option.id)]
    if (valueId === undefined) throw httpError(400, `Choose the ${option.name} of "${productName}".`)
    const value = option.values.find((candidate) => candidate.id === valueId)
    if (!value) throw httpError(400, `That ${option.name} is not offered for "${productName}".`)
    valueIds.push(valueId)
    chosen.push({ name: option.name, value: value.label })
  }
  return { valueIds: valueIds.sort((a, b) => a - b), chosen }
}

/**
 * A saved choice set of a product (a cart line's, or an order line's), in SQL: the chosen values as
 * `[{name, value}]` in the product's option order, and the sum of their price deltas (numeric).
 */
export function choiceOf(productId: AnyPgColumn, valueIds: AnyPgColumn | number[]) {
  const ids = Array.isArray(valueIds) ? integerArray(valueIds) : outer(valueIds)
  const chosen = sql`product_option_values v join product_options o on o.id = v.option_id
    where v.id = any(${ids}) and o.product_id = ${outer(productId)}`
  return {
    options: sql<ChosenOption[]>`coalesce((select json_agg(json_build_object('name', o.name, 'value', v.label)
      order by o.position, o.id) from ${chosen}), '[]'::json)`,
    delta: sql<string>`coalesce((select sum(v.price_delta) from ${chosen}), 0)`,
  }
}
