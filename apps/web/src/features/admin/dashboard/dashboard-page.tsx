import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Alert, Card, Col, Row } from 'react-bootstrap'
import { Link } from 'react-router'
import { Loading } from '../../../components/loading'
import { useCan } from '../../../data/access'
import { salesSummaryQuery } from '../../../data/analytics'
import { claimListQuery } from '../../../data/claims'
import { type OrderListFilters, orderListQuery } from '../../../data/orders'
import { formatPrice } from '../../../lib/format'
import { useCountFormat } from '../common/locale'
import { PageHeader } from '../common/page-header'
import { ChannelCard } from './channel-card'
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

/** A figure read from a query: a sign until it is there, a dash if it could not be loaded. */
function Figure({ query, value }: { query: UseQueryResult; value: () => string }) {
  const { t } = useLingui()
  if (query.isPending) return <Unknown sign="…" reason={t`Loading`} />
  if (query.isError) return <Unknown sign="—" reason={t`Could not load the count`} />
  return value()
}

/** The order list filtered to some work. */
const ordersHref = (filters: OrderListFilters) =>
  `/adminuser/orders?${new URLSearchParams(filters as Record<string, string>).toString()}`

/** A card of work waiting; given `to`, it opens the page of that work. */
function WorkCard({
  label,
  hint,
  to,
  children,
}: {
  label: string
  hint: ReactNode
  to?: string
  children: ReactNode
}) {
  const body = (
    <div className="card-body">
      <h2 className="h6 text-body-secondary text-uppercase small mb-2">{label}</h2>
      <span className="d-block admin-stat-value fw-semibold">{children}</span>
      <span className="d-block small text-body-secondary">{hint}</span>
    </div>
  )
  if (!to) return <div className="card h-100 shadow-sm admin-stat">{body}</div>
  return (
    <Link to={to} className="card h-100 shadow-sm admin-stat admin-work text-reset text-decoration-none">
      {body}
    </Link>
  )
}

/** Pending orders, counted by the order list itself (one order a page: only the count is read). */
function OrdersToConfirm() {
  const { t } = useLingui()
  const count = useCountFormat()
  const orders = useQuery(orderListQuery({ scope: 'all', status: 'Pending', page: 1, page_size: 1 }))
  return (
    <WorkCard label={t`Orders to confirm`} hint={t`Pending orders`} to={ordersHref({ status: 'Pending' })}>
      <Figure query={orders} value={() => count(orders.data?.count ?? 0)} />
    </WorkCard>
  )
}

/** Customers' claims waiting for a first answer, counted by the claims queue itself. */
function ClaimsWaiting() {
  const { t } = useLingui()
  const count = useCountFormat()
  const claims = useQuery(claimListQuery({ status: 'requested', page: 1, page_size: 1 }))
  return (
    <WorkCard
      label={t`Claims waiting`}
      hint={t`Returns and damage to answer`}
      to="/adminuser/claims?status=requested"
    >
      <Figure query={claims} value={() => count(claims.data?.count ?? 0)} />
    </WorkCard>
  )
}

/**
 * What needs doing now: orders to confirm before dispatch, customers' receipts to check, the money
 * still to collect (docs/api.md "Money on an order"), the cash drivers have not handed in and the
 * products low on stock. A role without the orders or the catalogue sees those figures only.
 */
function WorkCards({ seesOrders, seesStock }: { seesOrders: boolean; seesStock: boolean }) {
  const { t } = useLingui()
  const count = useCountFormat()
  const summary = useQuery(salesSummaryQuery())
  const due = summary.data?.balances_due
  const orders = due?.count ?? 0
  const shown = count(orders)
  const cash = summary.data?.cash_with_drivers
  const drivers = cash?.drivers ?? 0
  const shownDrivers = count(drivers)
  return (
    <Row as="section" xs={1} sm={2} lg={3} xl={6} className="g-3 mb-4" aria-label={t`Waiting for you`}>
      {seesOrders && (
        <Col>
          <OrdersToConfirm />
        </Col>
      )}
      {seesOrders && (
        <Col>
          <ClaimsWaiting />
        </Col>
      )}
      <Col>
        <WorkCard
          label={t`Receipts to check`}
          hint={t`Customers' receipts waiting for a check`}
          to={seesOrders ? ordersHref({ payment_status: 'proof_submitted' }) : undefined}
        >
          <Figure query={summary} value={() => count(summary.data?.receipts_to_check ?? 0)} />
        </WorkCard>
      </Col>
      <Col>
        <WorkCard
          label={t`Balances due`}
          hint={
            due && (
              <Plural
                value={orders}
                one={`${shown} order with something to pay`}
                other={`${shown} orders with something to pay`}
              />
            )
          }
        >
          <Figure query={summary} value={() => formatPrice(due?.amount ?? '0.00')} />
        </WorkCard>
      </Col>
      <Col>
        <WorkCard
          label={t`Cash with drivers`}
          hint={
            cash && (
              <Plural
                value={drivers}
                one={`${shownDrivers} driver yet to hand it in`}
                other={`${shownDrivers} drivers yet to hand it in`}
              />
            )
          }
          to={seesOrders ? '/adminuser/dispatch/cash' : undefined}
        >
          <Figure query={summary} value={() => formatPrice(cash?.amount ?? '0.00')} />
        </WorkCard>
      </Col>
      <Col>
        <WorkCard
          label={t`Low stock`}
          hint={t`Products at or below their threshold`}
          to={seesStock ? '/adminuser/low-stock' : undefined}
        >
          <Figure query={summary} value={() => count(summary.data?.low_stock_products ?? 0)} />
        </WorkCard>
      </Col>
    </Row>
  )
}

export function DashboardPage() {
  const { t } = useLingui()
  const count = useCountFormat()
  const { data, isPending, isError } = useQuery(salesSummaryQuery())
  // The work cards open orders, and count them, only for a role that may see them.
  const seesOrders = useCan('orders')
  const seesStock = useCan('catalogue')
  const header = (
    <>
      <PageHeader title={t`Admin Dashboard`} subtitle={t`An overview of your store's sales and activity.`} />
      <WorkCards seesOrders={seesOrders} seesStock={seesStock} />
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
      <Row className="g-3">
        <Col xs={12} lg={8}>
          <Card className="shadow-sm border-0 h-100">
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
                  <SalesChart
                    labels={labels}
                    data={data.daily_sales.data}
                    received={data.daily_sales.received}
                  />
                </div>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col xs={12} lg={4}>
          <ChannelCard />
        </Col>
      </Row>
    </>
  )
}
