import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from 'react-bootstrap'

/** A table row's Edit and Delete, named for screen readers by the row's record ("Edit Lahore"). */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit(): void; onDelete(): void }) {
  const { t } = useLingui()
  return (
    <div className="d-flex flex-column flex-sm-row gap-2">
      <Button size="sm" variant="outline-primary" onClick={onEdit} aria-label={t`Edit ${name}`}>
        <Trans>Edit</Trans>
      </Button>
      <Button size="sm" variant="outline-danger" onClick={onDelete} aria-label={t`Delete ${name}`}>
        <Trans>Delete</Trans>
      </Button>
    </div>
  )
}
