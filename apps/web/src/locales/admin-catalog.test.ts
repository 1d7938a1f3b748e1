import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

interface Entry {
  key: string
  msgid: string
  msgstr: string
  obsolete: boolean
}

/** A PO string's text: its quoted pieces joined, escapes read. */
const unquote = (pieces: string[]) => pieces.map((piece) => JSON.parse(piece) as string).join('')

/** The entries of a Lingui PO catalog (one level of it: msgctxt, msgid, msgstr; `#~` marks obsolete ones). */
function entriesOf(file: string): Entry[] {
  const text = readFileSync(new URL(file, import.meta.url), 'utf8')
  return text
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split('\n').filter((line) => line.trim() !== '')
      const obsolete = lines.some((line) => line.startsWith('#~'))
      const fields: Record<string, string[]> = {}
      let current: string | undefined
      for (const raw of lines) {
        const line = raw.replace(/^#~\s?/, '')
        const field = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line)
        if (field?.[1] && field[2]) {
          current = field[1]
          fields[current] = [field[2]]
        } else if (current && line.startsWith('"')) fields[current]?.push(line)
        else if (line.startsWith('#')) current = undefined
      }
      if (!fields.msgid) return null
      const msgid = unquote(fields.msgid)
      const context = fields.msgctxt ? unquote(fields.msgctxt) : ''
      return { key: `${context}\u0004${msgid}`, msgid, msgstr: unquote(fields.msgstr ?? []), obsolete }
    })
    .filter((entry): entry is Entry => entry !== null && entry.msgid !== '')
}

/** The places a message fills ({name}) and the tags it wraps (<0>), which a translation must keep. */
const placesOf = (message: string) =>
  [...message.matchAll(/\{(\w+)(?=[,}])|<\/?\d+>/g)].map((match) => match[1] ?? match[0]).sort()

const english = entriesOf('./en/admin.po')
const urdu = entriesOf('./ur/admin.po')

describe('the back office catalog', () => {
  it('has messages (the back office is in it)', () => {
    expect(english.length).toBeGreaterThan(300)
  })

  it('keeps no obsolete entry in either language', () => {
    expect(english.filter((entry) => entry.obsolete).map((entry) => entry.msgid)).toEqual([])
    expect(urdu.filter((entry) => entry.obsolete).map((entry) => entry.msgid)).toEqual([])
  })

  it('has the same messages in Urdu as in English', () => {
    expect(urdu.map((entry) => entry.key).sort()).toEqual(english.map((entry) => entry.key).sort())
  })

  it('translates every message into Urdu', () => {
    const missing = urdu.filter((entry) => entry.msgstr.trim() === '').map((entry) => entry.msgid)
    expect(missing).toEqual([])
    // Words in Urdu script, not English left in place (IBAN alone is a word staff read as it is).
    const untranslated = urdu
      .filter((entry) => entry.msgstr === entry.msgid && !/^[A-Z]+$/.test(entry.msgid))
      .map((entry) => entry.msgid)
    expect(untranslated).toEqual([])
  })

  it('keeps each message’s places and tags in its Urdu', () => {
    const broken = urdu
      .filter((entry) => placesOf(entry.msgstr).join() !== placesOf(entry.msgid).join())
      .map((entry) => entry.msgid)
    expect(broken).toEqual([])
  })
})
