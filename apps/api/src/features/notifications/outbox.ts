import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/client'
import { notifications } from '../../db/schema'

/** The events that notify someone (API.md "Notifications"). */
export type NotificationEvent =
  | 'order_placed'
  | 'order_changed'
  | 'payment_proof_submitted'
  | 'store_reply'
  | 'customer_message'
  | 'password_reset'

/** One email, already written: plain text and a simple HTML version. */
export interface Mail {
  event: NotificationEvent
  to: string
  subject: string
  text: string
  html: string
}

/**
 * Puts a mail in the outbox inside the caller's transaction: it is sent only if the change that
 * causes it commits, and it is not lost if the server stops before sending it. Answers its id.
 */
export async function enqueueMail(tx: Db, mail: Mail): Promise<string> {
  const id = randomUUID()
  await tx.insert(notifications).values({
    id,
    event: mail.event,
    channel: 'email',
    recipient: mail.to,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
  })
  return id
}
