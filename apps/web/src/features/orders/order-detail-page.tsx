import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { OrderChannel } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import { Link, useParams } from 'react-router'
import { Loading } from '../../components/loading'
import { OrderDocuments } from '../../components/order-documents'
import { OrderItems, ShippingAddress } from '../../components/order-summary'
import { OrderTimeline } from '../../components/order-timeline'
import { StatusBadge } from '../../components/status-badge'
import { orderQuery } from '../../data/orders'
import { formatDateTime } from '../../lib/format'
import { translatedLabels } from '../../lib/i18n'
import { useTitle } from '../../lib/use-title'
import { AfterSale } from '../claims/after-sale'
import { CancelOrder } from './cancel-order'
import { OrderEditor } from './edit/order-editor'
import { OrderPayment } from './order-payment'

/** How a staff order came in, as the customer reads it (a web order says nothing). */
const CHANNEL_LABELS = translatedLabels<OrderChannel>({
  web: msg`Ordered on the website`,
  phone: msg`Ordered by phone`,
  whatsapp: msg`Ordered on WhatsApp`,
  showroom: msg`Ordered in the showroom`,
})

export function OrderDetailPage() {
  const { t } = useLingui()
  const id = Number(useParams().orderId)
  useTitle(t`Order #${id}`)
  const order = useQuery(orderQuery(id))

  const back = (
    <Link to="/orders" className="back-link">
      <span className="pointing">←</span> <Trans>Back to My Orders</Trans>
    </Link>
  )
  if (order.isPending && Number.isInteger(id) && id > 0) return <Loading label={t`Loading your order...`} />
  if (!order.data) {
    return (
      <div className="container py-4">
        {back}
        <Alert variant="danger" className="mt-3">
          <Trans>Could not find this order or you do not have permission to view it.</Trans>
        </Alert>
      </div>
    )
  }
  const { data } = order
  const placed = formatDateTime(data.created_at)
  return (
    <div className="container py-4">
      {back}
      <div className="d-flex flex-wrap align-items-center gap-3 mt-2 mb-3">
        <h1 className="page-title mb-0">
          <Trans>Order #{id}</Trans>
        </h1>
        <StatusBadge status={data.status} />
        <OrderEditor order={data} by="customer" />
        {data.status === 'Pending' && <CancelOrder order={data} />}
      </div>
      <p className="text-muted">
        <Trans>
          Placed on <time dateTime={data.created_at}>{placed}</time>
        </Trans>
        {data.channel !== 'web' && <> · {CHANNEL_LABELS[data.channel]}</>}
      </p>
      <AfterSale order={data} />
      <div className="row g-4">
        <div className="col-lg-8 d-grid gap-4 align-content-start">
          <OrderItems order={data} linkProducts />
          <OrderTimeline order={data} />
        </div>
        <div className="col-lg-4 d-grid gap-4 align-content-start">
          <OrderPayment order={data} />
          <OrderDocuments orderId={data.id} cancelled={data.status === 'Cancelled'} />
          <ShippingAddress order={data} title={t`Shipping to`} mailto={false} />
        </div>
      </div>
    </div>
  )
}
