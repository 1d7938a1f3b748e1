import type { Message } from '@store/contract'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { Database } from '../../db/client'
import { getMessage } from './service'

/** PostgreSQL NOTIFY channel shared by every server process on the database. */
const CHANNEL = 'conversation_messages'
const HEARTBEAT_MS = 20_000

interface Subscriber {
  send(message: Message): void
  close(): void
}

/**
 * Live messages for the open event streams of this process. A post on any process NOTIFYs the ids
 * only (a payload must stay under 8000 bytes, and a message may not), and each process with a stream
 * open on that conversation loads the message once and fans it out. The process LISTENs only while
 * it has a stream open.
 */
export class ConversationEvents {
  readonly #subscribers = new Map<number, Set<Subscriber>>()
  #listening: Promise<() => Promise<void>> | null = null

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Streams open on this process, for the metrics */
  get streamCount(): number {
    let open = 0
    for (const set of this.#subscribers.values()) open += set.size
    return open
  }

  /** Tells every process's streams on the conversation about a new message; never throws. */
  async publish(conversationId: number, messageId: number): Promise<void> {
    const payload = JSON.stringify({ conversation_id: conversationId, message_id: messageId })
    await this.database.notify(CHANNEL, payload).catch((error: unknown) => {
      // The message is saved and the thread's polling will show it; only the live push is lost.
      this.log.error({ err: error }, 'could not notify a new message')
    })
  }

  /** Resolves once the process is listening, so nothing posted afterwards is missed. */
  async subscribe(conversationId: number, subscriber: Subscriber): Promise<() => Promise<void>> {
    // Counted before the LISTEN resolves, so a stream leaving meanwhile does not stop the listener.
    const set = this.#subscribers.get(conversationId) ?? new Set()
    set.add(subscriber)
    this.#subscribers.set(conversationId, set)
    this.#listening ??= this.database.listen(CHANNEL, (payload) => void this.#deliver(payload))
    try {
      await this.#listening
    } catch (error) {
      await this.#unsubscribe(conversationId, subscriber)
      throw error
    }
    return () => this.#unsubscribe(conversationId, subscriber)
  }

  /** Ends every open stream and stops listening: an open stream must not hold a shutdown. */
  async close(): Promise<void> {
    const open = [...this.#subscribers.values()].flatMap((set) => [...set])
    this.#subscribers.clear()
    for (const subscriber of open) subscriber.close()
    await this.#stopListening()
  }

  async #unsubscribe(conversationId: number, subscriber: Subscriber): Promise<void> {
    const set = this.#subscribers.get(conversationId)
    if (!set?.delete(subscriber)) return
    if (set.size === 0) this.#subscribers.delete(conversationId)
    if (this.#subscribers.size === 0) await this.#stopListening()
  }

  async #stopListening(): Promise<void> {
    const listening = this.#listening
    this.#listening = null
    if (!listening) return
    try {
      const unlisten = await listening
      await unlisten()
    } catch (error) {
      this.log.warn({ err: error }, 'could not stop listening for messages')
    }
  }

  async #deliver(payload: string): Promise<void> {
    try {
      const event = JSON.parse(payload) as { conversation_id: number; message_id: number }
      if (!this.#subscribers.get(event.conversation_id)?.size) return
      const message = await getMessage(this.database.db, event.message_id)
      if (!message) return
      for (const subscriber of this.#subscribers.get(event.conversation_id) ?? []) subscriber.send(message)
    } catch (error) {
      this.log.error({ err: error }, 'could not deliver a live message')
    }
  }
}

/**
 * Turns the reply into a Server-Sent Events stream of the conversation's new messages, with a comment
 * as heartbeat so proxies keep the connection open. The caller has checked access already.
 */
export async function openMessageStream(
  events: ConversationEvents,
  conversationId: number,
  reply: FastifyReply,
): Promise<void> {
  const response = reply.raw
  const write = (chunk: string) => {
    if (!response.writableEnded) response.write(chunk)
  }
  const unsubscribe = await events.subscribe(conversationId, {
    send: (message) => write(`event: message\ndata: ${JSON.stringify(message)}\n\n`),
    close: () => response.end(),
  })
  reply.hijack()
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Tells nginx-style proxies not to buffer the stream.
    'x-accel-buffering': 'no',
  })
  write(': connected\n\n')
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS)
  const cleanUp = () => {
    clearInterval(heartbeat)
    void unsubscribe()
  }
  response.once('close', cleanUp)
  // The client may have left while the LISTEN was being set up.
  if (reply.request.raw.destroyed) cleanUp()
}
