import { z } from 'zod'
import { ChosenOption } from './catalog'
import {
  BodyId,
  CalendarDate,
  Id,
  IdParams,
  Money,
  MoneyInput,
  multilineText,
  type RouteSpec,
  Timestamp,
  text,
} from './common'
import { DateInput } from './delivery'
import { OrderStatus, PaymentMethod } from './orders'
import { paths } from './paths'

/** docs/api.md "Delivery days and dispatch": the vans' days, the services priced, the drivers' runs. */

/** What carrying and assembling cost; every fee "0.00" until staff set one. */
export const DeliverySettings = z.object({
  /** Days the vans stay in besides Sundays, soonest first */
  holidays: z.array(CalendarDate),
  /** Carrying an order up one floor where there is no lift */
  floor_fee: Money,
  /** Assembling one piece of a category, for the categories that have a fee (others assemble free) */
  assembly_fees: z.array(z.object({ category_id: z.number().int(), category: z.string(), fee: Money })),
})
export type DeliverySettings = z.infer<typeof DeliverySettings>

export const DeliverySettingsBody = z.strictObject({
  holidays: z.array(DateInput).max(366, 'At most 366 holidays.').default([]),
  floor_fee: MoneyInput,
  assembly_fees: z
    .array(z.strictObject({ category_id: BodyId, fee: MoneyInput }))
    .max(500, 'At most 500 categories.')
    .default([]),
})
export type DeliverySettingsBody = z.input<typeof DeliverySettingsBody>

const Person = z.object({ id: z.number().int(), first_name: z.string() })

/** Staff who can drive a run: those holding the dispatch permission */
export const Driver = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })
export type Driver = z.infer<typeof Driver>

/** An order as the board and the driver see it: where, who, what, and what to collect. */
export const DispatchOrder = z.object({
  id: z.number().int(),
  status: OrderStatus,
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  delivery_date: CalendarDate.nullable(),
  floor: z.number().int(),
  lift: z.boolean(),
  assembly: z.boolean(),
  payment_method: PaymentMethod,
  /** Cash to collect at the door */
  balance_due: Money,
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), options: z.array(ChosenOption) })),
})
export type DispatchOrder = z.infer<typeof DispatchOrder>

export const STOP_STATUSES = ['planned', 'delivered', 'failed'] as const
export const StopStatus = z.enum(STOP_STATUSES)
export type StopStatus = z.infer<typeof StopStatus>

/** One order on a run, in the order the van reaches it. */
export const Stop = z.object({
  id: z.number().int(),
  position: z.number().int(),
  status: StopStatus,
  order: DispatchOrder,
  /** What the driver collected, once delivered */
  cash_collected: Money.nullable(),
  note: z.string(),
  /** Why it failed ("" unless failed) */
  failed_reason: z.string(),
  /** The signed challan's photo (staff with the orders permission fetch it with the Bearer header) */
  photo_url: z.string().nullable(),
  done_at: Timestamp.nullable(),
})
export type Stop = z.infer<typeof Stop>

/** A van's day: who drives it and its stops. */
export const Run = z.object({
  id: z.number().int(),
  date: CalendarDate,
  vehicle: z.string(),
  driver: Driver,
  stops: z.array(Stop),
  created_at: Timestamp,
})
export type Run = z.infer<typeof Run>

/** A day on the board: the orders due and on no run (a failed stop's order comes back here), and the runs. */
export const DispatchDay = z.object({
  date: CalendarDate,
  unplanned: z.array(DispatchOrder),
  runs: z.array(Run),
  drivers: z.array(Driver),
})
export type DispatchDay = z.infer<typeof DispatchDay>

/** The day in Pakistan; today when left out */
export const DispatchQuery = z.object({ date: DateInput.optional() })
export type DispatchQuery = z.infer<typeof DispatchQuery>

export const CreateRunBody = z.strictObject({
  date: DateInput,
  vehicle: text({ error: 'Name the vehicle.' })
    .trim()
    .min(1, 'Name the vehicle.')
    .max(60, 'A vehicle is at most 60 characters.'),
  driver_id: BodyId,
  /** The stops in the order the van reaches them */
  order_ids: z
    .array(BodyId)
    .min(1, 'Choose at least one order.')
    .max(50, 'A run has at most 50 stops.')
    .refine((ids) => new Set(ids).size === ids.length, 'An order is on a run once.'),
})
export type CreateRunBody = z.input<typeof CreateRunBody>

const Note = multilineText().trim().max(500, 'A note is at most 500 characters.')

/** The driver hands the goods over (JSON, or multipart with the signed challan's photo in `photo`). */
export const DeliveredBody = z.strictObject({
  cash_collected: MoneyInput,
  note: Note.default(''),
})
export type DeliveredBody = z.input<typeof DeliveredBody>

export const FailedBody = z.strictObject({
  reason: text({ error: 'Say why the delivery failed.' })
    .trim()
    .min(1, 'Say why the delivery failed.')
    .max(300, 'A reason is at most 300 characters.'),
})
export type FailedBody = z.input<typeof FailedBody>

/** Cash by driver: collected and handed in between two days (each included); all time when left out. */
export const CashQuery = z.object({
  driver: Id.optional(),
  from: DateInput.optional(),
  to: DateInput.optional(),
})
export type CashQuery = z.infer<typeof CashQuery>

export const DriverCash = z.object({
  driver: Driver,
  /** Collected at doors in the period */
  collected: Money,
  /** Handed in at the shop in the period */
  handed_in: Money,
  /** Still with the driver: everything collected minus everything handed in, whatever the period */
  outstanding: Money,
})
export type DriverCash = z.infer<typeof DriverCash>

export const Collection = z.object({
  order_id: z.number().int(),
  driver: Person,
  amount: Money,
  at: Timestamp,
})
export type Collection = z.infer<typeof Collection>

export const HandIn = z.object({
  id: z.number().int(),
  driver: Person,
  amount: Money,
  note: z.string(),
  /** null when the person's account is gone */
  received_by: Person.nullable(),
  at: Timestamp,
})
export type HandIn = z.infer<typeof HandIn>

/** The cash page: each driver's figures, and the collections and hand-ins of the period, newest first. */
export const CashReport = z.object({
  drivers: z.array(DriverCash),
  collections: z.array(Collection),
  hand_ins: z.array(HandIn),
})
export type CashReport = z.infer<typeof CashReport>

export const HandInBody = z.strictObject({
  driver_id: BodyId,
  amount: MoneyInput.refine((amount) => Number(amount) > 0, 'Enter an amount above zero.'),
  note: Note.default(''),
})
export type HandInBody = z.input<typeof HandInBody>

export const dispatchRoutes = {
  getDeliverySettings: {
    ...paths.dispatch.getDeliverySettings,
    access: { staff: 'settings' },
    summary: 'Holidays, the fee per floor without a lift and the assembly fee per category',
    status: 200,
    response: DeliverySettings,
  },
  updateDeliverySettings: {
    ...paths.dispatch.updateDeliverySettings,
    access: { staff: 'settings' },
    summary: 'Set the holidays, the floor fee and the assembly fees (orders placed keep theirs)',
    body: DeliverySettingsBody,
    status: 200,
    response: DeliverySettings,
  },
  dispatchDay: {
    ...paths.dispatch.dispatchDay,
    access: { staff: 'orders' },
    summary: "A day's orders due: those on no run first, then the runs with their stops, and the drivers",
    query: DispatchQuery,
    status: 200,
    response: DispatchDay,
  },
  createRun: {
    ...paths.dispatch.createRun,
    access: { staff: 'orders' },
    summary:
      'Put orders on a run: a vehicle, a driver and the stops in order; 409 when an order is on another',
    body: CreateRunBody,
    status: 201,
    response: Run,
  },
  deleteRun: {
    ...paths.dispatch.deleteRun,
    access: { staff: 'orders' },
    summary: 'Take a run apart (its orders go back to the board); 409 once a stop is done',
    params: IdParams,
    status: 204,
    response: null,
  },
  myRuns: {
    ...paths.dispatch.myRuns,
    access: { staff: 'dispatch' },
    summary: "The caller's runs today, stops in order",
    status: 200,
    response: z.array(Run),
  },
  markDelivered: {
    ...paths.dispatch.markDelivered,
    access: { staff: 'dispatch' },
    summary:
      'The driver marks a stop of their run delivered with the cash collected (a confirmed cash-on-delivery payment) and maybe the signed challan (multipart `photo`); 409 when it is done',
    params: IdParams,
    body: DeliveredBody,
    form: DeliveredBody,
    status: 200,
    response: Stop,
  },
  markFailed: {
    ...paths.dispatch.markFailed,
    access: { staff: 'dispatch' },
    summary: 'The driver could not deliver: the reason, and the order goes back to the board',
    params: IdParams,
    body: FailedBody,
    status: 200,
    response: Stop,
  },
  getStopPhoto: {
    ...paths.dispatch.getStopPhoto,
    access: { staff: 'orders' },
    summary: "The photo of a stop's signed challan",
    params: IdParams,
    status: 200,
    response: null,
  },
  cashReport: {
    ...paths.dispatch.cashReport,
    access: { staff: 'orders' },
    summary: 'Cash each driver collected against what they handed in',
    query: CashQuery,
    status: 200,
    response: CashReport,
  },
  recordHandIn: {
    ...paths.dispatch.recordHandIn,
    access: { staff: 'orders' },
    summary: 'Record cash a driver handed in at the shop',
    body: HandInBody,
    status: 201,
    response: HandIn,
  },
} as const satisfies Record<string, RouteSpec>
