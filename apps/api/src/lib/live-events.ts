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
    this.#listening ??= this.database.listen(
      this.channel,
      (payload) => {
        if (this.#subscribers.size) this.onNotice(payload, this.#subscribers)
      },
      () => this.#lost(),
    )
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

  /**
   * The listening connection dropped (the database restarted or went away): what it would have
   * pushed meanwhile is gone. The open streams end, and their clients connect again (reading what they
   * missed) on a new LISTEN, made once the database answers.
   */
  #lost(): void {
    this.#listening = null
    this.log.warn({ channel: this.channel }, 'lost the live notifications; ending the open streams')
    const open = [...this.#subscribers]
    this.#subscribers.clear()
    for (const subscriber of open) subscriber.close()
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

/** A stream held open by a signed-in user. */
interface UserStream extends Subscriber {
  userId: number
  /** The signed-in device it was opened from, when the access token named one */
  sessionId: number | null
}

/**
 * The event streams of this process by the user who opened them, ended when the user's sessions end
 * on any process: the database NOTIFYs `sessions_ended` with the user's id when an account is
 * disabled, deleted, changes role or ends its sessions (migration 0025), and with `user:session` when
 * one device is signed out (migration 0026), since access is checked when a stream opens only.
 */
export class SessionStreams {
  readonly #streams: ChannelSubscribers<UserStream>

  constructor(database: Database, log: FastifyBaseLogger) {
    this.#streams = new ChannelSubscribers(database, log, 'sessions_ended', (payload, streams) => {
      const [userId, sessionId] = payload.split(':').map(Number)
      for (const stream of [...streams]) {
        if (stream.userId === userId && (sessionId === undefined || stream.sessionId === sessionId))
          stream.close()
      }
    })
  }

  subscribe(stream: UserStream): Promise<() => Promise<void>> {
    return this.#streams.subscribe(stream)
  }

  close(): Promise<void> {
    return this.#streams.close()
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The open event streams by user, ended with their sessions */
    sessionStreams: SessionStreams
  }
}

/** One SessionStreams for the app, ended before it shuts down as the features' streams are. */
export function registerSessionStreams(app: FastifyInstance): void {
  const streams = new SessionStreams(app.database, app.log)
  app.decorate('sessionStreams', streams)
  app.addHook('preClose', () => streams.close())
}

/** Writes named events to an open stream. */
export interface EventStream {
  send(event: string, data: unknown): void
  close(): void
}

/**
 * Turns the reply into a Server-Sent Events stream fed by `subscribe`, with a comment as heartbeat so
 * proxies keep the connection open. The caller has checked access already; the stream ends when the
 * caller's sessions do.
 */
export async function openEventStream(
  reply: FastifyReply,
  userId: number,
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
  // Before the feature's own subscription, whose first event may be written as soon as it resolves.
  const leaveSessions = await reply.server.sessionStreams.subscribe({
    userId,
    sessionId: reply.request.sessionId,
    close: stream.close,
  })
  let unsubscribe: () => Promise<void>
  try {
    unsubscribe = await subscribe(stream)
  } catch (error) {
    await leaveSessions()
    throw error
  }
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
    void leaveSessions()
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
