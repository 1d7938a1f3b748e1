import type { AdjustmentBody, StockLevels, TransferBody } from '@store/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { type Db, queryRows } from '../../db/client'
import { sqlState } from '../../db/errors'
import { locations, products, stockLevels, stockMovements } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { httpError, notFound } from '../../lib/errors'
import type { Notifier } from '../notifications/service'
import { stockChanged } from './alerts'
import { getStockLevels } from './levels'

/** The product, locked before any of its stock rows, as every stock change locks them (no deadlock). */
async function lockProduct(tx: Db, productId: number) {
  const [product] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .for('update')
  if (!product) throw notFound('Product not found.')
  return product
}

async function locationNamed(tx: Db, locationId: number, field: string) {
  const [location] = await tx
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, locationId))
  if (!location) throw httpError(400, 'The form is not valid.', { [field]: ['There is no such location.'] })
  return location.name
}

/** The units of a product at a location, its stock row locked (0 where it never held any). */
async function unitsAt(tx: Db, productId: number, locationId: number): Promise<number> {
  const [level] = await tx
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.productId, productId), eq(stockLevels.locationId, locationId)))
    .for('update')
  return level?.quantity ?? 0
}

const tooFew = (held: number, name: string, place: string) =>
  httpError(409, `Only ${held} of "${name}" are at ${place}.`)

/** The database refusing a location below 0 (a race the locks did not see), as the API says it. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (sqlState(error) === '23514') throw httpError(409, 'Stock cannot go below 0 at a location.')
    throw error
  }
}

const levelsAfter = async (tx: Db, productId: number): Promise<StockLevels> => {
  const levels = await getStockLevels(tx, productId)
  if (!levels) throw new Error(`Product ${productId} vanished while its row was locked`)
  return levels
}

/**
 * Staff change a product's stock at a location, with a reason: a count sets the number and records the
 * difference, any other reason moves the units given. One movement, audited, in one transaction.
 */
export function adjustStock(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  body: z.output<typeof AdjustmentBody>,
): Promise<StockLevels> {
  return guarded(() =>
    db.transaction(async (tx) => {
      const product = await lockProduct(tx, body.product_id)
      const place = await locationNamed(tx, body.location_id, 'location_id')
      const held = await unitsAt(tx, product.id, body.location_id)
      const delta = body.reason === 'count' ? (body.count ?? held) - held : (body.delta ?? 0)
      if (held + delta < 0) throw tooFew(held, product.name, place)
      if (delta !== 0) {
        const [movement] = await tx
          .insert(stockMovements)
          .values({
            productId: product.id,
            locationId: body.location_id,
            delta,
            reason: body.reason,
            note: body.note,
            actorId: actor.id,
          })
          .returning({ id: stockMovements.id })
        await recordChange(tx, actor, {
          action: 'stock.adjust',
          entity: 'stock',
          entityId: movement?.id ?? null,
          before: { product_id: product.id, location_id: body.location_id, quantity: held },
          after: {
            product_id: product.id,
            location_id: body.location_id,
            quantity: held + delta,
            reason: body.reason,
            ...(body.note && { note: body.note }),
          },
        })
        await stockChanged(tx, notifier, [product.id])
      }
      return levelsAfter(tx, product.id)
    }),
  )
}

/** Staff move units of a product between two locations: two movements naming one transfer. */
export function transferStock(
  db: Db,
  actor: Actor,
  body: z.output<typeof TransferBody>,
): Promise<StockLevels> {
  return guarded(() =>
    db.transaction(async (tx) => {
      const product = await lockProduct(tx, body.product_id)
      const from = await locationNamed(tx, body.from, 'from')
      await locationNamed(tx, body.to, 'to')
      // Stock rows in location order, as the checkout locks them.
      const [first, second] = body.from < body.to ? [body.from, body.to] : [body.to, body.from]
      const heldFirst = await unitsAt(tx, product.id, first)
      const heldSecond = await unitsAt(tx, product.id, second)
      const held = first === body.from ? heldFirst : heldSecond
      if (held < body.quantity) throw tooFew(held, product.name, from)
      // Both halves name the transfer by the first half's id.
      const [next] = await queryRows<{ id: number }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('stock_movements', 'id'))::int as id`,
      )
      if (!next) throw new Error('No movement id was drawn')
      const reference = { referenceKind: 'transfer' as const, referenceId: next.id }
      const half = {
        productId: product.id,
        reason: 'transfer' as const,
        note: body.note,
        actorId: actor.id,
        ...reference,
      }
      await tx.insert(stockMovements).values([
        { id: next.id, locationId: body.from, delta: -body.quantity, ...half },
        { locationId: body.to, delta: body.quantity, ...half },
      ])
      await recordChange(tx, actor, {
        action: 'stock.transfer',
        entity: 'stock',
        entityId: next.id,
        before: null,
        after: {
          product_id: product.id,
          from: body.from,
          to: body.to,
          quantity: body.quantity,
          ...(body.note && { note: body.note }),
        },
      })
      return levelsAfter(tx, product.id)
    }),
  )
}
