import {
  type ChosenOption,
  type DeskLine,
  type LanguageCode,
  mayOverridePayments,
  type Role,
} from '@store/contract'
import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { products, shownName } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { fromPaisa, toPaisa } from '../../lib/money'
import { resolveChoices } from '../catalog/choices'
import { optionsOf } from '../catalog/options'

/** A staff order's line checked against the catalogue: its choices resolved, its price decided. */
export interface ResolvedLine {
  productId: number
  quantity: number
  /** The chosen values' ids, ascending (the cart's key of a choice set) */
  optionValueIds: number[]
  options: ChosenOption[]
  /** The product's price plus its chosen values' deltas, now */
  catalogueUnitPrice: string
  /** What the customer pays a unit: staff's price when an owner or a manager set one, else the catalogue's */
  unitPrice: string
  /** Why the price differs from the catalogue's; null at the catalogue's price */
  priceReason: string | null
  name: string
  nameUr: string
}

/** A saved line of a draft, as the draft's record keeps it. */
export interface KeptLine {
  product_id: number | null
  option_value_ids: number[]
  price: string
  price_reason: string | null
}

/** Who may sell at another price than the catalogue's: an owner or a manager, as for a payment override. */
export const mayOverridePrices = (role: Role | null | undefined) => mayOverridePayments(role)

/**
 * Resolves a staff order's lines as the cart resolves a choice: every option of the product chosen,
 * each with one of its own values (400 naming the option otherwise). A unit price other than the
 * catalogue's is kept with its reason, and only for an owner or a manager (403 otherwise).
 */
export async function resolveLines(
  db: Db,
  lines: z.output<typeof DeskLine>[],
  {
    role,
    language,
    kept = [],
  }: {
    role: Role | null
    language: LanguageCode
    /** A draft's lines as saved: a price staff set on one of them stands when sent again unchanged, whoever sends it */
    kept?: readonly KeptLine[] | undefined
  },
): Promise<ResolvedLine[]> {
  const resolved: ResolvedLine[] = []
  for (const line of lines) {
    const [product] = await db
      .select({
        shown: sql<string>`${shownName(products, language)}`,
        name: products.name,
        nameUr: products.nameUr,
        price: products.price,
        options: optionsOf(products.id),
      })
      .from(products)
      .where(eq(products.id, line.product_id))
    if (!product) throw httpError(400, 'Product not found.')
    const { valueIds, chosen } = resolveChoices(product.shown, product.options, line.options)
    const chosenIds = new Set(valueIds)
    let paisa = toPaisa(product.price)
    for (const option of product.options)
      for (const value of option.values) if (chosenIds.has(value.id)) paisa += toPaisa(value.price_delta)
    const catalogueUnitPrice = fromPaisa(paisa)
    const overridden = line.unit_price !== undefined && toPaisa(line.unit_price) !== paisa
    const keptPrice = kept.some(
      (item) =>
        item.product_id === line.product_id &&
        item.price_reason !== null &&
        item.price_reason === (line.price_reason ?? null) &&
        line.unit_price !== undefined &&
        toPaisa(item.price) === toPaisa(line.unit_price) &&
        item.option_value_ids.join() === valueIds.join(),
    )
    if (overridden && !keptPrice && !mayOverridePrices(role)) {
      throw httpError(403, 'Only an owner or a manager can change a price.')
    }
    resolved.push({
      productId: line.product_id,
      quantity: line.quantity,
      optionValueIds: valueIds,
      options: chosen,
      catalogueUnitPrice,
      unitPrice:
        overridden && line.unit_price !== undefined
          ? fromPaisa(toPaisa(line.unit_price))
          : catalogueUnitPrice,
      priceReason: overridden ? (line.price_reason ?? null) : null,
      name: product.name,
      nameUr: product.nameUr,
    })
  }
  return resolved
}
