import type { DeliveryZone } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Button, Table } from 'react-bootstrap'
import toast from 'react-hot-toast'
import { Loading } from '../../../components/loading'
import { deliveryZonesQuery, useDeleteDeliveryZone } from '../../../data/delivery'
import { serverDetail } from '../../../lib/api'
import { formatPrice } from '../../../lib/format'
import { ConfirmDeleteModal } from '../common/confirm-delete-modal'
import { FormDialog, useFormDialog } from '../common/modal-form'
import { PageHeader } from '../common/page-header'
import { RowActions } from '../common/row-actions'
import { BankAccountSection } from './bank-account-form'
import { ZoneForm } from './zone-form'

const days = (zone: DeliveryZone) =>
  zone.eta_min_days === zone.eta_max_days
    ? `${zone.eta_min_days} days`
    : `${zone.eta_min_days}–${zone.eta_max_days} days`

const freeOver = (zone: DeliveryZone) => (zone.free_over === null ? 'Never' : formatPrice(zone.free_over))

function cashOnDelivery(zone: DeliveryZone) {
  if (!zone.cod_available) return 'No'
  return Number(zone.cod_fee) > 0 ? `Yes (+${formatPrice(zone.cod_fee)})` : 'Yes'
}

function ZoneTable({
  zones,
  onEdit,
  onDelete,
}: {
  zones: DeliveryZone[]
  onEdit(zone: DeliveryZone): void
  onDelete(zone: DeliveryZone): void
}) {
  return (
    <Table responsive hover className="align-middle bg-white shadow-sm admin-table">
      <thead>
        <tr>
          <th scope="col">City</th>
          <th scope="col" className="d-none d-md-table-cell">
            Fee
          </th>
          <th scope="col" className="d-none d-md-table-cell">
            Free over
          </th>
          <th scope="col" className="d-none d-md-table-cell">
            Delivery in
          </th>
          <th scope="col" className="d-none d-md-table-cell">
            Cash on delivery
          </th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {zones.map((zone) => (
          <tr key={zone.id}>
            <td>
              <span className="fw-medium">{zone.city}</span>
              {/* Small screens fold the terms into the first cell. */}
              <div className="d-md-none small text-body-secondary">
                {formatPrice(zone.fee)} · free over {freeOver(zone)} · {days(zone)} · COD{' '}
                {cashOnDelivery(zone)}
              </div>
            </td>
            <td className="d-none d-md-table-cell text-nowrap">{formatPrice(zone.fee)}</td>
            <td className="d-none d-md-table-cell text-nowrap">{freeOver(zone)}</td>
            <td className="d-none d-md-table-cell text-nowrap">{days(zone)}</td>
            <td className="d-none d-md-table-cell text-nowrap">{cashOnDelivery(zone)}</td>
            <td>
              <RowActions name={zone.city} onEdit={() => onEdit(zone)} onDelete={() => onDelete(zone)} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  )
}

/** Staff set where the shop delivers, its fees and times, and the account bank transfers go to. */
export function DeliveryPage() {
  const zones = useQuery(deliveryZonesQuery())
  const dialog = useFormDialog<DeliveryZone>()
  const [doomed, setDoomed] = useState<DeliveryZone | null>(null)
  const removal = useDeleteDeliveryZone()

  const remove = (zone: DeliveryZone) =>
    removal.mutate(zone.id, {
      onSuccess: () => toast.success(`Delivery to ${zone.city} removed.`),
      onError: (error) => toast.error(serverDetail(error) ?? `Could not remove delivery to ${zone.city}.`),
      onSettled: () => setDoomed(null),
    })

  return (
    <>
      <PageHeader
        title="Delivery"
        subtitle="The cities the shop delivers to, what delivery costs there and how long it takes."
        action={<Button onClick={() => dialog.open()}>Add Zone</Button>}
      />
      <section aria-labelledby="zones-heading" className="mb-4">
        <h2 id="zones-heading" className="visually-hidden">
          Delivery zones
        </h2>
        {zones.isPending ? (
          <Loading label="Loading the delivery zones..." />
        ) : zones.isError ? (
          <Alert variant="danger">Could not load the delivery zones.</Alert>
        ) : zones.data.length === 0 ? (
          <p className="text-body-secondary">
            No delivery zones yet: customers cannot order until you add one.
          </p>
        ) : (
          <ZoneTable zones={zones.data} onEdit={dialog.open} onDelete={setDoomed} />
        )}
      </section>
      <BankAccountSection />

      <FormDialog show={dialog.show} onHide={dialog.close}>
        <ZoneForm zone={dialog.record} onDone={dialog.close} />
      </FormDialog>
      <ConfirmDeleteModal
        show={doomed !== null}
        title="Remove delivery zone"
        deleting={removal.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && remove(doomed)}
      >
        Stop delivering to <strong>{doomed?.city}</strong>? Customers there can no longer order; orders
        already placed keep their delivery fee.
      </ConfirmDeleteModal>
    </>
  )
}
