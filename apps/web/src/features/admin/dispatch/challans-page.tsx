import { Trans, useLingui } from '@lingui/react/macro'
import type { Run, Stop } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { Link, useParams, useSearchParams } from 'react-router'
import { ChosenOptions } from '../../../components/chosen-options'
import { Loading } from '../../../components/loading'
import { Price } from '../../../components/price'
import { dispatchDayQuery } from '../../../data/dispatch'
import { formatCalendarDate } from '../../../lib/format'
import { isolated } from '../../../lib/i18n'
import { useTitle } from '../../../lib/use-title'
import { useDeliveryNeeds } from '../common/dispatch-order'
import { dayFromSearch } from './pakistan-day'

/** The shop's name is its brand, the same in Urdu (as on the shop's own pages). */
const SHOP_NAME = 'Comfort Living'

/** One stop's delivery challan: an A4 page the customer signs at the door. */
function Challan({ run, stop }: { run: Run; stop: Stop }) {
  const needs = useDeliveryNeeds()
  const { order } = stop
  const orderId = order.id
  const position = stop.position
  const day = formatCalendarDate(run.date)
  const vehicle = isolated(run.vehicle)
  const driver = isolated(run.driver.first_name)
  return (
    <article className="challan" aria-labelledby={`challan-${stop.id}`}>
      <header className="d-flex justify-content-between align-items-start border-bottom pb-2 mb-3">
        <div>
          <div className="challan-shop">{SHOP_NAME}</div>
          <h2 id={`challan-${stop.id}`} className="h4 mb-0">
            <Trans>Delivery challan · Order #{orderId}</Trans>
          </h2>
        </div>
        <div className="text-end small">
          <div>
            <Trans>Date: {day}</Trans>
          </div>
          <div>
            <Trans>
              Stop {position} · {vehicle} · {driver}
            </Trans>
          </div>
        </div>
      </header>
      <section className="mb-3">
        <h3 className="h6 text-uppercase text-body-secondary mb-1">
          <Trans>Deliver to</Trans>
        </h3>
        <address className="mb-0" dir="auto">
          <strong>
            {order.first_name} {order.last_name}
          </strong>
          <br />
          {order.address}
          <br />
          {order.city}
          <br />
          <span dir="ltr">{order.phone}</span>
        </address>
      </section>
      <table className="table table-sm table-bordered mb-3">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Item</Trans>
            </th>
            <th scope="col" className="text-end">
              <Trans>Quantity</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id here and never move
            <tr key={index}>
              <td>
                <bdi>{item.name}</bdi>
                <div className="small">
                  <ChosenOptions options={item.options} />
                </div>
              </td>
              <td className="text-end">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mb-1">{needs(order)}</p>
      <p className="challan-collect">
        <Trans>
          Balance to collect: <Price amount={order.balance_due} exact />
        </Trans>
      </p>
      <div className="challan-signatures">
        <div>
          <div className="challan-line" />
          <Trans>Received in good condition by</Trans>
        </div>
        <div>
          <div className="challan-line" />
          <Trans>Driver</Trans>
        </div>
      </div>
    </article>
  )
}

/** A run's challans, one A4 page a stop, for the driver to take along (a printable page). */
export function ChallansPage() {
  const { t } = useLingui()
  useTitle(t`Delivery challans`)
  const { runId } = useParams()
  const [search] = useSearchParams()
  const date = dayFromSearch(search)
  const day = useQuery(dispatchDayQuery(date))
  const run = day.data?.runs.find((each) => String(each.id) === runId)
  return (
    <div className="challans container py-3">
      <div className="d-print-none d-flex gap-2 mb-3">
        <Button onClick={() => window.print()} disabled={!run}>
          <Trans>Print</Trans>
        </Button>
        <Link className="btn btn-outline-secondary" to={`/adminuser/dispatch?date=${date}`}>
          <Trans>Back to dispatch</Trans>
        </Link>
      </div>
      {day.isPending ? (
        <Loading label={t`Loading the run...`} />
      ) : day.isError ? (
        <Alert variant="danger">
          <Trans>Could not load the run.</Trans>
        </Alert>
      ) : !run ? (
        <Alert variant="warning">
          <Trans>This run is not on that day's board.</Trans>
        </Alert>
      ) : (
        run.stops.map((stop) => <Challan key={stop.id} run={run} stop={stop} />)
      )}
    </div>
  )
}
