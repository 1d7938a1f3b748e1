import { type MessageDescriptor, i18n as shared } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { EntryKind, EntryStatus, LedgerMethod, PaymentMethod, PaymentStatus } from '@store/contract'
import Badge from 'react-bootstrap/Badge'
import { translatedLabels, useLanguage } from '../lib/i18n'

/** docs/product.md §4: each order status has its colour; anything else is neutral. */
const COLOURS: Record<string, string> = {
  Draft: 'light',
  Pending: 'warning',
  Processing: 'info',
  Shipped: 'primary',
  Delivered: 'success',
  Cancelled: 'danger',
}

/** The statuses' names on screen; the API's values stay English. */
const STATUS_NAMES: Record<string, MessageDescriptor> = {
  Draft: msg`Draft`,
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
    <Badge
      bg={colour}
      text={colour === 'warning' || colour === 'info' || colour === 'light' ? 'dark' : undefined}
      className={colour === 'light' ? 'border' : undefined}
    >
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
  partially_paid: msg`Partially paid`,
  paid: msg`Paid`,
  partially_refunded: msg`Partially refunded`,
  refunded: msg`Refunded`,
})

/** A badge's background and, on a light one, its text colour. */
interface Colours {
  bg: string
  text?: string
}

/** Part of the way is the lighter shade of where it leads: partly paid of paid, partly refunded of refunded. */
const PAYMENT_COLOURS: Record<PaymentStatus, Colours> = {
  unpaid: { bg: 'secondary' },
  proof_submitted: { bg: 'warning', text: 'dark' },
  partially_paid: { bg: 'success-subtle', text: 'success-emphasis' },
  paid: { bg: 'success' },
  partially_refunded: { bg: 'info-subtle', text: 'info-emphasis' },
  refunded: { bg: 'info', text: 'dark' },
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  useLanguage()
  const { bg, text } = PAYMENT_COLOURS[status]
  return (
    <Badge bg={bg} text={text}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  )
}

/** How a payment or a refund of the ledger was made, in words. */
export const LEDGER_METHOD_LABELS = translatedLabels<LedgerMethod>({
  cod: msg`Cash on delivery`,
  bank_transfer: msg`Bank transfer`,
  cash: msg`Cash`,
  card: msg`Card`,
  wallet: msg`Wallet`,
})

export const ENTRY_KIND_LABELS = translatedLabels<EntryKind>({
  payment: msg`Payment`,
  refund: msg`Refund`,
})

export const ENTRY_STATUS_LABELS = translatedLabels<EntryStatus>({
  pending: msg`Waiting for check`,
  confirmed: msg`Confirmed`,
  rejected: msg`Rejected`,
})

const ENTRY_COLOURS: Record<EntryStatus, Colours> = {
  pending: { bg: 'warning', text: 'dark' },
  confirmed: { bg: 'success' },
  rejected: { bg: 'danger' },
}

/** Where one entry of the ledger stands: only confirmed ones count. */
export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  useLanguage()
  const { bg, text } = ENTRY_COLOURS[status]
  return (
    <Badge bg={bg} text={text}>
      {ENTRY_STATUS_LABELS[status]}
    </Badge>
  )
}
