import { createHmac } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { STORE_NAME } from '@store/contract'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { type Config, shopAddress } from '../../config'
import type { notifications } from '../../db/schema'

export type NotificationRow = typeof notifications.$inferSelect

/** Sends one notification; answers where it went, for the log. Throws when it must be tried again. */
export type Send = (row: NotificationRow) => Promise<string>

export interface Channels {
  email: Send
  webhook: Send
  close(): void
}

/**
 * Each send is bounded well under the lease, so a worker that claimed a row is done with it before
 * another may claim it again.
 */
const sendTimeout = (leaseMs: number) => Math.min(30_000, Math.floor(leaseMs / 4))

/** A mail's attached file, read when it is sent */
export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
}
export type AttachmentOf = (row: NotificationRow) => Promise<MailAttachment | null>

/** The notification's id as Message-ID and X-Notification-Id, so a receiver can drop a repeat. */
async function envelope(row: NotificationRow, from: string, host: string, attachmentOf: AttachmentOf) {
  const attachment = row.attachment ? await attachmentOf(row) : null
  return {
    ...(attachment && { attachments: [attachment] }),
    from,
    to: row.recipient,
    subject: row.subject,
    text: row.bodyText,
    html: row.bodyHtml ?? undefined,
    messageId: `<${row.id}@${host}>`,
    headers: { 'X-Notification-Id': row.id },
  }
}

/**
 * Mail by SMTP when it is configured; otherwise each mail is written as an .eml file under
 * `DATA_DIR/mail/`, where a shop owner trying the store can open it. Says which at start.
 */
function emailChannel(
  config: Config,
  log: FastifyBaseLogger,
  attachmentOf: AttachmentOf,
): { send: Send; close(): void } {
  const host = new URL(shopAddress(config)).hostname
  const { smtp, leaseMs } = config.notifications
  if (smtp) {
    const timeout = sendTimeout(leaseMs)
    const transport = nodemailer.createTransport({
      url: smtp.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    })
    const server = new URL(smtp.url)
    log.info({ smtp: `${server.hostname}:${server.port || 'default'}` }, 'mail is sent by SMTP')
    return {
      async send(row) {
        const sent = await transport.sendMail(await envelope(row, smtp.from, host, attachmentOf))
        if (sent.rejected.length > 0) throw new Error(`SMTP refused ${sent.rejected.join(', ')}`)
        return `smtp ${server.hostname}`
      },
      close: () => transport.close(),
    }
  }
  const folder = path.resolve(config.dataDir, 'mail')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  log.info({ folder }, 'SMTP_URL and MAIL_FROM are not set: each mail is written as an .eml file')
  return {
    async send(row) {
      const { message } = await transport.sendMail(
        await envelope(row, `"${STORE_NAME}" <shop@${host}>`, host, attachmentOf),
      )
      await mkdir(folder, { recursive: true })
      // Named by when it was written and its id: a mail sent again after a crash replaces its file.
      const stamp = row.createdAt.toISOString().replace(/[:.]/g, '-')
      const file = path.join(folder, `${stamp}-${row.event}-${row.id}.eml`)
      await writeFile(file, message as Buffer)
      return file
    },
    close: () => transport.close(),
  }
}

/**
 * The SMS or WhatsApp gateway's webhook: the row's JSON body, signed with an HMAC-SHA256 of its
 * exact bytes so the gateway can tell it came from the shop. Anything but a 2xx answer is a failure.
 */
function webhookChannel(config: Config): Send {
  const { webhook, leaseMs } = config.notifications
  return async (row) => {
    if (!webhook) throw new Error('NOTIFY_WEBHOOK_URL is not set')
    const body = JSON.stringify(row.payload)
    const signature = createHmac('sha256', webhook.secret).update(body).digest('hex')
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': `sha256=${signature}`,
        'x-notification-id': row.id,
      },
      body,
      signal: AbortSignal.timeout(sendTimeout(leaseMs)),
    })
    await response.body?.cancel()
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`)
    return `webhook ${new URL(webhook.url).host}`
  }
}

/** `attachmentOf` reads a mail's attached file when it is sent (none: mails carry no files). */
export function createChannels(
  config: Config,
  log: FastifyBaseLogger,
  attachmentOf: AttachmentOf = async () => null,
): Channels {
  const email = emailChannel(config, log, attachmentOf)
  return { email: email.send, webhook: webhookChannel(config), close: email.close }
}
