import type { ProductOrdering } from '@store/contract'
import type { ListQuery } from '../../data/catalog'

/** The listing's sorting choices (issue 13), by the ordering the API takes. */
export const ORDERINGS: Record<ProductOrdering, string> = {
  '-created_at': 'Newest',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  '-average_rating': 'Best rated',
  name: 'Name',
}

const isOrdering = (value: string | null): value is ProductOrdering =>
  value !== null && Object.hasOwn(ORDERINGS, value)

/** The URL parameters that filter the catalogue (the page and the sort are not filters). */
export const FILTER_PARAMS = ['category', 'min_price', 'max_price', 'material', 'colour', 'in_stock'] as const

/** An amount as typed in a price box: grouping commas and spaces are dropped, then two decimals at most. */
export function amountFrom(typed: string | null | undefined): string | undefined {
  const value = typed?.replace(/[,\s]/g, '')
  return value && /^\d{1,10}(\.\d{1,2})?$/.test(value) ? value : undefined
}

/**
 * The listing's query as the URL holds it, so that a filtered page can be shared and survives a reload.
 * Nonsense is dropped rather than sent: the API would answer it with a 400.
 */
export function listQueryFrom(params: URLSearchParams, search: string): ListQuery {
  const amount = (name: string) => amountFrom(params.get(name))
  const words = (name: string) => {
    const values = params.getAll(name).filter((value) => value.trim() !== '')
    return values.length > 0 ? values : undefined
  }
  const ordering = params.get('ordering')
  return {
    search: search || undefined,
    category: params.get('category') || undefined,
    min_price: amount('min_price'),
    max_price: amount('max_price'),
    material: words('material'),
    colour: words('colour'),
    in_stock: params.get('in_stock') === 'true' ? 'true' : undefined,
    ordering: isOrdering(ordering) ? ordering : undefined,
  }
}

/** How many filters are set, for the phone's "Filters (2)" button. */
export const activeFilterCount = (query: ListQuery): number =>
  [query.category, query.min_price ?? query.max_price, query.in_stock].filter(Boolean).length +
  (query.material?.length ?? 0) +
  (query.colour?.length ?? 0)
