import { type MessageDescriptor, i18n as shared } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { PaymentMethod, PaymentStatus } from '@store/contract'
import Badge from 'react-bootstrap/Badge'
import { translatedLabels, useLanguage } from '../lib/i18n'

/** docs/product.md §4: each order status has its colour; anything else is neutral. */
const COLOURS: Record<string, string> = {
  Pending: 'warning',
  Processing: 'info',
  Shipped: 'primary',
  Delivered: 'success',
  Cancelled: 'danger',
}

/** The statuses' names on screen; the API's values stay English. */
const STATUS_NAMES: Record<string, MessageDescriptor> = {
  Pending: msg`Pending`,
  Processing: msg`Processing`,
  Shipped: msg`Shipped`,
  Delivered: msg`Delivered`,
  Cancelled: msg`Cancelled`,
}

export function statusColour(status: string): string {
  return COLOURS[status] ?? 'secondary'
}

/** An order status in the reader's language (an unknown one as the API wrote it). */
export function orderStatusLabel(status: string, i18n = shared): string {
  const name = Object.hasOwn(STATUS_NAMES, status) ? STATUS_NAMES[status] : undefined
  return name ? i18n._(name) : status
}

export function StatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui()
  const colour = statusColour(status)
  return (
    <Badge bg={colour} text={colour === 'warning' || colour === 'info' ? 'dark' : undefined}>
      {orderStatusLabel(status, i18n)}
    </Badge>
  )
}

/** Read in the reader's language each time (lib/i18n.ts `translatedLabels`). */
export const PAYMENT_METHOD_LABELS = translatedLabels<PaymentMethod>({
  cod: msg`Cash on delivery`,
  bank_transfer: msg`Bank transfer`,
})

export const PAYMENT_STATUS_LABELS = translatedLabels<PaymentStatus>({
  unpaid: msg`Unpaid`,
  proof_submitted: msg`Receipt submitted`,
  paid: msg`Paid`,
  refunded: msg`Refunded`,
})

const PAYMENT_COLOURS: Record<PaymentStatus, string> = {
  unpaid: 'secondary',
  proof_submitted: 'warning',
  paid: 'success',
  refunded: 'info',
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  useLanguage()
  const colour = PAYMENT_COLOURS[status]
  return (
    <Badge bg={colour} text={colour === 'warning' || colour === 'info' ? 'dark' : undefined}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  )
}
