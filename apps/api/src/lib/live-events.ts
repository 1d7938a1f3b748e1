import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify'
import type { Database } from '../db/client'

const HEARTBEAT_MS = 20_000

/** One open event stream, as a feature sees it. */
export interface Subscriber {
  close(): void
}

/**
 * The event streams open on this process for one PostgreSQL NOTIFY channel, shared by every server
 * process on the database. The process LISTENs only while it has a stream open; each notice goes to
 * `onNotice` with the streams open at that moment.
 */
export class ChannelSubscribers<S extends Subscriber> {
  readonly #subscribers = new Set<S>()
  #listening: Promise<() => Promise<void>> | null = null

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly channel: string,
    private readonly onNotice: (payload: string, subscribers: ReadonlySet<S>) => void,
  ) {}

  /** Streams open on this process, for the metrics */
  get size(): number {
    return this.#subscribers.size
  }

  /** Notifies every process's listeners; never throws (only the live push is lost). */
  async publish(payload: string): Promise<void> {
    await this.database.notify(this.channel, payload).catch((error: unknown) => {
      this.log.error({ err: error, channel: this.channel }, 'could not notify')
    })
  }

  /** Resolves once the process is listening, so nothing committed afterwards is missed. */
  async subscribe(subscriber: S): Promise<() => Promise<void>> {
    // Counted before the LISTEN resolves, so a stream leaving meanwhile does not stop the listener.
    this.#subscribers.add(subscriber)
    this.#listening ??= this.database.listen(this.channel, (payload) => {
      if (this.#subscribers.size) this.onNotice(payload, this.#subscribers)
    })
    try {
      await this.#listening
    } catch (error) {
      await this.#unsubscribe(subscriber)
      throw error
    }
    return () => this.#unsubscribe(subscriber)
  }

  /** Ends every open stream and stops listening: an open stream must not hold a shutdown. */
  async close(): Promise<void> {
    const open = [...this.#subscribers]
    this.#subscribers.clear()
    for (const subscriber of open) subscriber.close()
    await this.#stopListening()
  }

  async #unsubscribe(subscriber: S): Promise<void> {
    if (!this.#subscribers.delete(subscriber)) return
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
      this.log.warn({ err: error, channel: this.channel }, 'could not stop listening')
    }
  }
}

/** Writes named events to an open stream. */
export interface EventStream {
  send(event: string, data: unknown): void
  close(): void
}

/**
 * Turns the reply into a Server-Sent Events stream fed by `subscribe`, with a comment as heartbeat so
 * proxies keep the connection open. The caller has checked access already.
 */
export async function openEventStream(
  reply: FastifyReply,
  subscribe: (stream: EventStream) => Promise<() => Promise<void>>,
): Promise<EventStream> {
  const response = reply.raw
  const write = (chunk: string) => {
    if (!response.writableEnded) response.write(chunk)
  }
  const stream: EventStream = {
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    close: () => response.end(),
  }
  const unsubscribe = await subscribe(stream)
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
  return stream
}

/**
 * A feature's live streams in the server's life: ended before it shuts down (preClose, not onClose:
 * Fastify waits for open connections before the onClose hooks run), and counted in the metrics.
 */
export function manageStreams(
  app: FastifyInstance,
  streams: { close(): Promise<void>; readonly streamCount: number },
  metric: { name: string; help: string },
): void {
  app.addHook('preClose', () => streams.close())
  app.metrics.gauge(metric.name, metric.help, () => streams.streamCount)
}
