import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Col, Row } from 'react-bootstrap'
import { Link } from 'react-router'
import { Loading } from '../../../components/loading'
import { useCan } from '../../../data/access'
import { salesSummaryQuery } from '../../../data/analytics'
import { type OrderListFilters, orderListQuery } from '../../../data/orders'
import { formatPrice } from '../../../lib/format'
import { useCountFormat } from '../common/locale'
import { PageHeader } from '../common/page-header'
import { SalesChart } from './sales-chart'

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Card className="h-100 shadow-sm admin-stat">
      <Card.Body>
        <Card.Subtitle as="h2" className="h6 text-body-secondary text-uppercase small mb-2">
          {label}
        </Card.Subtitle>
        <p className="admin-stat-value fw-semibold mb-0">{value}</p>
      </Card.Body>
    </Card>
  )
}

/** A sign in place of a count, and in words for screen readers. */
function Unknown({ sign, reason }: { sign: string; reason: string }) {
  return (
    <>
      <span aria-hidden="true">{sign}</span>
      <span className="visually-hidden">{reason}</span>
    </>
  )
}

/** Orders waiting for staff, counted by the order list itself and opening it filtered to them. */
function WorkCard({ label, hint, filters }: { label: string; hint: string; filters: OrderListFilters }) {
  const { t } = useLingui()
  const count = useCountFormat()
  // One order a page: only the count is read.
  const orders = useQuery(orderListQuery({ scope: 'all', ...filters, page: 1, page_size: 1 }))
  const target = new URLSearchParams(filters as Record<string, string>)
  return (
    <Link
      to={`/adminuser/orders?${target.toString()}`}
      className="card h-100 shadow-sm admin-stat admin-work text-reset text-decoration-none"
    >
      <div className="card-body">
        <h2 className="h6 text-body-secondary text-uppercase small mb-2">{label}</h2>
        <span className="d-block admin-stat-value fw-semibold">
          {orders.isPending ? (
            <Unknown sign="…" reason={t`Loading`} />
          ) : orders.isError ? (
            <Unknown sign="—" reason={t`Could not load the count`} />
          ) : (
            count(orders.data.count)
          )}
        </span>
        <span className="d-block small text-body-secondary">{hint}</span>
      </div>
    </Link>
  )
}

/** What needs doing now: orders to confirm before dispatch and bank receipts to check. */
function WorkCards() {
  const { t } = useLingui()
  return (
    <Row as="section" xs={1} sm={2} className="g-3 mb-4" aria-label={t`Waiting for you`}>
      <Col>
        <WorkCard label={t`Orders to confirm`} hint={t`Pending orders`} filters={{ status: 'Pending' }} />
      </Col>
      <Col>
        <WorkCard
          label={t`Payments to check`}
          hint={t`Bank transfer receipts submitted`}
          filters={{ payment_status: 'proof_submitted' }}
        />
      </Col>
    </Row>
  )
}

export function DashboardPage() {
  const { t } = useLingui()
  const count = useCountFormat()
  const { data, isPending, isError } = useQuery(salesSummaryQuery())
  // The work cards count and open orders: only for a role that may see them.
  const seesOrders = useCan('orders')
  const header = (
    <>
      <PageHeader title={t`Admin Dashboard`} subtitle={t`An overview of your store's sales and activity.`} />
      {seesOrders && <WorkCards />}
    </>
  )

  if (isPending) {
    return (
      <>
        {header}
        <Loading />
      </>
    )
  }
  if (isError) {
    return (
      <>
        {header}
        <Alert variant="danger">
          <Trans>Could not load dashboard data.</Trans>
        </Alert>
      </>
    )
  }

  const stats = data.key_stats
  const labels = data.daily_sales.labels
  return (
    <>
      {header}
      <Row xs={1} sm={2} xl={4} className="g-3 mb-4">
        <Col>
          <StatCard label={t`Total Revenue`} value={formatPrice(stats.total_revenue)} />
        </Col>
        <Col>
          <StatCard label={t`Total Orders`} value={count(stats.total_orders ?? 0)} />
        </Col>
        <Col>
          <StatCard label={t`Total Products`} value={count(stats.total_products ?? 0)} />
        </Col>
        <Col>
          <StatCard label={t`Total Users`} value={count(stats.total_users ?? 0)} />
        </Col>
      </Row>
      <Card className="shadow-sm border-0">
        <Card.Body>
          <Card.Title as="h2" className="h5 mb-3">
            <Trans>Sales Revenue (Last 30 Days)</Trans>
          </Card.Title>
          {labels.length === 0 ? (
            <p className="text-body-secondary py-5 text-center mb-0">
              <Trans>No sales data to display for the last 30 days.</Trans>
            </p>
          ) : (
            <div className="admin-chart">
              <SalesChart labels={labels} data={data.daily_sales.data} />
            </div>
          )}
        </Card.Body>
      </Card>
    </>
  )
}
