/**
 * The API's sentences (`detail`, field errors) and the contract's own checks in another language:
 * each English sentence, or template with `{name}` places, maps to its translation. The server
 * answers in the reader's language with it; the web app uses it for what the contract's schemas say
 * in the browser. Catalogs are modules of their own (`./sentences-ur`), loaded only where needed.
 */
export type SentenceCatalog = Readonly<Record<string, string>>

interface Template {
  pattern: RegExp
  names: string[]
  translation: string
}

const PLACE = /\{(\w+)\}/g
const HAS_PLACE = /\{\w+\}/
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const compiled = new WeakMap<SentenceCatalog, Template[]>()

function templatesOf(catalog: SentenceCatalog): Template[] {
  let templates = compiled.get(catalog)
  if (!templates) {
    templates = Object.entries(catalog)
      .filter(([english]) => HAS_PLACE.test(english))
      .map(([english, translation]) => {
        const names = [...english.matchAll(PLACE)].map((match) => match[1] ?? '')
        const source = english
          .split(PLACE)
          .map((part, index) => (index % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
          .join('')
        return { pattern: new RegExp(`^${source}$`, 's'), names, translation }
      })
    compiled.set(catalog, templates)
  }
  return templates
}

/** The sentence in the catalog's language; as it came when the catalog does not have it. */
export function translateSentence(sentence: string, catalog: SentenceCatalog): string {
  const exact = catalog[sentence]
  if (exact !== undefined) return exact
  for (const { pattern, names, translation } of templatesOf(catalog)) {
    const match = pattern.exec(sentence)
    if (!match) continue
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']))
    return translation.replace(PLACE, (_, name: string) => values[name] ?? '')
  }
  return sentence
}
