import { formatPkr, type Money, toPaisa } from '@store/contract'

/** DESIGN.md: money shows as `PKR 12,500` (or `PKR 1,999.50`) on every screen. */
export const formatPrice = (amount: Money): string => formatPkr(toPaisa(amount))

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-PK', { year: 'numeric', month: 'short', day: 'numeric' })
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-PK', { dateStyle: 'medium', timeStyle: 'short' })
}

/** A calendar date (YYYY-MM-DD, a day in Pakistan) as the shopper reads it, whatever their time zone. */
export function formatCalendarDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-PK', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  })
}
