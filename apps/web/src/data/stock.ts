import {
  type AdjustmentBody,
  type LocationBody,
  type MovementQuery,
  paths,
  type StockLevels,
  type StockSettingsBody,
  type TransferBody,
} from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../lib/api'
import { analyticsKeys } from './analytics'
import { catalogKeys } from './catalog'
import { inCurrentLanguage } from './query-client'

/**
 * Where the pieces are kept and every unit that moved (docs/api.md "Stock you can trust"). Levels, the
 * ledger and the low-stock list carry product names, which are in the reader's language.
 */
export const stockKeys = {
  all: ['stock'] as const,
  locations: () => [...stockKeys.all, 'locations'] as const,
  levels: () => [...stockKeys.all, 'levels'] as const,
  level: (productId: number) => [...stockKeys.levels(), productId] as const,
  movements: () => [...stockKeys.all, 'movements'] as const,
  movementList: (query: MovementQuery) => [...stockKeys.movements(), query] as const,
  lowLists: () => [...stockKeys.all, 'low'] as const,
  low: (page: number) => [...stockKeys.lowLists(), page] as const,
  settings: () => [...stockKeys.all, 'settings'] as const,
}

/** Every location, active first, then by name (a handful: one plain list). */
export const locationsQuery = () =>
  queryOptions({
    queryKey: stockKeys.locations(),
    queryFn: ({ signal }) => call(paths.stock.listLocations, { signal }),
  })

export const stockLevelsQuery = (productId: number) =>
  queryOptions({
    queryKey: inCurrentLanguage(stockKeys.level(productId)),
    queryFn: ({ signal }) => call(paths.stock.getStockLevels, { params: { id: productId }, signal }),
  })

export const movementsQuery = (query: MovementQuery) =>
  queryOptions({
    queryKey: inCurrentLanguage(stockKeys.movementList(query)),
    queryFn: ({ signal }) => call(paths.stock.listMovements, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const LOW_STOCK_PAGE_SIZE = 20

export const lowStockQuery = (page: number) =>
  queryOptions({
    queryKey: inCurrentLanguage(stockKeys.low(page)),
    queryFn: ({ signal }) =>
      call(paths.stock.listLowStock, { query: { page, page_size: LOW_STOCK_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  })

export const stockSettingsQuery = () =>
  queryOptions({
    queryKey: stockKeys.settings(),
    queryFn: ({ signal }) => call(paths.stock.getStockSettings, { signal }),
  })

/** A location changed: the list, and the levels and lists that name it. */
function useLocationsChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: stockKeys.all })
}

export function useCreateLocation() {
  return useMutation({
    mutationFn: (body: LocationBody) => call(paths.stock.createLocation, { body }),
    onSuccess: useLocationsChanged(),
  })
}

export function useUpdateLocation() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LocationBody }) =>
      call(paths.stock.updateLocation, { params: { id }, body }),
    onSuccess: useLocationsChanged(),
  })
}

export function useDeleteLocation() {
  return useMutation({
    mutationFn: (id: number) => call(paths.stock.deleteLocation, { params: { id } }),
    onSuccess: useLocationsChanged(),
  })
}

/**
 * Stock moved: the product's levels come back in the answer; its history, the low-stock list, the
 * product itself (its `stock` is the sum) and the dashboard's count are stale.
 */
function useStockMoved() {
  const queryClient = useQueryClient()
  return (levels: StockLevels) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: stockKeys.level(levels.product_id) }),
      queryClient.invalidateQueries({ queryKey: stockKeys.movements() }),
      queryClient.invalidateQueries({ queryKey: stockKeys.lowLists() }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      queryClient.invalidateQueries({ queryKey: analyticsKeys.salesSummary() }),
    ])
}

export function useAdjustStock() {
  return useMutation({
    mutationFn: (body: AdjustmentBody) => call(paths.stock.adjustStock, { body }),
    onSuccess: useStockMoved(),
  })
}

export function useTransferStock() {
  return useMutation({
    mutationFn: (body: TransferBody) => call(paths.stock.transferStock, { body }),
    onSuccess: useStockMoved(),
  })
}

/** The store's default threshold changed: which products are low, and the levels' threshold, with it. */
export function useUpdateStockSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: StockSettingsBody) => call(paths.stock.updateStockSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(stockKeys.settings(), settings)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: stockKeys.levels() }),
        queryClient.invalidateQueries({ queryKey: stockKeys.lowLists() }),
        queryClient.invalidateQueries({ queryKey: analyticsKeys.salesSummary() }),
      ])
    },
  })
}

/** A shopper asks for a mail when a sold-out product is back (nothing cached changes). */
export function useNotifyMe() {
  return useMutation({
    mutationFn: (productId: number) => call(paths.stock.notifyMe, { params: { id: productId } }),
  })
}
