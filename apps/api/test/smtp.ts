import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** The envelope's recipients, as the SMTP conversation named them */
  to: string[]
  mail: ParsedMail
  /** The X-Notification-Id header */
  notificationId: string
}

export interface TestSmtpServer {
  port: number
  url: string
  received: ReceivedMail[]
  /** Resolves once `count` mails have arrived (rejects after `timeoutMs`) */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every mail it accepts,
 * parsed. `stall`: it takes the mail's data and never answers, as a server hanging mid-send would.
 */
export function startSmtpServer(port = 0, options: { stall?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A stalled connection would otherwise hold close() for 30 s.
    closeTimeout: 200,
    onData(stream, session, callback) {
      if (options.stall) {
        stream.resume()
        return
      }
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            mail,
            notificationId: String(mail.headers.get('x-notification-id') ?? ''),
          })
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address()
      if (typeof address !== 'object' || !address) return reject(new Error('no SMTP port'))
      resolve({
        port: address.port,
        url: `smtp://127.0.0.1:${address.port}`,
        received,
        async waitFor(count, timeoutMs = 30_000) {
          const deadline = Date.now() + timeoutMs
          while (received.length < count) {
            if (Date.now() > deadline) {
              throw new Error(`expected ${count} mails, the SMTP server got ${received.length}`)
            }
            await new Promise((done) => setTimeout(done, 50))
          }
          return received
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}
