import { Trans, useLingui } from '@lingui/react/macro'
import { formatPkr, type Order, toPaisa } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Modal from 'react-bootstrap/Modal'
import { Link } from 'react-router'
import { FormRefusal } from '../../components/form-refusal'
import { SubmitButton } from '../../components/submit-button'
import { claimListQuery, claimSettingsQuery } from '../../data/claims'
import { useCancelOrder } from '../../data/orders'
import { serverDetail } from '../../lib/api'
import { formatDateTime, formatPrice } from '../../lib/format'
import { toast } from '../../lib/toast'
import { ClaimLinks } from './claim-list'
import { cancellationFeePaisa, openReasons } from './claim-window'

/**
 * A confirmed order is not cancelled at once: the customer asks, with the store's fee stated first,
 * and staff approve or refuse.
 */
export function RequestCancellation({ order }: { order: Order }) {
  const { t } = useLingui()
  const id = order.id
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState('')
  const [refusal, setRefusal] = useState<string>()
  const settings = useQuery(claimSettingsQuery())
  const cancel = useCancelOrder(id)
  const close = () => setOpen(false)
  const paid = toPaisa(order.amount_paid)
  const percent = settings.data?.cancellation_fee_percent
  const fee = percent === undefined ? null : formatPkr(cancellationFeePaisa(paid, percent))
  const back = percent === undefined ? null : formatPkr(paid - cancellationFeePaisa(paid, percent))
  return (
    <>
      <Button variant="outline-danger" size="sm" onClick={() => setOpen(true)}>
        <Trans>Cancel order</Trans>
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby={`request-cancel-${id}`}>
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            setRefusal(undefined)
            cancel.mutate(note.trim(), {
              onSuccess: () => {
                toast.success(t`Your request to cancel order #${id} is sent. The store will answer soon.`)
                close()
              },
              onError: (error) =>
                setRefusal(serverDetail(error) ?? t`Could not send the request. Try again.`),
            })
          }}
        >
          <Modal.Header closeButton closeLabel={t`Close`}>
            <Modal.Title as="h2" className="h5" id={`request-cancel-${id}`}>
              <Trans>Cancel order #{id}?</Trans>
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <FormRefusal message={refusal} />
            {settings.isPending ? (
              <p className="text-muted">
                <Trans>Loading the store’s cancellation fee…</Trans>
              </p>
            ) : settings.isError ? (
              <Alert variant="danger">
                <Trans>Could not load the store’s cancellation fee. Try again.</Trans>
              </Alert>
            ) : (
              <>
                <p className="fw-semibold">
                  <Trans>
                    A cancellation after confirmation costs {percent}% of the advance: {fee}
                  </Trans>
                </p>
                <p>
                  <Trans>
                    You get back {back} of the {formatPrice(order.amount_paid)} you paid. The store confirms
                    the cancellation; until then your order goes ahead.
                  </Trans>
                </p>
              </>
            )}
            <Form.Group controlId={`request-cancel-note-${id}`}>
              <Form.Label>
                <Trans>Reason (optional)</Trans>
              </Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              <Trans>Keep order</Trans>
            </Button>
            <SubmitButton busy={cancel.isPending} disabled={!settings.data} variant="danger">
              <Trans>Ask to cancel</Trans>
            </SubmitButton>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  )
}

/** Where the customer's request to cancel a confirmed order stands, with staff's answer. */
function CancellationState({ order }: { order: Order }) {
  const request = order.cancellation_request
  if (!request) return null
  const asked = formatDateTime(request.requested_at)
  const fee = formatPrice(request.fee)
  const refund = formatPrice(request.refund)
  const note = request.decision_note
  if (request.status === 'pending') {
    return (
      <Alert variant="warning" className="mb-0">
        <Trans>
          You asked to cancel this order on {asked}. The store will answer soon. If approved, the fee is {fee}{' '}
          and {refund} comes back to you.
        </Trans>
      </Alert>
    )
  }
  if (request.status === 'approved') {
    return (
      <Alert variant="success" className="mb-0">
        <Trans>
          The store approved your cancellation: {refund} comes back to you (fee {fee}).
        </Trans>
        {note && <p className="mb-0 mt-1 order-timeline-note">{note}</p>}
      </Alert>
    )
  }
  return (
    <Alert variant="secondary" className="mb-0">
      <Trans>The store refused to cancel this order; it goes ahead.</Trans>
      {note && <p className="mb-0 mt-1 order-timeline-note">{note}</p>}
    </Alert>
  )
}

/** "Report a problem" while the store's windows are open, and the order's claims. */
function OrderClaims({ order }: { order: Order }) {
  const { t } = useLingui()
  const delivered = order.status === 'Delivered'
  const settings = useQuery({ ...claimSettingsQuery(), enabled: delivered })
  const claims = useQuery({ ...claimListQuery({ order: order.id, page_size: 100 }), enabled: delivered })
  if (!delivered) return null
  const canReport = settings.data ? openReasons(order, settings.data).length > 0 : false
  const list = claims.data?.results ?? []
  if (!canReport && list.length === 0) return null
  return (
    <section className="card" aria-labelledby="order-claims-heading">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h2 id="order-claims-heading" className="h5 mb-0">
            <Trans>Your claims</Trans>
          </h2>
          {canReport && (
            <Link to={`/orders/${order.id}/claims/new`} className="btn btn-outline-primary btn-sm ms-auto">
              <Trans>Report a problem</Trans>
            </Link>
          )}
        </div>
        {claims.isError && (
          <p className="text-danger mb-0 mt-2">{t`Could not load your claims on this order.`}</p>
        )}
        {list.length > 0 ? (
          <ClaimLinks claims={list} />
        ) : (
          claims.isSuccess && (
            <p className="text-muted mb-0 mt-2">
              <Trans>
                Something wrong with a piece? Report it with photos and a video; the store answers here.
              </Trans>
            </p>
          )
        )}
      </div>
    </section>
  )
}

/** What follows the sale on the customer's order page: cancelling a confirmed order, and claims. */
export function AfterSale({ order }: { order: Order }) {
  const pending = order.cancellation_request?.status === 'pending'
  return (
    <div className="after-sale">
      {order.status === 'Processing' && !pending && (
        <div>
          <RequestCancellation order={order} />
        </div>
      )}
      <CancellationState order={order} />
      <OrderClaims order={order} />
    </div>
  )
}
