import { useLingui } from '@lingui/react'
import { type LanguageCode, type SentenceCatalog, translateSentence } from '@store/contract'
import { useEffect, useState } from 'react'
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import { currentLanguage } from './i18n'

/**
 * The contract's sentences (its schemas' messages, SECOND_FACTOR_REQUIRED…) in the reader's language.
 * The Urdu catalog is a chunk of its own, fetched the first time an Urdu reader meets one of them;
 * English readers never download it.
 */
let urdu: Promise<SentenceCatalog> | undefined

function catalogOf(language: LanguageCode): Promise<SentenceCatalog> | null {
  if (language !== 'ur') return null
  urdu ??= import('@store/contract/sentences-ur').then((module) => module.urduSentences)
  return urdu
}

/** A contract sentence in the current language (as it is in English). */
export async function localSentence(sentence: string): Promise<string> {
  const catalog = catalogOf(currentLanguage())
  return catalog ? translateSentence(sentence, await catalog) : sentence
}

/** A contract sentence in the reader's language, for a screen: English until the catalog has come. */
export function useSentence(sentence: string): string {
  const { i18n } = useLingui()
  const [translated, setTranslated] = useState<{ from: string; locale: string; text: string }>()
  useEffect(() => {
    let current = true
    const locale = i18n.locale
    void localSentence(sentence).then((text) => {
      if (current) setTranslated({ from: sentence, locale, text })
    })
    return () => {
      current = false
    }
  }, [sentence, i18n.locale])
  return translated?.from === sentence && translated.locale === i18n.locale ? translated.text : sentence
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** Every `message` of the errors in the catalog's language; the fields' `ref`s are left as they are. */
function translateErrors(errors: Record<string, unknown>, catalog: SentenceCatalog): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, value]) => {
      if (key === 'ref') return [key, value]
      if (key === 'message' && typeof value === 'string') return [key, translateSentence(value, catalog)]
      return [key, isObject(value) ? translateErrors(value, catalog) : value]
    }),
  )
}

/**
 * A form's resolver (the contract's schema through zodResolver) whose error messages are in the
 * reader's language: the schemas speak English, the Urdu reader gets the sentence catalog's words.
 */
export function localResolver<T extends FieldValues, C, V>(resolver: Resolver<T, C, V>): Resolver<T, C, V> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options)
    const catalog = catalogOf(currentLanguage())
    if (!catalog || Object.keys(result.errors).length === 0) return result
    const errors = translateErrors(result.errors, await catalog) as FieldErrors<T>
    return { values: {}, errors }
  }
}
