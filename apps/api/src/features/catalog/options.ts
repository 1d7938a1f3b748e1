import { formatPkr, type ProductFormValues, type ProductOption } from '@store/contract'
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { productOptions, productOptionValues } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { toPaisa } from '../../lib/money'

type OptionsInput = ProductFormValues['options']

/** The largest amount numeric(12,2) holds, in paisa: a unit price must fit an order item. */
const MAX_PRICE_PAISA = 999_999_999_999n

/**
 * `column` inside a fragment that is selected: drizzle writes a column at the top level of a selected
 * fragment without its table when the query reads one table, which inside a subquery would name the
 * subquery's own column; a nested fragment keeps the table.
 */
export const outer = (column: AnyPgColumn) => sql`${column}`

/**
 * A product's options in display order, each with its values in display order, as one JSON value
 * (a correlated subquery, so a page of products stays one statement).
 */
export const optionsOf = (productId: AnyPgColumn) => sql<ProductOption[]>`coalesce((
  select json_agg(json_build_object(
    'id', o.id,
    'name', o.name,
    'values', (
      select coalesce(json_agg(json_build_object('id', v.id, 'label', v.label, 'price_delta', v.price_delta::text)
        order by v.position, v.id), '[]'::json)
      from product_option_values v where v.option_id = o.id)
  ) order by o.position, o.id)
  from product_options o where o.product_id = ${outer(productId)}), '[]'::json)`

const formError = (message: string) =>
  httpError(400, 'The product form is not valid.', { options: [message] })

/**
 * Every choice set must give a price an order can hold: from the base price with the cheapest value
 * of each option (not below 0) to it with the dearest (within numeric(12,2)). Counted in paisa.
 */
export function checkPriceRange(price: string, options: OptionsInput): void {
  let lowest = toPaisa(price)
  let highest = lowest
  for (const option of options) {
    const deltas = option.values.map((value) => toPaisa(value.price_delta))
    lowest += deltas.reduce((a, b) => (b < a ? b : a))
    highest += deltas.reduce((a, b) => (b > a ? b : a))
  }
  if (lowest < 0n) {
    throw formError(`With the cheapest choices the price would be ${formatPkr(Number(lowest))}, below zero.`)
  }
  if (highest > MAX_PRICE_PAISA) throw formError('With the dearest choices the price would be too large.')
}

/**
 * Makes the product's options exactly `options`, inside the caller's transaction (which has already
 * written the product row, so no other edit of this product runs at the same time). An option or value
 * sent with its id keeps that id, so cart lines choosing it stay; one without is created; what the
 * form no longer holds is deleted. An id that is not this product's answers 400. Cart lines whose
 * choice no longer exists are dropped by triggers (migration 0008).
 */
export async function replaceOptions(tx: Db, productId: number, options: OptionsInput): Promise<void> {
  const current = await tx
    .select({ optionId: productOptions.id, valueId: productOptionValues.id })
    .from(productOptions)
    .leftJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .where(eq(productOptions.productId, productId))
  const ownOptions = new Set(current.map((row) => row.optionId))
  const ownValues = new Set(current.flatMap((row) => (row.valueId === null ? [] : [row.valueId])))
  // Each id once: two entries claiming one row would leave one of them unsaved.
  const claim = (id: number | undefined, own: Set<number>, what: string) => {
    if (id !== undefined && !own.delete(id)) {
      throw formError(`${what} ${id} is not one of this product's, or is sent twice.`)
    }
  }
  for (const option of options) {
    claim(option.id, ownOptions, 'Option')
    for (const value of option.values) claim(value.id, ownValues, 'Value')
  }

  const keptOptions: number[] = []
  const keptValues: number[] = []
  for (const [position, option] of options.entries()) {
    let optionId = option.id
    if (optionId === undefined) {
      const [created] = await tx
        .insert(productOptions)
        .values({ productId, name: option.name, position })
        .returning({ id: productOptions.id })
      if (!created) throw new Error('The option insert returned no row')
      optionId = created.id
    } else {
      await tx
        .update(productOptions)
        .set({ name: option.name, position })
        .where(eq(productOptions.id, optionId))
    }
    keptOptions.push(optionId)
    const fresh: (typeof productOptionValues.$inferInsert)[] = []
    for (const [valuePosition, value] of option.values.entries()) {
      const row = { optionId, label: value.label, priceDelta: value.price_delta, position: valuePosition }
      if (value.id === undefined) {
        fresh.push(row)
        continue
      }
      // A value may move to another option of the product; it keeps its id.
      await tx.update(productOptionValues).set(row).where(eq(productOptionValues.id, value.id))
      keptValues.push(value.id)
    }
    if (fresh.length > 0) {
      const created = await tx
        .insert(productOptionValues)
        .values(fresh)
        .returning({ id: productOptionValues.id })
      keptValues.push(...created.map((row) => row.id))
    }
  }
  // Values first: a value moved out of an option that goes must not go with it.
  await tx
    .delete(productOptionValues)
    .where(
      and(
        inArray(
          productOptionValues.optionId,
          tx
            .select({ id: productOptions.id })
            .from(productOptions)
            .where(eq(productOptions.productId, productId)),
        ),
        notInArray(productOptionValues.id, keptValues),
      ),
    )
  await tx
    .delete(productOptions)
    .where(and(eq(productOptions.productId, productId), notInArray(productOptions.id, keptOptions)))
}
