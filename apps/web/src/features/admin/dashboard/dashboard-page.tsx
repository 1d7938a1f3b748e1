import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Col, Row } from 'react-bootstrap'
import { Loading } from '../../../components/loading'
import { salesSummaryQuery } from '../../../data/analytics'
import { formatPrice } from '../../../lib/format'
import { PageHeader } from '../common/page-header'
import { SalesChart } from './sales-chart'

const count = new Intl.NumberFormat('en-PK')

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

export function DashboardPage() {
  const { data, isPending, isError } = useQuery(salesSummaryQuery())
  const header = (
    <PageHeader title="Admin Dashboard" subtitle="An overview of your store's sales and activity." />
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
        <Alert variant="danger">Could not load dashboard data.</Alert>
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
          <StatCard label="Total Revenue" value={formatPrice(stats.total_revenue)} />
        </Col>
        <Col>
          <StatCard label="Total Orders" value={count.format(stats.total_orders ?? 0)} />
        </Col>
        <Col>
          <StatCard label="Total Products" value={count.format(stats.total_products ?? 0)} />
        </Col>
        <Col>
          <StatCard label="Total Users" value={count.format(stats.total_users ?? 0)} />
        </Col>
      </Row>
      <Card className="shadow-sm border-0">
        <Card.Body>
          <Card.Title as="h2" className="h5 mb-3">
            Sales Revenue (Last 30 Days)
          </Card.Title>
          {labels.length === 0 ? (
            <p className="text-body-secondary py-5 text-center mb-0">
              No sales data to display for the last 30 days.
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
