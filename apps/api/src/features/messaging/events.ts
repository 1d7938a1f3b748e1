import type { Message } from '@store/contract'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { Database } from '../../db/client'
import { ChannelSubscribers, openEventStream } from '../../lib/live-events'
import { getMessage } from './service'

interface Subscriber {
  conversationId: number
  send(message: Message): void
  close(): void
}

/**
 * Live messages for the open event streams of this process. A post on any process NOTIFYs the ids
 * only (a payload must stay under 8000 bytes, and a message may not), and each process with a stream
 * open on that conversation loads the message once and fans it out.
 */
export class ConversationEvents {
  readonly #streams: ChannelSubscribers<Subscriber>

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#streams = new ChannelSubscribers(database, log, 'conversation_messages', (payload, subscribers) => {
      void this.#deliver(payload, subscribers)
    })
  }

  /** Streams open on this process, for the metrics */
  get streamCount(): number {
    return this.#streams.size
  }

  /** Tells every process's streams on the conversation about a new message; never throws. */
  publish(conversationId: number, messageId: number): Promise<void> {
    return this.#streams.publish(JSON.stringify({ conversation_id: conversationId, message_id: messageId }))
  }

  subscribe(subscriber: Subscriber): Promise<() => Promise<void>> {
    return this.#streams.subscribe(subscriber)
  }

  close(): Promise<void> {
    return this.#streams.close()
  }

  async #deliver(payload: string, subscribers: ReadonlySet<Subscriber>): Promise<void> {
    try {
      const event = JSON.parse(payload) as { conversation_id: number; message_id: number }
      const watching = [...subscribers].filter((each) => each.conversationId === event.conversation_id)
      if (!watching.length) return
      const message = await getMessage(this.database.db, event.message_id)
      if (!message) return
      for (const subscriber of watching) subscriber.send(message)
    } catch (error) {
      this.log.error({ err: error }, 'could not deliver a live message')
    }
  }
}

/** Streams the conversation's new messages (`message` events). The caller has checked access already. */
export async function openMessageStream(
  events: ConversationEvents,
  { conversationId, userId }: { conversationId: number; userId: number },
  reply: FastifyReply,
): Promise<void> {
  await openEventStream(reply, userId, (stream) =>
    events.subscribe({
      conversationId,
      send: (message) => stream.send('message', message),
      close: stream.close,
    }),
  )
}
