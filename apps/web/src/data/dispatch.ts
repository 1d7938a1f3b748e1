import {
  type CashQuery,
  type CreateRunBody,
  type DeliveredBody,
  type FailedBody,
  type HandInBody,
  paths,
} from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, fetchFile, upload } from '../lib/api'
import { analyticsKeys } from './analytics'
import { orderKeys } from './orders'
import { inCurrentLanguage } from './query-client'

/**
 * The vans' days (docs/api.md "Delivery days and dispatch"): the board of a day, the driver's runs of
 * today and the cash drivers hold. Orders' item names and options are in the reader's language.
 */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  days: () => [...dispatchKeys.all, 'day'] as const,
  day: (date: string) => [...dispatchKeys.days(), date] as const,
  today: () => [...dispatchKeys.all, 'today'] as const,
  cashReports: () => [...dispatchKeys.all, 'cash'] as const,
  cash: (query: CashQuery) => [...dispatchKeys.cashReports(), query] as const,
  /** A stop's signed challan: a stop is done once, so its photo never changes */
  photo: (stopId: number) => [...dispatchKeys.all, 'photo', stopId] as const,
}

/** The board of one day in Pakistan: the orders due on no run, the runs and the drivers. */
export const dispatchDayQuery = (date: string) =>
  queryOptions({
    queryKey: inCurrentLanguage(dispatchKeys.day(date)),
    queryFn: ({ signal }) => call(paths.dispatch.dispatchDay, { query: { date }, signal }),
    placeholderData: keepPreviousData,
  })

/** The signed-in driver's runs of today, stops in order. */
export const myRunsQuery = () =>
  queryOptions({
    queryKey: inCurrentLanguage(dispatchKeys.today()),
    queryFn: ({ signal }) => call(paths.dispatch.myRuns, { signal }),
  })

export const cashReportQuery = (query: CashQuery) =>
  queryOptions({
    queryKey: dispatchKeys.cash(query),
    queryFn: ({ signal }) => call(paths.dispatch.cashReport, { query, signal }),
    placeholderData: keepPreviousData,
  })

/** The photo of a stop's signed challan, as a file for an object URL (it needs the Bearer header). */
export const stopPhotoQuery = (stopId: number) =>
  queryOptions({
    queryKey: dispatchKeys.photo(stopId),
    queryFn: ({ signal }) => fetchFile(paths.dispatch.getStopPhoto, { params: { id: stopId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** Runs were made or taken apart: the boards (any day: the orders move between days' lists). */
function useBoardChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: dispatchKeys.days() })
}

export function useCreateRun() {
  return useMutation({
    mutationFn: (body: CreateRunBody) => call(paths.dispatch.createRun, { body }),
    onSuccess: useBoardChanged(),
  })
}

export function useDeleteRun() {
  return useMutation({
    mutationFn: (runId: number) => call(paths.dispatch.deleteRun, { params: { id: runId } }),
    onSuccess: useBoardChanged(),
  })
}

/**
 * A stop is done: the driver's list, the boards, and, since a delivery writes a cash-on-delivery
 * payment and the Delivered entry, the order, the order lists, the cash report and the dashboard.
 */
function useStopDone() {
  const queryClient = useQueryClient()
  return (orderId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dispatchKeys.today() }),
      queryClient.invalidateQueries({ queryKey: dispatchKeys.days() }),
      queryClient.invalidateQueries({ queryKey: dispatchKeys.cashReports() }),
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
      queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
    ])
}

/** The driver hands the goods over: JSON, or multipart when there is a photo of the signed challan. */
export function useMarkDelivered() {
  const stopDone = useStopDone()
  return useMutation({
    mutationFn: ({ orderId, body, photo }: { orderId: number; body: DeliveredBody; photo?: File }) =>
      photo
        ? upload(paths.dispatch.markDelivered, {
            params: { id: orderId },
            fields: body,
            files: { photo: [photo] },
          })
        : call(paths.dispatch.markDelivered, { params: { id: orderId }, body }),
    onSuccess: (_stop, { orderId }) => stopDone(orderId),
  })
}

export function useMarkFailed() {
  const stopDone = useStopDone()
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: FailedBody }) =>
      call(paths.dispatch.markFailed, { params: { id: orderId }, body }),
    onSuccess: (_stop, { orderId }) => stopDone(orderId),
  })
}

/** Cash handed in: every period's figures and the dashboard's card. */
export function useRecordHandIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: HandInBody) => call(paths.dispatch.recordHandIn, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dispatchKeys.cashReports() }),
        queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
      ]),
  })
}
