import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { OrderDetailsLink } from '../../../components/order-summary'
import { usePageParam } from '../../../components/pager'
import { PaymentStatusBadge, StatusBadge } from '../../../components/status-badge'
import { downloadCsv } from '../../../data/data-transfer'
import { orderListQuery } from '../../../data/orders'
import { formatDate, formatPrice } from '../../../lib/format'
import { useOpenedFromList } from '../common/back-to-list'
import { DownloadButton } from '../common/download-button'
import { isFiltered } from '../common/filter-form'
import { ListTable, PagedListState } from '../common/list-state'
import { useCountFormat } from '../common/locale'
import { PageHeader } from '../common/page-header'
import { ChannelBadge, StaleBadge } from '../order-desk/order-channel'
import { OrderTabs } from '../order-desk/order-tabs'
import { OrderFilters, otherThanDrafts, useOrderFilters } from './order-filters'

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
  const openedFromList = useOpenedFromList()
  const drafts = filters.status === 'Draft'
  const filtered = isFiltered(otherThanDrafts(filters))
  // The orders file knows no channel filter: it holds the rest of what the list shows.
  const { channel: _channel, ...exported } = filters
  // docs/api.md: `scope=all` lists every customer's orders (staff only).
  const orders = useQuery(orderListQuery({ scope: 'all', ...filters, page, page_size: PAGE_SIZE }))

  return (
    <>
      <PageHeader
        title={t`Manage Orders`}
        subtitle={t`View and update all customer orders.`}
        action={
          <div className="d-flex flex-wrap gap-2">
            <Link to="/adminuser/orders/new" className="btn btn-primary">
              <Trans>New order</Trans>
            </Link>
            {/* The orders file holds what the filters show, every page of it. */}
            <DownloadButton label={t`Export orders CSV`} download={() => downloadCsv.orders(exported)} />
            <DownloadButton label={t`Export payments CSV`} download={() => downloadCsv.payments()} />
          </div>
        }
      />
      <OrderTabs drafts={drafts} />
      <OrderFilters key={filters.search ?? ''} filters={filters} onChange={setFilters} />
      <PagedListState
        query={orders}
        page={page}
        pageSize={PAGE_SIZE}
        failure={<Trans>Could not load order data.</Trans>}
        empty={
          filtered ? t`No orders match these filters.` : drafts ? t`No draft orders.` : t`No orders yet.`
        }
        announced
        matches={filtered ? (total) => <Matches count={total} shown={count(total)} /> : undefined}
      >
        {(results) => (
          <ListTable
            columns={[
              { label: t`Order ID` },
              { label: t`Customer`, className: 'd-none d-md-table-cell' },
              { label: t`Date`, className: 'd-none d-md-table-cell' },
              { label: t`Total`, className: 'd-none d-md-table-cell' },
              { label: t`Status` },
              { label: t`Payment`, className: 'd-none d-sm-table-cell' },
              { label: t`Actions` },
            ]}
          >
            {results.map((order) => (
              <tr key={order.id}>
                <td>
                  <span className="fw-medium">#{order.id}</span> <ChannelBadge order={order} />
                  <StaleBadge order={order} />
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
                {/* docs/design.md: PKR on every screen, where the original showed '$' */}
                <td className="d-none d-md-table-cell text-nowrap">{formatPrice(order.total_price)}</td>
                <td>
                  <StatusBadge status={order.status} />
                </td>
                <td className="d-none d-sm-table-cell">
                  <PaymentStatusBadge status={order.payment_status} />
                </td>
                <td>
                  <OrderDetailsLink
                    orderId={order.id}
                    to={`/adminuser/orders/${order.id}`}
                    state={openedFromList}
                  />
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </PagedListState>
    </>
  )
}
