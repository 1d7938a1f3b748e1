import { useQuery } from '@tanstack/react-query'
import { Alert, Table } from 'react-bootstrap'
import { Loading } from '../../../components/loading'
import { OrderDetailsLink } from '../../../components/order-summary'
import { Pager, usePageParam } from '../../../components/pager'
import { PaymentStatusBadge, StatusBadge } from '../../../components/status-badge'
import { orderListQuery } from '../../../data/orders'
import { formatDate, formatPrice } from '../../../lib/format'
import { PageHeader } from '../common/page-header'
import { isFiltered, OrderFilters, useOrderFilters } from './order-filters'

const PAGE_SIZE = 50

const count = new Intl.NumberFormat('en-PK')

export function OrderListPage() {
  const page = usePageParam()
  const [filters, setFilters] = useOrderFilters()
  const filtered = isFiltered(filters)
  // API.md: `scope=all` lists every customer's orders (staff only).
  const orders = useQuery(orderListQuery({ scope: 'all', ...filters, page, page_size: PAGE_SIZE }))

  return (
    <>
      <PageHeader title="Manage Orders" subtitle="View and update all customer orders." />
      <OrderFilters key={filters.search ?? ''} filters={filters} onChange={setFilters} />
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <Alert variant="danger">Could not load order data.</Alert>
      ) : orders.data.count === 0 ? (
        <p className="text-body-secondary" role="status">
          {filtered ? 'No orders match these filters.' : 'No orders yet.'}
        </p>
      ) : (
        <>
          {filtered && (
            <p className="small text-body-secondary" role="status">
              {count.format(orders.data.count)} {orders.data.count === 1 ? 'order matches' : 'orders match'}
            </p>
          )}
          <Table responsive hover className="align-middle bg-white shadow-sm admin-table">
            <thead>
              <tr>
                <th scope="col">Order ID</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Customer
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  Date
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="d-none d-sm-table-cell">
                  Payment
                </th>
                <th scope="col">Actions</th>
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
