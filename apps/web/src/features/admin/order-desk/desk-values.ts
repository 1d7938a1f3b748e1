import {
  type DeskCustomer,
  DRAFT_STALE_DAYS,
  type InquiryDetails,
  type Order,
  type PaymentMethod,
  type Product,
  type StaffChannel,
  StaffOrderBody,
  type StaffQuoteBody,
  toPaisa,
} from '@store/contract'

/** docs/api.md "Staff orders": a unit price other than the catalogue's is the owner's or a manager's call. */
export const mayOverridePrices = (role: string | null | undefined) => role === 'owner' || role === 'manager'

/** The product of a line as the form needs it: its name, price and options to choose from. */
export type LineProduct = Pick<Product, 'id' | 'name' | 'price' | 'options'>

/** One line as staff type it: every text as typed, options by option id → value id ('' when open). */
export interface LineValues {
  product: LineProduct
  quantity: string
  options: Record<string, string>
  unit_price: string
  price_reason: string
}

/** The customer of the order: one found, or a new one typed in. */
export type CustomerValues =
  | { kind: 'found'; customer: Pick<DeskCustomer, 'id' | 'first_name' | 'last_name' | 'phone' | 'email'> }
  | { kind: 'new'; first_name: string; last_name: string; phone: string; email: string }
  | { kind: 'none' }

export interface DeskValues {
  customer: CustomerValues
  channel: StaffChannel | ''
  items: LineValues[]
  city: string
  address: string
  phone: string
  discount: string
  delivery_fee: string
  payment_method: PaymentMethod
  note: string
}

export const EMPTY_DESK: DeskValues = {
  customer: { kind: 'none' },
  channel: '',
  items: [],
  city: '',
  address: '',
  phone: '',
  discount: '',
  delivery_fee: '',
  payment_method: 'cod',
  note: '',
}

/** A new line: one piece, the inquiry's choices (or none) made, the rest left open. */
export function newLine(product: LineProduct, quantity = 1, chosen: Record<string, number> = {}): LineValues {
  const options: Record<string, string> = {}
  for (const option of product.options) {
    const value = chosen[String(option.id)]
    const known = option.values.some((candidate) => candidate.id === value)
    options[String(option.id)] = known ? String(value) : ''
  }
  return { product, quantity: String(quantity), options, unit_price: '', price_reason: '' }
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim())

/** What the form asks the quote for, once it has a line and a city; null before. */
export function quoteBodyOf(values: DeskValues): StaffQuoteBody | null {
  const items = linesOf(values.items).filter((line) => line.quantity > 0)
  if (items.length === 0 || values.city.trim() === '') return null
  return {
    items,
    city: values.city.trim(),
    // The quote needs an address but prices none: the summary shows before one is typed.
    address: values.address.trim() || '-',
    payment_method: values.payment_method,
    discount: optional(values.discount),
    delivery_fee: optional(values.delivery_fee),
  }
}

function linesOf(items: LineValues[]): StaffOrderBody['items'] {
  return items.map((line) => ({
    product_id: line.product.id,
    quantity: Number(line.quantity),
    options: Object.fromEntries(
      Object.entries(line.options)
        .filter(([, value]) => value !== '')
        .map(([option, value]) => [option, Number(value)]),
    ),
    ...(optional(line.unit_price) !== undefined && {
      unit_price: line.unit_price.trim(),
      price_reason: line.price_reason.trim(),
    }),
  }))
}

/** The body of the create and update routes, as typed (the contract checks it before it is sent). */
export function bodyOf(values: DeskValues): StaffOrderBody {
  const { customer } = values
  return {
    customer:
      customer.kind === 'found'
        ? { id: customer.customer.id }
        : customer.kind === 'new'
          ? {
              first_name: customer.first_name,
              last_name: customer.last_name,
              phone: customer.phone,
              ...(customer.email.trim() !== '' && { email: customer.email }),
            }
          : ({} as StaffOrderBody['customer']),
    channel: values.channel as StaffChannel,
    items: linesOf(values.items),
    city: values.city,
    address: values.address,
    ...(optional(values.phone) !== undefined && { phone: values.phone }),
    payment_method: values.payment_method,
    discount: optional(values.discount),
    delivery_fee: optional(values.delivery_fee),
    note: values.note,
  }
}

/**
 * Where a sentence about the body belongs on the form: the contract's and the server's paths
 * (`customer.phone`, `items.0.price_reason`) named as the form's fields. Options of a line share
 * the line's options field; the customer's whole-object error goes to the customer.
 */
export function fieldOf(path: readonly PropertyKey[]): string {
  const [head, second, third] = path.map(String)
  if (head === 'customer') return second && second !== 'id' ? `customer.${second}` : 'customer'
  if (head === 'items' && second !== undefined && /^\d+$/.test(second)) {
    return third ? `items.${second}.${third}` : 'items'
  }
  return head ?? 'root'
}

/** Every sentence the contract has about the body, by the form's field (the first for each). */
export function checkBody(body: StaffOrderBody): Record<string, string> {
  const result = StaffOrderBody.safeParse(body)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path)
    errors[field] ??= issue.message
  }
  return errors
}

/** A draft made DRAFT_STALE_DAYS or more days ago is marked stale in the list. */
export function isStale(order: Pick<Order, 'status' | 'created_at'>, now = Date.now()): boolean {
  if (order.status !== 'Draft') return false
  return now - new Date(order.created_at).getTime() >= DRAFT_STALE_DAYS * 24 * 60 * 60 * 1000
}

/** What the conversation hands the new order: the customer who asked and the inquiry's line. */
export interface InquiryStart {
  customer: { id: number; first_name: string }
  inquiry: InquiryDetails
}

/** A draft as the form shows it again: its lines' choices by id, found by their names on the products. */
export function valuesOfDraft(
  order: Order,
  products: ReadonlyMap<number, LineProduct>,
  customer: Extract<CustomerValues, { kind: 'found' }>['customer'] | undefined,
): DeskValues {
  const items: LineValues[] = []
  for (const item of order.items) {
    const product = item.product.id === null ? undefined : products.get(item.product.id)
    if (!product) continue
    const chosen: Record<string, number> = {}
    for (const { name, value } of item.options) {
      const option = product.options.find((candidate) => candidate.name === name)
      const picked = option?.values.find((candidate) => candidate.label === value)
      if (option && picked) chosen[String(option.id)] = picked.id
    }
    const line = newLine(product, item.quantity, chosen)
    items.push(
      item.price_reason === null
        ? line
        : { ...line, unit_price: item.price, price_reason: item.price_reason },
    )
  }
  return {
    customer: customer ? { kind: 'found', customer } : { kind: 'none' },
    channel: order.channel === 'web' ? '' : order.channel,
    items,
    city: order.city,
    address: order.address,
    phone: order.phone,
    discount: toPaisa(order.staff_discount) > 0 ? order.staff_discount : '',
    delivery_fee: order.staff_delivery_fee ?? '',
    payment_method: order.payment_method,
    note: order.note,
  }
}
