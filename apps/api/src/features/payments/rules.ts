import { cityKey, type PaymentSettings, type PaymentSettingsBody } from '@store/contract'
import { inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { paymentSettings, products } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { formatMoney, toPaisa } from '../../lib/money'

type SettingsRow = typeof paymentSettings.$inferSelect

// docs/api.md: no advance is asked and cash on delivery pays any balance until staff set a rule.
const NO_RULES: SettingsRow = {
  id: 1,
  advancePercentMadeToOrder: 0,
  advanceOverAmount: null,
  advanceOverPercent: null,
  codBalanceCities: [],
}

async function settingsRow(db: Db): Promise<SettingsRow> {
  const [row] = await db.select().from(paymentSettings)
  return row ?? NO_RULES
}

const toSettings = (row: SettingsRow): PaymentSettings => ({
  advance_percent_made_to_order: row.advancePercentMadeToOrder,
  advance_percent_over:
    row.advanceOverAmount !== null && row.advanceOverPercent !== null
      ? { amount: formatMoney(row.advanceOverAmount), percent: row.advanceOverPercent }
      : null,
  cod_balance_cities: row.codBalanceCities,
})

export const getPaymentSettings = async (db: Db) => toSettings(await settingsRow(db))

export async function setPaymentSettings(
  db: Db,
  actor: Actor,
  body: z.output<typeof PaymentSettingsBody>,
): Promise<PaymentSettings> {
  // One spelling per city, as typed first: 'Lahore' and 'lahore ' are the same city.
  const byKey = new Map<string, string>()
  for (const city of body.cod_balance_cities) if (!byKey.has(cityKey(city))) byKey.set(cityKey(city), city)
  const cities = [...byKey.values()]
  const values = {
    advancePercentMadeToOrder: body.advance_percent_made_to_order,
    advanceOverAmount: body.advance_percent_over ? formatMoney(body.advance_percent_over.amount) : null,
    advanceOverPercent: body.advance_percent_over?.percent ?? null,
    codBalanceCities: cities,
  }
  return db.transaction(async (tx) => {
    const before = toSettings(await settingsRow(tx))
    const [row] = await tx
      .insert(paymentSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: paymentSettings.id, set: values })
      .returning()
    if (!row) throw new Error('The payment settings upsert returned no row')
    const after = toSettings(row)
    await recordChange(tx, actor, {
      action: 'settings.update',
      entity: 'payment_settings',
      entityId: null,
      before,
      after,
    })
    return after
  })
}

/** A percent of an amount in paisa, half a paisa rounded up. */
const percentOf = (paisa: bigint, percent: number) => (paisa * BigInt(percent) + 50n) / 100n

/** The goods of an order or a cart: their sum, what each product's lines come to in paisa, and its units. */
export interface Goods {
  subtotal: bigint
  byProduct: Map<number, bigint>
  units: Map<number, number>
}

export const noGoods = (): Goods => ({ subtotal: 0n, byProduct: new Map(), units: new Map() })

/** Adds a line: `quantity` units of a product coming to `amount` paisa. */
export function addGoods(goods: Goods, productId: number, amount: bigint, quantity: number): void {
  goods.subtotal += amount
  goods.byProduct.set(productId, (goods.byProduct.get(productId) ?? 0n) + amount)
  goods.units.set(productId, (goods.units.get(productId) ?? 0) + quantity)
}

/** How an order of these goods is to be paid under the store's rules, in paisa. */
export interface PaymentTerms {
  /** Paid ahead, before the order is confirmed */
  advance: bigint
  /** Whether cash on delivery may pay the balance in this zone's city */
  codPaysBalance: boolean
}

/**
 * The advance an order owes (docs/api.md "Money on an order"): each product's share at its own
 * percent, or the made-to-order percent for a piece made to order; at least the percent over an amount
 * once the total reaches it; never more than the total.
 */
export async function paymentTerms(
  db: Db,
  { goods, total, city }: { goods: Goods; total: bigint; city: string },
): Promise<PaymentTerms> {
  const rules = await settingsRow(db)
  const productIds = [...goods.byProduct.keys()]
  const rows = productIds.length
    ? await db
        .select({
          id: products.id,
          advancePercent: products.advancePercent,
          leadTimeDays: products.leadTimeDays,
        })
        .from(products)
        .where(inArray(products.id, productIds))
    : []
  let advance = 0n
  for (const row of rows) {
    const percent = row.advancePercent ?? (row.leadTimeDays > 0 ? rules.advancePercentMadeToOrder : 0)
    advance += percentOf(goods.byProduct.get(row.id) ?? 0n, percent)
  }
  if (rules.advanceOverAmount !== null && rules.advanceOverPercent !== null) {
    const over = percentOf(total, rules.advanceOverPercent)
    if (total >= toPaisa(rules.advanceOverAmount) && over > advance) advance = over
  }
  if (advance > total) advance = total
  const codPaysBalance =
    rules.codBalanceCities.length === 0 ||
    rules.codBalanceCities.some((allowed) => cityKey(allowed) === cityKey(city))
  return { advance, codPaysBalance }
}
