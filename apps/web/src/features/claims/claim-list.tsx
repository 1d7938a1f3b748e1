import { Trans, useLingui } from '@lingui/react/macro'
import type { Claim } from '@store/contract'
import { Link } from 'react-router'
import { formatDate } from '../../lib/format'
import { CLAIM_REASON_LABELS } from './claim-labels'
import { ClaimStatusBadge } from './claim-parts'

/** Claims as a list of links to their pages: number, reason, date and status. */
export function ClaimLinks({ claims }: { claims: Claim[] }) {
  const { i18n } = useLingui()
  return (
    <ul className="list-group list-group-flush">
      {claims.map((claim) => {
        const id = claim.id
        return (
          <li key={id} className="list-group-item d-flex flex-wrap align-items-center gap-2 px-0">
            <Link to={`/claims/${id}`} className="fw-semibold">
              <Trans>Claim #{id}</Trans>
            </Link>
            <span>{i18n._(CLAIM_REASON_LABELS[claim.reason])}</span>
            <time className="text-muted small" dateTime={claim.created_at}>
              {formatDate(claim.created_at)}
            </time>
            <span className="ms-auto">
              <ClaimStatusBadge status={claim.status} />
            </span>
          </li>
        )
      })}
    </ul>
  )
}
