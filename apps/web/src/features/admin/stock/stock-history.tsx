import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MovementReason, StockMovement } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { usePageParam } from '../../../components/pager'
import { downloadCsv } from '../../../data/data-transfer'
import { movementsQuery } from '../../../data/stock'
import { formatDateTime } from '../../../lib/format'
import { DownloadButton } from '../common/download-button'
import { ListTable, PagedListState } from '../common/list-state'

const PAGE_SIZE = 20

/** How each reason of a movement reads in the history. */
export const REASON_LABELS: Record<MovementReason, MessageDescriptor> = {
  opening: msg`Opening stock`,
  sale: msg`Sale`,
  cancel: msg`Cancelled order`,
  return: msg`Return`,
  adjustment: msg`Adjustment`,
  transfer: msg`Transfer`,
  count: msg`Count`,
  production: msg`Production`,
  write_off: msg`Write-off`,
}

/** Units in with a plus, units out with a true minus sign, kept left to right in an Urdu page. */
const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`)

/**
 * Who moved it: the person the server names (staff, or the customer for their own order); with no one
 * named, the customer of an order whose account is gone, else the system (the opening).
 */
function Who({ movement }: { movement: StockMovement }) {
  if (movement.actor) return movement.actor.first_name
  return movement.reference?.kind === 'order' ? <Trans>Customer</Trans> : <Trans>System</Trans>
}

/** What caused it: the order (a link to it) or the transfer whose other half it is. */
function Reference({ reference }: { reference: StockMovement['reference'] }) {
  const { t } = useLingui()
  if (!reference) return null
  const id = reference.id
  if (reference.kind === 'order') {
    return (
      <Link to={`/adminuser/orders/${id}`} aria-label={t`Order #${id}`}>
        <Trans>Order #{id}</Trans>
      </Link>
    )
  }
  return <Trans>Transfer #{id}</Trans>
}

function MovementRow({ movement }: { movement: StockMovement }) {
  const { i18n } = useLingui()
  const reason = i18n._(REASON_LABELS[movement.reason])
  const when = formatDateTime(movement.at)
  const place = movement.location_name
  return (
    <tr>
      <td>
        <span className="text-nowrap">{when}</span>
        {/* Small screens fold who, where, why and the note into the first cell. */}
        <div className="d-md-none small text-body-secondary">
          <Who movement={movement} /> · {place} · {reason} <Reference reference={movement.reference} />
          {movement.note && (
            <span className="d-block" dir="auto">
              {movement.note}
            </span>
          )}
        </div>
      </td>
      <td className="d-none d-md-table-cell">
        <Who movement={movement} />
      </td>
      <td className="d-none d-md-table-cell">{place}</td>
      <td className="d-none d-md-table-cell">
        {reason}
        <div className="small">
          <Reference reference={movement.reference} />
        </div>
      </td>
      <td className={`text-nowrap fw-semibold ${movement.delta > 0 ? 'text-success' : 'text-danger'}`}>
        <bdi dir="ltr">{signed(movement.delta)}</bdi>
      </td>
      <td className="d-none d-md-table-cell" dir="auto">
        {movement.note}
      </td>
    </tr>
  )
}

/** Every unit of the product that moved, newest first, a page at a time (`?page=`). */
export function StockHistory({ productId }: { productId: number }) {
  const { t } = useLingui()
  const page = usePageParam()
  const movements = useQuery(movementsQuery({ product: productId, page, page_size: PAGE_SIZE }))
  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <DownloadButton
          size="sm"
          label={t`Export this history as CSV`}
          download={() => downloadCsv.stock({ product: productId })}
        />
      </div>
      <PagedListState
        query={movements}
        page={page}
        pageSize={PAGE_SIZE}
        loadingLabel={t`Loading the stock history...`}
        failure={<Trans>Could not load the stock history.</Trans>}
        empty={<Trans>No stock has moved yet.</Trans>}
      >
        {(list) => (
          <ListTable
            hover={false}
            columns={[
              { label: t`When` },
              { label: t`Who`, className: 'd-none d-md-table-cell' },
              { label: t`Location`, className: 'd-none d-md-table-cell' },
              { label: t`Reason`, className: 'd-none d-md-table-cell' },
              { label: t`Units` },
              { label: t`Note`, className: 'd-none d-md-table-cell' },
            ]}
          >
            {list.map((movement) => (
              <MovementRow key={movement.id} movement={movement} />
            ))}
          </ListTable>
        )}
      </PagedListState>
    </>
  )
}
