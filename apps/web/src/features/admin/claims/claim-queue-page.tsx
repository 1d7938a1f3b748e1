import { Trans, useLingui } from '@lingui/react/macro'
import { CLAIM_STATUSES, ClaimStatus } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import Form from 'react-bootstrap/Form'
import { Link, useSearchParams } from 'react-router'
import { usePageParam } from '../../../components/pager'
import { useCan } from '../../../data/access'
import { claimListQuery } from '../../../data/claims'
import { formatDate } from '../../../lib/format'
import { CLAIM_REASON_LABELS, CLAIM_STATUS_LABELS } from '../../claims/claim-labels'
import { ClaimStatusBadge } from '../../claims/claim-parts'
import { useOpenedFromList } from '../common/back-to-list'
import { ListTable, PagedListState } from '../common/list-state'
import { PageHeader } from '../common/page-header'

const PAGE_SIZE = 50

/** Customers' claims, oldest first (the longest waiting on top), filtered by status. */
export function ClaimQueuePage() {
  const { t, i18n } = useLingui()
  const page = usePageParam()
  const [params, setParams] = useSearchParams()
  const parsed = ClaimStatus.safeParse(params.get('status'))
  const status = parsed.success ? parsed.data : undefined
  const openedFromList = useOpenedFromList()
  const claims = useQuery(claimListQuery({ status, page, page_size: PAGE_SIZE }))
  const seesSettings = useCan('settings')
  return (
    <>
      <PageHeader
        title={t`Claims`}
        subtitle={t`Returns, exchanges and damage reported by customers, oldest first.`}
        action={
          seesSettings && (
            <Link to="/adminuser/claims/settings" className="btn btn-outline-secondary">
              <Trans>Claim settings</Trans>
            </Link>
          )
        }
      />
      <Form.Group controlId="claim-status-filter" className="mb-3" style={{ maxWidth: '16rem' }}>
        <Form.Label>
          <Trans>Status</Trans>
        </Form.Label>
        <Form.Select
          value={status ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(params)
            if (event.target.value) next.set('status', event.target.value)
            else next.delete('status')
            next.delete('page')
            setParams(next)
          }}
        >
          <option value="">{t`All claims`}</option>
          {CLAIM_STATUSES.map((each) => (
            <option key={each} value={each}>
              {i18n._(CLAIM_STATUS_LABELS[each])}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <PagedListState
        query={claims}
        page={page}
        pageSize={PAGE_SIZE}
        failure={<Trans>Could not load the claims.</Trans>}
        empty={status ? t`No claims with this status.` : t`No claims yet.`}
        announced
      >
        {(results) => (
          <ListTable
            columns={[
              { label: t`Claim` },
              { label: t`Customer`, className: 'd-none d-md-table-cell' },
              { label: t`Reason`, className: 'd-none d-sm-table-cell' },
              { label: t`Reported`, className: 'd-none d-md-table-cell' },
              { label: t`Status` },
            ]}
          >
            {results.map((claim) => {
              const id = claim.id
              const orderId = claim.order_id
              return (
                <tr key={id}>
                  <td>
                    <Link to={`/adminuser/claims/${id}`} state={openedFromList} className="fw-medium">
                      <Trans>Claim #{id}</Trans>
                    </Link>
                    <div className="small text-body-secondary">
                      <Trans>Order #{orderId}</Trans>
                      <span className="d-md-none">
                        {' · '}
                        {claim.customer.first_name} {claim.customer.last_name} ·{' '}
                        {formatDate(claim.created_at)}
                      </span>
                      <span className="d-sm-none"> · {i18n._(CLAIM_REASON_LABELS[claim.reason])}</span>
                    </div>
                  </td>
                  <td className="d-none d-md-table-cell">
                    {claim.customer.first_name} {claim.customer.last_name}
                  </td>
                  <td className="d-none d-sm-table-cell">{i18n._(CLAIM_REASON_LABELS[claim.reason])}</td>
                  <td className="d-none d-md-table-cell text-nowrap">{formatDate(claim.created_at)}</td>
                  <td>
                    <ClaimStatusBadge status={claim.status} />
                  </td>
                </tr>
              )
            })}
          </ListTable>
        )}
      </PagedListState>
    </>
  )
}
