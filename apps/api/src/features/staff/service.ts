import type { WorkCounts } from '@store/contract'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { conversations, messages, orderPayments, orders } from '../../db/schema'

/**
 * What waits for staff, in one query: Pending orders, customers' receipts to check, and customer
 * messages newer than the last time staff opened their conversation.
 */
export async function workCounts(db: Db): Promise<WorkCounts> {
  const [row] = await db
    .select({
      new_orders: sql<number>`(select count(*) from ${orders} where ${orders.status} = 'Pending')`.mapWith(
        Number,
      ),
      payments_to_check: sql<number>`(
        select count(*) from ${orderPayments}
        where ${orderPayments.status} = 'pending' and ${orderPayments.kind} = 'payment'
      )`.mapWith(Number),
      unread_messages: sql<number>`(
        select count(*) from ${messages} m join ${conversations} c on c.id = m.conversation_id
        where m.sender_id = c.customer_id and (c.staff_read_at is null or m.created_at > c.staff_read_at)
      )`.mapWith(Number),
    })
    .from(sql`(select 1) as one`)
  return row ?? { new_orders: 0, payments_to_check: 0, unread_messages: 0 }
}
