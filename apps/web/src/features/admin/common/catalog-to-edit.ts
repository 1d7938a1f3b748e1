import { DEFAULT_LANGUAGE, paths } from '@store/contract'
import { queryOptions } from '@tanstack/react-query'
import { catalogKeys } from '../../../data/catalog'
import { call } from '../../../lib/api'

/**
 * What staff edit: the catalogue's own texts whatever the reader's language (an Urdu reader's `name`
 * would be the Urdu one, docs/api.md "Languages"); the Urdu texts come beside them as `name_ur` and
 * `description_ur`. Cached apart from the shop's copies, under the same keys' prefixes, so a change
 * to the catalogue refreshes them too. (Here, not in data/: the shop's first bundle needs neither.)
 */
const OWN_TEXTS = { 'accept-language': DEFAULT_LANGUAGE }

export const productToEditQuery = (id: number) =>
  queryOptions({
    queryKey: [...catalogKeys.detail(id), 'to-edit'] as const,
    queryFn: ({ signal }) => call(paths.catalog.getProduct, { params: { id }, signal, headers: OWN_TEXTS }),
  })

export const categoriesToEditQuery = () =>
  queryOptions({
    queryKey: [...catalogKeys.categories(), 'to-edit'] as const,
    queryFn: async ({ signal }) => {
      const page = await call(paths.catalog.listCategories, {
        query: { page_size: 100 },
        signal,
        headers: OWN_TEXTS,
      })
      return page.results
    },
  })
