import { zodResolver } from '@hookform/resolvers/zod'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CreateRunBody, type DispatchDay, type DispatchOrder, type Run, type Stop } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useMemo, useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import Table from 'react-bootstrap/Table'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { useObjectUrl } from '../../../components/payment-card'
import { Price } from '../../../components/price'
import { SelectField } from '../../../components/select-field'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { dispatchDayQuery, stopPhotoQuery, useCreateRun, useDeleteRun } from '../../../data/dispatch'
import { serverDetail } from '../../../lib/api'
import { formatCalendarDate } from '../../../lib/format'
import { isolated } from '../../../lib/i18n'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { DispatchItems, StopStatusBadge, useDeliveryNeeds } from '../common/dispatch-order'
import { PageHeader } from '../common/page-header'
import { dayFromSearch } from './pakistan-day'
import { personName } from './person-name'

/** One order due and on no run, with the box that puts it on the new run. */
function UnplannedOrder({
  order,
  stopNumber,
  onToggle,
}: {
  order: DispatchOrder
  /** Its place on the run being built, once chosen */
  stopNumber: number | null
  onToggle(): void
}) {
  const { t } = useLingui()
  const needs = useDeliveryNeeds()
  const orderId = order.id
  return (
    <li className={`dispatch-order card ${stopNumber ? 'border-primary' : ''}`}>
      <div className="card-body d-flex gap-3">
        <Form.Check
          id={`pick-${order.id}`}
          checked={stopNumber !== null}
          onChange={onToggle}
          aria-label={t`Put order #${orderId} on the run`}
        />
        <div className="flex-grow-1 d-grid gap-1">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <span className="fw-semibold">
              <Link to={`/adminuser/orders/${order.id}`}>
                <Trans>Order #{orderId}</Trans>
              </Link>{' '}
              · <bdi>{personName(order)}</bdi>
            </span>
            {stopNumber && (
              <span className="badge text-bg-primary">
                <Trans>Stop {stopNumber}</Trans>
              </span>
            )}
          </div>
          <div className="small" dir="auto">
            {order.address}, {order.city}
          </div>
          <DispatchItems order={order} />
          <div className="small text-body-secondary">{needs(order)}</div>
          <div className="small">
            <Trans>
              To collect: <Price amount={order.balance_due} className="fw-semibold" />
            </Trans>
          </div>
        </div>
      </div>
    </li>
  )
}

/** The new run: its stops in the order chosen (moved up and down), the vehicle and the driver. */
function RunForm({
  day,
  chosen,
  setChosen,
}: {
  day: DispatchDay
  chosen: number[]
  setChosen(ids: number[]): void
}) {
  const { t } = useLingui()
  const schema = useMemo(
    () => CreateRunBody.extend({ driver_id: z.number({ error: t`Choose a driver.` }).int().positive() }),
    [t],
  )
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: localResolver(zodResolver(schema)),
    defaultValues: { date: day.date, vehicle: '', order_ids: [] },
  })
  const create = useCreateRun()
  const [refusal, setRefusal] = useState<string>()
  const byId = new Map(day.unplanned.map((order) => [order.id, order]))

  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen]
    const [id] = next.splice(index, 1)
    if (id === undefined) return
    next.splice(index + by, 0, id)
    setChosen(next)
  }

  const submit = (event: FormEvent) => {
    // The stops are the board's choice, not a field: they join the body as it is sent.
    form.setValue('order_ids', chosen)
    form.setValue('date', day.date)
    return form.handleSubmit((body) => {
      setRefusal(undefined)
      create.mutate(body, {
        onSuccess: () => {
          toast.success(t`Run created.`)
          setChosen([])
          form.reset({ date: day.date, vehicle: body.vehicle, order_ids: [] })
        },
        onError: (error) => setRefusal(showServerErrors(error, form, t`Could not create the run.`)),
      })
    })(event)
  }

  const stopsError = form.formState.errors.order_ids?.message
  return (
    <Card as="section" className="shadow-sm border-0 run-form" aria-labelledby="new-run-heading">
      <Card.Body>
        <Form noValidate onSubmit={submit} className="d-grid gap-3">
          <Card.Title as="h2" id="new-run-heading" className="h5 mb-0">
            <Trans>New run</Trans>
          </Card.Title>
          <FormRefusal message={refusal} className="mb-0" />
          {chosen.length === 0 ? (
            <p className={`mb-0 small ${stopsError ? 'text-danger' : 'text-body-secondary'}`}>
              {stopsError ?? t`Tick the orders in the order the van reaches them.`}
            </p>
          ) : (
            <ol className="list-group list-group-numbered" aria-label={t`Stops`}>
              {chosen.map((id, index) => {
                const order = byId.get(id)
                return (
                  <li key={id} className="list-group-item d-flex align-items-center gap-2">
                    <span className="flex-grow-1">
                      <Trans>Order #{id}</Trans>
                      {order && (
                        <span className="text-body-secondary small">
                          {' '}
                          · <bdi>{personName(order)}</bdi>, {order.city}
                        </span>
                      )}
                    </span>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t`Move order #${id} up`}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      disabled={index === chosen.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t`Move order #${id} down`}
                    >
                      ↓
                    </Button>
                  </li>
                )
              })}
            </ol>
          )}
          <div className="row g-3">
            <TextField
              form={form}
              name="vehicle"
              id="run-vehicle"
              label={t`Vehicle`}
              help={t`e.g. the van's number plate`}
              className="col-sm-6 col-xl-12"
            />
            <SelectField
              form={form}
              name="driver_id"
              id="run-driver"
              label={t`Driver`}
              options={{ setValueAs: (value: string) => (value === '' ? undefined : Number(value)) }}
              className="col-sm-6 col-xl-12"
            >
              <option value="">{t`Choose a driver`}</option>
              {day.drivers.map((driver) => (
                <option key={driver.id} value={driver.id}>
                  {personName(driver)}
                </option>
              ))}
            </SelectField>
          </div>
          {day.drivers.length === 0 && (
            <p className="small text-body-secondary mb-0">
              <Trans>No one drives yet: give a person the Delivery role on the People page.</Trans>
            </p>
          )}
          <div>
            <SubmitButton busy={create.isPending}>
              <Trans>Create run</Trans>
            </SubmitButton>
          </div>
        </Form>
      </Card.Body>
    </Card>
  )
}

/** The signed challan's photo, opened in a new tab through an object URL (it needs the Bearer header). */
function ChallanPhoto({ stopId }: { stopId: number }) {
  const { t } = useLingui()
  const photo = useQuery(stopPhotoQuery(stopId))
  const url = useObjectUrl(photo.data)
  if (photo.isError) return <span className="text-danger small">{t`Could not load the photo.`}</span>
  if (!url) return <Spinner animation="border" size="sm" role="status" aria-label={t`Loading the photo`} />
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <Trans>Signed challan</Trans>
    </a>
  )
}

function StopRow({ stop }: { stop: Stop }) {
  const orderId = stop.order.id
  return (
    <tr>
      <td>{stop.position}</td>
      <td>
        <Link to={`/adminuser/orders/${orderId}`}>
          <Trans>Order #{orderId}</Trans>
        </Link>
        <div className="small text-body-secondary">
          <bdi>{personName(stop.order)}</bdi>, {stop.order.city}
        </div>
      </td>
      <td className="text-nowrap">
        <Price amount={stop.order.balance_due} />
      </td>
      <td>
        <StopStatusBadge status={stop.status} />
        {stop.status === 'failed' && (
          <div className="small text-danger" dir="auto">
            {stop.failed_reason}
          </div>
        )}
      </td>
      <td className="text-nowrap">
        {stop.cash_collected !== null && <Price amount={stop.cash_collected} />}
      </td>
      <td>{stop.photo_url && <ChallanPhoto stopId={stop.id} />}</td>
    </tr>
  )
}

function RunCard({ run }: { run: Run }) {
  const { t } = useLingui()
  const takeApart = useDeleteRun()
  // The plate and the name keep their own direction inside an Urdu sentence.
  const vehicle = isolated(run.vehicle)
  const driver = isolated(personName(run.driver))
  const count = run.stops.length
  const done = run.stops.some((stop) => stop.status !== 'planned')
  return (
    <Card as="article" className="shadow-sm border-0" aria-labelledby={`run-${run.id}`}>
      <Card.Body className="d-grid gap-3">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <h3 id={`run-${run.id}`} className="h6 mb-0">
            {t`${vehicle} · ${driver} · ${plural(count, { one: '# stop', other: '# stops' })}`}
          </h3>
          <div className="d-flex gap-2">
            <Link className="btn btn-sm btn-outline-primary" to={`runs/${run.id}/print?date=${run.date}`}>
              <Trans>Print challans</Trans>
            </Link>
            <Button
              size="sm"
              variant="outline-danger"
              disabled={takeApart.isPending || done}
              title={done ? t`A stop is done: this run stays.` : undefined}
              onClick={() =>
                takeApart.mutate(run.id, {
                  onSuccess: () => toast.success(t`The run's orders are back on the board.`),
                  onError: (error) => toast.error(serverDetail(error) ?? t`Could not take the run apart.`),
                })
              }
            >
              <Trans>Take apart</Trans>
            </Button>
          </div>
        </div>
        <Table responsive size="sm" className="mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t`Order`}</th>
              <th scope="col">{t`To collect`}</th>
              <th scope="col">{t`Status`}</th>
              <th scope="col">{t`Cash collected`}</th>
              <th scope="col">{t`Challan`}</th>
            </tr>
          </thead>
          <tbody>
            {run.stops.map((stop) => (
              <StopRow key={stop.id} stop={stop} />
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  )
}

function Board({ day }: { day: DispatchDay }) {
  const { t } = useLingui()
  // The orders ticked, in the order they were ticked: the stops of the new run.
  const [chosen, setChosen] = useState<number[]>([])
  const onBoard = chosen.filter((id) => day.unplanned.some((order) => order.id === id))
  const toggle = (id: number) =>
    setChosen(onBoard.includes(id) ? onBoard.filter((each) => each !== id) : [...onBoard, id])
  return (
    <div className="d-grid gap-4">
      <section aria-labelledby="unplanned-heading" className="d-grid gap-3">
        <h2 id="unplanned-heading" className="h5 mb-0">
          <Trans>Not on a run</Trans>
        </h2>
        {day.unplanned.length === 0 ? (
          <p className="text-body-secondary mb-0">
            <Trans>No order due this day waits for a run.</Trans>
          </p>
        ) : (
          <div className="row g-3 align-items-start">
            <ul className="col-xl-7 list-unstyled d-grid gap-2 mb-0" aria-label={t`Orders not on a run`}>
              {day.unplanned.map((order) => {
                const place = onBoard.indexOf(order.id)
                return (
                  <UnplannedOrder
                    key={order.id}
                    order={order}
                    stopNumber={place >= 0 ? place + 1 : null}
                    onToggle={() => toggle(order.id)}
                  />
                )
              })}
            </ul>
            {/* Beside the list on a wide screen, kept in view while a long list is ticked */}
            <div className="col-xl-5 run-form-column">
              <RunForm day={day} chosen={onBoard} setChosen={setChosen} />
            </div>
          </div>
        )}
      </section>
      <section aria-labelledby="runs-heading" className="d-grid gap-3">
        <h2 id="runs-heading" className="h5 mb-0">
          <Trans>Runs</Trans>
        </h2>
        {day.runs.length === 0 ? (
          <p className="text-body-secondary mb-0">
            <Trans>No run yet on this day.</Trans>
          </p>
        ) : (
          day.runs.map((run) => <RunCard key={run.id} run={run} />)
        )}
      </section>
    </div>
  )
}

/** Staff plan a day's deliveries: the orders due, the runs made of them, their challans. */
export function DispatchPage() {
  const { t } = useLingui()
  const [search, setSearch] = useSearchParams()
  const date = dayFromSearch(search)
  const day = useQuery(dispatchDayQuery(date))
  const shown = formatCalendarDate(date)
  return (
    <>
      <PageHeader
        title={t`Dispatch`}
        subtitle={t`The orders due on ${shown}, and the vans' runs.`}
        action={
          <Form.Group controlId="dispatch-date">
            <Form.Label className="small mb-1">
              <Trans>Day</Trans>
            </Form.Label>
            <Form.Control
              type="date"
              value={date}
              onChange={(event) => event.target.value && setSearch({ date: event.target.value })}
            />
          </Form.Group>
        }
      />
      {day.isPending ? (
        <Loading label={t`Loading the day's orders...`} />
      ) : day.isError ? (
        <Alert variant="danger">
          <Trans>Could not load the day's orders.</Trans>
        </Alert>
      ) : (
        // A new day starts a new selection.
        <Board key={day.data.date} day={day.data} />
      )}
    </>
  )
}
