import { useLingui } from '@lingui/react'

/**
 * The locale the back office's own numbers and dates are written in: `en-PK` in English (as before),
 * `ur-PK` in Urdu (Urdu month names; its digits stay the Western ones PKR amounts are read in).
 */
export const intlLocaleOf = (language: string) => (language === 'ur' ? 'ur-PK' : 'en-PK')

/** The reader's locale for Intl, following a switch of language. */
export function useIntlLocale(): string {
  return intlLocaleOf(useLingui().i18n.locale)
}

const counters = new Map<string, Intl.NumberFormat>()

/** Whole numbers (counts) in the reader's locale: "1,520". */
export function useCountFormat(): (value: number) => string {
  const locale = useIntlLocale()
  let counter = counters.get(locale)
  if (!counter) {
    counter = new Intl.NumberFormat(locale)
    counters.set(locale, counter)
  }
  return counter.format
}
