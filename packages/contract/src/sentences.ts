import type { LanguageCode } from './languages'

/**
 * The server's and the contract's words in Urdu, in one format for all of them: the API's sentences
 * (`detail`, field errors), the contract's own checks, mails and the server's pages. A message is
 * its English text, or template with `{name}` places, and a catalog maps it to its translation, the
 * same places filled in the translation's order. The English text is the message's key, so code
 * reads in English and a catalog holds the other language. Catalogs are modules of their own
 * (`./sentences-ur`, and `*-ur.ts` beside the server code that speaks them), loaded only where needed.
 */
export type SentenceCatalog = Readonly<Record<string, string>>

/** The names of a template's `{name}` places: `Places<'Hello {name},'>` is `'name'`. */
export type Places<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Places<Rest>
  : never

/** The values a template's places take; none for a template without places. */
export type PlaceValues<Template extends string> = [Places<Template>] extends [never]
  ? []
  : [values: { readonly [Name in Places<Template>]: string | number }]

/**
 * A catalog's messages in one language: `say('Hello {name},', { name })` answers the English
 * template, or its translation, with the places filled. Only a message the catalog holds compiles.
 */
export type Say<English extends string> = <Message extends English>(
  message: Message,
  ...values: PlaceValues<Message>
) => string

const PLACE = /\{(\w+)\}/g
const HAS_PLACE = /\{\w+\}/
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A template with its places filled; a place without a value becomes empty. */
const fill = (template: string, values: Readonly<Record<string, string | number>>) =>
  template.replace(PLACE, (_, name: string) => String(values[name] ?? ''))

/** The messages of `catalog` as a reader of `language` says them: the English key, or its Urdu. */
export function wordsIn<Catalog extends SentenceCatalog>(
  catalog: Catalog,
  language: LanguageCode,
): Say<keyof Catalog & string> {
  return (message, ...[values]) =>
    fill(language === 'ur' ? (catalog[message] ?? message) : message, values ?? {})
}

interface Template {
  pattern: RegExp
  names: string[]
  translation: string
}

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

/**
 * A sentence that was written in English with its places already filled (an error's `detail`), in
 * the catalog's language: its template is found by the sentence's words and filled with what the
 * sentence holds in its places. As it came when the catalog does not have it.
 */
export function translateSentence(sentence: string, catalog: SentenceCatalog): string {
  const exact = catalog[sentence]
  if (exact !== undefined) return exact
  for (const { pattern, names, translation } of templatesOf(catalog)) {
    const match = pattern.exec(sentence)
    if (!match) continue
    return fill(translation, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])))
  }
  return sentence
}

/** A sentence written in English with its places filled, as a reader of `language` reads it. */
export const sentenceIn = (catalog: SentenceCatalog, language: LanguageCode, sentence: string): string =>
  language === 'ur' ? translateSentence(sentence, catalog) : sentence
