import { Trans, useLingui } from '@lingui/react/macro'
import type { Location } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Badge, Button } from 'react-bootstrap'
import { downloadCsv } from '../../../data/data-transfer'
import { locationsQuery, useDeleteLocation } from '../../../data/stock'
import { serverDetail } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { ConfirmDeleteModal } from '../common/confirm-delete-modal'
import { DownloadButton } from '../common/download-button'
import { ListState, ListTable } from '../common/list-state'
import { FormDialog, useFormDialog } from '../common/modal-form'
import { PageHeader } from '../common/page-header'
import { RowActions } from '../common/row-actions'
import { KIND_LABELS, LocationForm } from './location-form'

function LocationTable({
  locations,
  onEdit,
  onDelete,
}: {
  locations: Location[]
  onEdit(location: Location): void
  onDelete(location: Location): void
}) {
  const { i18n, t } = useLingui()
  return (
    <ListTable
      columns={[
        { label: t`Name` },
        { label: t`Kind`, className: 'd-none d-md-table-cell' },
        { label: t`City`, className: 'd-none d-md-table-cell' },
        { label: t`Actions` },
      ]}
    >
      {locations.map((location) => {
        const kind = i18n._(KIND_LABELS[location.kind])
        const city = location.city
        return (
          <tr key={location.id}>
            <td>
              <span className="fw-medium">{location.name}</span>
              {!location.is_active && (
                <Badge bg="secondary" className="ms-2">
                  <Trans>Inactive</Trans>
                </Badge>
              )}
              {/* Small screens fold the kind and city into the first cell. */}
              <div className="d-md-none small text-body-secondary">
                <Trans>
                  {kind} · {city}
                </Trans>
              </div>
            </td>
            <td className="d-none d-md-table-cell">{kind}</td>
            <td className="d-none d-md-table-cell">{city}</td>
            <td>
              <RowActions
                name={location.name}
                onEdit={() => onEdit(location)}
                onDelete={() => onDelete(location)}
              />
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}

/** Staff keep the list of places stock is kept: warehouses, showrooms, workshops. */
export function LocationsPage() {
  const { t } = useLingui()
  const locations = useQuery(locationsQuery())
  const dialog = useFormDialog<Location>()
  const [doomed, setDoomed] = useState<Location | null>(null)
  const removal = useDeleteLocation()

  const remove = ({ id, name }: Location) =>
    removal.mutate(id, {
      onSuccess: () => toast.success(t`Location "${name}" deleted.`),
      // docs/api.md: 409 with the reason while it holds stock; the sentence is the server's.
      onError: (error) => toast.error(serverDetail(error) ?? t`Could not delete ${name}.`),
      onSettled: () => setDoomed(null),
    })

  const doomedName = doomed?.name
  return (
    <>
      <PageHeader
        title={t`Locations`}
        subtitle={t`The warehouses, showrooms and workshops where stock is kept.`}
        action={
          <div className="d-flex flex-wrap gap-2">
            <DownloadButton label={t`Export stock movements CSV`} download={() => downloadCsv.stock()} />
            <Button onClick={() => dialog.open()}>
              <Trans>Add Location</Trans>
            </Button>
          </div>
        }
      />
      <ListState
        query={locations}
        loadingLabel={t`Loading the locations...`}
        failure={<Trans>Could not load the locations.</Trans>}
        isEmpty={(list) => list.length === 0}
        empty={<Trans>No locations yet.</Trans>}
      >
        {(list) => <LocationTable locations={list} onEdit={dialog.open} onDelete={setDoomed} />}
      </ListState>

      <FormDialog show={dialog.show} onHide={dialog.close}>
        <LocationForm location={dialog.record} onDone={dialog.close} />
      </FormDialog>
      <ConfirmDeleteModal
        show={doomed !== null}
        title={t`Delete location`}
        deleting={removal.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && remove(doomed)}
      >
        <Trans>
          Delete the location <strong>{doomedName}</strong>? Only a location that holds no stock can be
          deleted.
        </Trans>
      </ConfirmDeleteModal>
    </>
  )
}
