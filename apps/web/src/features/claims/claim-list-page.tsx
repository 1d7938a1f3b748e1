import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import { Link } from 'react-router'
import { Loading } from '../../components/loading'
import { Pager, usePageParam } from '../../components/pager'
import { claimListQuery } from '../../data/claims'
import { useTitle } from '../../lib/use-title'
import { ClaimLinks } from './claim-list'

const PAGE_SIZE = 20

/** The customer's claims, newest first. */
export function ClaimListPage() {
  const { t } = useLingui()
  useTitle(t`Your claims`)
  const page = usePageParam()
  const claims = useQuery(claimListQuery({ page, page_size: PAGE_SIZE }))
  return (
    <div className="container py-4">
      <h1 className="page-title">
        <Trans>Your claims</Trans>
      </h1>
      {claims.isPending ? (
        <Loading label={t`Loading your claims...`} />
      ) : claims.isError ? (
        <Alert variant="danger">
          <Trans>Could not load your claims. Try again.</Trans>
        </Alert>
      ) : claims.data.count === 0 ? (
        <p className="text-muted">
          <Trans>
            You have reported no problems. A delivered order’s page has “Report a problem”; see{' '}
            <Link to="/orders">your orders</Link>.
          </Trans>
        </p>
      ) : (
        <>
          <ClaimLinks claims={claims.data.results} />
          <Pager page={page} count={claims.data.count} pageSize={PAGE_SIZE} />
        </>
      )}
    </div>
  )
}
