import { i18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { useLingui } from '@lingui/react'
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isRightToLeft,
  LANGUAGE_COOKIE,
  type LanguageCode,
  type SentenceCatalog,
  translateSentence,
} from '@store/contract'
import { messages as englishShop } from '../locales/en/shop.po'

/**
 * The interface's languages (docs/api.md "Languages"), with Lingui. The shop's English catalog is in the
 * first bundle; every other catalog is its own chunk, loaded when it is needed: the shop's other pages'
 * with those pages (app/router.tsx), the back office's with the back office, Urdu only for Urdu readers.
 */
export type CatalogPart = 'shop' | 'pages' | 'admin'

const catalogs: Record<LanguageCode, Record<CatalogPart, () => Promise<{ messages: Messages }>>> = {
  en: {
    shop: async () => ({ messages: englishShop }),
    pages: () => import('../locales/en/pages.po'),
    admin: () => import('../locales/en/admin.po'),
  },
  ur: {
    shop: () => import('../locales/ur/shop.po'),
    pages: () => import('../locales/ur/pages.po'),
    admin: () => import('../locales/ur/admin.po'),
  },
}

/**
 * The contract's sentences (its zod checks, shown beside form fields) in Urdu: a module of its own,
 * fetched with the Urdu catalogs and kept. The API's own sentences arrive translated already.
 */
let urduSentences: SentenceCatalog | null = null

async function loadSentences(language: LanguageCode) {
  if (language === 'ur' && !urduSentences)
    urduSentences = (await import('@store/contract/sentences-ur')).urduSentences
}

/** The parts of the interface on screen so far: switching language loads each of them. */
const partsInUse = new Set<CatalogPart>(['shop'])
const loaded = new Set<string>()

async function loadPart(language: LanguageCode, part: CatalogPart) {
  const key = `${language}/${part}`
  if (loaded.has(key)) return
  i18n.load(language, (await catalogs[language][part]()).messages)
  loaded.add(key)
}

i18n.load('en', englishShop)
loaded.add('en/shop')
i18n.activate(DEFAULT_LANGUAGE)

const STORAGE_KEY = 'language'

/** The browser's own choice, if it made one. */
export function chosenLanguage(): LanguageCode | null {
  const stored = localStorage.getItem(STORAGE_KEY)
  return isLanguage(stored) ? stored : null
}

export const currentLanguage = (): LanguageCode => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE)

/**
 * The current language, for a component that shows what the catalogs do not hold (dates, the
 * contract's sentences): it draws again when the reader switches.
 */
export function useLanguage(): LanguageCode {
  const { i18n: active } = useLingui()
  return isLanguage(active.locale) ? active.locale : DEFAULT_LANGUAGE
}

/** The page follows the language: `<html lang dir>` and the matching Bootstrap stylesheet. */
function applyToDocument(language: LanguageCode) {
  const root = document.documentElement
  root.lang = language
  root.dir = isRightToLeft(language) ? 'rtl' : 'ltr'
  const rtl = isRightToLeft(language)
  document.getElementById('bootstrap-ltr')?.toggleAttribute('disabled', rtl)
  document.getElementById('bootstrap-rtl')?.toggleAttribute('disabled', !rtl)
  // The Nastaliq face is for Urdu readers only: its stylesheet (and fonts) load on the first switch.
  if (language === 'ur') void import('@fontsource/noto-nastaliq-urdu/400.css')
}

/** Makes a part of the interface (the back office) speak the current language before it shows. */
export async function loadCatalogPart(part: CatalogPart) {
  partsInUse.add(part)
  await loadPart(currentLanguage(), part)
}

/**
 * Switches the interface: loads the language's catalogs for what is on screen, then redraws, and
 * remembers the choice in this browser (the cookie tells the server's HTML too).
 */
export async function activateLanguage(language: LanguageCode, { remember = true } = {}) {
  await Promise.all([...[...partsInUse].map((part) => loadPart(language, part)), loadSentences(language)])
  applyToDocument(language)
  i18n.activate(language)
  if (!remember) return
  localStorage.setItem(STORAGE_KEY, language)
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie, read by the server's HTML
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`
}

/** At start: the language this browser chose last, before the first screen is drawn. */
export async function startLanguage() {
  const language = chosenLanguage() ?? DEFAULT_LANGUAGE
  if (language !== DEFAULT_LANGUAGE) await activateLanguage(language, { remember: false })
}

/**
 * A sentence of the contract (a zod check's message, e.g. under a form field) in the reader's
 * language; as it is when the catalog does not have it. A component showing it re-renders on a switch
 * through `useLingui`.
 */
export function localSentence(sentence: string): string
export function localSentence(sentence: string | undefined): string | undefined
export function localSentence(sentence: string | undefined): string | undefined {
  if (sentence === undefined || currentLanguage() !== 'ur' || !urduSentences) return sentence
  return translateSentence(sentence, urduSentences)
}

/**
 * A name the shopper did not write in this language (a product, a city, a search) set apart inside an
 * Urdu sentence, so its own direction cannot pull the punctuation around it to the wrong side (Unicode
 * isolates, the text of `<bdi>`). English is left as it is.
 */
export const isolated = (text: string | number): string =>
  isRightToLeft(currentLanguage()) ? `\u2068${text}\u2069` : String(text)

/**
 * Labels kept in a table by key, e.g. a payment status's, read in the current language whenever a
 * label is read. A component reading one re-renders on a switch through `useLingui`.
 */
export function translatedLabels<K extends string>(
  messages: Record<K, MessageDescriptor>,
): Readonly<Record<K, string>> {
  const labels = {} as Record<K, string>
  for (const key of Object.keys(messages) as K[]) {
    Object.defineProperty(labels, key, { enumerable: true, get: () => i18n._(messages[key]) })
  }
  return labels
}

/** The locale dates are written in: Pakistani English, or Urdu with the Latin digits prices use too. */
export const dateLocale = (): string => (currentLanguage() === 'ur' ? 'ur-PK-u-nu-latn' : 'en-PK')

export { i18n }
