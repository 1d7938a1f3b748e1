import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { NotificationSettings } from '../../config'
import type { Database } from '../../db/client'
import { ChannelListener } from '../../db/listener'
import { notifications } from '../../db/schema'
import { attachedPdf } from '../documents/reading'
import { type Channels, createChannels, type NotificationRow } from './channels'
import { DUE_CHANNEL } from './outbox'

/** Rows due for a retry, or whose lease ran out, are found by this poll even when nothing wakes us. */
const POLL_MS = 3_000
/** Rows claimed at once; they are sent side by side, each within its time limit. */
const BATCH = 10
/** How long a shutdown waits for sends in flight; a send cut off is sent again once its lease runs out. */
const SHUTDOWN_GRACE_MS = 5_000

const ms = (milliseconds: number) => sql`${milliseconds} * interval '1 millisecond'`

/** A row sent, and where it went (the SMTP server's answer, a file, the webhook) */
interface Sent {
  row: NotificationRow
  where: string
}

/**
 * Delivers the outbox. A claim is one statement (its own short transaction) that takes due rows
 * with FOR UPDATE SKIP LOCKED and sets a lease on them; the rows are then sent with no transaction
 * open (the embedded database has one connection), and marked sent, or given a later attempt.
 * Several processes on one PostgreSQL therefore never send one row at the same time, and a row
 * claimed by a process that died is claimed again once its lease runs out.
 */
export class NotificationWorker {
  #running: Promise<void> | null = null
  #again = false
  #stopped = false
  #timer: NodeJS.Timeout | undefined
  readonly #due: ChannelListener

  constructor(
    private readonly database: Database,
    private readonly channels: Channels,
    private readonly settings: NotificationSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    // Enqueued rows NOTIFY when their transaction commits. A lost connection is listened for again
    // (the poll delivers meanwhile), and rows enqueued while it was away are drained once it is back.
    this.#due = new ChannelListener(
      database,
      DUE_CHANNEL,
      { notice: () => this.wake(), listening: () => this.wake(), lost: () => {} },
      log,
    )
  }

  /** Listens for enqueued rows (or keeps trying, polling meanwhile), then drains. */
  async start(): Promise<void> {
    await this.#due.start()
    this.wake()
  }

  /** Runs a drain now, or right after the one in progress. */
  wake(): void {
    if (this.#stopped) return
    if (this.#running) {
      this.#again = true
      return
    }
    clearTimeout(this.#timer)
    this.#running = this.#drain().finally(() => {
      this.#running = null
      if (this.#stopped) return
      this.#timer = setTimeout(() => this.wake(), POLL_MS)
      this.#timer.unref()
    })
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#due.close()
    if (this.#running) {
      let grace: NodeJS.Timeout | undefined
      const gaveUp = new Promise<void>((resolve) => {
        grace = setTimeout(resolve, SHUTDOWN_GRACE_MS)
      })
      await Promise.race([this.#running, gaveUp])
      clearTimeout(grace)
    }
    this.channels.close()
  }

  async #drain(): Promise<void> {
    try {
      do {
        this.#again = false
        for (;;) {
          const claimed = await this.#claim()
          if (claimed.length === 0) break
          const delivered = await Promise.all(
            claimed.map(async (row) => ({ row, where: await this.#deliver(row) })),
          )
          await this.#markSent(delivered.filter((sent): sent is Sent => sent.where !== null))
          if (this.#stopped) return
        }
      } while (this.#again && !this.#stopped)
    } catch (error) {
      // The database is away (a restart, or this process closing it); the next poll tries again.
      if (!this.#stopped) this.log.error({ err: error }, 'could not claim notifications')
    }
  }

  /** Takes the due rows no other worker holds, and leases them to this one. */
  #claim(): Promise<NotificationRow[]> {
    const { db } = this.database
    const due = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.status, 'pending'),
          lte(notifications.nextAttemptAt, sql`now()`),
          or(isNull(notifications.lockedUntil), lt(notifications.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(notifications.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    return db
      .update(notifications)
      .set({
        lockedUntil: sql`now() + ${ms(this.settings.leaseMs)}`,
        // Counted when claimed: a row that crashes the process each time still runs out of attempts.
        attempts: sql`${notifications.attempts} + 1`,
      })
      .where(inArray(notifications.id, due))
      .returning()
  }

  /** Sends one row; answers where it went, or null when it failed and was given another attempt. */
  async #deliver(row: NotificationRow): Promise<string | null> {
    const send = row.channel === 'webhook' ? this.channels.webhook : this.channels.email
    try {
      return await send(row)
    } catch (error) {
      await this.#failed(row, error instanceof Error ? error.message : String(error))
      return null
    }
  }

  /** Records a claim's sent rows in one statement, then logs each. */
  async #markSent(sent: Sent[]): Promise<void> {
    if (sent.length === 0) return
    await this.#settle(
      sent.map(({ row }) => row.id),
      { status: 'sent', sentAt: sql`now()`, lastError: null },
    )
    for (const { row, where } of sent)
      this.log.info({ notification: row.id, event: row.event, to: row.recipient, where }, 'notification sent')
  }

  /** Another attempt later, each wait twice the one before, until the attempts run out. */
  async #failed(row: NotificationRow, reason: string): Promise<void> {
    const { retryMs, maxAttempts } = this.settings
    const final = row.attempts >= maxAttempts
    await this.#settle([row.id], {
      lastError: reason.slice(0, 1000),
      ...(final
        ? { status: 'failed' }
        : { nextAttemptAt: sql`now() + ${ms(retryMs * 2 ** (row.attempts - 1))}` }),
    })
    const log = { notification: row.id, event: row.event, attempts: row.attempts, reason }
    if (final) this.log.error(log, 'notification failed for good')
    else this.log.warn(log, 'notification not sent; it will be tried again')
  }

  async #settle(ids: string[], values: PgUpdateSetSource<typeof notifications>) {
    try {
      await this.database.db
        .update(notifications)
        .set({ ...values, lockedUntil: null })
        .where(and(inArray(notifications.id, ids), eq(notifications.status, 'pending')))
    } catch (error) {
      // The lease runs out and the rows are sent again: a repeat the receiver can drop by its id.
      this.log.error({ err: error, notifications: ids }, 'could not record notifications’ outcome')
    }
  }
}

/**
 * Runs the outbox's worker while the app runs: from when it is ready (listening, or a test's first
 * request) until it closes, after the requests in flight, while the database is still open.
 */
export async function notificationsFeature(app: FastifyInstance) {
  const worker = new NotificationWorker(
    app.database,
    createChannels(app.config, app.log, async (row) => {
      // An order's invoice, as its owner downloads it (features/documents).
      if (!row.attachment) return null
      const pdf = await attachedPdf(app.db, app.storage, row.attachment)
      return pdf && { filename: `${pdf.number}.pdf`, content: pdf.bytes, contentType: 'application/pdf' }
    }),
    app.config.notifications,
    app.log,
  )
  app.addHook('onReady', () => worker.start())
  app.addHook('onClose', () => worker.stop())
}
