import type { BankAccount, BankAccountBody, DeliveryZone, DeliveryZoneBody } from '@store/contract'
import { asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors'
import { bankAccount, cityKey, deliveryZones } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { formatMoney } from '../../lib/money'

export type DeliveryZoneRow = typeof deliveryZones.$inferSelect
type ZoneValues = z.output<typeof DeliveryZoneBody>

const sameCity = (city: string) => eq(cityKey(deliveryZones.city), cityKey(sql`${city}`))

/**
 * The zone delivering to this city, matched as the unique index does (letter case and spaces aside,
 * so 'lahore ' and 'La Hore' find 'Lahore'); null when the shop does not deliver there.
 */
export async function findZone(db: Db, city: string): Promise<DeliveryZoneRow | null> {
  const [zone] = await db.select().from(deliveryZones).where(sameCity(city))
  return zone ?? null
}

function toDeliveryZone(row: DeliveryZoneRow): DeliveryZone {
  return {
    id: row.id,
    city: row.city,
    fee: formatMoney(row.fee),
    free_over: row.freeOver === null ? null : formatMoney(row.freeOver),
    eta_min_days: row.etaMinDays,
    eta_max_days: row.etaMaxDays,
    cod_available: row.codAvailable,
    cod_fee: formatMoney(row.codFee),
  }
}

const zoneRecord = (values: ZoneValues) => ({
  city: values.city,
  fee: values.fee,
  freeOver: values.free_over,
  etaMinDays: values.eta_min_days,
  etaMaxDays: values.eta_max_days,
  codAvailable: values.cod_available,
  codFee: values.cod_fee,
})

export async function listDeliveryZones(db: Db): Promise<DeliveryZone[]> {
  // Letter case aside, so a zone typed 'sialkot' still sits between Quetta and Sukkur.
  const rows = await db
    .select()
    .from(deliveryZones)
    .orderBy(asc(sql`lower(${deliveryZones.city})`), asc(deliveryZones.id))
  return rows.map(toDeliveryZone)
}

/** The 409 for a city another zone already covers, naming that zone's city as staff wrote it. */
async function cityTaken(db: Db, city: string) {
  const other = await findZone(db, city)
  const detail = `A delivery zone for ${other?.city ?? city} already exists.`
  return httpError(409, detail, { city: [detail] })
}

/** A zone's audited fields: its answer without the id. */
const zoneSnapshot = (row: DeliveryZoneRow) => {
  const { id: _, ...fields } = toDeliveryZone(row)
  return fields
}

export async function createDeliveryZone(db: Db, actor: Actor, values: ZoneValues): Promise<DeliveryZone> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(deliveryZones).values(zoneRecord(values)).onConflictDoNothing().returning()
    if (row) {
      await recordChange(tx, actor, {
        action: 'delivery_zone.create',
        entity: 'delivery_zone',
        entityId: row.id,
        before: null,
        after: zoneSnapshot(row),
      })
    }
    return row
  })
  if (!created) throw await cityTaken(db, values.city)
  return toDeliveryZone(created)
}

/** Null when there is no such zone; 409 when its new city is another zone's. */
export async function updateDeliveryZone(
  db: Db,
  actor: Actor,
  id: number,
  values: ZoneValues,
): Promise<DeliveryZone | null> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for('update')
      if (!before) return null
      const [updated] = await tx
        .update(deliveryZones)
        .set(zoneRecord(values))
        .where(eq(deliveryZones.id, id))
        .returning()
      if (!updated) throw new Error(`The locked delivery zone ${id} vanished`)
      await recordChange(tx, actor, {
        action: 'delivery_zone.update',
        entity: 'delivery_zone',
        entityId: id,
        before: zoneSnapshot(before),
        after: zoneSnapshot(updated),
      })
      return toDeliveryZone(updated)
    })
  } catch (error) {
    // Asked once the transaction has rolled back: the failed statement ended it.
    if (sqlState(error) === UNIQUE_VIOLATION) throw await cityTaken(db, values.city)
    throw error
  }
}

/** Placed orders keep their fees and dates: they hold copies, not a reference to the zone. */
export async function deleteDeliveryZone(db: Db, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning()
    if (!deleted) return false
    await recordChange(tx, actor, {
      action: 'delivery_zone.delete',
      entity: 'delivery_zone',
      entityId: id,
      before: zoneSnapshot(deleted),
      after: null,
    })
    return true
  })
}

const bankAccountColumns = {
  bank_name: bankAccount.bankName,
  account_title: bankAccount.accountTitle,
  account_number: bankAccount.accountNumber,
  iban: bankAccount.iban,
  instructions: bankAccount.instructions,
}

/** The shop's account; empty fields until staff set it. */
export async function getBankAccount(db: Db): Promise<BankAccount> {
  const [row] = await db.select(bankAccountColumns).from(bankAccount)
  return row ?? { bank_name: '', account_title: '', account_number: '', iban: '', instructions: '' }
}

/** Sets the shop's account, recorded in the audit log (one account: no entity id). */
export async function setBankAccount(
  db: Db,
  actor: Actor,
  values: z.output<typeof BankAccountBody>,
): Promise<BankAccount> {
  const record = {
    bankName: values.bank_name,
    accountTitle: values.account_title,
    accountNumber: values.account_number,
    iban: values.iban,
    instructions: values.instructions,
  }
  return db.transaction(async (tx) => {
    const [before] = await tx.select(bankAccountColumns).from(bankAccount).for('update')
    const [after] = await tx
      .insert(bankAccount)
      .values({ id: 1, ...record })
      .onConflictDoUpdate({ target: bankAccount.id, set: record })
      .returning(bankAccountColumns)
    if (!after) throw new Error('the bank account upsert returned no row')
    await recordChange(tx, actor, {
      action: 'bank_account.update',
      entity: 'bank_account',
      entityId: null,
      before: before ?? null,
      after,
    })
    return after
  })
}
