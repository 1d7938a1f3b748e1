import { Trans, useLingui } from '@lingui/react/macro'
import { type Order, PAYMENT_METHODS, STAFF_CHANNELS, type StaffOrderBody, zoneOf } from '@store/contract'
import type { UseMutationResult } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import Card from 'react-bootstrap/Card'
import Col from 'react-bootstrap/Col'
import Form from 'react-bootstrap/Form'
import Row from 'react-bootstrap/Row'
import { FormRefusal } from '../../../components/form-refusal'
import { PAYMENT_METHOD_LABELS } from '../../../components/status-badge'
import { SubmitButton } from '../../../components/submit-button'
import { useSession } from '../../../data/auth'
import { deliveryZonesQuery } from '../../../data/delivery'
import { ApiError, serverDetail } from '../../../lib/api'
import { localSentence } from '../../../lib/i18n'
import { CHANNEL_LABELS } from '../reports/report-values'
import { CustomerPicker } from './customer-picker'
import { type DeskErrors, DeskField, DeskSelect } from './desk-field'
import { DeskSummary } from './desk-summary'
import { bodyOf, checkBody, type DeskValues, fieldOf, mayOverridePrices, quoteBodyOf } from './desk-values'
import { OrderLines } from './order-lines'

/** The server's field errors by the form's fields; the sentence left for the whole form. */
function serverErrors(
  error: unknown,
  fallback: string,
): { fields: Record<string, string>; refusal?: string } {
  const fields: Record<string, string> = {}
  if (error instanceof ApiError && error.errors) {
    for (const [key, [message]] of Object.entries(error.errors)) {
      if (message && key !== 'non_field_errors') fields[fieldOf(key.split('.'))] ??= message
    }
  }
  const detail = serverDetail(error) ?? fallback
  return Object.values(fields).includes(detail) ? { fields } : { fields, refusal: detail }
}

/**
 * The order desk's form (docs/api.md "Staff orders"): the customer, the lines, the delivery, the channel
 * and a note, beside a live summary. Checked by the contract before it is sent; refused, it keeps what
 * was typed and shows each sentence under its field.
 */
export function StaffOrderForm({
  initial,
  save,
  submitLabel,
  onSaved,
}: {
  initial: DeskValues
  save: UseMutationResult<Order, unknown, StaffOrderBody>
  submitLabel: string
  onSaved(order: Order): void
}) {
  const { t } = useLingui()
  const { user } = useSession()
  const mayOverride = mayOverridePrices(user?.role)
  const zones = useQuery(deliveryZonesQuery())
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<DeskErrors>({})
  const [refusal, setRefusal] = useState<string>()
  const set = (part: Partial<DeskValues>) => setValues((current) => ({ ...current, ...part }))
  const zoneCities = zones.data?.map((zone) => zone.city) ?? []
  // A draft's city no longer among the zones still shows, so the form keeps it.
  const cities =
    values.city && !zoneOf(zones.data ?? [], values.city) ? [values.city, ...zoneCities] : zoneCities

  function submit(event: FormEvent) {
    event.preventDefault()
    setRefusal(undefined)
    const body = bodyOf(values)
    const found = checkBody(body)
    if (values.customer.kind === 'none') found.customer = t`Choose a customer, or add a new one.`
    // As in the cart, every option of a line is chosen before the order is saved.
    values.items.forEach((line, index) => {
      const open = line.product.options.find((option) => !line.options[String(option.id)])
      const optionName = open?.name
      const name = line.product.name
      if (open) found[`items.${index}.options`] ??= t`Choose the ${optionName} of ${name}.`
    })
    setErrors(found)
    if (Object.keys(found).length > 0) {
      setRefusal(t`Some fields need a look: see the messages under them.`)
      return
    }
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        const shown = serverErrors(error, t`Could not save the order.`)
        setErrors(shown.fields)
        setRefusal(shown.refusal)
      },
    })
  }

  return (
    <Form noValidate onSubmit={submit} aria-label={t`Order desk`}>
      <FormRefusal message={refusal} />
      <Row className="g-3">
        <Col lg={8} className="d-grid gap-3 align-content-start">
          <Card as="section" className="shadow-sm border-0" aria-labelledby="desk-customer-heading">
            <Card.Body>
              <Card.Title as="h2" id="desk-customer-heading" className="h5 mb-3">
                <Trans>Customer</Trans>
              </Card.Title>
              <CustomerPicker
                value={values.customer}
                onChange={(customer) => set({ customer })}
                errors={errors}
                onFound={(customer) =>
                  setValues((current) => ({
                    ...current,
                    // The customer's own address starts the delivery's; what staff typed stays.
                    city: current.city || customer.city,
                    address: current.address || customer.address,
                  }))
                }
              />
            </Card.Body>
          </Card>
          <Card as="section" className="shadow-sm border-0" aria-labelledby="desk-lines-heading">
            <Card.Body>
              <Card.Title as="h2" id="desk-lines-heading" className="h5 mb-3">
                <Trans>Products</Trans>
              </Card.Title>
              <OrderLines
                items={values.items}
                onChange={(items) => set({ items })}
                errors={errors}
                mayOverride={mayOverride}
              />
            </Card.Body>
          </Card>
          <Card as="section" className="shadow-sm border-0" aria-labelledby="desk-delivery-heading">
            <Card.Body>
              <Card.Title as="h2" id="desk-delivery-heading" className="h5 mb-3">
                <Trans>Delivery and payment</Trans>
              </Card.Title>
              <Row className="g-2">
                <Col xs={12} sm={6}>
                  <DeskSelect
                    id="desk-city"
                    label={t`Delivery city`}
                    error={errors.city}
                    value={values.city}
                    onChange={(city) => set({ city })}
                  >
                    <option value="">{zones.isPending ? t`Loading cities…` : t`Choose…`}</option>
                    {cities.map((city) => (
                      <option key={city} value={city}>
                        {city}
                      </option>
                    ))}
                  </DeskSelect>
                </Col>
                <Col xs={12} sm={6}>
                  <DeskField
                    id="desk-phone"
                    label={t`Delivery phone`}
                    help={t`Empty: the customer's own number`}
                    error={errors.phone}
                    value={values.phone}
                    onChange={(phone) => set({ phone })}
                    type="tel"
                    inputMode="tel"
                  />
                </Col>
                <Col xs={12}>
                  <DeskField
                    id="desk-address"
                    label={t`Address`}
                    error={errors.address}
                    value={values.address}
                    onChange={(address) => set({ address })}
                    as="textarea"
                    rows={2}
                    maxLength={300}
                    dir="auto"
                  />
                </Col>
                {/* Like a unit price, the fee and the discount are an owner's or a manager's to set. */}
                {mayOverride && (
                  <>
                    <Col xs={6} sm={4}>
                      <DeskField
                        id="desk-delivery-fee"
                        label={t`Delivery fee`}
                        help={t`Empty: the zone's fee`}
                        error={errors.delivery_fee}
                        value={values.delivery_fee}
                        onChange={(delivery_fee) => set({ delivery_fee })}
                        inputMode="decimal"
                      />
                    </Col>
                    <Col xs={6} sm={4}>
                      <DeskField
                        id="desk-discount"
                        label={t`Order discount`}
                        help={t`PKR off the subtotal`}
                        error={errors.discount}
                        value={values.discount}
                        onChange={(discount) => set({ discount })}
                        inputMode="decimal"
                      />
                    </Col>
                  </>
                )}
                <Col xs={12} sm={4}>
                  <DeskSelect
                    id="desk-payment-method"
                    label={t`Payment method`}
                    error={errors.payment_method}
                    value={values.payment_method}
                    onChange={(method) => set({ payment_method: method as DeskValues['payment_method'] })}
                  >
                    {PAYMENT_METHODS.map((method) => (
                      <option key={method} value={method}>
                        {PAYMENT_METHOD_LABELS[method]}
                      </option>
                    ))}
                  </DeskSelect>
                </Col>
              </Row>
            </Card.Body>
          </Card>
          <Card as="section" className="shadow-sm border-0" aria-labelledby="desk-channel-heading">
            <Card.Body className="d-grid gap-3">
              <Card.Title as="h2" id="desk-channel-heading" className="h5 mb-0">
                <Trans>Channel and note</Trans>
              </Card.Title>
              <fieldset aria-describedby={errors.channel ? 'desk-channel-error' : undefined}>
                <legend className="form-label fs-6">
                  <Trans>Channel</Trans>
                </legend>
                <div className="d-flex flex-wrap gap-3">
                  {STAFF_CHANNELS.map((channel) => (
                    <Form.Check
                      key={channel}
                      type="radio"
                      inline
                      id={`desk-channel-${channel}`}
                      name="channel"
                      label={CHANNEL_LABELS[channel]}
                      checked={values.channel === channel}
                      onChange={() => set({ channel })}
                      isInvalid={Boolean(errors.channel)}
                    />
                  ))}
                </div>
                {errors.channel && (
                  <div id="desk-channel-error" className="invalid-feedback d-block">
                    {localSentence(errors.channel)}
                  </div>
                )}
              </fieldset>
              <DeskField
                id="desk-note"
                label={t`Note (optional)`}
                help={t`For staff: what was agreed on the call or in the showroom.`}
                error={errors.note}
                value={values.note}
                onChange={(note) => set({ note })}
                as="textarea"
                rows={3}
                maxLength={500}
                dir="auto"
              />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4} className="d-grid gap-3 align-content-start">
          <DeskSummary body={quoteBodyOf(values)} />
          <div className="d-grid">
            <SubmitButton busy={save.isPending}>{submitLabel}</SubmitButton>
          </div>
        </Col>
      </Row>
    </Form>
  )
}
