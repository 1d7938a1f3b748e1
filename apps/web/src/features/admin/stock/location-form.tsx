import { zodResolver } from '@hookform/resolvers/zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { LOCATION_KINDS, type Location, LocationBody, type LocationKind } from '@store/contract'
import { useState } from 'react'
import { Form, Row } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import { SelectField } from '../../../components/select-field'
import { TextField } from '../../../components/text-field'
import { useCreateLocation, useUpdateLocation } from '../../../data/stock'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { ModalForm } from '../common/modal-form'

/** How each kind of location reads. */
export const KIND_LABELS: Record<LocationKind, MessageDescriptor> = {
  warehouse: msg`Warehouse`,
  showroom: msg`Showroom`,
  workshop: msg`Workshop`,
}

const locationResolver = localResolver(zodResolver(LocationBody))

const initialValues = (location: Location | undefined): LocationBody =>
  location
    ? { name: location.name, kind: location.kind, city: location.city, is_active: location.is_active }
    : { name: '', kind: 'warehouse', city: '', is_active: true }

/** Add a warehouse, showroom or workshop, or change one (absent `location`: a new one). */
export function LocationForm({ location, onDone }: { location?: Location; onDone(): void }) {
  const { i18n, t } = useLingui()
  const form = useForm<LocationBody, unknown, LocationBody>({
    resolver: locationResolver,
    defaultValues: initialValues(location),
  })
  const create = useCreateLocation()
  const update = useUpdateLocation()
  const [refusal, setRefusal] = useState<string>()

  const save = form.handleSubmit((body) => {
    setRefusal(undefined)
    const callbacks = {
      onSuccess: (saved: Location) => {
        const name = saved.name
        toast.success(location ? t`Location "${name}" updated.` : t`Location "${name}" added.`)
        onDone()
      },
      onError: (error: unknown) => setRefusal(showServerErrors(error, form, t`Could not save the location.`)),
    }
    if (location) update.mutate({ id: location.id, body }, callbacks)
    else create.mutate(body, callbacks)
  })

  const current = location?.name
  return (
    <ModalForm
      title={location ? t`Edit ${current}` : t`Add a location`}
      submitLabel={location ? t`Save Location` : t`Add Location`}
      saving={create.isPending || update.isPending}
      error={refusal}
      onCancel={onDone}
      onSubmit={save}
    >
      <TextField form={form} name="name" id="location-name" label={t`Name`} dir="auto" maxLength={100} />
      <Row className="g-3">
        <SelectField form={form} name="kind" id="location-kind" label={t`Kind`} className="col-sm-6">
          {LOCATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {i18n._(KIND_LABELS[kind])}
            </option>
          ))}
        </SelectField>
        <TextField
          form={form}
          name="city"
          id="location-city"
          label={t`City`}
          dir="auto"
          maxLength={100}
          autoComplete="off"
          className="col-sm-6"
        />
      </Row>
      <Form.Group controlId="location-active">
        <Form.Check
          type="switch"
          label={t`Active`}
          aria-describedby="location-active-help"
          {...form.register('is_active')}
        />
        <Form.Text id="location-active-help">{t`Orders take stock only from active locations.`}</Form.Text>
      </Form.Group>
    </ModalForm>
  )
}
