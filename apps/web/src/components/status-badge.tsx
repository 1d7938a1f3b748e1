import type { PaymentMethod, PaymentStatus } from '@store/contract'
import Badge from 'react-bootstrap/Badge'

/** SPEC §4: each order status has its colour; anything else is neutral. */
const COLOURS: Record<string, string> = {
  Pending: 'warning',
  Processing: 'info',
  Shipped: 'primary',
  Delivered: 'success',
  Cancelled: 'danger',
}

export function statusColour(status: string): string {
  return COLOURS[status] ?? 'secondary'
}

export function StatusBadge({ status }: { status: string }) {
  const colour = statusColour(status)
  return (
    <Badge bg={colour} text={colour === 'warning' || colour === 'info' ? 'dark' : undefined}>
      {status}
    </Badge>
  )
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: 'Cash on delivery',
  bank_transfer: 'Bank transfer',
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  proof_submitted: 'Receipt submitted',
  paid: 'Paid',
  refunded: 'Refunded',
}

const PAYMENT_COLOURS: Record<PaymentStatus, string> = {
  unpaid: 'secondary',
  proof_submitted: 'warning',
  paid: 'success',
  refunded: 'info',
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const colour = PAYMENT_COLOURS[status]
  return (
    <Badge bg={colour} text={colour === 'warning' || colour === 'info' ? 'dark' : undefined}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  )
}
