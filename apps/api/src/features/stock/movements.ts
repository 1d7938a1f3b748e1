import type { MovementQuery, StockMovement } from '@store/contract'
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { locations, products, stockMovements, users } from '../../db/schema'

/** The first instant of a day in Pakistan (UTC+5, no daylight saving). */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00+05:00`)
export const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 24 * 60 * 60 * 1000)

export type MovementFilter = Omit<MovementQuery, 'page' | 'page_size'>

/** The movement list's filters as conditions: its export holds the same movements. */
export const movementFilterMatch = (filter: MovementFilter): (SQL | undefined)[] => [
  filter.product === undefined ? undefined : eq(stockMovements.productId, filter.product),
  filter.location === undefined ? undefined : eq(stockMovements.locationId, filter.location),
  filter.reason === undefined ? undefined : eq(stockMovements.reason, filter.reason),
  filter.from === undefined ? undefined : gte(stockMovements.createdAt, startOfDay(filter.from)),
  filter.to === undefined ? undefined : lt(stockMovements.createdAt, dayAfter(filter.to)),
]

/** The stock ledger, newest first, filtered as asked. */
export async function listMovements(
  db: Db,
  filter: MovementFilter,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: StockMovement[] }> {
  const where = movementFilterMatch(filter)
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        product_id: stockMovements.productId,
        product_name: products.name,
        location_id: stockMovements.locationId,
        location_name: locations.name,
        delta: stockMovements.delta,
        reason: stockMovements.reason,
        referenceKind: stockMovements.referenceKind,
        referenceId: stockMovements.referenceId,
        note: stockMovements.note,
        actorId: users.id,
        actorName: users.firstName,
        at: stockMovements.createdAt,
      })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .innerJoin(locations, eq(locations.id, stockMovements.locationId))
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .where(and(...where))
      .orderBy(desc(stockMovements.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(stockMovements)
      .where(and(...where)),
  ])
  return {
    count: counted?.n ?? 0,
    results: rows.map(({ referenceKind, referenceId, actorId, actorName, at, ...row }) => ({
      ...row,
      reference: referenceKind && referenceId !== null ? { kind: referenceKind, id: referenceId } : null,
      actor: actorId !== null && actorName !== null ? { id: actorId, first_name: actorName } : null,
      at: at.toISOString(),
    })),
  }
}
