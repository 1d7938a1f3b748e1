import type { Address, AddressBody } from '@store/contract'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { addresses, users } from '../../db/schema'
import { httpError } from '../../lib/errors'

/** How many addresses one account may keep: an address book, not a mailing list. */
export const MAX_ADDRESSES = 20

type AddressValues = z.output<typeof AddressBody>

const addressColumns = {
  id: addresses.id,
  label: addresses.label,
  first_name: addresses.firstName,
  last_name: addresses.lastName,
  phone: addresses.phone,
  address: addresses.address,
  city: addresses.city,
  postal_code: addresses.postalCode,
  is_default: addresses.isDefault,
}

const addressRecord = (values: AddressValues) => ({
  label: values.label,
  firstName: values.first_name,
  lastName: values.last_name,
  phone: values.phone,
  address: values.address,
  city: values.city,
  postalCode: values.postal_code,
})

const ownedBy = (userId: number, id: number) => and(eq(addresses.id, id), eq(addresses.userId, userId))

// Default first, then newest: the order of the list, and the heir when the default is deleted.
const newestFirst = [desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id)]

export async function listAddresses(
  db: Db,
  userId: number,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: Address[] }> {
  const [results, [total]] = await Promise.all([
    db
      .select(addressColumns)
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId)),
  ])
  return { count: total?.n ?? 0, results }
}

/**
 * Runs one change of a user's address book with the user's row locked, so two changes at once (two
 * tabs saving a first address, say) take turns: the cap and the single default hold without a retry.
 * NO KEY UPDATE does not block the user's other writes (carts, orders), whose foreign keys only share it.
 */
function changeBook<T>(db: Db, userId: number, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
    return change(tx)
  })
}

/** Clears the user's default, first, so the partial unique index never sees two at once. */
const clearDefault = (tx: Db, userId: number) =>
  tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))

/** Saves an address; the user's first one is the default whatever was asked. 400 past the cap. */
export async function createAddress(db: Db, userId: number, values: AddressValues): Promise<Address> {
  return changeBook(db, userId, async (tx) => {
    const [book] = await tx
      .select({
        n: count(),
        defaults: sql<number>`count(*) filter (where ${addresses.isDefault})`.mapWith(Number),
      })
      .from(addresses)
      .where(eq(addresses.userId, userId))
    if ((book?.n ?? 0) >= MAX_ADDRESSES) {
      throw httpError(
        400,
        `You can keep at most ${MAX_ADDRESSES} addresses. Delete one you no longer use to save another.`,
      )
    }
    const isDefault = values.is_default || !book?.defaults
    if (isDefault) await clearDefault(tx, userId)
    const [created] = await tx
      .insert(addresses)
      .values({ userId, ...addressRecord(values), isDefault })
      .returning(addressColumns)
    if (!created) throw new Error('the address insert returned no row')
    return created
  })
}

/**
 * Changes one of the user's addresses; null when they have no such address. `is_default: true` moves
 * the default here; false leaves it where it is, so the book never loses its default by an edit.
 */
export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  values: AddressValues,
): Promise<Address | null> {
  return changeBook(db, userId, async (tx) => {
    const [owned] = await tx.select({ id: addresses.id }).from(addresses).where(ownedBy(userId, id))
    if (!owned) return null
    if (values.is_default) await clearDefault(tx, userId)
    const [updated] = await tx
      .update(addresses)
      .set({ ...addressRecord(values), ...(values.is_default && { isDefault: true }) })
      .where(ownedBy(userId, id))
      .returning(addressColumns)
    return updated ?? null
  })
}

/** Deletes one of the user's addresses; when it was the default, the newest remaining one takes over. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<boolean> {
  return changeBook(db, userId, async (tx) => {
    const [deleted] = await tx
      .delete(addresses)
      .where(ownedBy(userId, id))
      .returning({ isDefault: addresses.isDefault })
    if (!deleted) return false
    if (deleted.isDefault) {
      const [heir] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(...newestFirst)
        .limit(1)
      if (heir) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, heir.id))
    }
    return true
  })
}
