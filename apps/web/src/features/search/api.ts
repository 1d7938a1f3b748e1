import type { Paginated, Product } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api'

/** Enough suggestions to choose from without the panel running off a phone screen. */
const SUGGESTIONS = 6

export const searchKeys = {
  all: ['search'] as const,
  term: (term: string) => [...searchKeys.all, term] as const,
}

/** SPEC §5 and §8: runs only on non-blank text; a failed search is an empty list. */
export function useProductSearch(term: string) {
  return useQuery({
    queryKey: searchKeys.term(term),
    queryFn: async ({ signal }) => {
      try {
        const page = await api.get<Paginated<Product>>(
          '/api/products/',
          { search: term, page_size: SUGGESTIONS },
          signal,
        )
        return page.results
      } catch (error) {
        if (signal.aborted) throw error
        return []
      }
    },
    enabled: term.length > 0,
    staleTime: 60_000,
  })
}
