import type { DeskCustomer, LanguageCode, StaffOrderCustomer } from '@store/contract'
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { orders, users } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { mailSetPasswordLink } from '../auth/service'
import { nationalPhone } from '../orders/reading'

/** The customer a staff order is for, as the order keeps them. */
export interface OrderCustomer {
  id: number
  firstName: string
  lastName: string
  /** null for a customer kept by name and phone only */
  email: string | null
  phone: string | null
  language: LanguageCode
}

const customerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  language: users.language,
}

/**
 * The customer of a staff order: one who exists (a customer, not staff), or a new one. A new one with an
 * email gets an account and a mail to choose its password (409 when the email has an account: staff
 * pick that customer instead); without an email, the shop keeps them by name and phone. Their password
 * is empty, which signs nobody in (docs/decisions.md "Customers kept by phone").
 */
export async function customerOf(
  tx: Db,
  customer: z.output<typeof StaffOrderCustomer>,
  { publicUrl, draftCustomer }: { publicUrl: string; draftCustomer?: number | undefined },
): Promise<OrderCustomer> {
  if ('id' in customer) {
    const [found] = await tx
      .select(customerColumns)
      .from(users)
      .where(and(eq(users.id, customer.id), eq(users.role, 'customer')))
    if (!found) throw httpError(400, 'Customer not found.')
    return found
  }
  // A draft saved again with the new customer it made keeps that customer (names as now typed), so
  // saving twice neither makes a second customer nor refuses the email the first save gave an account.
  if (draftCustomer !== undefined) {
    const [same] = await tx
      .update(users)
      .set({ firstName: customer.first_name, lastName: customer.last_name })
      .where(
        and(
          eq(users.id, draftCustomer),
          eq(users.passwordHash, ''),
          eq(users.phone, customer.phone),
          customer.email === undefined
            ? isNull(users.email)
            : eq(sql`lower(${users.email})`, customer.email.toLowerCase()),
        ),
      )
      .returning(customerColumns)
    if (same) return same
  }
  const [created] = await tx
    .insert(users)
    .values({
      email: customer.email ?? null,
      passwordHash: '',
      firstName: customer.first_name,
      lastName: customer.last_name,
      phone: customer.phone,
      role: 'customer',
    })
    .onConflictDoNothing()
    .returning(customerColumns)
  if (!created) throw httpError(409, 'A customer with this email exists already; choose that customer.')
  if (created.email) {
    await mailSetPasswordLink(tx, { ...created, email: created.email }, publicUrl)
  }
  return created
}

/** Customers whose name, email or phone (national or international form) holds the words. */
function customerMatch(search: string): SQL | undefined {
  const contains = (haystack: SQL, needle: SQL | string) => sql`strpos(${haystack}, ${needle}) > 0`
  const lowered = sql`lower(${search})`
  const digits = search.replace(/[\s-]/g, '')
  return or(
    contains(sql`lower(${users.firstName} || ' ' || ${users.lastName})`, lowered),
    contains(sql`lower(coalesce(${users.email}, ''))`, lowered),
    /^\+?\d+$/.test(digits)
      ? contains(nationalPhone(sql`coalesce(${users.phone}, '')`), nationalPhone(digits))
      : undefined,
  )
}

/** A page of the customers the order desk finds, each with their last order's city and address. */
export async function findCustomers(
  db: Db,
  search: string,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: DeskCustomer[] }> {
  const where = and(eq(users.role, 'customer'), customerMatch(search))
  const [total] = await db.select({ n: count() }).from(users).where(where)
  const lastOrder = (column: SQL) =>
    sql<string>`coalesce((select ${column} from ${orders} o where o.user_id = "users"."id"
      order by o.created_at desc, o.id desc limit 1), '')`
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      city: lastOrder(sql`o.city`),
      address: lastOrder(sql`o.address`),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(window.limit)
    .offset(window.offset)
  return {
    count: total?.n ?? 0,
    results: rows.map((row) => ({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email ?? '',
      phone: row.phone ?? '',
      has_email: row.email !== null,
      city: row.city,
      address: row.address,
    })),
  }
}
