import { z } from 'zod'
import { dayNumber, IdParams, Money, MoneyInput, type RouteSpec, text, whenValid } from './common'
import { paths } from './paths'

/** Where the shop delivers, what it costs and how long it takes (docs/api.md "Checkout for Pakistan"). */
export const DeliveryZone = z.object({
  id: z.number().int(),
  city: z.string(),
  fee: Money,
  /** Delivery is free when the subtotal after the discount reaches this amount; null: never free */
  free_over: Money.nullable(),
  eta_min_days: z.number().int(),
  eta_max_days: z.number().int(),
  cod_available: z.boolean(),
  /** Added to the total when the customer pays cash on delivery ("0.00": no fee) */
  cod_fee: Money,
})
export type DeliveryZone = z.infer<typeof DeliveryZone>

const Days = (label: string) =>
  z
    .number({ error: `${label} is a whole number of days.` })
    .int(`${label} is a whole number of days.`)
    .min(0, `${label} cannot be negative.`)
    .max(120, `${label} is at most 120 days.`)

export const DeliveryZoneBody = z
  .strictObject({
    city: text({ error: 'City is required.' })
      .trim()
      .min(1, 'City is required.')
      .max(100, 'A city name is at most 100 characters.'),
    fee: MoneyInput,
    free_over: MoneyInput.nullable().default(null),
    eta_min_days: Days('The earliest delivery'),
    eta_max_days: Days('The latest delivery'),
    cod_available: z.boolean(),
    cod_fee: MoneyInput.default('0'),
  })
  .refine((zone) => zone.eta_max_days >= zone.eta_min_days, {
    path: ['eta_max_days'],
    message: 'The latest delivery cannot come before the earliest.',
    ...whenValid('eta_min_days', 'eta_max_days'),
  })
export type DeliveryZoneBody = z.input<typeof DeliveryZoneBody>

/** A date as typed: YYYY-MM-DD that names a real day. */
export const DateInput = text({ error: 'Enter a date as YYYY-MM-DD.' }).refine(
  (date) => /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(dayNumber(date)),
  'Enter a date as YYYY-MM-DD.',
)

/** A service priced on top of the goods and delivery */
export const SERVICE_CODES = ['assembly', 'floor'] as const
export const Service = z.object({ code: z.enum(SERVICE_CODES), fee: Money })
export type Service = z.infer<typeof Service>

/** Where the goods go up to and whether they are put together: what the checkout adds to a quote and an order. */
export const DeliveryChoices = {
  /** One of the quote's `delivery_dates`; the earliest when left out */
  delivery_date: DateInput.optional(),
  /** 0 is the ground floor */
  floor: z
    .number({ error: 'The floor is a whole number from 0 to 60.' })
    .int('The floor is a whole number from 0 to 60.')
    .min(0, 'The floor is a whole number from 0 to 60.')
    .max(60, 'The floor is a whole number from 0 to 60.')
    .default(0),
  lift: z.boolean().default(false),
  assembly: z.boolean().default(false),
}

/** The account the shop takes bank transfers into, shown on a bank-transfer order. */
export const BankAccount = z.object({
  bank_name: z.string(),
  account_title: z.string(),
  account_number: z.string(),
  iban: z.string(),
  /** What the customer should write as the transfer's reference, or other advice */
  instructions: z.string(),
})
export type BankAccount = z.infer<typeof BankAccount>

const Field = (label: string, max: number) =>
  text({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is at most ${max} characters.`)

export const BankAccountBody = z.strictObject({
  bank_name: Field('Bank name', 100),
  account_title: Field('Account title', 150),
  account_number: Field('Account number', 40),
  iban: text()
    .trim()
    .transform((iban) => iban.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^(PK\d{2}[A-Z0-9]{20})?$/, 'A Pakistani IBAN is PK, 2 digits and 20 letters or digits.'),
    ),
  instructions: text().trim().max(500, 'Instructions are at most 500 characters.').default(''),
})
export type BankAccountBody = z.input<typeof BankAccountBody>

export const deliveryRoutes = {
  listDeliveryZones: {
    ...paths.delivery.listDeliveryZones,
    access: 'anyone',
    summary: 'Every delivery zone, sorted by city (a plain array)',
    status: 200,
    response: z.array(DeliveryZone),
  },
  createDeliveryZone: {
    ...paths.delivery.createDeliveryZone,
    access: { staff: 'settings' },
    summary: 'Add a city the shop delivers to; 409 when the city has a zone',
    body: DeliveryZoneBody,
    status: 201,
    response: DeliveryZone,
  },
  updateDeliveryZone: {
    ...paths.delivery.updateDeliveryZone,
    access: { staff: 'settings' },
    summary: 'Change a delivery zone (orders placed keep their fees)',
    params: IdParams,
    body: DeliveryZoneBody,
    status: 200,
    response: DeliveryZone,
  },
  deleteDeliveryZone: {
    ...paths.delivery.deleteDeliveryZone,
    access: { staff: 'settings' },
    summary: 'Stop delivering to a city',
    params: IdParams,
    status: 204,
    response: null,
  },
  getBankAccount: {
    ...paths.delivery.getBankAccount,
    access: 'anyone',
    summary: 'The bank account for bank transfers (empty fields until staff set it)',
    status: 200,
    response: BankAccount,
  },
  updateBankAccount: {
    ...paths.delivery.updateBankAccount,
    access: { staff: 'settings' },
    summary: 'Set the bank account for bank transfers',
    body: BankAccountBody,
    status: 200,
    response: BankAccount,
  },
} as const satisfies Record<string, RouteSpec>

/** docs/api.md: a city matches its zone whatever its case and spaces ('lahore ', 'LAHORE'). */
export const cityKey = (city: string) => city.replace(/\s/g, '').toLowerCase()

/** The zone a typed city belongs to, if the shop delivers there. */
export const zoneOf = <Z extends { city: string }>(zones: readonly Z[], city: string): Z | undefined =>
  zones.find((zone) => cityKey(zone.city) === cityKey(city))
