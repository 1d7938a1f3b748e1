import { Trans } from '@lingui/react/macro'
import type { Order } from '@store/contract'
import Badge from 'react-bootstrap/Badge'
import { useLanguage } from '../../../lib/i18n'
import { CHANNEL_LABELS } from '../reports/report-values'
import { isStale } from './desk-values'

/** Where the sale was made, on each row of the order list. */
export function ChannelBadge({ order }: { order: Pick<Order, 'channel'> }) {
  useLanguage()
  return (
    <Badge bg="light" text="dark" className="border" data-testid="order-channel">
      {CHANNEL_LABELS[order.channel]}
    </Badge>
  )
}

/** A draft left DRAFT_STALE_DAYS or more: someone should confirm it, send it again or delete it. */
export function StaleBadge({ order }: { order: Pick<Order, 'status' | 'created_at'> }) {
  if (!isStale(order)) return null
  return (
    <Badge bg="secondary" className="ms-1">
      <Trans>Stale</Trans>
    </Badge>
  )
}

/** On the order's page: its channel and, for a staff order, who took it. */
export function OrderChannelLine({ order }: { order: Pick<Order, 'channel' | 'created_by'> }) {
  useLanguage()
  const channel = CHANNEL_LABELS[order.channel]
  const by = order.created_by?.first_name
  return (
    <p className="text-body-secondary mb-3" data-testid="order-channel-line">
      {by ? (
        <Trans>
          Channel: {channel} · taken by {by}
        </Trans>
      ) : (
        <Trans>Channel: {channel}</Trans>
      )}
    </p>
  )
}
