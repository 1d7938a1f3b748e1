import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

// The server writes each mail as an RFC 5322 file under DATA_DIR/mail (no SMTP_URL in the journeys).
const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail')

/** Undoes a MIME part's transfer encoding. */
function decodePart(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The text/plain part of a mail: the mail itself, or the part of a multipart one. */
function plainText(mail: string): string {
  const split = (entity: string) => {
    const at = entity.search(/\r?\n\r?\n/)
    return { headers: entity.slice(0, at), body: entity.slice(at).replace(/^\r?\n\r?\n/, '') }
  }
  const { headers, body } = split(mail)
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1]
  if (!boundary) return decodePart(headers, body)
  for (const part of body.split(`--${boundary}`)) {
    const inner = split(part.replace(/^\r?\n/, ''))
    if (/^content-type:\s*multipart\//im.test(inner.headers)) {
      const text = plainText(part.replace(/^\r?\n/, ''))
      if (text) return text
    } else if (/^content-type:\s*text\/plain/im.test(inner.headers)) {
      return decodePart(inner.headers, inner.body)
    }
  }
  return ''
}

/**
 * The newest mail to `email` written since `since` (ms) whose text `read` finds something in: what it
 * found, or null while there is none.
 */
export function newestMail(
  email: string,
  since: number,
  read: (text: string) => string | null,
): string | null {
  let files: string[]
  try {
    files = readdirSync(mailDir).filter((name) => name.endsWith('.eml'))
  } catch {
    return null // no mail written yet
  }
  const newestFirst = files
    .map((name) => ({ file: path.join(mailDir, name), at: statSync(path.join(mailDir, name)).mtimeMs }))
    .filter((entry) => entry.at >= since)
    .sort((a, b) => b.at - a.at)
  for (const { file } of newestFirst) {
    const mail = readFileSync(file, 'utf8')
    const [headers] = mail.split(/\r?\n\r?\n/)
    if (!new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(headers ?? '')) continue
    const found = read(plainText(mail))
    if (found) return found
  }
  return null
}
