import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

/** An HTTP answer read whole, its body as sent: packed when the server compressed it. */
export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** Reads a response to its end. */
export function readAnswer(response: IncomingMessage): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    response.on('end', () =>
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
    )
    response.on('error', reject)
  })
}

/** An answer's text, unpacked from the encoding nginx or the API chose. */
export function textOf(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding']
  const unpack = encoding === 'br' ? brotliDecompressSync : encoding === 'gzip' ? gunzipSync : null
  return (unpack ? unpack(answer.body) : answer.body).toString()
}
