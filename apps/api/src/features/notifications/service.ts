import {
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type Permission,
  permissions,
} from '@store/contract'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { type Config, shopAddress } from '../../config'
import type { Db } from '../../db/client'
import { conversations, orders, users } from '../../db/schema'
import { getBankAccount } from '../delivery/service'
import {
  customerMessageMail,
  type MailContent,
  newOrderMail,
  type OrderChangeFacts,
  orderChangedMail,
  orderChangedText,
  orderPlacedMail,
  orderPlacedText,
  paymentProofMail,
  storeReplyMail,
  storeReplyText,
} from './mails'
import { enqueueGatewayMessage, enqueueMail, type GatewayMessage, type NotificationEvent } from './outbox'

/**
 * Writes the notifications of a change into the outbox, inside the change's own transaction: they
 * go out only if it commits. Each recipient gets one email, unless they turned email off, and a
 * customer's phone one gateway message when the webhook is configured.
 */
export interface Notifier {
  orderPlaced(tx: Db, customerId: number, order: Order): Promise<void>
  /** `status` and `paymentStatus` are what the change set, null where it left them as they were. */
  orderChanged(
    tx: Db,
    orderId: number,
    change: { status: OrderStatus | null; paymentStatus: PaymentStatus | null; note: string },
  ): Promise<void>
  paymentProofSubmitted(tx: Db, orderId: number): Promise<void>
  messagePosted(tx: Db, conversationId: number, senderId: number, content: string): Promise<void>
}

/** For changes nobody is to hear about: the demo seed's made-up orders and messages. */
export const tellNobody: Notifier = {
  orderPlaced: async () => {},
  orderChanged: async () => {},
  paymentProofSubmitted: async () => {},
  messagePosted: async () => {},
}

/** Active staff whose role handles this kind of work and who want email, but for whoever caused it. */
async function staffAddresses(tx: Db, work: Permission, exceptUserId: number): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.role, permissions[work].roles),
        eq(users.isActive, true),
        eq(users.notifyEmail, true),
        ne(users.id, exceptUserId),
      ),
    )
  return rows.map((row) => row.email)
}

async function tellStaff(
  tx: Db,
  event: NotificationEvent,
  work: Permission,
  exceptUserId: number,
  mail: MailContent,
) {
  for (const to of await staffAddresses(tx, work, exceptUserId)) await enqueueMail(tx, { event, to, ...mail })
}

async function notifyEmailOf(tx: Db, userId: number): Promise<boolean> {
  const [user] = await tx.select({ notifyEmail: users.notifyEmail }).from(users).where(eq(users.id, userId))
  return user?.notifyEmail ?? false
}

export function createNotifier(config: Config): Notifier {
  const site = shopAddress(config)
  const gateway = config.notifications.webhook !== undefined

  /** The customer's email (unless they turned it off) and, when configured, their phone's message. */
  async function tellCustomer(
    tx: Db,
    event: NotificationEvent,
    customer: { email: string; notifyEmail: boolean; phone: string | null },
    mail: MailContent,
    text: string,
    details: GatewayMessage['details'],
  ) {
    if (customer.notifyEmail) await enqueueMail(tx, { event, to: customer.email, ...mail })
    if (gateway && customer.phone)
      await enqueueGatewayMessage(tx, { event, phone: customer.phone, text, details })
  }

  return {
    async orderPlaced(tx, customerId, order) {
      const bank = order.payment_method === 'bank_transfer' ? await getBankAccount(tx) : null
      // The order's own email and phone: what the customer gave at this checkout.
      const customer = {
        email: order.email,
        phone: order.phone,
        notifyEmail: await notifyEmailOf(tx, customerId),
      }
      await tellCustomer(
        tx,
        'order_placed',
        customer,
        orderPlacedMail(order, bank, site),
        orderPlacedText(order, site),
        { order_id: order.id },
      )
      await tellStaff(tx, 'order_placed', 'orders', customerId, newOrderMail(order, site))
    },

    async orderChanged(tx, orderId, change) {
      const [order] = await tx
        .select({
          email: orders.email,
          phone: orders.phone,
          firstName: orders.firstName,
          notifyEmail: users.notifyEmail,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId))
      if (!order) return
      const facts: OrderChangeFacts = { orderId, firstName: order.firstName, ...change }
      await tellCustomer(
        tx,
        'order_changed',
        order,
        orderChangedMail(facts, site),
        orderChangedText(facts, site),
        {
          order_id: orderId,
          ...(change.status && { status: change.status }),
          ...(change.paymentStatus && { payment_status: change.paymentStatus }),
        },
      )
    },

    async paymentProofSubmitted(tx, orderId) {
      const [order] = await tx
        .select({
          userId: orders.userId,
          firstName: orders.firstName,
          lastName: orders.lastName,
          total: orders.totalPrice,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
      if (!order) return
      const mail = paymentProofMail(
        { id: orderId, customer: `${order.firstName} ${order.lastName}`, total: order.total },
        site,
      )
      await tellStaff(tx, 'payment_proof_submitted', 'orders', order.userId, mail)
    },

    async messagePosted(tx, conversationId, senderId, content) {
      const [customer] = await tx
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
          notifyEmail: users.notifyEmail,
        })
        .from(conversations)
        .innerJoin(users, eq(users.id, conversations.customerId))
        .where(eq(conversations.id, conversationId))
      if (!customer) return
      if (senderId === customer.id) {
        const facts = { conversationId, customer: `${customer.firstName} ${customer.lastName}`, content }
        await tellStaff(tx, 'customer_message', 'messages', senderId, customerMessageMail(facts, site))
        return
      }
      // Anyone else in a customer's conversation is the store (only staff may write there).
      const facts = { conversationId, customer: customer.firstName, content }
      await tellCustomer(
        tx,
        'store_reply',
        customer,
        storeReplyMail(facts, site),
        storeReplyText(facts, site),
        { conversation_id: conversationId },
      )
    },
  }
}
