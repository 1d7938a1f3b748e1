import type { AuditEntity } from '@store/contract'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { auditLog } from '../db/schema'
import { callerOf } from './auth'

/** Who made a staff change, and from where: taken from the request, given to the service. */
export interface Actor {
  id: number
  email: string
  ip: string
}

export function actorOf(request: FastifyRequest): Actor {
  const { id, email } = callerOf(request)
  return { id, email, ip: request.ip }
}

type Fields = Record<string, unknown>

export interface Change {
  /** `entity.verb`, e.g. `product.update` */
  action: string
  entity: AuditEntity
  entityId: number | null
  /** The record's fields (API names, JSON values) before the change; null when it is created */
  before: Fields | null
  /** ... and after it; null when it is deleted */
  after: Fields | null
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Writes one audit entry in the transaction of the change (so a refused or rolled-back change
 * leaves none). An update keeps only the fields that changed, and one that changed nothing is not
 * written at all.
 */
export async function recordChange(tx: Db, actor: Actor, change: Change): Promise<void> {
  let { before, after } = change
  if (before && after) {
    const changed = Object.keys({ ...before, ...after }).filter((key) => !same(before?.[key], after?.[key]))
    if (changed.length === 0) return
    before = Object.fromEntries(changed.map((key) => [key, before?.[key] ?? null]))
    after = Object.fromEntries(changed.map((key) => [key, after?.[key] ?? null]))
  }
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before,
    after,
  })
}
