import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../lib/api'
import { currentLanguage } from '../lib/i18n'

/**
 * The one query cache of the app, made outside React so that route loaders can prefetch through it
 * (a product's data is on its way while the page's code still loads).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change on retry; a dropped connection might.
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
})

/**
 * The key of an answer in the reader's language (product texts, names in a cart or order, sentences of
 * a refusal): the language is its last part, after the resource's own key, so a switch of language
 * asks for the new one, keeps the other language's answers apart, and leaves alone what no language
 * changes. A change invalidates the resource's key without it, and so both languages' answers.
 */
export const inCurrentLanguage = <Key extends readonly unknown[]>(key: Key) =>
  [...key, currentLanguage()] as const
