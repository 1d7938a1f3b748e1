import type { DeliverySettings, DeliverySettingsBody, LanguageCode } from '@store/contract'
import { asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { assemblyFees, categories, deliverySettings } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { shown } from '../../lib/language'
import { formatMoney } from '../../lib/money'

/** The holidays, the floor fee and the assembly fee of each category that has one, by category name. */
export async function getDeliverySettings(db: Db, language: LanguageCode): Promise<DeliverySettings> {
  const [[settings], fees] = await Promise.all([
    db.select().from(deliverySettings).where(eq(deliverySettings.id, 1)),
    db
      .select({
        categoryId: assemblyFees.categoryId,
        name: categories.name,
        nameUr: categories.nameUr,
        fee: assemblyFees.fee,
      })
      .from(assemblyFees)
      .innerJoin(categories, eq(categories.id, assemblyFees.categoryId))
      .orderBy(asc(categories.name)),
  ])
  return {
    holidays: [...(settings?.holidays ?? [])].sort(),
    floor_fee: formatMoney(settings?.floorFee ?? '0'),
    assembly_fees: fees.map((row) => ({
      category_id: row.categoryId,
      category: shown(language, row.name, row.nameUr),
      fee: formatMoney(row.fee),
    })),
  }
}

/** Staff set the delivery settings whole; orders placed keep the fees they were priced with. */
export async function setDeliverySettings(
  db: Db,
  values: z.output<typeof DeliverySettingsBody>,
  { actor, language }: { actor: Actor; language: LanguageCode },
): Promise<DeliverySettings> {
  await db.transaction(async (tx) => {
    const before = await getDeliverySettings(tx, 'en')
    const categoryIds = values.assembly_fees.map((fee) => fee.category_id)
    if (new Set(categoryIds).size !== categoryIds.length) {
      throw httpError(400, 'A category has one assembly fee.')
    }
    const known = categoryIds.length
      ? await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds))
      : []
    const unknown = categoryIds.find((id) => !known.some((row) => row.id === id))
    if (unknown !== undefined) throw httpError(400, `There is no category ${unknown}.`)
    const holidays = [...new Set(values.holidays)].sort()
    await tx
      .insert(deliverySettings)
      .values({ id: 1, holidays, floorFee: values.floor_fee })
      .onConflictDoUpdate({ target: deliverySettings.id, set: { holidays, floorFee: values.floor_fee } })
    await tx.delete(assemblyFees)
    if (values.assembly_fees.length) {
      await tx
        .insert(assemblyFees)
        .values(values.assembly_fees.map((fee) => ({ categoryId: fee.category_id, fee: fee.fee })))
    }
    const after = await getDeliverySettings(tx, 'en')
    await recordChange(tx, actor, {
      action: 'delivery_settings.update',
      entity: 'delivery_settings',
      entityId: null,
      before,
      after,
    })
  })
  return getDeliverySettings(db, language)
}
