import { randomUUID } from 'node:crypto'
import { LANGUAGES, type LanguageCode } from '@store/contract'
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { notifications } from '../../db/schema'
import type { MailContent } from './mail-layout'

/** The events that notify someone (docs/api.md "Notifications"). */
export type NotificationEvent =
  | 'order_placed'
  | 'order_changed'
  | 'order_edited'
  | 'delivery_moved'
  | 'delivery_failed'
  | 'two_factor_reset'
  | 'payment_changed'
  | 'low_stock'
  | 'back_in_stock'
  | 'payment_proof_submitted'
  | 'store_reply'
  | 'customer_message'
  | 'password_reset'
  | 'account_created'
  | 'order_sent'
  | 'claim_changed'
  | 'claim_filed'
  | 'cancellation_requested'
  | 'cancellation_decided'

/** One email, already written: plain text and a simple HTML version. */
export interface Mail {
  event: NotificationEvent
  to: string
  subject: string
  text: string
  html: string
  /** A paper attached as PDF, in the language of the mail */
  attachment?: { documentId: number; language: LanguageCode } | undefined
}

/** One short text for the SMS or WhatsApp gateway, and what else it may want to know. */
export interface GatewayMessage {
  event: NotificationEvent
  phone: string
  text: string
  /** More fields for the webhook's JSON body, e.g. `order_id` */
  details?: Record<string, string | number>
}

/**
 * The NOTIFY channel that wakes the workers, sent by the outbox's insert trigger (migration 0017).
 * PostgreSQL delivers a NOTIFY sent inside a transaction only when it commits (and one per
 * transaction, however many rows), so a worker never wakes for a row that is not there yet, nor for
 * one rolled back.
 */
export const DUE_CHANNEL = 'notifications_due'

type Row = Omit<typeof notifications.$inferInsert, 'id'>

/** Inserts one row under a fresh id (which `row` may carry in its payload); its commit wakes the workers. */
async function enqueue(tx: Db, row: (id: string) => Row): Promise<string> {
  const id = randomUUID()
  await tx.insert(notifications).values({ id, ...row(id) })
  return id
}

/**
 * Puts a mail in the outbox inside the caller's transaction: it is sent only if the change that
 * causes it commits, and it is not lost if the server stops before sending it. Answers its id.
 */
export const enqueueMail = (tx: Db, mail: Mail): Promise<string> =>
  enqueue(tx, () => ({
    event: mail.event,
    channel: 'email',
    recipient: mail.to,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
    attachment: mail.attachment ?? null,
  }))

/**
 * Puts one mail for each recipient a query selects (its `email` and `language` columns) in the outbox,
 * in one statement however many they are, each in its recipient's language: the mail is written once
 * per language, before it is known who reads it. Inside the caller's transaction, as `enqueueMail`.
 */
export async function enqueueMailForEach(
  tx: Db,
  event: NotificationEvent,
  recipients: SQLWrapper,
  mail: (language: LanguageCode) => MailContent,
): Promise<void> {
  const written: SQL[] = LANGUAGES.map((language) => {
    const { subject, text, html } = mail(language)
    return sql`(${language}, ${subject}, ${text}, ${html})`
  })
  await tx.execute(sql`insert into ${notifications} (id, event, channel, recipient, subject, body_text, body_html)
    select gen_random_uuid()::text, ${event}, 'email', r.email, m.subject, m.body_text, m.body_html
    from (${recipients}) r
    join (values ${sql.join(written, sql`, `)}) as m(language, subject, body_text, body_html)
      on m.language = r.language`)
}

/** Puts a gateway message in the outbox inside the caller's transaction, as `enqueueMail` does a mail. */
export const enqueueGatewayMessage = (tx: Db, message: GatewayMessage): Promise<string> =>
  enqueue(tx, (id) => ({
    event: message.event,
    channel: 'webhook',
    recipient: message.phone,
    subject: message.event,
    bodyText: message.text,
    payload: { id, event: message.event, phone: message.phone, text: message.text, ...message.details },
  }))
