import {
  ALL_CATEGORIES_PAGE_SIZE,
  type CategoryBody,
  LISTING_ROUTES,
  type ListingFilter,
  type Product,
  type ProductFormBody,
  type ProductListPage,
  type ProductListQuery,
  paths,
} from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, firstAnswer, upload } from '../lib/api'
import { cartKeys } from './cart'
import { inCurrentLanguage } from './query-client'

/** A listing's query as the page holds it: every filter of the contract, all optional. */
export type ListQuery = Partial<ProductListQuery>

/** The catalogue's cache keys, for the shop and the back office alike. */
export const catalogKeys = {
  all: ['catalog'] as const,
  showcase: () => [...catalogKeys.all, 'showcase'] as const,
  lists: () => [...catalogKeys.all, 'list'] as const,
  list: (listing: ListingFilter | null, query: ListQuery) =>
    [...catalogKeys.lists(), listing, query] as const,
  detail: (id: number) => [...catalogKeys.all, 'detail', id] as const,
  facets: (query: ListQuery) => [...catalogKeys.all, 'facets', query] as const,
  searches: () => [...catalogKeys.all, 'search'] as const,
  search: (term: string) => [...catalogKeys.searches(), term] as const,
  categories: () => [...catalogKeys.all, 'categories'] as const,
}

// The first screen's reads (the home page's, a listing's, a product's) start with the answer the
// page's HTML holds, if any (`firstAnswer`): drawn in the first render, with no skeleton before it.

export const showcaseQuery = () =>
  queryOptions({
    queryKey: inCurrentLanguage(catalogKeys.showcase()),
    queryFn: ({ signal }) => call(paths.catalog.showcase, { signal }),
    initialData: () => firstAnswer(paths.catalog.showcase),
  })

/**
 * A page of products: of a listing (docs/product.md §2) when given one, else the catalogue, searched and
 * filtered.
 */
export const productListQuery = (listing: ListingFilter | null, query: ListQuery) => {
  const page = { query: { page: query.page, page_size: query.page_size } }
  return queryOptions({
    queryKey: inCurrentLanguage(catalogKeys.list(listing, query)),
    // A collection's page is a product list page without the closest-match note.
    queryFn: ({ signal }): Promise<ProductListPage> =>
      listing
        ? call(LISTING_ROUTES[listing], { ...page, signal })
        : call(paths.catalog.listProducts, { query, signal }),
    initialData: (): ProductListPage | undefined =>
      listing
        ? firstAnswer(LISTING_ROUTES[listing], page)
        : firstAnswer(paths.catalog.listProducts, { query }),
    placeholderData: keepPreviousData,
  })
}

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: inCurrentLanguage(catalogKeys.detail(id)),
    queryFn: ({ signal }) => call(paths.catalog.getProduct, { params: { id }, signal }),
    initialData: () => firstAnswer(paths.catalog.getProduct, { params: { id } }),
  })

/** Enough suggestions to choose from without the panel running off a phone screen. */
const SUGGESTIONS = 6

/** docs/product.md §5 and §8: runs only on non-blank text; a failed search is an empty list. */
export const productSearchQuery = (term: string) =>
  queryOptions({
    queryKey: inCurrentLanguage(catalogKeys.search(term)),
    queryFn: async ({ signal }) => {
      try {
        const page = await call(paths.catalog.listProducts, {
          query: { search: term, page_size: SUGGESTIONS },
          signal,
        })
        return page.results
      } catch (error) {
        if (signal.aborted) throw error
        return []
      }
    },
    enabled: term.length > 0,
    staleTime: 60_000,
  })

/** For the products matching the other filters: counts per category, material, colour and the price range. */
export const facetsQuery = (query: ListQuery) => {
  const { page: _page, page_size: _size, ordering: _ordering, ...filters } = query
  return queryOptions({
    queryKey: inCurrentLanguage(catalogKeys.facets(filters)),
    queryFn: ({ signal }) => call(paths.catalog.facets, { query: filters, signal }),
    initialData: () => firstAnswer(paths.catalog.facets, { query: filters }),
    placeholderData: keepPreviousData,
  })
}

/** Every category with its product count, in one page. */
export const categoriesQuery = () => {
  const all = { query: { page_size: ALL_CATEGORIES_PAGE_SIZE } }
  return queryOptions({
    queryKey: inCurrentLanguage(catalogKeys.categories()),
    queryFn: async ({ signal }) => (await call(paths.catalog.listCategories, { ...all, signal })).results,
    initialData: () => firstAnswer(paths.catalog.listCategories, all)?.results,
  })
}

/** A category created, renamed or deleted: the menus, filters and product pages that name it. */
function useCategoriesChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: catalogKeys.all })
}

export function useCreateCategory() {
  return useMutation({
    mutationFn: (body: CategoryBody) => call(paths.catalog.createCategory, { body }),
    onSuccess: useCategoriesChanged(),
  })
}

export function useRenameCategory() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & CategoryBody) =>
      call(paths.catalog.updateCategory, { params: { id }, body }),
    onSuccess: useCategoriesChanged(),
  })
}

export function useDeleteCategory() {
  return useMutation({
    mutationFn: (id: number) => call(paths.catalog.deleteCategory, { params: { id } }),
    onSuccess: useCategoriesChanged(),
  })
}

/** A product changed or went: every list, search and page of the catalogue, and carts that hold it. */
export function useCatalogChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      queryClient.invalidateQueries({ queryKey: cartKeys.all }),
    ])
}

export function useDeleteProduct() {
  const catalogChanged = useCatalogChanged()
  return useMutation({
    mutationFn: (id: number) => call(paths.catalog.deleteProduct, { params: { id } }),
    onSuccess: catalogChanged,
  })
}

export interface SaveProductInput {
  /** Absent when creating */
  id?: number
  fields: ProductFormBody
  images: File[]
  /** Images to remove once the save went through (docs/product.md §4) */
  removedImageIds: number[]
  onProgress: (fraction: number) => void
}

/** The images whose removal failed after a successful save; the save itself is never undone. */
export class ImageRemovalFailed extends Error {
  constructor(
    readonly imageIds: number[],
    /** The product as saved, with its options' new ids */
    readonly saved: Product,
  ) {
    super('Some images could not be removed.')
  }
}

/**
 * docs/api.md: create (POST) or update (PUT) as multipart with the new pictures as repeated `images` files;
 * then the marked images are removed, one call each. Rejects with ImageRemovalFailed when only some
 * removals failed (the catalogue is refreshed either way).
 */
export function useSaveProduct() {
  const catalogChanged = useCatalogChanged()
  return useMutation({
    mutationFn: async ({ id, fields, images, removedImageIds, onProgress }: SaveProductInput) => {
      const files = { images }
      const saved =
        id === undefined
          ? await upload(paths.catalog.createProduct, { fields, files, onProgress })
          : await upload(paths.catalog.updateProduct, { params: { id }, fields, files, onProgress })
      const results = await Promise.allSettled(
        removedImageIds.map((imageId) =>
          call(paths.catalog.deleteImage, { params: { id: saved.id }, body: { image_id: imageId } }),
        ),
      )
      const failed = removedImageIds.filter((_, index) => results[index]?.status === 'rejected')
      if (failed.length > 0) throw new ImageRemovalFailed(failed, saved)
      return saved
    },
    onSettled: (_saved, error) => {
      if (!error || error instanceof ImageRemovalFailed) return catalogChanged()
    },
  })
}
