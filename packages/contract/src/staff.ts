import { z } from 'zod'
import type { RouteSpec } from './common'
import { paths } from './paths'

/** What waits for staff: the back office's sidebar badges. */
export const WorkCounts = z.object({
  /** Orders still Pending: to confirm */
  new_orders: z.number().int(),
  /** Customers' receipts waiting for staff to confirm or reject */
  payments_to_check: z.number().int(),
  /** Customer messages no staff member has opened yet */
  unread_messages: z.number().int(),
})
export type WorkCounts = z.infer<typeof WorkCounts>

export const staffRoutes = {
  workCounts: {
    ...paths.staff.workCounts,
    access: { staff: 'backOffice' },
    summary: 'The counts of work waiting for staff',
    status: 200,
    response: WorkCounts,
  },
  workEvents: {
    ...paths.staff.workEvents,
    access: { staff: 'backOffice' },
    summary:
      'text/event-stream: a `counts` event (WorkCounts) at once and whenever an order or message changes them',
    status: 200,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
