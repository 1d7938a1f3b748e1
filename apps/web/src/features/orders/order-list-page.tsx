import { Trans, useLingui } from '@lingui/react/macro'
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

/** docs/api.md: every list pages by 20 unless asked otherwise. */
const PAGE_SIZE = 20

export function OrderListPage() {
  const { t } = useLingui()
  useTitle(t`My Orders`)
  const page = usePageParam()
  const orders = useQuery(orderListQuery({ page, page_size: PAGE_SIZE }))
  return (
    <div className="container py-4">
      <h1 className="page-title">
        <Trans>My Orders</Trans>
      </h1>
      {orders.isPending ? (
        <Loading label={t`Loading your orders...`} />
      ) : orders.isError ? (
        <Alert variant="danger">
          <Trans>Could not retrieve your orders.</Trans>
        </Alert>
      ) : orders.data.count === 0 ? (
        <div className="empty-state">
          <p>
            <Trans>You have not placed any orders yet.</Trans>
          </p>
          <Link to="/" className="btn btn-primary">
            <Trans>Start Shopping</Trans>
          </Link>
        </div>
      ) : (
        <>
          <div className="card">
            <Table hover className="orders-table mb-0 align-middle" aria-busy={orders.isPlaceholderData}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Order ID</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Total</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Action</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.results.map((order) => (
                  <tr key={order.id}>
                    <td data-label={t`Order ID`}>#{order.id}</td>
                    <td data-label={t`Date`}>
                      <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
                    </td>
                    {/* docs/design.md: PKR on every screen, where the original showed '$' here */}
                    <td data-label={t`Total`}>
                      <Price amount={order.total_price} />
                    </td>
                    <td data-label={t`Status`}>
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
