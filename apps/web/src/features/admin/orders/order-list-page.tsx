import { useQuery } from '@tanstack/react-query'
import { Alert, Table } from 'react-bootstrap'
import { Link, useSearchParams } from 'react-router'
import { Loading } from '../../../components/loading'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate, formatPrice } from '../../../lib/format'
import { PageHeader } from '../common/page-header'
import { Pager, pageFrom } from '../common/pager'
import { listAllOrders, ORDERS_PAGE_SIZE, orderKeys } from './api'

export function OrderListPage() {
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params)
  const orders = useQuery({ queryKey: orderKeys.list(page), queryFn: () => listAllOrders(page) })

  return (
    <>
      <PageHeader title="Manage Orders" subtitle="View and update all customer orders." />
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <Alert variant="danger">Could not load order data.</Alert>
      ) : orders.data.count === 0 ? (
        <p className="text-body-secondary">No orders yet.</p>
      ) : (
        <>
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
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.results.map((order) => (
                <tr key={order.id}>
                  <td>
                    <span className="fw-medium">#{order.id}</span>
                    {/* Small screens fold customer, date and total into the first cell. */}
                    <div className="d-md-none small text-body-secondary">
                      {order.first_name} {order.last_name}
                      <br />
                      {formatDate(order.created_at)} · {formatPrice(order.total_price)}
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
                  <td>
                    <Link
                      to={`/adminuser/orders/${order.id}`}
                      className="btn btn-sm btn-outline-primary text-nowrap"
                      aria-label={`View Details of order #${order.id}`}
                    >
                      View Details
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={page}
            pageSize={ORDERS_PAGE_SIZE}
            count={orders.data.count}
            onPage={(next) => setParams({ page: String(next) })}
          />
        </>
      )}
    </>
  )
}
