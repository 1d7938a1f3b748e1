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
