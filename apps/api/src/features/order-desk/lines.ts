import {
  type ChosenOption,
  type LanguageCode,
  mayOverridePayments,
  type OrderLineInput,
  type Role,
} from '@store/contract'
import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import { type Db, queryRows } from '../../db/client'
import { products } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { fromPaisa, toPaisa } from '../../lib/money'
import { productForChoice, resolveChoices } from '../catalog/choices'

/** A line of a staff order or an edit, checked against the catalogue: what an order item is made of. */
export interface ResolvedLine {
  productId: number
  quantity: number
  /** The chosen values' ids, ascending (the cart's key of a choice set) */
  optionValueIds: number[]
  options: ChosenOption[]
  /** The product's price plus its chosen values' deltas, today */
  catalogueUnitPrice: string
  /** The catalogue's, or the owner's or manager's override */
  unitPrice: string
  /** Why the price was overridden; null at the catalogue's price */
  priceReason: string | null
  name: string
  nameUr: string
}

/** Who sends the lines: overriding a price needs an owner or a manager (the same roles as a payment override). */
export const mayOverridePrices = (role: Role | null | undefined) => mayOverridePayments(role)

/**
 * Checks each line against the catalogue as the cart does (every option chosen, each with one of its
 * own values; 400 naming the first problem) and prices it at today's catalogue price, or at the price
 * staff set with a reason when their role allows it (403 otherwise). Products are read, not locked:
 * stock is taken, and the product rows locked, by the caller afterwards, in product order.
 */
export async function resolveLines(
  db: Db,
  lines: z.output<typeof OrderLineInput>[],
  { role, language }: { role: Role | null; language: LanguageCode },
): Promise<ResolvedLine[]> {
  const resolved: ResolvedLine[] = []
  for (const line of lines) {
    const product = await productForChoice(db, line.product_id, { language })
    if (!product) throw httpError(400, `There is no product ${line.product_id}.`)
    const { valueIds, chosen } = resolveChoices(product.name, product.options, line.options)
    let catalogue = toPaisa(product.price)
    for (const option of product.options) {
      const value = option.values.find((candidate) => valueIds.includes(candidate.id))
      if (value) catalogue += toPaisa(value.price_delta)
    }
    const overridden = line.unit_price !== undefined
    if (overridden && !mayOverridePrices(role)) {
      throw httpError(403, 'Only an owner or a manager can change a price.')
    }
    const [names] = await queryRows<{ name: string; name_ur: string }>(
      db,
      sql`select ${products.name} as name, ${products.nameUr} as name_ur from ${products}
        where ${products.id} = ${line.product_id}`,
    )
    resolved.push({
      productId: line.product_id,
      quantity: line.quantity,
      optionValueIds: valueIds,
      options: chosen,
      catalogueUnitPrice: fromPaisa(catalogue),
      unitPrice: overridden ? fromPaisa(toPaisa(line.unit_price ?? '0')) : fromPaisa(catalogue),
      priceReason: overridden ? (line.price_reason ?? null) : null,
      name: names?.name ?? product.name,
      nameUr: names?.name_ur ?? '',
    })
  }
  return resolved
}
