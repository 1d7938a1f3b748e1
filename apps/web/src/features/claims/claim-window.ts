import type { ClaimReason, ClaimSettings, Order } from '@store/contract'

const HOUR_MS = 60 * 60 * 1000

/** When the order was delivered: its latest Delivered entry; null before delivery. */
export function deliveredAt(order: Order): Date | null {
  const entry = order.history.findLast((event) => event.status === 'Delivered')
  return entry ? new Date(entry.at) : null
}

/**
 * Until when a problem of this reason may be reported, counted from delivery: damage within the
 * store's hours, every other problem within its exchange days.
 */
export function claimDeadline(delivered: Date, reason: ClaimReason, settings: ClaimSettings): Date {
  const hours = reason === 'damaged' ? settings.damage_hours : settings.exchange_days * 24
  return new Date(delivered.getTime() + hours * HOUR_MS)
}

/** The reasons the store takes for this order now; none outside every window or before delivery. */
export function openReasons(order: Order, settings: ClaimSettings, now = new Date()): ClaimReason[] {
  const delivered = order.status === 'Delivered' ? deliveredAt(order) : null
  if (!delivered) return []
  const reasons: ClaimReason[] = ['damaged', 'wrong_item', 'defect']
  if (settings.changed_mind) reasons.push('changed_mind')
  return reasons.filter((reason) => now < claimDeadline(delivered, reason, settings))
}

/** The store's fee on cancelling a confirmed order, in paisa: a percent of what was paid, half a paisa up. */
export function cancellationFeePaisa(paidPaisa: number, percent: number): number {
  return Math.floor((paidPaisa * percent + 50) / 100)
}
