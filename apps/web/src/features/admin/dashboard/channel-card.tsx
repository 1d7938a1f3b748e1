import { Trans, useLingui } from '@lingui/react/macro'
import { toPaisa } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Card } from 'react-bootstrap'
import { Link } from 'react-router'
import { Loading } from '../../../components/loading'
import { salesReportQuery } from '../../../data/reports'
import { formatPrice } from '../../../lib/format'
import { useIntlLocale } from '../common/locale'
import { keyLabel, thisMonthOf, todayInPakistan } from '../reports/report-values'

/**
 * This month's sales by channel (web shop, phone, WhatsApp, showroom): the Reports page's own report,
 * each channel's share of the month's booked sales drawn as a bar.
 */
export function ChannelCard() {
  const { t } = useLingui()
  const locale = useIntlLocale()
  const month = thisMonthOf(todayInPakistan())
  const report = useQuery(salesReportQuery({ ...month, group: 'channel' }))
  const rows = report.data?.rows ?? []
  const total = toPaisa(report.data?.totals.booked ?? '0.00')
  const reportHref = `/adminuser/reports?${new URLSearchParams({ ...month, group: 'channel' }).toString()}`

  let body: ReactNode
  if (report.isPending) body = <Loading label={t`Loading sales by channel`} />
  else if (report.isError) {
    body = (
      <p className="text-danger mb-0">
        <Trans>Could not load sales by channel.</Trans>
      </p>
    )
  } else if (total <= 0) {
    body = (
      <p className="text-body-secondary mb-0">
        <Trans>No sales this month yet.</Trans>
      </p>
    )
  } else {
    body = (
      <ul className="list-unstyled mb-0 d-grid gap-3">
        {rows.map((row) => {
          const share = Math.round((toPaisa(row.booked) * 100) / total)
          const name = keyLabel('channel', row.key, locale)
          return (
            <li key={row.key}>
              <div className="d-flex justify-content-between gap-2">
                <span>{name}</span>
                <span className="fw-semibold text-nowrap">{formatPrice(row.booked)}</span>
              </div>
              {/* Bootstrap 5.3's markup: the role and the name on the track, so a screen reader reads one bar. */}
              <div
                className="progress mt-1"
                role="progressbar"
                aria-label={t`${name}: ${share}% of this month's sales`}
                aria-valuenow={share}
                aria-valuemin={0}
                aria-valuemax={100}
                style={{ height: '0.5rem' }}
              >
                <div className="progress-bar" style={{ width: `${share}%` }} />
              </div>
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <Card className="shadow-sm border-0 h-100">
      <Card.Body>
        <Card.Title as="h2" className="h5 mb-3">
          <Trans>Sales by channel this month</Trans>
        </Card.Title>
        {body}
        <Link to={reportHref} className="d-inline-block mt-3 small">
          <Trans>Open the report</Trans>
        </Link>
      </Card.Body>
    </Card>
  )
}
