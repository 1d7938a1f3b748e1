import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  isPeriodGroup,
  LEDGER_METHODS,
  type OrderChannel,
  type ReportGroup,
  type SalesReportRow,
} from '@store/contract'
import { LEDGER_METHOD_LABELS } from '../../../components/status-badge'
import { translatedLabels } from '../../../lib/i18n'

/** What each group of the report is called in its select and above its table's first column. */
export const GROUP_LABELS: Record<ReportGroup, MessageDescriptor> = {
  day: msg`Day`,
  week: msg`Week`,
  month: msg`Month`,
  product: msg`Product`,
  category: msg`Category`,
  city: msg`City`,
  channel: msg`Channel`,
  payment_method: msg`Payment method`,
}

/** Where a sale was made. */
export const CHANNEL_LABELS = translatedLabels<OrderChannel>({
  web: msg`Web shop`,
  phone: msg`Phone`,
  whatsapp: msg`WhatsApp`,
  showroom: msg`Showroom`,
})

const isChannel = (key: string): key is OrderChannel => Object.hasOwn(CHANNEL_LABELS, key)
const isLedgerMethod = (key: string): key is (typeof LEDGER_METHODS)[number] =>
  (LEDGER_METHODS as readonly string[]).includes(key)

/** A calendar day (YYYY-MM-DD) as the reader writes dates, read without a time-zone shift. */
function dayLabel(day: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const [year, month, date] = day.split('-').map(Number)
  if (!year || !month) return day
  return new Date(year, month - 1, date ?? 1).toLocaleDateString(locale, options)
}

/**
 * A row's key as people read it: a day or a month in the reader's words, a week as the API names it
 * (2026-W48), a channel or a payment method by its label; names and cities as they are.
 */
export function keyLabel(group: ReportGroup, key: string, locale: string): string {
  if (group === 'day') return dayLabel(key, locale, { day: 'numeric', month: 'short', year: 'numeric' })
  if (group === 'month') return dayLabel(`${key}-01`, locale, { month: 'long', year: 'numeric' })
  if (group === 'channel' && isChannel(key)) return CHANNEL_LABELS[key]
  if (group === 'payment_method' && isLedgerMethod(key)) return LEDGER_METHOD_LABELS[key]
  return key
}

/** Whether a report has nothing to show: no order and no money in any row. */
export const isEmptyReport = (rows: SalesReportRow[]) =>
  rows.every((row) => row.orders === 0 && Number(row.booked) === 0 && Number(row.received) === 0)

export { isPeriodGroup }

/** Today in Pakistan, the shop's calendar (YYYY-MM-DD), whatever the reader's own clock says. */
export function todayInPakistan(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(now)
}

const pad = (value: number) => String(value).padStart(2, '0')

/** The calendar month before the one of `today` (YYYY-MM-DD): its first and last day. */
export function lastMonthOf(today: string): { from: string; to: string } {
  const [year = 1970, month = 1] = today.split('-').map(Number)
  const lastYear = month === 1 ? year - 1 : year
  const lastMonth = month === 1 ? 12 : month - 1
  // Day 0 of a month is the last day of the one before.
  const lastDay = new Date(Date.UTC(year, month - 1, 0)).getUTCDate()
  return { from: `${lastYear}-${pad(lastMonth)}-01`, to: `${lastYear}-${pad(lastMonth)}-${pad(lastDay)}` }
}

/** The month of `today` up to today. */
export const thisMonthOf = (today: string) => ({ from: `${today.slice(0, 8)}01`, to: today })
