import { formatPkr, type Money, toPaisa } from '@store/contract'
import { dateLocale } from './i18n'

/** docs/design.md: money shows as `PKR 12,500` (or `PKR 1,999.50`) on every screen, in Urdu too. */
export const formatPrice = (amount: Money): string => formatPkr(toPaisa(amount))

/** Dates in the reader's language (docs/decisions.md, "Languages"): call them while rendering. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(dateLocale(), { year: 'numeric', month: 'short', day: 'numeric' })
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(dateLocale(), { dateStyle: 'medium', timeStyle: 'short' })
}

/** A calendar date (YYYY-MM-DD, a day in Pakistan) as the shopper reads it, whatever their time zone. */
export function formatCalendarDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(dateLocale(), {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  })
}
