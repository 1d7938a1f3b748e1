import type { StoreDetails, StoreDetailsBody } from '@store/contract'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { type DocumentStore, storeDetails } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import type { MediaStorage } from '../../lib/storage'

type StoreRow = typeof storeDetails.$inferSelect

/** Before staff fill them in: blank details, invoices when an order is confirmed. */
const blank: StoreRow = {
  id: 1,
  legalName: '',
  address: '',
  phone: '',
  ntn: '',
  strn: '',
  salesTaxPercent: '0',
  footer: '',
  logoKey: null,
  invoiceOn: 'confirmed',
}

export async function storeRow(db: Db): Promise<StoreRow> {
  const [row] = await db.select().from(storeDetails)
  return row ?? blank
}

/** `17.00` → `17`, `7.50` → `7.5`: the percent as staff typed it. */
const percentText = (value: string) => String(Number(value))

const toDetails = (storage: MediaStorage, row: StoreRow): StoreDetails => ({
  legal_name: row.legalName,
  address: row.address,
  phone: row.phone,
  ntn: row.ntn,
  strn: row.strn,
  sales_tax_percent: percentText(row.salesTaxPercent),
  footer: row.footer,
  logo_url: row.logoKey ? storage.url(row.logoKey) : null,
  invoice_on: row.invoiceOn,
})

export const getStoreDetails = async (db: Db, storage: MediaStorage) => toDetails(storage, await storeRow(db))

/** The details a paper keeps as they are now. */
export const storeSnapshot = (row: StoreRow): DocumentStore => ({
  legal_name: row.legalName,
  address: row.address,
  phone: row.phone,
  ntn: row.ntn,
  strn: row.strn,
  sales_tax_percent: percentText(row.salesTaxPercent),
  footer: row.footer,
  logo_key: row.logoKey,
})

const audited = ({ logo_url: _, ...details }: StoreDetails) => details

async function saveStoreRow(
  db: Db,
  storage: MediaStorage,
  actor: Actor,
  change: (before: StoreRow) => Partial<Omit<StoreRow, 'id'>>,
): Promise<{ details: StoreDetails; before: StoreRow }> {
  return db.transaction(async (tx) => {
    // The row is locked (or its first insert waits on the key), so two changes at once apply in turn.
    await tx.insert(storeDetails).values({ id: 1 }).onConflictDoNothing()
    const [before] = await tx.select().from(storeDetails).where(eq(storeDetails.id, 1)).for('update')
    if (!before) throw new Error('The store details row vanished')
    const [after] = await tx
      .update(storeDetails)
      .set(change(before))
      .where(eq(storeDetails.id, 1))
      .returning()
    if (!after) throw new Error('The store details update returned no row')
    const details = toDetails(storage, after)
    await recordChange(tx, actor, {
      action: 'settings.update',
      entity: 'store_details',
      entityId: null,
      before: { ...audited(toDetails(storage, before)), logo: before.logoKey },
      after: { ...audited(details), logo: after.logoKey },
    })
    return { details, before }
  })
}

export async function setStoreDetails(
  db: Db,
  storage: MediaStorage,
  actor: Actor,
  body: z.output<typeof StoreDetailsBody>,
): Promise<StoreDetails> {
  const { details } = await saveStoreRow(db, storage, actor, () => ({
    legalName: body.legal_name,
    address: body.address,
    phone: body.phone,
    ntn: body.ntn,
    strn: body.strn,
    salesTaxPercent: body.sales_tax_percent,
    footer: body.footer,
    invoiceOn: body.invoice_on,
  }))
  return details
}

/**
 * Makes a stored logo the store's. The one it replaces stays in the storage: a paper issued with it
 * prints it, and may be drawn only on its first download.
 */
export async function replaceLogo(
  db: Db,
  storage: MediaStorage,
  actor: Actor,
  key: string | null,
): Promise<StoreDetails> {
  let saved: Awaited<ReturnType<typeof saveStoreRow>>
  try {
    saved = await saveStoreRow(db, storage, actor, () => ({ logoKey: key }))
  } catch (error) {
    if (key) await storage.remove(key)
    throw error
  }
  return saved.details
}
