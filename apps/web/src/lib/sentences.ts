import { useLingui } from '@lingui/react'
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import { localSentence } from './i18n'

/** A contract sentence in the reader's language, for a screen: it draws again on a switch. */
export function useSentence(sentence: string): string {
  useLingui()
  return localSentence(sentence)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** Every `message` of the errors in the reader's language; the fields' `ref`s are left as they are. */
function translateErrors(errors: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, value]) => {
      if (key === 'ref') return [key, value]
      if (key === 'message' && typeof value === 'string') return [key, localSentence(value)]
      return [key, isObject(value) ? translateErrors(value) : value]
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
    if (Object.keys(result.errors).length === 0) return result
    return { values: {}, errors: translateErrors(result.errors) as FieldErrors<T> }
  }
}
