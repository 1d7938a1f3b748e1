import { z } from 'zod'
import { IdParams, multilineText, PageQuery, Paginated, type RouteSpec, text } from './common'
import { paths } from './paths'

/**
 * A Pakistani mobile number as people type it (spaces and dashes allowed), kept in one of the two
 * forms docs/api.md names: `03XXXXXXXXX` or `+923XXXXXXXXX`.
 */
export const PakistaniMobile = text({ error: 'Phone is required.' })
  .trim()
  .min(1, 'Phone is required.')
  .transform((phone) => phone.replace(/[\s-]/g, ''))
  .pipe(
    z.string().regex(/^(03\d{9}|\+923\d{9})$/, 'Enter a mobile number such as 03001234567 or +923001234567.'),
  )

export const Required = (label: string, max: number, kind = text) =>
  kind({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is at most ${max} characters.`)

/** The fields a shipment needs, shared by the address book and the checkout. */
export const ShippingFields = {
  first_name: Required('First name', 150),
  last_name: Required('Last name', 150),
  phone: PakistaniMobile,
  address: Required('Address', 300, multilineText),
  city: Required('City', 100),
  postal_code: Required('Postal code', 20),
}

export const Address = z.object({
  id: z.number().int(),
  label: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  /** One address of a user is the default: the checkout starts from it */
  is_default: z.boolean(),
})
export type Address = z.infer<typeof Address>

/** A saved address; `is_default: true` makes it the default (the first one saved always is). */
export const AddressBody = z.strictObject({
  label: Required('Label', 50),
  ...ShippingFields,
  is_default: z.boolean().default(false),
})
export type AddressBody = z.input<typeof AddressBody>

export const addressRoutes = {
  listAddresses: {
    ...paths.addresses.listAddresses,
    access: 'user',
    summary: 'Your saved addresses, the default first',
    query: PageQuery,
    status: 200,
    response: Paginated(Address),
  },
  createAddress: {
    ...paths.addresses.createAddress,
    access: 'user',
    summary: 'Save an address',
    body: AddressBody,
    status: 201,
    response: Address,
  },
  updateAddress: {
    ...paths.addresses.updateAddress,
    access: 'user',
    summary: 'Change one of your addresses (another user’s: 404)',
    params: IdParams,
    body: AddressBody,
    status: 200,
    response: Address,
  },
  deleteAddress: {
    ...paths.addresses.deleteAddress,
    access: 'user',
    summary: 'Delete one of your addresses; the next one becomes the default',
    params: IdParams,
    status: 204,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
