import { zodResolver } from '@hookform/resolvers/zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Address, AddressBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { type Path, useForm } from 'react-hook-form'
import { CitySuggestions } from '../../components/city-suggestions'
import { FormRefusal } from '../../components/form-refusal'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { deliveryZonesQuery } from '../../data/delivery'
import { showRefusalInForm } from '../../lib/server-errors'

type AddressValues = AddressBody

const FIELDS: {
  name: Path<AddressValues>
  label: MessageDescriptor
  autoComplete: string
  type?: string
  wide?: boolean
}[] = [
  { name: 'label', label: msg`Label`, autoComplete: 'off' },
  { name: 'phone', label: msg`Mobile number`, autoComplete: 'tel', type: 'tel' },
  { name: 'first_name', label: msg`First name`, autoComplete: 'given-name' },
  { name: 'last_name', label: msg`Last name`, autoComplete: 'family-name' },
  { name: 'address', label: msg`Address`, autoComplete: 'street-address', wide: true },
  { name: 'city', label: msg`City`, autoComplete: 'address-level2' },
  { name: 'postal_code', label: msg`Postal code`, autoComplete: 'postal-code' },
]

/** One address to save or change; the server's field errors land on their fields, the rest above. */
export function AddressForm({
  address,
  onSave,
  onCancel,
}: {
  address?: Address
  onSave: (body: AddressBody) => Promise<unknown>
  onCancel: () => void
}) {
  const { t } = useLingui()
  const zones = useQuery(deliveryZonesQuery())
  const form = useForm<AddressValues>({
    resolver: zodResolver(AddressBody),
    defaultValues: address ?? {
      label: t({ message: 'Home', context: 'the label of an address' }),
      is_default: false,
    },
  })
  const { errors, isSubmitting } = form.formState
  const listId = `cities-${address?.id ?? 'new'}`
  const label = address?.label

  async function save(values: AddressValues) {
    try {
      await onSave(values)
    } catch (error) {
      showRefusalInForm(error, form, t`Could not save the address. Try again.`)
    }
  }

  return (
    <Form
      onSubmit={form.handleSubmit(save)}
      noValidate
      aria-label={address ? t`Edit ${label}` : t`New address`}
    >
      <FormRefusal message={errors.root?.message} />
      <div className="row g-3">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            form={form}
            name={field.name}
            id={`${listId}-${field.name}`}
            label={t(field.label)}
            className={field.wide ? 'col-12' : 'col-sm-6'}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            {...(field.name === 'city' && { list: listId })}
          />
        ))}
      </div>
      <CitySuggestions id={listId} zones={zones.data ?? []} />
      <Form.Check
        className="mt-3"
        id={`${listId}-default`}
        label={t`Use as my default address`}
        {...form.register('is_default')}
      />
      <div className="d-flex gap-2 mt-3">
        <SubmitButton busy={isSubmitting}>
          <Trans>Save address</Trans>
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Form>
  )
}
