import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@store/contract'

/** The order statuses as the back office's choices read (their English is the SPEC's value itself). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  Pending: msg`Pending`,
  Processing: msg`Processing`,
  Shipped: msg`Shipped`,
  Delivered: msg`Delivered`,
  Cancelled: msg`Cancelled`,
}

/** As components/status-badge.tsx names them in English. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageDescriptor> = {
  unpaid: msg`Unpaid`,
  proof_submitted: msg`Receipt submitted`,
  paid: msg`Paid`,
  refunded: msg`Refunded`,
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  cod: msg`Cash on delivery`,
  bank_transfer: msg`Bank transfer`,
}
