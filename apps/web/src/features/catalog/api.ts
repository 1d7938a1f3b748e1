import type { BuyNowAnswer, Paginated, Product, ProductDetail } from '@store/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api'

/** SPEC §2: the listing's `filter` values, each with its own route and title. */
export const LISTINGS = {
  'new-arrivals': { title: 'New Arrivals', path: '/api/products/new-arrivals/' },
  'flash-deals': { title: 'Flash Deals', path: '/api/products/flash-deals/' },
  sale: { title: 'On Sale!', path: '/api/products/sale/' },
} as const

export type ListingFilter = keyof typeof LISTINGS

export function listingOf(filter: string | null): ListingFilter | null {
  return filter && Object.hasOwn(LISTINGS, filter) ? (filter as ListingFilter) : null
}

/** Four rows of the widest grid; divisible by 2, 3 and 4 so every row is full. */
export const PAGE_SIZE = 24

export const catalogKeys = {
  all: ['catalog'] as const,
  showcase: () => [...catalogKeys.all, 'showcase'] as const,
  list: (params: { filter: ListingFilter | null; search: string; page: number; pageSize: number }) =>
    [...catalogKeys.all, 'list', params] as const,
  detail: (id: number) => [...catalogKeys.all, 'detail', id] as const,
}

export function useShowcase() {
  return useQuery({
    queryKey: catalogKeys.showcase(),
    queryFn: () => api.get<Product[]>('/api/products/showcase/'),
  })
}

export function useProducts({
  filter = null,
  search = '',
  page = 1,
  pageSize = PAGE_SIZE,
}: {
  filter?: ListingFilter | null
  search?: string
  page?: number
  pageSize?: number
}) {
  const path = filter ? LISTINGS[filter].path : '/api/products/'
  return useQuery({
    queryKey: catalogKeys.list({ filter, search, page, pageSize }),
    queryFn: ({ signal }) =>
      api.get<Paginated<Product>>(
        path,
        { page, page_size: pageSize, search: filter ? undefined : search || undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
  })
}

/** A product's request started early (see `prefetchProduct`), taken by the first `useProduct` of it. */
const earlyProducts = new Map<number, { promise: Promise<ProductDetail>; at: number }>()
const EARLY_PRODUCT_MAX_AGE_MS = 10_000

/**
 * Starts fetching a product page's data while the page's code is still on its way (the product route
 * calls this from its loader), so the request does not wait for that chunk; `useProduct` takes it.
 */
export function prefetchProduct(id: number): void {
  if (!Number.isInteger(id) || id <= 0) return
  const early = earlyProducts.get(id)
  if (early && Date.now() - early.at < EARLY_PRODUCT_MAX_AGE_MS) return
  const promise = api.get<ProductDetail>(`/api/products/${id}/`)
  promise.catch(() => {})
  earlyProducts.set(id, { promise, at: Date.now() })
}

function takeEarlyProduct(id: number): Promise<ProductDetail> | undefined {
  const early = earlyProducts.get(id)
  earlyProducts.delete(id)
  return early && Date.now() - early.at < EARLY_PRODUCT_MAX_AGE_MS ? early.promise : undefined
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) =>
      takeEarlyProduct(id) ?? api.get<ProductDetail>(`/api/products/${id}/`, undefined, signal),
    enabled: Number.isInteger(id) && id > 0,
  })
}

export const sendInquiry = (productId: number) =>
  api.post<BuyNowAnswer>('/api/buy-now-message/', { product_id: productId })
