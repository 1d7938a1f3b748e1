import { formatPkr, type Money, toPaisa } from '@store/contract'

/** DESIGN.md: money shows as `PKR 12,500` (or `PKR 1,999.50`) on every screen. */
export const formatPrice = (amount: Money): string => formatPkr(toPaisa(amount))

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-PK', { year: 'numeric', month: 'short', day: 'numeric' })
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-PK', { dateStyle: 'medium', timeStyle: 'short' })
}
