import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { WorkCounts } from '@store/contract'
import type { BACK_OFFICE_SECTIONS } from '../../lib/back-office'

type SectionPath = (typeof BACK_OFFICE_SECTIONS)[number]['to']

/** Each section's name in the menu, in the back office's catalog (lib/back-office.ts has its paths). */
export const SECTION_LABELS: Record<SectionPath, MessageDescriptor> = {
  '/adminuser/dashboard': msg`Dashboard`,
  '/adminuser/reports': msg`Reports`,
  '/adminuser/products': msg`Products`,
  '/adminuser/categories': msg`Categories`,
  '/adminuser/locations': msg`Locations`,
  '/adminuser/low-stock': msg`Low stock`,
  '/adminuser/orders': msg`Orders`,
  '/adminuser/claims': msg`Claims`,
  '/adminuser/dispatch': msg`Dispatch`,
  '/adminuser/dispatch/cash': msg`Cash with drivers`,
  '/adminuser/deliveries': msg`My deliveries`,
  '/adminuser/messages': msg`Messages`,
  '/adminuser/coupons': msg`Coupons`,
  '/adminuser/delivery-zones': msg`Delivery`,
  '/adminuser/payment-rules': msg`Payment rules`,
  '/adminuser/store-details': msg`Store details`,
  '/adminuser/claims/settings': msg`Claim settings`,
  '/adminuser/people': msg`People`,
  '/adminuser/audit': msg`Audit log`,
}

export interface SectionBadge {
  /** The live count shown beside the section */
  count: (counts: WorkCounts) => number
  /** What the count is of, as a screen reader says it: "Orders, 3 new" */
  says: 'new' | 'unread'
}

/**
 * The live counts beside a section. They sit on the section itself, so a role that does not see the
 * section (support and Orders) does not see its count either.
 */
export const SECTION_BADGES: Partial<Record<SectionPath, SectionBadge>> = {
  '/adminuser/orders': { count: (counts) => counts.new_orders, says: 'new' },
  '/adminuser/messages': { count: (counts) => counts.unread_messages, says: 'unread' },
}
