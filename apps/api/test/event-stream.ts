import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'

/** The base URL of an app listening on a free local port (event streams need a real socket). */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

/** Opens an event stream and reads it as text, chunk by chunk. */
export async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController()
  const response = await fetch(url, { headers, signal: controller.signal })
  if (!response.body) throw new Error('no stream body')
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  return {
    response,
    abort: () => controller.abort(),
    /**
     * Reads until the text so far contains `needle` (at or after `from`), or the stream ends; answers
     * all text read.
     */
    /** Whether the server ends the stream within `ms`, reading what it still sends. */
    async endsWithin(ms: number): Promise<boolean> {
      const deadline = Date.now() + ms
      while (Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ])
        if (chunk === null) return false
        if (chunk.done) return true
        text += decoder.decode(chunk.value, { stream: true })
      }
      return false
    },
    async readUntil(needle: string, from = 0): Promise<string> {
      const deadline = Date.now() + 10_000
      while (text.indexOf(needle, from) === -1 && Date.now() < deadline) {
        const chunk = await reader.read()
        if (chunk.done) break
        text += decoder.decode(chunk.value, { stream: true })
      }
      return text
    },
  }
}
