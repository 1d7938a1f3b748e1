import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Alert, Table } from 'react-bootstrap'
import { Loading } from '../../../components/loading'
import { OrderDetailsLink } from '../../../components/order-summary'
import { Pager, usePageParam } from '../../../components/pager'
import { PaymentStatusBadge, StatusBadge } from '../../../components/status-badge'
import { orderListQuery } from '../../../data/orders'
import { formatDate, formatPrice } from '../../../lib/format'
import { useCountFormat } from '../common/locale'
import { PageHeader } from '../common/page-header'
import { isFiltered, OrderFilters, useOrderFilters } from './order-filters'

const PAGE_SIZE = 50

/** "3 orders match": the count as the page writes numbers, its words by the plural rules. */
function Matches({ count, shown }: { count: number; shown: string }) {
  return <Plural value={count} one={`${shown} order matches`} other={`${shown} orders match`} />
}

export function OrderListPage() {
  const { t } = useLingui()
  const count = useCountFormat()
  const page = usePageParam()
  const [filters, setFilters] = useOrderFilters()
  const filtered = isFiltered(filters)
  // API.md: `scope=all` lists every customer's orders (staff only).
  const orders = useQuery(orderListQuery({ scope: 'all', ...filters, page, page_size: PAGE_SIZE }))

  return (
    <>
      <PageHeader title={t`Manage Orders`} subtitle={t`View and update all customer orders.`} />
      <OrderFilters key={filters.search ?? ''} filters={filters} onChange={setFilters} />
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <Alert variant="danger">
          <Trans>Could not load order data.</Trans>
        </Alert>
      ) : orders.data.count === 0 ? (
        <p className="text-body-secondary" role="status">
          {filtered ? t`No orders match these filters.` : t`No orders yet.`}
        </p>
      ) : (
        <>
          {filtered && (
            <p className="small text-body-secondary" role="status">
              <Matches count={orders.data.count} shown={count(orders.data.count)} />
            </p>
          )}
          <Table responsive hover className="align-middle bg-white shadow-sm admin-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Order ID</Trans>
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  <Trans>Customer</Trans>
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  <Trans>Date</Trans>
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  <Trans>Total</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="d-none d-sm-table-cell">
                  <Trans>Payment</Trans>
                </th>
                <th scope="col">
                  <Trans>Actions</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.results.map((order) => (
                <tr key={order.id}>
                  <td>
                    <span className="fw-medium">#{order.id}</span>
                    {/* Small screens fold customer, date, total (and on phones, payment) into the first cell. */}
                    <div className="d-md-none small text-body-secondary">
                      {order.first_name} {order.last_name}
                      <br />
                      {formatDate(order.created_at)} · {formatPrice(order.total_price)}
                      <span className="d-block d-sm-none mt-1">
                        <PaymentStatusBadge status={order.payment_status} />
                      </span>
                    </div>
                  </td>
                  <td className="d-none d-md-table-cell">
                    {order.first_name} {order.last_name}
                  </td>
                  <td className="d-none d-md-table-cell text-nowrap">{formatDate(order.created_at)}</td>
                  {/* DESIGN.md: PKR on every screen, where the original showed '$' */}
                  <td className="d-none d-md-table-cell text-nowrap">{formatPrice(order.total_price)}</td>
                  <td>
                    <StatusBadge status={order.status} />
                  </td>
                  <td className="d-none d-sm-table-cell">
                    <PaymentStatusBadge status={order.payment_status} />
                  </td>
                  <td>
                    <OrderDetailsLink orderId={order.id} to={`/adminuser/orders/${order.id}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={page} count={orders.data.count} pageSize={PAGE_SIZE} />
        </>
      )}
    </>
  )
}
