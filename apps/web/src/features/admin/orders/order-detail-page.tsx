import { ORDER_STATUSES, type Order, type OrderStatus } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap'
import toast from 'react-hot-toast'
import { Link, useParams } from 'react-router'
import { Loading } from '../../../components/loading'
import { OrderItems, ShippingAddress } from '../../../components/order-summary'
import { StatusBadge } from '../../../components/status-badge'
import { orderQuery, useUpdateOrder } from '../../../data/orders'
import { formatDateTime } from '../../../lib/format'
import { PageHeader } from '../common/page-header'

function StatusForm({ order }: { order: Order }) {
  const [status, setStatus] = useState<OrderStatus>(order.status)
  const change = useUpdateOrder(order.id)
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        change.mutate(
          { status },
          {
            onSuccess: (updated) => toast.success(`Order #${order.id} is now ${updated.status}.`),
            onError: (error) => {
              console.error('Order status update failed', error)
              toast.error('Could not update the order status.')
            },
          },
        )
      }}
    >
      <Form.Group controlId="order-status">
        <Form.Label className="small mb-1">Status</Form.Label>
        <Form.Select value={status} onChange={(event) => setStatus(event.target.value as OrderStatus)}>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button type="submit" disabled={change.isPending || status === order.status}>
        {change.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Update Status
      </Button>
    </Form>
  )
}

function OrderView({ order }: { order: Order }) {
  return (
    <>
      <PageHeader
        title={`Order #${order.id}`}
        subtitle={`Placed ${formatDateTime(order.created_at)}`}
        action={<StatusBadge status={order.status} />}
      />
      <Row className="g-3">
        <Col lg={8}>
          <OrderItems order={order} linkProducts={false} />
        </Col>
        <Col lg={4} className="d-grid gap-3 align-content-start">
          <Card className="shadow-sm border-0">
            <Card.Body>
              <Card.Title as="h2" className="h5 mb-3">
                Update status
              </Card.Title>
              <StatusForm key={order.status} order={order} />
            </Card.Body>
          </Card>
          <ShippingAddress order={order} title="Shipping" mailto />
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
      <Link to="/adminuser/orders" className="d-inline-block mb-3">
        ← Back to Orders
      </Link>
      {order.isPending ? (
        <Loading />
      ) : order.isError ? (
        <Alert variant="danger">Could not load order data.</Alert>
      ) : (
        <OrderView order={order.data} />
      )}
    </>
  )
}
