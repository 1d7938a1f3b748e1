import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ProductOrdering } from '@store/contract'
import type { ListQuery } from '../../data/catalog'

/** The listing's sorting choices (issue 13), by the ordering the API takes. */
export const ORDERINGS: Record<ProductOrdering, MessageDescriptor> = {
  '-created_at': msg`Newest`,
  price: msg`Price: low to high`,
  '-price': msg`Price: high to low`,
  '-average_rating': msg`Best rated`,
  name: msg`Name`,
}

/** The URL parameters that filter the catalogue (the page and the sort are not filters). */
export const FILTER_PARAMS = ['category', 'min_price', 'max_price', 'material', 'colour', 'in_stock'] as const

/** How many filters are set, for the phone's "Filters (2)" button. */
export const activeFilterCount = (query: ListQuery): number =>
  [query.category, query.min_price ?? query.max_price, query.in_stock].filter(Boolean).length +
  (query.material?.length ?? 0) +
  (query.colour?.length ?? 0)
