// No zod here: the shop's first bundle reads these without the schemas.

/** The shop's languages (docs/api.md "Languages"): English, the default, and Urdu. */
export const LANGUAGES = ['en', 'ur'] as const
export type LanguageCode = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: LanguageCode = 'en'

/** How each language punctuates: between the items of a list, and at a sentence's end. */
export const PUNCTUATION: Record<LanguageCode, { listSeparator: string; fullStop: string }> = {
  en: { listSeparator: ', ', fullStop: '.' },
  ur: { listSeparator: '، ', fullStop: '۔' },
}

/** Languages written right to left */
export const isRightToLeft = (language: LanguageCode) => language === 'ur'

/** The cookie that carries a browser's language to the server's HTML (its `lang`, `dir` and stylesheet). */
export const LANGUAGE_COOKIE = 'lang'

export const isLanguage = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
