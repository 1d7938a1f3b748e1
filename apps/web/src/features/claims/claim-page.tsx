import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import { Link, useParams } from 'react-router'
import { Loading } from '../../components/loading'
import { claimQuery } from '../../data/claims'
import { formatDateTime } from '../../lib/format'
import { useTitle } from '../../lib/use-title'
import { ClaimOutcome, ClaimStatusBadge, ClaimSummary, ClaimTimeline, EvidenceGallery } from './claim-parts'

/** One of the customer's claims: where it stands, the pickup, what they sent, the outcome. */
export function ClaimPage() {
  const { t } = useLingui()
  const id = Number(useParams().claimId)
  useTitle(t`Claim #${id}`)
  const claim = useQuery(claimQuery(id))
  const back = (
    <Link to="/claims" className="back-link">
      <span className="pointing">←</span> <Trans>Back to your claims</Trans>
    </Link>
  )
  if (claim.isPending) return <Loading label={t`Loading your claim...`} />
  if (!claim.data) {
    return (
      <div className="container py-4">
        {back}
        <Alert variant="danger" className="mt-3">
          <Trans>Could not find this claim or you do not have permission to view it.</Trans>
        </Alert>
      </div>
    )
  }
  const { data } = claim
  const orderId = data.order_id
  const reported = formatDateTime(data.created_at)
  return (
    <div className="container py-4">
      {back}
      <div className="d-flex flex-wrap align-items-center gap-3 mt-2 mb-1">
        <h1 className="page-title mb-0">
          <Trans>Claim #{id}</Trans>
        </h1>
        <ClaimStatusBadge status={data.status} />
      </div>
      <p className="text-muted">
        <Trans>
          On <Link to={`/orders/${orderId}`}>order #{orderId}</Link>, reported on{' '}
          <time dateTime={data.created_at}>{reported}</time>
        </Trans>
      </p>
      <div className="row g-4">
        <div className="col-lg-8 d-grid gap-4 align-content-start">
          <ClaimSummary claim={data} />
          <EvidenceGallery evidence={data.evidence} />
        </div>
        <div className="col-lg-4 d-grid gap-4 align-content-start">
          <ClaimOutcome claim={data} orderLink={(order) => `/orders/${order}`} />
          <ClaimTimeline claim={data} />
          {data.conversation_id !== null && (
            <Link to={`/messages/${data.conversation_id}`} className="btn btn-outline-primary">
              <Trans>Messages with the store about this claim</Trans>
            </Link>
          )}
        </div>
      </div>
    </div>
  )
}
