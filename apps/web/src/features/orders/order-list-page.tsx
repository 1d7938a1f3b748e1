import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import Table from 'react-bootstrap/Table'
import { Link } from 'react-router'
import { Loading } from '../../components/loading'
import { OrderDetailsLink } from '../../components/order-summary'
import { Pager, usePageParam } from '../../components/pager'
import { Price } from '../../components/price'
import { StatusBadge } from '../../components/status-badge'
import { orderListQuery } from '../../data/orders'
import { formatDate } from '../../lib/format'
import { useTitle } from '../../lib/use-title'

/** API.md: every list pages by 20 unless asked otherwise. */
const PAGE_SIZE = 20

export function OrderListPage() {
  useTitle('My Orders')
  const page = usePageParam()
  const orders = useQuery(orderListQuery({ page, page_size: PAGE_SIZE }))
  return (
    <div className="container py-4">
      <h1 className="page-title">My Orders</h1>
      {orders.isPending ? (
        <Loading label="Loading your orders..." />
      ) : orders.isError ? (
        <Alert variant="danger">Could not retrieve your orders.</Alert>
      ) : orders.data.count === 0 ? (
        <div className="empty-state">
          <p>You have not placed any orders yet.</p>
          <Link to="/" className="btn btn-primary">
            Start Shopping
          </Link>
        </div>
      ) : (
        <>
          <div className="card">
            <Table hover className="orders-table mb-0 align-middle" aria-busy={orders.isPlaceholderData}>
              <thead>
                <tr>
                  <th scope="col">Order ID</th>
                  <th scope="col">Date</th>
                  <th scope="col">Total</th>
                  <th scope="col">Status</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.results.map((order) => (
                  <tr key={order.id}>
                    <td data-label="Order ID">#{order.id}</td>
                    <td data-label="Date">
                      <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
                    </td>
                    {/* DESIGN.md: PKR on every screen, where the original showed '$' here */}
                    <td data-label="Total">
                      <Price amount={order.total_price} />
                    </td>
                    <td data-label="Status">
                      <StatusBadge status={order.status} />
                    </td>
                    <td>
                      <OrderDetailsLink orderId={order.id} to={`/orders/${order.id}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <Pager page={page} count={orders.data.count} pageSize={PAGE_SIZE} />
        </>
      )}
    </div>
  )
}
