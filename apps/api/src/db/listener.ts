import type { FastifyBaseLogger } from 'fastify'
import type { Database } from './client'

const RELISTEN_MS = 1000

export interface ListenerEvents {
  notice(payload: string): void
  /**
   * The LISTEN took effect: from now on every commit's notice arrives, but whatever was committed
   * before it (or while the connection was lost) came without one.
   */
  listening(): void
  /** The connection dropped: notices sent from now until `listening` are gone. */
  lost(): void
}

/**
 * A NOTIFY channel listened to for as long as the process runs: when the listening connection is
 * lost, it listens again every second until it succeeds, and says so through `events`. Those who keep
 * something derived from the database in memory use it to know when they can no longer trust it.
 */
export class ChannelListener {
  #listening = false
  #closed = false
  #unlisten: (() => Promise<void>) | null = null
  #retry: NodeJS.Timeout | null = null

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    private readonly events: ListenerEvents,
    private readonly log: FastifyBaseLogger,
  ) {}

  get listening(): boolean {
    return this.#listening
  }

  async start(): Promise<void> {
    try {
      this.#unlisten = await this.database.listen(
        this.channel,
        (payload) => this.events.notice(payload),
        () => this.#lost(),
      )
      if (this.#closed) {
        await this.#unlisten().catch(() => {})
        return
      }
      this.#listening = true
      this.events.listening()
    } catch (error) {
      this.log.warn({ err: error, channel: this.channel }, 'could not listen for changes; trying again')
      this.#scheduleRetry()
    }
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#listening = false
    if (this.#retry) clearTimeout(this.#retry)
    await this.#unlisten?.().catch(() => {})
  }

  #lost(): void {
    this.#listening = false
    this.#unlisten = null
    this.log.warn({ channel: this.channel }, 'lost the change notifications; listening again')
    this.events.lost()
    this.#scheduleRetry()
  }

  #scheduleRetry(): void {
    if (this.#closed) return
    this.#retry = setTimeout(() => void this.start(), RELISTEN_MS)
    this.#retry.unref()
  }
}
