import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { DeliveryZone } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from 'react-bootstrap'
import { deliveryZonesQuery, useDeleteDeliveryZone } from '../../../data/delivery'
import { serverDetail } from '../../../lib/api'
import { formatPrice } from '../../../lib/format'
import { i18n } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'
import { ConfirmDeleteModal } from '../common/confirm-delete-modal'
import { ListState, ListTable } from '../common/list-state'
import { FormDialog, useFormDialog } from '../common/modal-form'
import { PageHeader } from '../common/page-header'
import { RowActions } from '../common/row-actions'
import { BankAccountSection } from './bank-account-form'
import { DeliveryServicesSection } from './services-form'
import { ZoneForm } from './zone-form'

function days({ eta_min_days: least, eta_max_days: most }: DeliveryZone) {
  return least === most ? i18n._(msg`${least} days`) : i18n._(msg`${least}–${most} days`)
}

const freeOver = (zone: DeliveryZone) =>
  zone.free_over === null ? i18n._(msg`Never`) : formatPrice(zone.free_over)

function cashOnDelivery(zone: DeliveryZone) {
  if (!zone.cod_available) return i18n._(msg`No`)
  const fee = formatPrice(zone.cod_fee)
  return Number(zone.cod_fee) > 0 ? i18n._(msg`Yes (+${fee})`) : i18n._(msg`Yes`)
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
  const { t } = useLingui()
  return (
    <ListTable
      columns={[
        { label: t`City` },
        { label: t`Fee`, className: 'd-none d-md-table-cell' },
        { label: t`Free over`, className: 'd-none d-md-table-cell' },
        { label: t`Delivery in`, className: 'd-none d-md-table-cell' },
        { label: t`Cash on delivery`, className: 'd-none d-md-table-cell' },
        { label: t`Actions` },
      ]}
    >
      {zones.map((zone) => {
        const fee = formatPrice(zone.fee)
        const free = freeOver(zone)
        const eta = days(zone)
        const cod = cashOnDelivery(zone)
        return (
          <tr key={zone.id}>
            <td>
              <span className="fw-medium">{zone.city}</span>
              {/* Small screens fold the terms into the first cell. */}
              <div className="d-md-none small text-body-secondary">
                <Trans>
                  {fee} · free over {free} · {eta} · COD {cod}
                </Trans>
              </div>
            </td>
            <td className="d-none d-md-table-cell text-nowrap">{fee}</td>
            <td className="d-none d-md-table-cell text-nowrap">{free}</td>
            <td className="d-none d-md-table-cell text-nowrap">{eta}</td>
            <td className="d-none d-md-table-cell text-nowrap">{cod}</td>
            <td>
              <RowActions name={zone.city} onEdit={() => onEdit(zone)} onDelete={() => onDelete(zone)} />
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}

/** Staff set where the shop delivers, its fees and times, and the account bank transfers go to. */
export function DeliveryPage() {
  const { t } = useLingui()
  const zones = useQuery(deliveryZonesQuery())
  const dialog = useFormDialog<DeliveryZone>()
  const [doomed, setDoomed] = useState<DeliveryZone | null>(null)
  const removal = useDeleteDeliveryZone()

  const remove = ({ id, city }: DeliveryZone) =>
    removal.mutate(id, {
      onSuccess: () => toast.success(t`Delivery to ${city} removed.`),
      onError: (error) => toast.error(serverDetail(error) ?? t`Could not remove delivery to ${city}.`),
      onSettled: () => setDoomed(null),
    })

  const doomedCity = doomed?.city
  return (
    <>
      <PageHeader
        title={t`Delivery`}
        subtitle={t`The cities the shop delivers to, what delivery costs there and how long it takes; holidays, carrying and assembly.`}
        action={
          <Button onClick={() => dialog.open()}>
            <Trans>Add Zone</Trans>
          </Button>
        }
      />
      <section aria-labelledby="zones-heading" className="mb-4">
        <h2 id="zones-heading" className="visually-hidden">
          <Trans>Delivery zones</Trans>
        </h2>
        <ListState
          query={zones}
          loadingLabel={t`Loading the delivery zones...`}
          failure={<Trans>Could not load the delivery zones.</Trans>}
          isEmpty={(list) => list.length === 0}
          empty={<Trans>No delivery zones yet: customers cannot order until you add one.</Trans>}
        >
          {(list) => <ZoneTable zones={list} onEdit={dialog.open} onDelete={setDoomed} />}
        </ListState>
      </section>
      <DeliveryServicesSection />
      <BankAccountSection />

      <FormDialog show={dialog.show} onHide={dialog.close}>
        <ZoneForm zone={dialog.record} onDone={dialog.close} />
      </FormDialog>
      <ConfirmDeleteModal
        show={doomed !== null}
        title={t`Remove delivery zone`}
        deleting={removal.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && remove(doomed)}
      >
        <Trans>
          Stop delivering to <strong>{doomedCity}</strong>? Customers there can no longer order; orders
          already placed keep their delivery fee.
        </Trans>
      </ConfirmDeleteModal>
    </>
  )
}
