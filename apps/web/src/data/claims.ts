import {
  type Claim,
  type ClaimListQuery,
  type ClaimSettingsBody,
  type DecideCancellationBody,
  type Order,
  paths,
  type UpdateClaimBody,
} from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, call, upload } from '../lib/api'
import { analyticsKeys } from './analytics'
import { catalogKeys } from './catalog'
import { orderKeys } from './orders'
import { inCurrentLanguage } from './query-client'
import { stockKeys } from './stock'

type ListQuery = Partial<Pick<ClaimListQuery, 'page' | 'page_size' | 'status' | 'order'>>

/** Claims carry the items' names, which are in the reader's language. */
export const claimKeys = {
  all: ['claims'] as const,
  lists: () => [...claimKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...claimKeys.lists(), query] as const,
  detail: (id: number) => [...claimKeys.all, 'detail', id] as const,
  settings: () => [...claimKeys.all, 'settings'] as const,
}

/** The customer's own claims (newest first), or every claim for staff (oldest first). */
export const claimListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: inCurrentLanguage(claimKeys.list(query)),
    queryFn: ({ signal }) => call(paths.claims.listClaims, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const claimQuery = (id: number) =>
  queryOptions({
    queryKey: inCurrentLanguage(claimKeys.detail(id)),
    queryFn: ({ signal }) => call(paths.claims.getClaim, { params: { id }, signal }),
  })

/** The store's returns policy: its windows and its cancellation fee (anyone may read it). */
export const claimSettingsQuery = () =>
  queryOptions({
    queryKey: claimKeys.settings(),
    queryFn: ({ signal }) => call(paths.claims.getClaimSettings, { signal }),
  })

/** Waits between the attempts of an upload that never reached the store (a flaky mobile connection). */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 3000, 6000]

export interface ClaimUpload {
  orderId: number
  lines: { order_item_id: number; quantity: number }[]
  reason: Claim['reason']
  description: string
  wanted: Claim['wanted']
  files: File[]
  /** The order's claims before this one: a claim not among them after a lost answer is this one */
  knownClaimIds: number[]
  onProgress: (fraction: number) => void
  /** Called before each new attempt (2, 3, …) after a network failure */
  onRetry: (attempt: number) => void
}

const sameLines = (claim: Claim, lines: ClaimUpload['lines']) =>
  claim.lines.length === lines.length &&
  lines.every((line) =>
    claim.lines.some((made) => made.order_item_id === line.order_item_id && made.quantity === line.quantity),
  )

/**
 * Sends the claim with its files, tried again a few times when the connection drops. The store may
 * have made the claim before the answer was lost, so before each new attempt the order's claims are
 * read: a new claim of the same lines is this one, and is not made twice.
 */
async function sendClaim(claim: ClaimUpload): Promise<Claim> {
  const { orderId, lines, reason, description, wanted, files } = claim
  for (let attempt = 1; ; attempt++) {
    try {
      return await upload(paths.claims.createClaim, {
        params: { id: orderId },
        fields: { lines: JSON.stringify(lines), reason, description, wanted },
        files: { evidence: files },
        onProgress: claim.onProgress,
      })
    } catch (error) {
      const delay = UPLOAD_RETRY_DELAYS_MS[attempt - 1]
      if (!(error instanceof ApiError) || error.status !== 0 || delay === undefined) throw error
      await new Promise((resolve) => setTimeout(resolve, delay))
      const made = await call(paths.claims.listClaims, { query: { order: orderId } }).catch(() => null)
      const mine = made?.results.find(
        (each) => !claim.knownClaimIds.includes(each.id) && sameLines(each, lines),
      )
      if (mine) return mine
      claim.onRetry(attempt + 1)
      claim.onProgress(0)
    }
  }
}

export function useCreateClaim() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendClaim,
    onSuccess: (claim) => {
      queryClient.setQueryData(inCurrentLanguage(claimKeys.detail(claim.id)), claim)
      return queryClient.invalidateQueries({ queryKey: claimKeys.lists() })
    },
  })
}

/**
 * A claim moved on by staff. A resolution may write the order's ledger (a refund), make a replacement
 * order and move stock: those screens are asked again.
 */
export function useUpdateClaim(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateClaimBody) => call(paths.claims.updateClaim, { params: { id }, body }),
    onSuccess: (claim) => {
      queryClient.setQueryData(inCurrentLanguage(claimKeys.detail(claim.id)), claim)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: claimKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ])
    },
  })
}

export function useUpdateClaimSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ClaimSettingsBody) => call(paths.claims.updateClaimSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(claimKeys.settings(), settings),
  })
}

/** Staff approve or refuse a customer's request to cancel a confirmed order. */
export function useDecideCancellation(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DecideCancellationBody) =>
      call(paths.claims.decideCancellation, { params: { id }, body }),
    onSuccess: (order: Order) => {
      queryClient.setQueryData(inCurrentLanguage(orderKeys.detail(order.id)), order)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
        queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
      ])
    },
  })
}
