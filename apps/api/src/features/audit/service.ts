import type { AuditEntity, AuditEntry } from '@store/contract'
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema'

export interface AuditFilter {
  /** Part of the actor's email, any case */
  actor?: string | undefined
  entity?: AuditEntity | undefined
  entityId?: number | undefined
  /** First and last day (YYYY-MM-DD), inclusive, in Pakistan time */
  from?: string | undefined
  to?: string | undefined
}

/** The first moment of a day in Pakistan, the shop's time. */
const startOfDay = (day: string, daysLater = 0) =>
  sql`((${day}::date + ${daysLater}::integer)::timestamp at time zone 'Asia/Karachi')`

function conditionsOf(filter: AuditFilter): SQL | undefined {
  const actor = filter.actor?.trim().toLowerCase()
  return and(
    // strpos, not LIKE: a % or _ typed by staff is a character to find, not a wildcard.
    actor ? sql`strpos(lower(${auditLog.actorEmail}), ${actor}) > 0` : undefined,
    filter.entity && eq(auditLog.entity, filter.entity),
    filter.entityId === undefined ? undefined : eq(auditLog.entityId, filter.entityId),
    filter.from === undefined ? undefined : gte(auditLog.at, startOfDay(filter.from)),
    filter.to === undefined ? undefined : lt(auditLog.at, startOfDay(filter.to, 1)),
  )
}

type AuditRow = typeof auditLog.$inferSelect

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail ?? '' },
    ip: row.ip,
    action: row.action,
    entity: row.entity as AuditEntity,
    entity_id: row.entityId,
    before: row.before,
    after: row.after,
  }
}

/** A page of the audit log, newest first (by id: the order the changes committed in, near enough). */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: AuditEntry[] }> {
  const where = conditionsOf(filter)
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset),
  ])
  return { count: total?.n ?? 0, results: rows.map(toAuditEntry) }
}
