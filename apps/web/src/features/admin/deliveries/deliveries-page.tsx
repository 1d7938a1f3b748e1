import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { DeliveredBody, FailedBody, type Run, type Stop, toPaisa } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { Price } from '../../../components/price'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { myRunsQuery, useMarkDelivered, useMarkFailed } from '../../../data/dispatch'
import { formatDateTime } from '../../../lib/format'
import { isolated } from '../../../lib/i18n'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { amountInput } from '../common/amount-input'
import { DispatchItems, StopStatusBadge, useDeliveryNeeds } from '../common/dispatch-order'
import { PageHeader } from '../common/page-header'

/** Google Maps' search link: it opens the app on a phone, the site elsewhere. */
const mapLink = (address: string, city: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address}, ${city}`)}`

function DeliveredForm({ stop, onClose }: { stop: Stop; onClose(): void }) {
  const { t } = useLingui()
  const form = useForm<z.input<typeof DeliveredBody>, unknown, z.output<typeof DeliveredBody>>({
    resolver: localResolver(zodResolver(DeliveredBody)),
    defaultValues: { cash_collected: amountInput(stop.order.balance_due), note: '' },
  })
  const [photo, setPhoto] = useState<File>()
  const [refusal, setRefusal] = useState<string>()
  const delivered = useMarkDelivered()
  const orderId = stop.order.id
  const submit = form.handleSubmit((body) => {
    setRefusal(undefined)
    delivered.mutate(
      { orderId, body, photo },
      {
        onSuccess: () => toast.success(t`Order #${orderId} delivered.`),
        onError: (error) => setRefusal(showServerErrors(error, form, t`Could not mark the order delivered.`)),
      },
    )
  })
  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3 stop-form" aria-label={t`Delivered`}>
      <FormRefusal message={refusal} className="mb-0" />
      <TextField
        form={form}
        name="cash_collected"
        id={`cash-${stop.id}`}
        label={t`Cash collected (PKR)`}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        form={form}
        name="note"
        id={`note-${stop.id}`}
        label={t`Note (optional)`}
        as="textarea"
        rows={2}
      />
      <Form.Group controlId={`photo-${stop.id}`}>
        <Form.Label>
          <Trans>Photo of the signed challan (optional)</Trans>
        </Form.Label>
        <Form.Control
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => setPhoto((event.target as HTMLInputElement).files?.[0])}
        />
      </Form.Group>
      <div className="d-flex gap-2">
        <SubmitButton busy={delivered.isPending} variant="success" className="flex-grow-1">
          <Trans>Confirm delivery</Trans>
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onClose}>
          <Trans>Back</Trans>
        </Button>
      </div>
    </Form>
  )
}

function FailedForm({ stop, onClose }: { stop: Stop; onClose(): void }) {
  const { t } = useLingui()
  const form = useForm<z.input<typeof FailedBody>, unknown, z.output<typeof FailedBody>>({
    resolver: localResolver(zodResolver(FailedBody)),
    defaultValues: { reason: '' },
  })
  const [refusal, setRefusal] = useState<string>()
  const failed = useMarkFailed()
  const orderId = stop.order.id
  const submit = form.handleSubmit((body) => {
    setRefusal(undefined)
    failed.mutate(
      { orderId, body },
      {
        onSuccess: () => toast.success(t`Order #${orderId} goes back to the board.`),
        onError: (error) =>
          setRefusal(showServerErrors(error, form, t`Could not record the failed delivery.`)),
      },
    )
  })
  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3 stop-form" aria-label={t`Could not deliver`}>
      <FormRefusal message={refusal} className="mb-0" />
      <TextField
        form={form}
        name="reason"
        id={`reason-${stop.id}`}
        label={t`Why could it not be delivered?`}
        as="textarea"
        rows={2}
      />
      <div className="d-flex gap-2">
        <SubmitButton busy={failed.isPending} variant="danger" className="flex-grow-1">
          <Trans>Record failed delivery</Trans>
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onClose}>
          <Trans>Back</Trans>
        </Button>
      </div>
    </Form>
  )
}

/** How a done stop ended: the cash taken, or why the goods came back. */
function StopOutcome({ stop }: { stop: Stop }) {
  const at = stop.done_at ? formatDateTime(stop.done_at) : ''
  if (stop.status === 'delivered') {
    return (
      // A plain box, not an alert: nothing new to announce, only how the stop ended.
      <div className="alert alert-success mb-0">
        <Trans>
          Delivered {at} · collected <Price amount={stop.cash_collected ?? '0'} />
        </Trans>
        {stop.note && <div className="small mt-1">{stop.note}</div>}
      </div>
    )
  }
  return (
    <div className="alert alert-danger mb-0">
      <Trans>Not delivered {at}:</Trans> <span dir="auto">{stop.failed_reason}</span>
    </div>
  )
}

/** One stop as the driver reads it at the door: who, where, what, and the cash to take. */
function StopCard({ stop }: { stop: Stop }) {
  const { t } = useLingui()
  const needs = useDeliveryNeeds()
  const [open, setOpen] = useState<'delivered' | 'failed' | null>(null)
  const { order } = stop
  const position = stop.position
  const orderId = order.id
  const toCollect = toPaisa(order.balance_due) > 0
  return (
    <Card as="article" className="stop-card shadow-sm" aria-labelledby={`stop-${stop.id}`}>
      <Card.Body className="d-grid gap-2">
        <div className="d-flex align-items-center gap-2">
          <span className="stop-number" aria-hidden="true">
            {position}
          </span>
          <h3 id={`stop-${stop.id}`} className="h6 mb-0 flex-grow-1">
            <Trans>
              Stop {position} · Order #{orderId}
            </Trans>
          </h3>
          <StopStatusBadge status={stop.status} />
        </div>
        <div>
          <div className="fw-semibold" dir="auto">
            {order.first_name} {order.last_name}
          </div>
          <address className="mb-1" dir="auto">
            {order.address}, {order.city}
          </address>
          <div className="d-flex flex-wrap gap-2">
            <a
              className="btn btn-outline-primary btn-sm"
              href={mapLink(order.address, order.city)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Trans>Open in Maps</Trans>
            </a>
            <a className="btn btn-outline-primary btn-sm" href={`tel:${order.phone}`}>
              <Trans>Call</Trans> <span dir="ltr">{order.phone}</span>
            </a>
          </div>
        </div>
        <DispatchItems order={order} />
        <div className="small text-body-secondary">{needs(order)}</div>
        {/* Once the stop is done the balance is the shop's to follow up, not the driver's to take. */}
        {stop.status === 'planned' && (
          <div className={`stop-collect ${toCollect ? 'stop-collect-due' : ''}`}>
            {toCollect ? (
              <Trans>
                Collect <Price amount={order.balance_due} />
              </Trans>
            ) : (
              <Trans>Nothing to collect</Trans>
            )}
          </div>
        )}
        {stop.status !== 'planned' ? (
          <StopOutcome stop={stop} />
        ) : open === 'delivered' ? (
          <DeliveredForm stop={stop} onClose={() => setOpen(null)} />
        ) : open === 'failed' ? (
          <FailedForm stop={stop} onClose={() => setOpen(null)} />
        ) : (
          <div className="d-flex gap-2">
            <Button
              variant="success"
              className="flex-grow-1"
              onClick={() => setOpen('delivered')}
              aria-label={t`Delivered: order #${orderId}`}
            >
              <Trans>Delivered</Trans>
            </Button>
            <Button
              variant="outline-danger"
              onClick={() => setOpen('failed')}
              aria-label={t`Could not deliver: order #${orderId}`}
            >
              <Trans>Could not deliver</Trans>
            </Button>
          </div>
        )}
      </Card.Body>
    </Card>
  )
}

function RunStops({ run }: { run: Run }) {
  // The plate keeps its own direction inside an Urdu sentence.
  const vehicle = isolated(run.vehicle)
  const count = run.stops.length
  const done = run.stops.filter((stop) => stop.status !== 'planned').length
  return (
    <section className="d-grid gap-3" aria-labelledby={`run-${run.id}`}>
      <h2 id={`run-${run.id}`} className="h5 mb-0">
        <Trans>
          {vehicle} · {done} of {count} done
        </Trans>
      </h2>
      {run.stops.map((stop) => (
        <StopCard key={stop.id} stop={stop} />
      ))}
    </section>
  )
}

/** The driver's phone page: today's stops in order, each done at the door. */
export function DeliveriesPage() {
  const { t } = useLingui()
  const runs = useQuery(myRunsQuery())
  return (
    <div className="deliveries-page">
      <PageHeader title={t`Today's deliveries`} />
      {runs.isPending ? (
        <Loading label={t`Loading your runs...`} />
      ) : runs.isError ? (
        <Alert variant="danger">
          <Trans>Could not load your runs.</Trans>
        </Alert>
      ) : runs.data.length === 0 ? (
        <Alert variant="info">
          <Trans>No run for you today.</Trans>
        </Alert>
      ) : (
        <div className="d-grid gap-4">
          {runs.data.map((run) => (
            <RunStops key={run.id} run={run} />
          ))}
        </div>
      )}
    </div>
  )
}
