import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales/ur')

/** A PO string's lines ("…" pieces) joined and unescaped. */
const joined = (pieces: string[]) => pieces.map((piece) => JSON.parse(piece) as string).join('')

/** The web app's Urdu catalogs: English message → its Urdu, as the shop shows it. */
function readCatalogs(): Map<string, string> {
  const translations = new Map<string, string>()
  for (const file of readdirSync(LOCALES).filter((name) => name.endsWith('.po'))) {
    const entries = readFileSync(path.join(LOCALES, file), 'utf8').split(/\n\n+/)
    for (const entry of entries) {
      const id = /^msgid ((?:".*"\n?)+)/m.exec(entry)
      const text = /^msgstr ((?:".*"\n?)+)/m.exec(entry)
      if (!id?.[1] || !text?.[1]) continue
      const pieces = (block: string) => block.trim().split('\n')
      translations.set(joined(pieces(id[1])), joined(pieces(text[1])))
    }
  }
  return translations
}

const catalogs = readCatalogs()

/** The Urdu the app shows for an English message of its catalogs; throws for one it lacks. */
export function urdu(english: string): string {
  const translation = catalogs.get(english)
  if (!translation) throw new Error(`The Urdu catalogs have no "${english}"`)
  return translation
}
