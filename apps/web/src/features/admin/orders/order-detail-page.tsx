import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Col, Row } from 'react-bootstrap'
import { useParams } from 'react-router'
import { Loading } from '../../../components/loading'
import { OrderDocuments } from '../../../components/order-documents'
import { OrderItems, ShippingAddress } from '../../../components/order-summary'
import { OrderTimeline } from '../../../components/order-timeline'
import { PaymentStatusBadge, StatusBadge } from '../../../components/status-badge'
import { orderQuery } from '../../../data/orders'
import { formatDateTime } from '../../../lib/format'
import { OrderEditor } from '../../orders/edit/order-editor'
import { CancellationDecision } from '../claims/cancellation-decision'
import { BackToList } from '../common/back-to-list'
import { HistoryLink } from '../common/history-link'
import { PageHeader } from '../common/page-header'
import { DraftPanel } from '../order-desk/draft-panel'
import { OrderChannelLine } from '../order-desk/order-channel'
import { DeliveryDayForm } from './delivery-day-form'
import { OrderUpdateForm } from './order-update-form'
import { PaymentLedger } from './payment-ledger'

function OrderView({ order }: { order: Order }) {
  const { t } = useLingui()
  const id = order.id
  const placed = formatDateTime(order.created_at)
  const draft = order.status === 'Draft'
  return (
    <>
      <PageHeader
        title={t`Order #${id}`}
        subtitle={draft ? t`Drafted ${placed}` : t`Placed ${placed}`}
        action={
          <div className="d-flex flex-wrap align-items-center gap-2">
            <StatusBadge status={order.status} />
            <PaymentStatusBadge status={order.payment_status} />
            <HistoryLink entity="order" id={order.id} label={t`History of order #${id}`} />
            <OrderEditor order={order} by="staff" />
          </div>
        }
      />
      <OrderChannelLine order={order} />
      <Row className="g-3">
        <Col lg={8} className="d-grid gap-3 align-content-start">
          <OrderItems order={order} linkProducts={false} />
          {!draft && <PaymentLedger order={order} />}
          <OrderTimeline order={order} />
        </Col>
        <Col lg={4} className="d-grid gap-3 align-content-start">
          {/* A draft is confirmed, sent or deleted: no status, payment or delivery day yet. */}
          {draft && <DraftPanel order={order} />}
          <CancellationDecision order={order} />
          {!draft && (
            <Card as="section" className="shadow-sm border-0" aria-labelledby="update-heading">
              <Card.Body>
                <Card.Title as="h2" id="update-heading" className="h5 mb-3">
                  <Trans>Update order</Trans>
                </Card.Title>
                {/* Each recorded change starts the form afresh from the order as it now is. */}
                <OrderUpdateForm key={order.history.length} order={order} />
              </Card.Body>
            </Card>
          )}
          {!draft && order.status !== 'Delivered' && order.status !== 'Cancelled' && (
            <Card as="section" className="shadow-sm border-0" aria-labelledby="delivery-day-heading">
              <Card.Body>
                <Card.Title as="h2" id="delivery-day-heading" className="h5 mb-3">
                  <Trans>Delivery day</Trans>
                </Card.Title>
                <DeliveryDayForm key={order.delivery_date} order={order} />
              </Card.Body>
            </Card>
          )}
          <ShippingAddress order={order} title={t`Shipping`} mailto />
          <OrderDocuments orderId={order.id} cancelled={order.status === 'Cancelled'} />
        </Col>
      </Row>
    </>
  )
}

export function OrderDetailPage() {
  const orderId = Number(useParams().orderId)
  const order = useQuery(orderQuery(orderId))
  return (
    <>
      <BackToList to="/adminuser/orders">
        <Trans>← Back to Orders</Trans>
      </BackToList>
      {order.isPending ? (
        <Loading />
      ) : order.isError ? (
        <Alert variant="danger">
          <Trans>Could not load order data.</Trans>
        </Alert>
      ) : (
        <OrderView order={order.data} />
      )}
    </>
  )
}
