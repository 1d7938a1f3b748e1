import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Address, DeliveryZone, PlaceOrderBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import Form from 'react-bootstrap/Form'
import type { UseFormReturn, UseFormSetValue } from 'react-hook-form'
import { Link } from 'react-router'
import { CitySuggestions } from '../../components/city-suggestions'
import { addressesQuery, useCreateAddress } from '../../data/addresses'
import { useSession } from '../../data/auth'
import { isolated, localSentence } from '../../lib/i18n'
import { toast } from '../../lib/toast'
import type { CheckoutValues } from './checkout-values'

/** A mobile number as Pakistanis write it: the field's example */
const example = '0300 1234567'

const FIELDS: {
  name: Exclude<
    keyof CheckoutValues,
    'payment_method' | 'coupon_code' | 'delivery_date' | 'floor' | 'lift' | 'assembly'
  >
  label: MessageDescriptor
  autoComplete: string
  type?: string
  wide?: boolean
  hint?: MessageDescriptor
}[] = [
  { name: 'first_name', label: msg`First name`, autoComplete: 'given-name' },
  { name: 'last_name', label: msg`Last name`, autoComplete: 'family-name' },
  { name: 'email', label: msg`Email`, autoComplete: 'email', type: 'email' },
  {
    name: 'phone',
    label: msg`Mobile number`,
    autoComplete: 'tel',
    type: 'tel',
    hint: msg`e.g. ${example}`,
  },
  { name: 'address', label: msg`Address`, autoComplete: 'street-address', wide: true },
  { name: 'city', label: msg`City`, autoComplete: 'address-level2' },
  { name: 'postal_code', label: msg`Postal code`, autoComplete: 'postal-code' },
]

const SHIPPING_FIELDS = ['first_name', 'last_name', 'phone', 'address', 'city', 'postal_code'] as const

/** Fills the shipping fields from a saved address; the shopper may still change them. */
function fillFrom(address: Address, setValue: UseFormSetValue<CheckoutValues>) {
  for (const field of SHIPPING_FIELDS) setValue(field, address[field], { shouldValidate: false })
}

/**
 * The shopper's address book at checkout: the default address fills the form once, when the book
 * arrives; another can be chosen; a new one is kept in the book after the order, when asked.
 */
export function useAddressBook(setValue: UseFormSetValue<CheckoutValues>) {
  const { t } = useLingui()
  const { user } = useSession()
  const addresses = useQuery({ ...addressesQuery(user?.id ?? 0), enabled: Boolean(user) })
  const saveAddress = useCreateAddress()
  const [chosen, setChosen] = useState<number | 'new' | null>(null)
  const [keep, setKeep] = useState(false)
  const homeLabel = t({ message: 'Home', context: 'the label of an address' })
  const [label, setLabel] = useState(homeLabel)
  const saved = addresses.data ?? []

  useEffect(() => {
    if (chosen !== null || !addresses.data) return
    const preferred = addresses.data.find((address) => address.is_default) ?? addresses.data[0]
    if (preferred) fillFrom(preferred, setValue)
    setChosen(preferred?.id ?? 'new')
  }, [addresses.data, chosen, setValue])

  function choose(id: string) {
    const address = saved.find((each) => String(each.id) === id)
    setChosen(address?.id ?? 'new')
    if (address) fillFrom(address, setValue)
  }

  /** After the order: a failure to save is told, but the order stands. */
  async function keepIfAsked(values: PlaceOrderBody) {
    if (!keep || chosen !== 'new') return
    const { first_name, last_name, phone, address, city, postal_code } = values
    try {
      await saveAddress.mutateAsync({
        label: label.trim() || homeLabel,
        first_name,
        last_name,
        phone,
        address,
        city,
        postal_code,
      })
    } catch (error) {
      console.error('Saving the address failed', error)
      toast.error(t`Your order is placed, but the address could not be saved.`)
    }
  }

  return { saved, chosen, choose, keep, setKeep, label, setLabel, keepIfAsked }
}

export type AddressBook = ReturnType<typeof useAddressBook>

/** Where the order goes: a saved address to start from, the fields, and keeping a new one. */
export function ShippingFields({
  form,
  book,
  zones,
}: {
  form: UseFormReturn<CheckoutValues, unknown, PlaceOrderBody>
  book: AddressBook
  zones: readonly DeliveryZone[]
}) {
  const { i18n, t } = useLingui()
  const {
    register,
    formState: { errors },
  } = form
  // The example's digit groups stay in order in an Urdu sentence.
  const hintOf = (hint: MessageDescriptor) => {
    const withExample = { ...hint, values: { example: isolated(example) } }
    return i18n._(withExample)
  }
  return (
    <>
      {book.saved.length > 0 && (
        <Form.Group controlId="saved-address" className="mb-3">
          <Form.Label>
            <Trans>Deliver to</Trans>
          </Form.Label>
          <Form.Select value={book.chosen ?? 'new'} onChange={(event) => book.choose(event.target.value)}>
            {book.saved.map((address) => (
              <option key={address.id} value={address.id}>
                {address.label}: {address.address}, {address.city}
              </option>
            ))}
            <option value="new">{t`A new address`}</option>
          </Form.Select>
          <Form.Text>
            <Link to="/account/addresses">
              <Trans>Manage your addresses</Trans>
            </Link>
          </Form.Text>
        </Form.Group>
      )}
      <div className="row g-3">
        {FIELDS.map((field) => (
          <Form.Group key={field.name} className={field.wide ? 'col-12' : 'col-sm-6'} controlId={field.name}>
            <Form.Label>{t(field.label)}</Form.Label>
            <Form.Control
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              {...(field.name === 'city' && { list: 'delivery-cities' })}
              {...(field.hint && { placeholder: hintOf(field.hint) })}
              {...register(field.name)}
              isInvalid={Boolean(errors[field.name])}
            />
            <Form.Control.Feedback type="invalid">
              {localSentence(errors[field.name]?.message)}
            </Form.Control.Feedback>
          </Form.Group>
        ))}
      </div>
      <CitySuggestions id="delivery-cities" zones={zones} />
      {book.chosen === 'new' && (
        <div className="mt-3">
          <Form.Check
            id="keep-address"
            label={t`Save this address to my address book`}
            checked={book.keep}
            onChange={(event) => book.setKeep(event.target.checked)}
          />
          {book.keep && (
            <Form.Group controlId="address-label" className="mt-2 col-sm-6">
              <Form.Label>
                <Trans>Address label</Trans>
              </Form.Label>
              <Form.Control
                value={book.label}
                maxLength={50}
                onChange={(event) => book.setLabel(event.target.value)}
              />
            </Form.Group>
          )}
        </div>
      )}
    </>
  )
}
