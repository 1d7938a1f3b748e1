import type { Location, LocationBody } from '@store/contract'
import { asc, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors'
import { locations, stockLevels, stockMovements } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'

type LocationValues = z.output<typeof LocationBody>

const columns = {
  id: locations.id,
  name: locations.name,
  kind: locations.kind,
  city: locations.city,
  is_active: locations.isActive,
}

export const listLocations = (db: Db): Promise<Location[]> =>
  db.select(columns).from(locations).orderBy(desc(locations.isActive), asc(locations.name))

const nameTaken = (name: string) => httpError(409, `A location named ${name} already exists.`)

async function unique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw nameTaken(name)
    throw error
  }
}

const valuesOf = (body: LocationValues) => ({
  name: body.name,
  kind: body.kind,
  city: body.city,
  isActive: body.is_active,
})

export function createLocation(db: Db, actor: Actor, body: LocationValues): Promise<Location> {
  return unique(body.name, () =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(locations).values(valuesOf(body)).returning(columns)
      if (!created) throw new Error('The location insert returned no row')
      await recordChange(tx, actor, {
        action: 'location.create',
        entity: 'location',
        entityId: created.id,
        before: null,
        after: created,
      })
      return created
    }),
  )
}

export function updateLocation(
  db: Db,
  actor: Actor,
  id: number,
  body: LocationValues,
): Promise<Location | null> {
  return unique(body.name, () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select(columns).from(locations).where(eq(locations.id, id)).for('update')
      if (!before) return null
      const [after] = await tx
        .update(locations)
        .set(valuesOf(body))
        .where(eq(locations.id, id))
        .returning(columns)
      if (!after) return null
      await recordChange(tx, actor, {
        action: 'location.update',
        entity: 'location',
        entityId: id,
        before,
        after,
      })
      return after
    }),
  )
}

/** Removes a location that never held stock; 409 while it holds any, has history, or is the last. */
export async function deleteLocation(db: Db, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(locations).where(eq(locations.id, id)).for('update')
    if (!before) return false
    // Stock set on a product form goes to the first location: there is always one.
    const [others] = await tx.select({ n: count() }).from(locations).where(ne(locations.id, id))
    if (!others?.n) throw httpError(409, 'The last location cannot be removed.')
    const [held] = await tx
      .select({ units: sql<number>`coalesce(sum(${stockLevels.quantity}), 0)::int` })
      .from(stockLevels)
      .where(eq(stockLevels.locationId, id))
    if ((held?.units ?? 0) > 0) {
      throw httpError(409, `${before.name} still holds ${held?.units} units; move them elsewhere first.`)
    }
    const [moved] = await tx
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(eq(stockMovements.locationId, id))
      .limit(1)
    if (moved) throw httpError(409, `${before.name} has stock history; set it inactive instead.`)
    await tx.delete(stockLevels).where(eq(stockLevels.locationId, id))
    await tx.delete(locations).where(eq(locations.id, id))
    await recordChange(tx, actor, {
      action: 'location.delete',
      entity: 'location',
      entityId: id,
      before,
      after: null,
    })
    return true
  })
}
