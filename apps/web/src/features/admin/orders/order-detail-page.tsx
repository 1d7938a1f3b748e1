import { ORDER_STATUSES, type Order, type OrderStatus } from '@store/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap'
import toast from 'react-hot-toast'
import { Link, useParams } from 'react-router'
import { Loading } from '../../../components/loading'
import { ProductImage } from '../../../components/product-image'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime, formatPrice } from '../../../lib/format'
import { PageHeader } from '../common/page-header'
import { getOrder, orderKeys, updateOrderStatus } from './api'

function StatusForm({ order }: { order: Order }) {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<OrderStatus>(order.status)
  const change = useMutation({
    mutationFn: (next: OrderStatus) => updateOrderStatus(order.id, next),
    onSuccess: (updated) => {
      queryClient.setQueryData(orderKeys.detail(order.id), updated)
      toast.success(`Order #${order.id} is now ${updated.status}.`)
      return queryClient.invalidateQueries({ queryKey: orderKeys.all })
    },
    onError: (error) => {
      console.error('Order status update failed', error)
      toast.error('Could not update the order status.')
    },
  })
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        change.mutate(status)
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
          <Card className="shadow-sm border-0">
            <Card.Body>
              <Card.Title as="h2" className="h5 mb-3">
                Items
              </Card.Title>
              <ul className="list-unstyled mb-0">
                {order.items.map((item) => (
                  <li key={item.id} className="d-flex align-items-center gap-3 py-2 border-bottom">
                    <ProductImage
                      image={item.product.images[0]}
                      alt=""
                      sizes="80px"
                      className="admin-thumb"
                    />
                    <div className="flex-grow-1">
                      <div className="fw-medium">{item.product.name}</div>
                      <div className="small text-body-secondary">
                        {item.quantity} × {formatPrice(item.price)}
                      </div>
                    </div>
                    <div className="text-nowrap">{formatPrice(Number(item.price) * item.quantity)}</div>
                  </li>
                ))}
              </ul>
              <div className="d-flex justify-content-between pt-3 fw-semibold">
                <span>Total</span>
                <span>{formatPrice(order.total_price)}</span>
              </div>
            </Card.Body>
          </Card>
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
          <Card className="shadow-sm border-0">
            <Card.Body>
              <Card.Title as="h2" className="h5 mb-3">
                Shipping
              </Card.Title>
              <address className="mb-0">
                <strong>
                  {order.first_name} {order.last_name}
                </strong>
                <br />
                <a href={`mailto:${order.email}`}>{order.email}</a>
                <br />
                {order.address}
                <br />
                {order.city} {order.postal_code}
              </address>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  )
}

export function OrderDetailPage() {
  const orderId = Number(useParams().orderId)
  const order = useQuery({ queryKey: orderKeys.detail(orderId), queryFn: () => getOrder(orderId) })
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
