import type { Person, Role, UpdatePersonBody } from '@store/contract'
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { conversations, orders, users } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { userColumns } from '../../lib/auth'
import { httpError } from '../../lib/errors'
import { endSessions } from '../auth/sessions'

// A nested fragment keeps the table's name on the column: at the top level of a selected fragment,
// drizzle writes `"id"` alone, which inside these subqueries would name their own table's column.
const userId = sql`${users.id}`

const personColumns = {
  ...userColumns,
  is_active: users.isActive,
  date_joined: users.createdAt,
  // Per row in the same statement, so a page of people is one query, however long.
  order_count: sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${userId})`.mapWith(
    Number,
  ),
  conversation_id: sql<
    number | null
  >`(select ${conversations.id} from ${conversations} where ${conversations.customerId} = ${userId})`,
}

const selectPeople = (db: Db) => db.select(personColumns).from(users)

type PersonRow = Awaited<ReturnType<typeof selectPeople>>[number]

const toPerson = (row: PersonRow): Person => ({ ...row, date_joined: row.date_joined.toISOString() })

export interface PeopleFilter {
  search?: string | undefined
  role?: Role | undefined
}

function searchMatch(search: string | undefined): SQL | undefined {
  const words = search?.trim().toLowerCase()
  if (!words) return undefined
  // strpos, not LIKE: a % or _ typed by staff is a character to find, not a wildcard.
  const contains = (haystack: SQL) => sql`strpos(${haystack}, ${words}) > 0`
  return or(
    contains(sql`lower(${users.firstName} || ' ' || ${users.lastName})`),
    contains(sql`lower(${users.email})`),
  )
}

/** A page of customers and staff, newest first, and how many match. */
export async function listPeople(
  db: Db,
  filter: PeopleFilter,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: Person[] }> {
  const where = and(filter.role && eq(users.role, filter.role), searchMatch(filter.search))
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where),
    selectPeople(db)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(window.limit)
      .offset(window.offset),
  ])
  return { count: total?.n ?? 0, results: rows.map(toPerson) }
}

export async function getPerson(db: Db, id: number): Promise<Person | null> {
  const [row] = await selectPeople(db).where(eq(users.id, id))
  return row ? toPerson(row) : null
}

export const LAST_OWNER = 'The shop needs at least one active owner.'

/**
 * Changes someone's role or whether their account is active, recorded in the audit log; null when
 * there is no such person. Nobody changes their own role or disables themselves (403), and the last
 * active owner stays one (409). A disabled account's sessions end at once.
 */
export async function updatePerson(
  db: Db,
  actor: Actor,
  id: number,
  change: UpdatePersonBody,
): Promise<Person | null> {
  if (id === actor.id && change.role !== undefined) throw httpError(403, 'You cannot change your own role.')
  if (id === actor.id && change.is_active === false)
    throw httpError(403, 'You cannot disable your own account.')
  return db.transaction(async (tx) => {
    // The person and every active owner, locked in one order: two owners demoting each other at the
    // same moment wait for one another, and the second then sees one owner fewer.
    const locked = await tx
      .select({ id: users.id, role: users.role, is_active: users.isActive })
      .from(users)
      .where(or(eq(users.id, id), and(eq(users.role, 'owner'), eq(users.isActive, true))))
      .orderBy(users.id)
      .for('update')
    const current = locked.find((row) => row.id === id)
    if (!current) return null
    const before = { role: current.role, is_active: current.is_active }
    const after = { role: change.role ?? current.role, is_active: change.is_active ?? current.is_active }
    const staysOwner = after.role === 'owner' && after.is_active
    const otherOwners = locked.filter((row) => row.id !== id && row.role === 'owner' && row.is_active)
    if (!staysOwner && otherOwners.length === 0 && before.role === 'owner' && before.is_active)
      throw httpError(409, LAST_OWNER)
    await tx.update(users).set({ role: after.role, isActive: after.is_active }).where(eq(users.id, id))
    // Whatever was issued before an account was disabled never works again, even once it is enabled.
    if (!before.is_active || !after.is_active) await endSessions(tx, id)
    await recordChange(tx, actor, { action: 'user.update', entity: 'user', entityId: id, before, after })
    return getPerson(tx, id)
  })
}
