import { Trans } from '@lingui/react/macro'
import type { AuditEntity } from '@store/contract'
import { Link } from 'react-router'
import { useCan } from '../../../data/access'

/** The audit log filtered to one record; shown only to a role that may read the log. */
export const historyHref = (entity: AuditEntity, id: number) =>
  `/adminuser/audit?${new URLSearchParams({ entity, entity_id: String(id) }).toString()}`

export function HistoryLink({
  entity,
  id,
  className = 'btn btn-sm btn-outline-secondary',
  label,
}: {
  entity: AuditEntity
  id: number
  className?: string
  /** What a screen reader hears, e.g. "History of order #41" */
  label?: string
}) {
  const allowed = useCan('audit')
  if (!allowed) return null
  return (
    <Link to={historyHref(entity, id)} className={className} aria-label={label}>
      <Trans>History</Trans>
    </Link>
  )
}
