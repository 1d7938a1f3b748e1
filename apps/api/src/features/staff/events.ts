import type { WorkCounts } from '@store/contract'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { Database } from '../../db/client'
import { ChannelSubscribers, openEventStream } from '../../lib/live-events'
import { workCounts } from './service'

interface Subscriber {
  send(counts: WorkCounts): void
  close(): void
}

/**
 * The staff's work counts, pushed to the back office's open streams. The database NOTIFYs
 * `staff_work` when orders, messages or read markers change (migration 0012); each process with
 * streams open counts once and sends the counts to all of them. Counting runs one at a time, in order,
 * and a burst of changes while one runs is counted once after it: a stream never goes back to older
 * counts.
 */
export class StaffWorkEvents {
  readonly #streams: ChannelSubscribers<Subscriber>
  #queue: Promise<void> = Promise.resolve()
  #recountQueued = false

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#streams = new ChannelSubscribers(database, log, 'staff_work', (_payload, subscribers) => {
      if (this.#recountQueued) return
      this.#recountQueued = true
      this.#enqueue(async () => {
        this.#recountQueued = false
        const counts = await workCounts(this.database.db)
        for (const subscriber of subscribers) subscriber.send(counts)
      })
    })
  }

  /** Streams open on this process, for the metrics */
  get streamCount(): number {
    return this.#streams.size
  }

  /** Subscribes and sends the counts as they are now, in order with every later recount. */
  async subscribe(subscriber: Subscriber): Promise<() => Promise<void>> {
    const unsubscribe = await this.#streams.subscribe(subscriber)
    this.#enqueue(async () => subscriber.send(await workCounts(this.database.db)))
    return unsubscribe
  }

  close(): Promise<void> {
    return this.#streams.close()
  }

  #enqueue(work: () => Promise<void>): void {
    this.#queue = this.#queue.then(work).catch((error: unknown) => {
      this.log.error({ err: error }, 'could not send the staff work counts')
    })
  }
}

/** Streams `counts` events: the current counts at once, then after every change. */
export async function openWorkStream(
  events: StaffWorkEvents,
  userId: number,
  reply: FastifyReply,
): Promise<void> {
  await openEventStream(reply, userId, (stream) =>
    events.subscribe({ send: (counts) => stream.send('counts', counts), close: stream.close }),
  )
}
