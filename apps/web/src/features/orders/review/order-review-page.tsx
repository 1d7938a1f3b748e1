import { Trans, useLingui } from '@lingui/react/macro'
import type { OrderReview } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { Link, useParams, useSearchParams } from 'react-router'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { OrderItems, ShippingAddress } from '../../../components/order-summary'
import { DeliveryEstimate } from '../../../components/order-timeline'
import { PaymentCard } from '../../../components/payment-card'
import { useSession } from '../../../data/auth'
import { reviewQuery, useAcceptReview, useSendReviewReceipt } from '../../../data/order-review'
import { ApiError, serverDetail } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { useTitle } from '../../../lib/use-title'
import { awaitsTransfer, TransferPayment } from '../order-payment'

/** Accepting makes the Draft a Pending order that holds its stock; a piece may have run out meanwhile. */
function AcceptOrder({ id, token }: { id: number; token: string }) {
  const { t } = useLingui()
  const accept = useAcceptReview(id, token)
  const [refusal, setRefusal] = useState<string>()
  return (
    <section className="card" aria-labelledby="accept-heading">
      <div className="card-body d-grid gap-3">
        <h2 id="accept-heading" className="h5 mb-0">
          <Trans>Is this right?</Trans>
        </h2>
        <p className="mb-0">
          <Trans>
            Check the items, the price and the delivery address. Accepting places the order; then you pay the
            advance.
          </Trans>
        </p>
        <FormRefusal message={refusal} className="mb-0" />
        <div>
          <Button
            size="lg"
            disabled={accept.isPending}
            onClick={() => {
              setRefusal(undefined)
              accept.mutate(undefined, {
                onSuccess: () => toast.success(t`Thank you! Your order is placed.`),
                onError: (error) =>
                  setRefusal(serverDetail(error) ?? t`Could not accept the order. Try again.`),
              })
            }}
          >
            {accept.isPending && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
            <Trans>Accept order</Trans>
          </Button>
        </div>
      </div>
    </section>
  )
}

/**
 * Paying the advance once the order is placed: a customer with a password signs in and pays from the
 * order's own page; one without sends the receipt through this link.
 */
function ReviewPayment({ review, token }: { review: OrderReview; token: string }) {
  const { order } = review
  const { user } = useSession()
  const send = useSendReviewReceipt(order.id, token)
  if (review.sign_in_to_pay && awaitsTransfer(order)) {
    const orderPage = `/orders/${order.id}`
    return (
      <section className="card" aria-labelledby="pay-heading">
        <div className="card-body d-grid gap-3">
          <h2 id="pay-heading" className="h5 mb-0">
            <Trans>Payments</Trans>
          </h2>
          <p className="mb-0">
            <Trans>Sign in to your account to pay the advance and send the receipt.</Trans>
          </p>
          <div>
            {user ? (
              <Link to={orderPage} className="btn btn-primary">
                <Trans>Pay from your order page</Trans>
              </Link>
            ) : (
              <Link to={`/login?redirect=${encodeURIComponent(orderPage)}`} className="btn btn-primary">
                <Trans>Sign in to pay</Trans>
              </Link>
            )}
          </div>
        </div>
      </section>
    )
  }
  return <TransferPayment order={order} send={send} receiptLinks={false} />
}

/**
 * docs/api.md "Staff orders": the page a review link opens, without signing in. The customer sees the
 * order staff put together, accepts it and pays the advance.
 */
export function OrderReviewPage() {
  const { t } = useLingui()
  const id = Number(useParams().orderId)
  const token = useSearchParams()[0].get('token') ?? ''
  useTitle(t`Your order #${id}`)
  const valid = Number.isInteger(id) && id > 0 && token !== ''
  const review = useQuery({ ...reviewQuery(id, token), enabled: valid })

  if (valid && review.isPending) return <Loading label={t`Loading your order...`} />
  if (!review.data) {
    // A server that did not answer is worth another try; a refusal means the link itself is no good.
    const unanswered =
      review.error instanceof ApiError && (review.error.status === 0 || review.error.status >= 500)
    return (
      <div className="container py-4">
        <Alert variant="danger" className="mt-3">
          {unanswered ? (
            <Trans>Could not load your order. Check your connection and try again.</Trans>
          ) : (
            <Trans>This link has expired or is not valid. Ask the shop to send it again.</Trans>
          )}
        </Alert>
        {unanswered && (
          <Button variant="outline-primary" onClick={() => void review.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </div>
    )
  }
  const { order, expires_at: expires } = review.data
  const draft = order.status === 'Draft'
  const until = formatDate(expires)
  return (
    <div className="container py-4">
      <h1 className="page-title">
        <Trans>Your order #{id}</Trans>
      </h1>
      {draft ? (
        <p className="text-muted">
          <Trans>
            The shop put this order together for you. This link works until{' '}
            <time dateTime={expires}>{until}</time>.
          </Trans>
        </p>
      ) : (
        <Alert variant="success" role="status">
          {order.status === 'Cancelled' ? (
            <Trans>This order is cancelled.</Trans>
          ) : (
            <Trans>Your order is placed.</Trans>
          )}
        </Alert>
      )}
      <div className="row g-4">
        <div className="col-lg-8 d-grid gap-4 align-content-start">
          <OrderItems order={order} linkProducts />
          {draft && <AcceptOrder id={id} token={token} />}
        </div>
        <div className="col-lg-4 d-grid gap-4 align-content-start">
          {draft ? (
            <PaymentCard order={order} entries={null}>
              <p className="small mb-0">
                <Trans>Accept the order to pay the advance.</Trans>
              </p>
            </PaymentCard>
          ) : (
            <ReviewPayment review={review.data} token={token} />
          )}
          <section className="card" aria-labelledby="delivery-heading">
            <div className="card-body d-grid gap-2">
              <h2 id="delivery-heading" className="h5 mb-0">
                <Trans>Delivery</Trans>
              </h2>
              <DeliveryEstimate order={order} />
            </div>
          </section>
          <ShippingAddress order={order} title={t`Shipping to`} mailto={false} />
        </div>
      </div>
    </div>
  )
}
