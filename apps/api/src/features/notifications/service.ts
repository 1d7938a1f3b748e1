import {
  formatPkr,
  type LanguageCode,
  type Order,
  type PaymentEntry,
  type Permission,
  type PlacedStatus,
  permissions,
  type User,
} from '@store/contract'
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import { type Config, shopAddress } from '../../config'
import type { Db } from '../../db/client'
import { claims, conversations, orders, products, users } from '../../db/schema'
import { shown } from '../../lib/language'
import { fromPaisa, toPaisa } from '../../lib/money'
import { getBankAccount } from '../delivery/service'
import { amountsOf } from '../payments/entries'
import {
  afterSaleRequestMail,
  type CancellationFacts,
  type ClaimFacts,
  cancellationMail,
  cancellationText,
  claimMail,
  claimText,
} from './claim-mails'
import type { MailContent } from './mail-layout'
import {
  customerMessageMail,
  deliveryFailedMail,
  deliveryFailedText,
  deliveryMovedMail,
  deliveryMovedText,
  newOrderMail,
  type OrderChangeFacts,
  type OrderEditFacts,
  orderChangedMail,
  orderChangedText,
  orderEditedMail,
  orderEditedText,
  orderPlacedMail,
  orderPlacedText,
  type PaymentFacts,
  paymentMail,
  paymentProofMail,
  paymentText,
  storeReplyMail,
  storeReplyText,
  twoFactorResetMail,
} from './mails'
import { orderSentMail, orderSentText } from './order-desk-mails'
import {
  enqueueGatewayMessage,
  enqueueMail,
  enqueueMailForEach,
  type GatewayMessage,
  type NotificationEvent,
} from './outbox'
import {
  backInStockMail,
  backInStockText,
  type LowStockFacts,
  lowStockMail,
  lowStockText,
} from './stock-mails'

/** Who placed an order and how they want to hear of it: the caller's row the request already read. */
export type OrderingCustomer = Pick<User, 'id' | 'first_name' | 'notify_email' | 'language'>

/**
 * Writes the notifications of a change into the outbox, inside the change's own transaction: they
 * go out only if it commits. Each recipient gets one email, unless they turned email off, and a
 * customer's phone one gateway message when the webhook is configured; each in the recipient's
 * language (their profile's).
 */
export interface Notifier {
  /** `orderIn`: the order as answered in a language (its items' names) */
  orderPlaced(tx: Db, customer: OrderingCustomer, orderIn: (language: LanguageCode) => Order): Promise<void>
  /** The order's new status, and the note staff wrote with it; the invoice it issued goes with the mail */
  orderChanged(
    tx: Db,
    orderId: number,
    change: { status: PlacedStatus; note: string; invoiceId?: number | null },
  ): Promise<void>
  /** The order's items, address, city or phone were changed: what changed, and the note written with it */
  orderEdited(tx: Db, orderId: number, edit: { changes: string; note: string }): Promise<void>
  /** Staff moved the order's delivery day (YYYY-MM-DD) */
  deliveryMoved(tx: Db, orderId: number, date: string): Promise<void>
  /** The owner turned a staff member's two-factor sign-in off: they hear of it whatever their mail choice */
  twoFactorReset(tx: Db, userId: number): Promise<void>
  /** The van could not deliver the order, for this reason */
  deliveryFailed(tx: Db, orderId: number, reason: string): Promise<void>
  /** A customer's receipt of `amount` waits for staff */
  paymentProofSubmitted(tx: Db, orderId: number, amount: string): Promise<void>
  /** A payment confirmed or rejected, or a refund paid: the customer hears of it */
  paymentChecked(tx: Db, orderId: number, entry: PaymentEntry): Promise<void>
  /** A product fell to its low-stock threshold: staff who keep the catalogue hear of it */
  lowStock(tx: Db, facts: LowStockFacts): Promise<void>
  /** A product a shopper waited for is back in stock: they hear of it, in their language */
  backInStock(tx: Db, request: { userId: number; productId: number }): Promise<void>
  messagePosted(tx: Db, conversationId: number, senderId: number, content: string): Promise<void>
  /** Staff sent a draft to its customer with this review link; true when a mail went out */
  orderSent(tx: Db, orderId: number, link: string): Promise<boolean>
  /** A claim was filed or moved on: its customer hears of it, with staff's note */
  claimChanged(tx: Db, claimId: number, change: { note: string }): Promise<void>
  /** A customer filed a claim (`claimId`) or asked to cancel a confirmed order (null): staff who handle orders hear of it */
  afterSaleRequest(tx: Db, orderId: number, claimId: number | null): Promise<void>
  /** Staff answered a request to cancel a confirmed order */
  cancellationDecided(
    tx: Db,
    orderId: number,
    decision: { approved: boolean; refund: string; note: string },
  ): Promise<void>
}

/** For changes nobody is to hear about: the demo seed's made-up orders and messages. */
export const tellNobody: Notifier = {
  orderPlaced: async () => {},
  orderChanged: async () => {},
  orderEdited: async () => {},
  deliveryMoved: async () => {},
  deliveryFailed: async () => {},
  twoFactorReset: async () => {},
  paymentProofSubmitted: async () => {},
  paymentChecked: async () => {},
  lowStock: async () => {},
  backInStock: async () => {},
  messagePosted: async () => {},
  orderSent: async () => false,
  claimChanged: async () => {},
  afterSaleRequest: async () => {},
  cancellationDecided: async () => {},
}

/** Who hears of an order's news: the order's own email and phone, in its customer's language. */
/** Who hears of an order: where to write, in which language; selected with the order's users join. */
const recipientColumns = {
  email: orders.email,
  phone: orders.phone,
  firstName: orders.firstName,
  notifyEmail: users.notifyEmail,
  language: users.language,
}

async function orderRecipient(tx: Db, orderId: number) {
  const [recipient] = await tx
    .select(recipientColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
  return recipient ?? null
}

/** Active staff whose role handles this kind of work and who want email, but for whoever caused it. */
const staffToTell = (tx: Db, work: Permission, exceptUserId: number) =>
  tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        inArray(users.role, permissions[work].roles),
        eq(users.isActive, true),
        eq(users.notifyEmail, true),
        ne(users.id, exceptUserId),
      ),
    )

const tellStaff = (
  tx: Db,
  event: NotificationEvent,
  { work, exceptUserId }: { work: Permission; exceptUserId: number },
  mail: (language: LanguageCode) => MailContent,
) => enqueueMailForEach(tx, event, staffToTell(tx, work, exceptUserId), mail)

/** What a customer is told: the mail and the phone's text in their language, and the gateway's details. */
interface CustomerNotice {
  mail: (language: LanguageCode) => MailContent
  text: (language: LanguageCode) => string
  details: GatewayMessage['details']
  /** The id of a paper the mail carries as PDF */
  attachedPaper?: number
}

export function createNotifier(config: Config): Notifier {
  const site = shopAddress(config)
  const gateway = config.notifications.webhook !== undefined

  /**
   * The customer's email (unless they turned it off) and, when configured, their phone's message,
   * both in the customer's language.
   */
  async function tellCustomer(
    tx: Db,
    event: NotificationEvent,
    customer: { email: string | null; notifyEmail: boolean; phone: string | null; language: LanguageCode },
    { mail, text, details, attachedPaper }: CustomerNotice,
  ) {
    // A customer kept by name and phone only hears by the gateway.
    if (customer.notifyEmail && customer.email) {
      const attachment =
        attachedPaper === undefined ? undefined : { documentId: attachedPaper, language: customer.language }
      await enqueueMail(tx, { event, to: customer.email, ...mail(customer.language), attachment })
    }
    if (gateway && customer.phone)
      await enqueueGatewayMessage(tx, {
        event,
        phone: customer.phone,
        text: text(customer.language),
        details,
      })
  }

  return {
    async orderPlaced(tx, customer, orderIn) {
      const order = orderIn('en')
      const bank = order.payment_method === 'bank_transfer' ? await getBankAccount(tx) : null
      await tellCustomer(
        tx,
        'order_placed',
        // The order's own email and phone: what the customer gave at this checkout.
        {
          email: order.email,
          phone: order.phone,
          notifyEmail: customer.notify_email,
          language: customer.language,
        },
        {
          mail: (language) => orderPlacedMail(orderIn(language), bank, site, language),
          text: (language) => orderPlacedText(orderIn(language), site, language),
          details: { order_id: order.id },
        },
      )
      await tellStaff(tx, 'order_placed', { work: 'orders', exceptUserId: customer.id }, (language) =>
        newOrderMail(orderIn(language), site, language),
      )
    },

    async orderChanged(tx, orderId, change) {
      const order = await orderRecipient(tx, orderId)
      if (!order) return
      const { invoiceId, ...changed } = change
      const facts: OrderChangeFacts = { orderId, firstName: order.firstName, ...changed }
      await tellCustomer(tx, 'order_changed', order, {
        mail: (language) => orderChangedMail(facts, site, language),
        text: (language) => orderChangedText(facts, site, language),
        details: { order_id: orderId, status: change.status },
        ...(invoiceId && { attachedPaper: invoiceId }),
      })
    },

    async orderEdited(tx, orderId, edit) {
      const [order] = await tx
        .select({
          ...recipientColumns,
          status: orders.status,
          totalPrice: orders.totalPrice,
          paidTotal: orders.paidTotal,
          refundedTotal: orders.refundedTotal,
          advanceRequired: orders.advanceRequired,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId))
      if (!order) return
      const { paid, balanceDue } = amountsOf(order)
      const over = paid - toPaisa(order.totalPrice)
      const facts: OrderEditFacts = {
        orderId,
        firstName: order.firstName,
        changes: edit.changes,
        note: edit.note,
        total: order.totalPrice,
        balanceDue: fromPaisa(balanceDue),
        refundOwed: fromPaisa(over > 0n ? over : 0n),
      }
      await tellCustomer(tx, 'order_edited', order, {
        mail: (language) => orderEditedMail(facts, site, language),
        text: (language) => orderEditedText(facts, site, language),
        details: { order_id: orderId, total_price: fromPaisa(toPaisa(order.totalPrice)) },
      })
    },

    async deliveryMoved(tx, orderId, date) {
      const order = await orderRecipient(tx, orderId)
      if (!order) return
      const facts = { orderId, firstName: order.firstName, date }
      await tellCustomer(tx, 'delivery_moved', order, {
        mail: (language) => deliveryMovedMail(facts, site, language),
        text: (language) => deliveryMovedText(facts, site, language),
        details: { order_id: orderId, delivery_date: date },
      })
    },

    async twoFactorReset(tx, userId) {
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
      if (!user?.email) return
      await enqueueMail(tx, {
        event: 'two_factor_reset',
        to: user.email,
        ...twoFactorResetMail(user.firstName, site, user.language),
      })
    },

    async deliveryFailed(tx, orderId, reason) {
      const order = await orderRecipient(tx, orderId)
      if (!order) return
      const facts = { orderId, firstName: order.firstName, reason }
      await tellCustomer(tx, 'delivery_failed', order, {
        mail: (language) => deliveryFailedMail(facts, site, language),
        text: (language) => deliveryFailedText(facts, site, language),
        details: { order_id: orderId },
      })
    },

    async paymentChecked(tx, orderId, entry) {
      // Nobody waits to hear that a refund staff noted down was dropped.
      if (entry.kind === 'refund' && entry.status !== 'confirmed') return
      const [order] = await tx
        .select({
          ...recipientColumns,
          status: orders.status,
          totalPrice: orders.totalPrice,
          paidTotal: orders.paidTotal,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId))
      if (!order) return
      const due = toPaisa(order.totalPrice) - toPaisa(order.paidTotal)
      const facts: PaymentFacts = {
        orderId,
        firstName: order.firstName,
        entry,
        balanceDue: fromPaisa(order.status === 'Cancelled' || due < 0n ? 0n : due),
      }
      await tellCustomer(tx, 'payment_changed', order, {
        mail: (language) => paymentMail(facts, site, language),
        text: (language) => paymentText(facts, site, language),
        details: {
          order_id: orderId,
          payment_id: entry.id,
          kind: entry.kind,
          status: entry.status,
          amount: entry.amount,
        },
      })
    },

    async lowStock(tx, facts) {
      await tellStaff(tx, 'low_stock', { work: 'catalogue', exceptUserId: 0 }, (language) =>
        lowStockMail(facts, site, language),
      )
      if (!gateway) return
      const phones = await tx
        .select({ phone: users.phone, language: users.language })
        .from(users)
        .where(
          and(
            inArray(users.role, permissions.catalogue.roles),
            eq(users.isActive, true),
            isNotNull(users.phone),
          ),
        )
      for (const staff of phones) {
        if (!staff.phone) continue
        await enqueueGatewayMessage(tx, {
          event: 'low_stock',
          phone: staff.phone,
          text: lowStockText(facts, site, staff.language),
          details: { product_id: facts.productId, stock: facts.stock },
        })
      }
    },

    async backInStock(tx, { userId, productId }) {
      const [row] = await tx
        .select({
          email: users.email,
          phone: users.phone,
          firstName: users.firstName,
          notifyEmail: users.notifyEmail,
          language: users.language,
          name: products.name,
          nameUr: products.nameUr,
        })
        .from(users)
        .innerJoin(products, eq(products.id, productId))
        .where(eq(users.id, userId))
      if (!row) return
      const facts = (language: LanguageCode) => ({
        productId,
        firstName: row.firstName,
        name: shown(language, row.name, row.nameUr),
      })
      await tellCustomer(tx, 'back_in_stock', row, {
        mail: (language) => backInStockMail(facts(language), site, language),
        text: (language) => backInStockText(facts(language), site, language),
        details: { product_id: productId },
      })
    },

    async paymentProofSubmitted(tx, orderId, amount) {
      const [order] = await tx
        .select({
          userId: orders.userId,
          firstName: orders.firstName,
          lastName: orders.lastName,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
      if (!order) return
      const facts = { id: orderId, customer: `${order.firstName} ${order.lastName}`, amount }
      await tellStaff(
        tx,
        'payment_proof_submitted',
        { work: 'orders', exceptUserId: order.userId },
        (language) => paymentProofMail(facts, site, language),
      )
    },

    async orderSent(tx, orderId, link) {
      const [order] = await tx
        .select({
          ...recipientColumns,
          total: orders.totalPrice,
          advanceDue: orders.advanceRequired,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId))
      if (!order) return false
      const facts = {
        orderId,
        firstName: order.firstName,
        total: order.total,
        advanceDue: order.advanceDue,
        link,
      }
      await tellCustomer(tx, 'order_sent', order, {
        mail: (language) => orderSentMail(facts, site, language),
        text: (language) => orderSentText(facts, language),
        details: { order_id: orderId, link },
      })
      return order.notifyEmail && order.email !== ''
    },

    async claimChanged(tx, claimId, { note }) {
      const [claim] = await tx
        .select({ orderId: claims.orderId, status: claims.status, pickupDate: claims.pickupDate })
        .from(claims)
        .where(eq(claims.id, claimId))
      if (!claim) return
      const order = await orderRecipient(tx, claim.orderId)
      if (!order) return
      const facts: ClaimFacts = { claimId, firstName: order.firstName, note, ...claim }
      await tellCustomer(tx, 'claim_changed', order, {
        mail: (language) => claimMail(facts, site, language),
        text: (language) => claimText(facts, site, language),
        details: { claim_id: claimId, order_id: claim.orderId, status: claim.status },
      })
    },

    async afterSaleRequest(tx, orderId, claimId) {
      const [order] = await tx
        .select({ userId: orders.userId, firstName: orders.firstName, lastName: orders.lastName })
        .from(orders)
        .where(eq(orders.id, orderId))
      if (!order) return
      const facts = { orderId, claimId, customer: `${order.firstName} ${order.lastName}` }
      await tellStaff(
        tx,
        claimId === null ? 'cancellation_requested' : 'claim_filed',
        { work: 'orders', exceptUserId: order.userId },
        (language) => afterSaleRequestMail(facts, site, language),
      )
    },

    async cancellationDecided(tx, orderId, decision) {
      const order = await orderRecipient(tx, orderId)
      if (!order) return
      const facts: CancellationFacts = {
        orderId,
        firstName: order.firstName,
        approved: decision.approved,
        refund: formatPkr(Number(toPaisa(decision.refund))),
        note: decision.note,
      }
      await tellCustomer(tx, 'cancellation_decided', order, {
        mail: (language) => cancellationMail(facts, site, language),
        text: (language) => cancellationText(facts, site, language),
        details: { order_id: orderId, decision: decision.approved ? 'approved' : 'refused' },
      })
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
          language: users.language,
        })
        .from(conversations)
        .innerJoin(users, eq(users.id, conversations.customerId))
        .where(eq(conversations.id, conversationId))
      if (!customer) return
      if (senderId === customer.id) {
        const facts = { conversationId, customer: `${customer.firstName} ${customer.lastName}`, content }
        await tellStaff(tx, 'customer_message', { work: 'messages', exceptUserId: senderId }, (language) =>
          customerMessageMail(facts, site, language),
        )
        return
      }
      // Anyone else in a customer's conversation is the store (only staff may write there).
      const facts = { conversationId, customer: customer.firstName, content }
      await tellCustomer(tx, 'store_reply', customer, {
        mail: (language) => storeReplyMail(facts, site, language),
        text: (language) => storeReplyText(facts, site, language),
        details: { conversation_id: conversationId },
      })
    },
  }
}
