import { Trans, useLingui } from '@lingui/react/macro'
import {
  type DeskLine,
  type EditedOrder,
  type EditOrderBody,
  formatPkr,
  type Order,
  type ProductDetail,
  toPaisa,
} from '@store/contract'
import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Modal from 'react-bootstrap/Modal'
import { useFieldArray, useForm } from 'react-hook-form'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { SelectField } from '../../../components/select-field'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { useSession } from '../../../data/auth'
import { productQuery } from '../../../data/catalog'
import { useEditOrder } from '../../../data/orders'
import { isolated, localSentence } from '../../../lib/i18n'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'

/** Who changes the order: the customer while it is Pending, staff until it is Shipped. */
type Editor = 'customer' | 'staff'

/** One line of the form; option values are keyed `o{option id}` (a bare number would make an array). */
interface LineValues {
  product_id: number
  name: string
  quantity: string
  options: Record<string, string>
  unit_price: string
  price_reason: string
}

interface EditValues {
  lines: LineValues[]
  address: string
  city: string
  phone: string
  note: string
}

const optionKey = (optionId: number) => `o${optionId}`

/** docs/api.md "order edits": staff change a placed order until it is Shipped, its customer while Pending. */
export function canEdit(order: Order, by: Editor): boolean {
  if (by === 'customer') return order.status === 'Pending'
  return order.status === 'Pending' || order.status === 'Processing'
}

/**
 * The order's item as a form line: its chosen options (kept by name on the order) found again by name.
 * A price staff set stays in the line only for those who may set one (`overrides`); anyone else's
 * change of the line is priced from the catalogue by the server.
 */
function lineOf(item: Order['items'][number], product: ProductDetail, overrides: boolean): LineValues {
  const options: Record<string, string> = {}
  for (const option of product.options) {
    const chosen = item.options.find((each) => each.name === option.name)
    const value = option.values.find((each) => each.label === chosen?.value)
    options[optionKey(option.id)] = value ? String(value.id) : ''
  }
  return {
    product_id: product.id,
    name: item.product.name,
    quantity: String(item.quantity),
    options,
    unit_price: overrides && item.price_reason !== null ? String(Number(item.price)) : '',
    price_reason: overrides ? (item.price_reason ?? '') : '',
  }
}

/** The lines as the edit route takes them: the whole new list. */
function itemsOf(lines: LineValues[]): DeskLine[] {
  return lines.map((line) => {
    const options = Object.fromEntries(
      Object.entries(line.options)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => [key.slice(1), Number(value)]),
    )
    const overridden = line.unit_price.trim() !== ''
    return {
      product_id: line.product_id,
      quantity: Number(line.quantity),
      options,
      ...(overridden && { unit_price: line.unit_price.trim(), price_reason: line.price_reason.trim() }),
    }
  })
}

/** Only what changed is sent: the lines as a whole, then each delivery field on its own. */
function changesOf(values: EditValues, start: EditValues, linesEditable: boolean): EditOrderBody | null {
  const body: EditOrderBody = { note: values.note.trim() }
  const items = itemsOf(values.lines)
  if (linesEditable && JSON.stringify(items) !== JSON.stringify(itemsOf(start.lines))) body.items = items
  for (const field of ['address', 'city', 'phone'] as const) {
    if (values[field].trim() !== start[field].trim()) body[field] = values[field].trim()
  }
  const changed =
    body.items || body.address !== undefined || body.city !== undefined || body.phone !== undefined
  return changed ? body : null
}

/** The sentence that tells what the change did to the price and what is now due or owed back. */
function useOutcome(by: Editor) {
  const { t } = useLingui()
  return ({ order, difference }: EditedOrder): string => {
    const change = toPaisa(difference)
    const amount = formatPkr(Math.abs(change))
    const balance = formatPkr(toPaisa(order.balance_due))
    const overpaid = toPaisa(order.amount_paid) - toPaisa(order.total_price)
    const refund = formatPkr(overpaid)
    if (by === 'customer') {
      if (change > 0) return t`Your order now costs ${amount} more. Balance due: ${balance}.`
      if (change < 0 && overpaid > 0)
        return t`Your order now costs ${amount} less; the shop will refund ${refund}.`
      if (change < 0) return t`Your order now costs ${amount} less. Balance due: ${balance}.`
      return t`Your order is changed; its price is the same. Balance due: ${balance}.`
    }
    if (change > 0) return t`The order now costs ${amount} more. Balance due: ${balance}.`
    if (change < 0 && overpaid > 0)
      return t`The order now costs ${amount} less; refund ${refund} to the customer.`
    if (change < 0) return t`The order now costs ${amount} less. Balance due: ${balance}.`
    return t`The order is changed; its price is the same. Balance due: ${balance}.`
  }
}

function EditForm({
  order,
  by,
  products,
  onDone,
}: {
  order: Order
  by: Editor
  products: Map<number, ProductDetail>
  onDone: (result: EditedOrder) => void
}) {
  const { t } = useLingui()
  const { user } = useSession()
  const overrides = by === 'staff' && (user?.role === 'owner' || user?.role === 'manager')
  // A line of a product the shop no longer sells cannot be priced again: then only the delivery changes.
  const linesEditable = order.items.every((item) => item.product.id !== null && products.has(item.product.id))
  const [start] = useState<EditValues>(() => ({
    lines: linesEditable
      ? order.items.map((item) =>
          lineOf(item, products.get(item.product.id as number) as ProductDetail, overrides),
        )
      : [],
    address: order.address,
    city: order.city,
    phone: order.phone,
    note: '',
  }))
  const form = useForm<EditValues>({ defaultValues: start })
  const lines = useFieldArray({ control: form.control, name: 'lines' })
  const edit = useEditOrder(order.id)
  const [refusal, setRefusal] = useState<string>()
  const id = order.id
  // The option picker's own sentence, so both read alike.
  const chooseThe = (name: string) => {
    const optionName = isolated(name.toLowerCase())
    return t`Choose the ${optionName}.`
  }
  const removeLabel = (name: string) => {
    const product = isolated(name)
    return t`Remove ${product}`
  }

  const submit = form.handleSubmit((values) => {
    setRefusal(undefined)
    const body = changesOf(values, start, linesEditable)
    if (!body) {
      setRefusal(localSentence('Change the items, the address, the city or the phone.'))
      return
    }
    edit.mutate(body, {
      onSuccess: onDone,
      onError: (error) =>
        setRefusal(showServerErrors(error, form, t`Could not change the order. Try again.`)),
    })
  })

  return (
    <Form noValidate onSubmit={submit}>
      <Modal.Body className="d-grid gap-3">
        <FormRefusal message={refusal} className="mb-0" />
        {!linesEditable && (
          <p className="mb-0">
            <Trans>An item of this order is no longer sold: only the delivery details can be changed.</Trans>
          </p>
        )}
        {lines.fields.map((field, index) => {
          const product = products.get(field.product_id)
          const prefix = `edit-line-${index}`
          return (
            <fieldset key={field.id} className="border rounded p-3 d-grid gap-2">
              <legend className="h6 float-none w-auto px-1 mb-0">
                <bdi>{field.name}</bdi>
              </legend>
              <div className="row g-2">
                {product?.options.map((option) => (
                  <SelectField
                    key={option.id}
                    form={form}
                    name={`lines.${index}.options.${optionKey(option.id)}`}
                    id={`${prefix}-option-${option.id}`}
                    label={option.name}
                    className="col-sm-6"
                    options={{ validate: (value) => value !== '' || chooseThe(option.name) }}
                  >
                    <option value="">{t`Choose…`}</option>
                    {option.values.map((value) => (
                      <option key={value.id} value={String(value.id)}>
                        {value.label}
                      </option>
                    ))}
                  </SelectField>
                ))}
                <TextField
                  form={form}
                  name={`lines.${index}.quantity`}
                  id={`${prefix}-quantity`}
                  label={t`Quantity`}
                  inputMode="numeric"
                  autoComplete="off"
                  className="col-6 col-sm-3"
                  options={{
                    validate: (value) =>
                      (/^\d{1,4}$/.test(String(value)) && Number(value) >= 1 && Number(value) <= 1000) ||
                      t`Quantity must be between 1 and 1000.`,
                  }}
                />
              </div>
              {overrides && (
                <div className="row g-2">
                  <TextField
                    form={form}
                    name={`lines.${index}.unit_price`}
                    id={`${prefix}-unit-price`}
                    label={t`Unit price (PKR)`}
                    help={t`Empty for the catalogue's price.`}
                    inputMode="decimal"
                    autoComplete="off"
                    className="col-sm-5"
                  />
                  <TextField
                    form={form}
                    name={`lines.${index}.price_reason`}
                    id={`${prefix}-price-reason`}
                    label={t`Reason for the price`}
                    maxLength={200}
                    dir="auto"
                    className="col-sm-7"
                    options={{
                      validate: (reason, values) =>
                        values.lines[index]?.unit_price.trim() === '' ||
                        String(reason).trim() !== '' ||
                        localSentence('Say why the price is changed.'),
                    }}
                  />
                </div>
              )}
              <div>
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={lines.fields.length === 1}
                  onClick={() => lines.remove(index)}
                  aria-label={removeLabel(field.name)}
                >
                  <Trans>Remove</Trans>
                </Button>
              </div>
            </fieldset>
          )
        })}
        <div className="row g-2">
          <TextField
            form={form}
            name="address"
            id="edit-address"
            label={t`Address`}
            as="textarea"
            rows={2}
            maxLength={300}
            dir="auto"
            className="col-12"
          />
          <TextField
            form={form}
            name="city"
            id="edit-city"
            label={t`City`}
            maxLength={100}
            className="col-sm-6"
          />
          <TextField
            form={form}
            name="phone"
            id="edit-phone"
            label={t`Phone`}
            type="tel"
            dir="ltr"
            className="col-sm-6"
          />
          <TextField
            form={form}
            name="note"
            id="edit-note"
            label={t`Note (optional)`}
            as="textarea"
            rows={2}
            maxLength={500}
            dir="auto"
            className="col-12"
          />
        </div>
      </Modal.Body>
      <Modal.Footer>
        <SubmitButton busy={edit.isPending}>
          <Trans>Save changes to order #{id}</Trans>
        </SubmitButton>
      </Modal.Footer>
    </Form>
  )
}

/**
 * "Change order" on the customer's page and "Edit order" in the back office: the same editor of a placed
 * order's lines (options, quantity, removing one) and delivery, re-priced by the server. Staff who may
 * (owner, manager) also set a unit price with its reason. Nothing is drawn once the order can't change.
 */
export function OrderEditor({ order, by }: { order: Order; by: Editor }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const [outcome, setOutcome] = useState<string>()
  const tell = useOutcome(by)
  const productIds = [
    ...new Set(order.items.flatMap((item) => (item.product.id === null ? [] : [item.product.id]))),
  ]
  // The products' options are what a line may change to; they are read when the editor opens.
  const products = useQueries({
    queries: productIds.map((productId) => ({ ...productQuery(productId), enabled: open })),
  })
  if (!canEdit(order, by)) return null
  const loaded = products.every((each) => !each.isPending)
  const byId = new Map(products.flatMap((each) => (each.data ? [[each.data.id, each.data] as const] : [])))
  const id = order.id
  const title = by === 'customer' ? t`Change order #${id}` : t`Edit order #${id}`
  return (
    <>
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => {
          setOutcome(undefined)
          setOpen(true)
        }}
      >
        {by === 'customer' ? <Trans>Change order</Trans> : <Trans>Edit order</Trans>}
      </Button>
      {outcome && (
        <p className="w-100 mb-0" role="status">
          {outcome}
        </p>
      )}
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        size="lg"
        fullscreen="sm-down"
        aria-labelledby={`edit-order-${id}`}
      >
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title as="h2" className="h5" id={`edit-order-${id}`}>
            {title}
          </Modal.Title>
        </Modal.Header>
        {open && !loaded ? (
          <Loading label={t`Loading the products…`} />
        ) : (
          open && (
            <EditForm
              order={order}
              by={by}
              products={byId}
              onDone={(result) => {
                const sentence = tell(result)
                toast.success(sentence)
                setOutcome(sentence)
                setOpen(false)
              }}
            />
          )
        )}
      </Modal>
    </>
  )
}
