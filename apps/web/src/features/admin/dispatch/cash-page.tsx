import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { type CashQuery, type CashReport, type Driver, HandInBody, toPaisa } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import Table from 'react-bootstrap/Table'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { Price } from '../../../components/price'
import { SelectField } from '../../../components/select-field'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { cashReportQuery, useRecordHandIn } from '../../../data/dispatch'
import { formatDateTime } from '../../../lib/format'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { PageHeader } from '../common/page-header'
import { personName } from './person-name'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The filters of the query string the API takes; anything else is left out rather than refused. */
function readFilters(search: URLSearchParams): CashQuery {
  const driver = Number(search.get('driver'))
  const from = search.get('from') ?? ''
  const to = search.get('to') ?? ''
  return {
    ...(Number.isInteger(driver) && driver > 0 && { driver }),
    ...(DAY.test(from) && { from }),
    ...(DAY.test(to) && { to }),
  }
}

function HandInForm({ drivers }: { drivers: Driver[] }) {
  const { t } = useLingui()
  const schema = useMemo(
    () => HandInBody.extend({ driver_id: z.number({ error: t`Choose a driver.` }).int().positive() }),
    [t],
  )
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: localResolver(zodResolver(schema)),
    defaultValues: { amount: '', note: '' },
  })
  const record = useRecordHandIn()
  const [refusal, setRefusal] = useState<string>()
  const submit = form.handleSubmit((body) => {
    setRefusal(undefined)
    record.mutate(body, {
      onSuccess: () => {
        toast.success(t`Hand-in recorded.`)
        form.reset({ amount: '', note: '' })
      },
      onError: (error) => setRefusal(showServerErrors(error, form, t`Could not record the hand-in.`)),
    })
  })
  return (
    <Card as="section" className="shadow-sm border-0" aria-labelledby="hand-in-heading">
      <Card.Body>
        <Form noValidate onSubmit={submit} className="d-grid gap-3">
          <Card.Title as="h2" id="hand-in-heading" className="h5 mb-0">
            <Trans>Record a hand-in</Trans>
          </Card.Title>
          <FormRefusal message={refusal} className="mb-0" />
          <div className="row g-3">
            <SelectField
              form={form}
              name="driver_id"
              id="hand-in-driver"
              label={t`Driver`}
              options={{ setValueAs: (value: string) => (value === '' ? undefined : Number(value)) }}
              className="col-md-4"
            >
              <option value="">{t`Choose a driver`}</option>
              {drivers.map((driver) => (
                <option key={driver.id} value={driver.id}>
                  {personName(driver)}
                </option>
              ))}
            </SelectField>
            <TextField
              form={form}
              name="amount"
              id="hand-in-amount"
              label={t`Amount (PKR)`}
              inputMode="decimal"
              autoComplete="off"
              className="col-md-3"
            />
            <TextField
              form={form}
              name="note"
              id="hand-in-note"
              label={t`Note (optional)`}
              className="col-md-5"
            />
          </div>
          <div>
            <SubmitButton busy={record.isPending}>
              <Trans>Record hand-in</Trans>
            </SubmitButton>
          </div>
        </Form>
      </Card.Body>
    </Card>
  )
}

function Report({ report }: { report: CashReport }) {
  const { t } = useLingui()
  return (
    <div className="d-grid gap-4">
      <section aria-labelledby="by-driver-heading">
        <h2 id="by-driver-heading" className="h5">
          <Trans>By driver</Trans>
        </h2>
        {report.drivers.length === 0 ? (
          <p className="text-body-secondary">
            <Trans>No driver has collected cash yet.</Trans>
          </p>
        ) : (
          <Table responsive className="align-middle bg-white">
            <thead>
              <tr>
                <th scope="col" className="text-nowrap">{t`Driver`}</th>
                <th scope="col" className="text-end text-nowrap">{t`Collected`}</th>
                <th scope="col" className="text-end text-nowrap">{t`Handed in`}</th>
                <th scope="col" className="text-end text-nowrap">{t`Still with the driver`}</th>
              </tr>
            </thead>
            <tbody>
              {report.drivers.map((row) => (
                <tr key={row.driver.id}>
                  <td>{personName(row.driver)}</td>
                  <td className="text-end text-nowrap">
                    <Price amount={row.collected} />
                  </td>
                  <td className="text-end text-nowrap">
                    <Price amount={row.handed_in} />
                  </td>
                  <td
                    className={`text-end text-nowrap ${toPaisa(row.outstanding) > 0 ? 'fw-semibold text-danger' : ''}`}
                  >
                    <Price amount={row.outstanding} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      <div className="row g-4">
        <section aria-labelledby="collections-heading" className="col-lg-6">
          <h2 id="collections-heading" className="h5">
            <Trans>Collections</Trans>
          </h2>
          {report.collections.length === 0 ? (
            <p className="text-body-secondary">
              <Trans>No cash collected in this period.</Trans>
            </p>
          ) : (
            <Table responsive size="sm" className="bg-white">
              <thead>
                <tr>
                  <th scope="col">{t`When`}</th>
                  <th scope="col">{t`Order`}</th>
                  <th scope="col" className="text-nowrap">{t`Driver`}</th>
                  <th scope="col" className="text-end text-nowrap">{t`Amount`}</th>
                </tr>
              </thead>
              <tbody>
                {report.collections.map((collection) => {
                  const orderId = collection.order_id
                  return (
                    <tr key={`${orderId}-${collection.at}`}>
                      <td className="text-nowrap">{formatDateTime(collection.at)}</td>
                      <td>
                        <Link to={`/adminuser/orders/${orderId}`}>
                          <Trans>Order #{orderId}</Trans>
                        </Link>
                      </td>
                      <td>{collection.driver.first_name}</td>
                      <td className="text-end text-nowrap">
                        <Price amount={collection.amount} />
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </Table>
          )}
        </section>
        <section aria-labelledby="hand-ins-heading" className="col-lg-6">
          <h2 id="hand-ins-heading" className="h5">
            <Trans>Hand-ins</Trans>
          </h2>
          {report.hand_ins.length === 0 ? (
            <p className="text-body-secondary">
              <Trans>No cash handed in in this period.</Trans>
            </p>
          ) : (
            <Table responsive size="sm" className="bg-white">
              <thead>
                <tr>
                  <th scope="col">{t`When`}</th>
                  <th scope="col" className="text-nowrap">{t`Driver`}</th>
                  <th scope="col" className="text-end text-nowrap">{t`Amount`}</th>
                  <th scope="col" className="text-nowrap">{t`Received by`}</th>
                </tr>
              </thead>
              <tbody>
                {report.hand_ins.map((handIn) => (
                  <tr key={handIn.id}>
                    <td className="text-nowrap">{formatDateTime(handIn.at)}</td>
                    <td>
                      {handIn.driver.first_name}
                      {handIn.note && (
                        <div className="small text-body-secondary" dir="auto">
                          {handIn.note}
                        </div>
                      )}
                    </td>
                    <td className="text-end text-nowrap">
                      <Price amount={handIn.amount} />
                    </td>
                    <td>{handIn.received_by?.first_name ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </section>
      </div>
    </div>
  )
}

/** What each driver collected at the doors against what they handed in at the shop. */
export function CashPage() {
  const { t } = useLingui()
  const [search, setSearch] = useSearchParams()
  const filters = readFilters(search)
  const report = useQuery(cashReportQuery(filters))
  // Every driver, whatever the filters: the choices of the driver filter and of a hand-in.
  const everyone = useQuery(cashReportQuery({}))
  const drivers = everyone.data?.drivers.map((row) => row.driver) ?? []
  const setFilter = (name: keyof CashQuery, value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      if (value) next.set(name, value)
      else next.delete(name)
      return next
    })
  return (
    <>
      <PageHeader
        title={t`Cash with drivers`}
        subtitle={t`Cash collected at the door against cash handed in.`}
      />
      <div className="d-grid gap-4">
        <Form
          role="search"
          aria-label={t`Filter the cash`}
          className="row g-3"
          onSubmit={(e) => e.preventDefault()}
        >
          <Form.Group controlId="cash-driver" className="col-sm-4">
            <Form.Label>
              <Trans>Driver</Trans>
            </Form.Label>
            <Form.Select
              value={filters.driver ?? ''}
              onChange={(event) => setFilter('driver', event.target.value)}
            >
              <option value="">{t`Every driver`}</option>
              {drivers.map((driver) => (
                <option key={driver.id} value={driver.id}>
                  {personName(driver)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="cash-from" className="col-sm-4">
            <Form.Label>
              <Trans context="date range">From</Trans>
            </Form.Label>
            <Form.Control
              type="date"
              value={filters.from ?? ''}
              onChange={(event) => setFilter('from', event.target.value)}
            />
          </Form.Group>
          <Form.Group controlId="cash-to" className="col-sm-4">
            <Form.Label>
              <Trans context="date range">To</Trans>
            </Form.Label>
            <Form.Control
              type="date"
              value={filters.to ?? ''}
              onChange={(event) => setFilter('to', event.target.value)}
            />
          </Form.Group>
        </Form>
        {report.isPending ? (
          <Loading label={t`Loading the cash...`} />
        ) : report.isError ? (
          <Alert variant="danger">
            <Trans>Could not load the cash report.</Trans>
          </Alert>
        ) : (
          <Report report={report.data} />
        )}
        <HandInForm drivers={drivers} />
      </div>
    </>
  )
}
