import { refreshTokens, tokens } from './api'

export interface StreamEvent {
  event: string
  data: string
}

const RETRY_MIN_MS = 1000
const RETRY_MAX_MS = 30_000

/** Splits a server-sent events text into its events; returns them and the unfinished rest. */
export function parseEvents(text: string): { events: StreamEvent[]; rest: string } {
  const blocks = text.split(/\r?\n\r?\n/)
  const rest = blocks.pop() ?? ''
  const events: StreamEvent[] = []
  for (const block of blocks) {
    let event = 'message'
    const data: string[] = []
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
    if (data.length) events.push({ event, data: data.join('\n') })
  }
  return { events, rest }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

/**
 * Follows a server-sent events stream until `signal` aborts, reconnecting with a growing pause.
 * A streaming fetch rather than EventSource, because EventSource cannot send the Bearer header and a
 * token never goes into a URL (docs/api.md). No 5000 ms timeout: a stream is meant to stay open.
 */
export async function followEventStream(
  path: string,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  let retry = RETRY_MIN_MS
  while (!signal.aborted) {
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' }
      if (tokens.access) headers.authorization = `Bearer ${tokens.access}`
      const response = await fetch(path, { headers, signal, cache: 'no-store' })
      if (response.status === 401) {
        if (await refreshTokens()) continue
        return
      }
      if (response.ok && response.body) {
        retry = RETRY_MIN_MS
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          const parsed = parseEvents(buffer + value)
          buffer = parsed.rest
          for (const event of parsed.events) onEvent(event)
        }
      } else if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        return // forbidden or gone: retrying will not help, and the thread still polls
      }
    } catch {
      if (signal.aborted) return
    }
    await pause(retry, signal)
    retry = Math.min(retry * 2, RETRY_MAX_MS)
  }
}
