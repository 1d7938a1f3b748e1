import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { type DeliveryZone, type PaymentSettings, PaymentSettingsBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Loading } from '../../../components/loading'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { deliveryZonesQuery } from '../../../data/delivery'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { amountInput } from '../common/amount-input'
import { PageHeader } from '../common/page-header'
import { paymentSettingsQuery, useUpdatePaymentSettings } from './data'

/** An empty box is no number at all, which the contract refuses with its own sentence (not 0). */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** The inputs as typed, turned into the settings body and checked by the contract's own schema. */
const SettingsFormSchema = z
  .object({
    advance_percent_made_to_order: z.string(),
    advance_percent_over: z.object({ amount: z.string(), percent: z.string() }),
    cod_balance_cities: z.array(z.string()),
  })
  .transform(
    (typed): PaymentSettingsBody => ({
      advance_percent_made_to_order: wholeNumber(typed.advance_percent_made_to_order),
      // Both boxes empty: no advance by order amount.
      advance_percent_over:
        typed.advance_percent_over.amount.trim() === '' && typed.advance_percent_over.percent.trim() === ''
          ? null
          : {
              amount: typed.advance_percent_over.amount,
              percent: wholeNumber(typed.advance_percent_over.percent),
            },
      cod_balance_cities: typed.cod_balance_cities,
    }),
  )
  .pipe(PaymentSettingsBody)
type SettingsFormValues = z.input<typeof SettingsFormSchema>

/** A city as the zones and the settings both may spell it (the server matches them alike). */
const sameCity = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The cities to tick: every zone offering cash on delivery, and any city the rules still name that
 * no longer does (so saving does not drop it unseen), each under the zone's own spelling.
 */
function cityChoices(zones: readonly DeliveryZone[], saved: readonly string[]) {
  const offered = zones.filter((zone) => zone.cod_available).map((zone) => zone.city)
  const others = saved.filter((city) => !offered.some((each) => sameCity(each, city)))
  return { offered, others }
}

function initialValues(settings: PaymentSettings, zones: readonly DeliveryZone[]): SettingsFormValues {
  const over = settings.advance_percent_over
  return {
    advance_percent_made_to_order: String(settings.advance_percent_made_to_order),
    advance_percent_over: {
      amount: over ? amountInput(over.amount) : '',
      percent: over ? String(over.percent) : '',
    },
    cod_balance_cities: settings.cod_balance_cities.map(
      (city) => zones.find((zone) => sameCity(zone.city, city))?.city ?? city,
    ),
  }
}

function SettingsForm({ settings, zones }: { settings: PaymentSettings; zones: readonly DeliveryZone[] }) {
  const { t } = useLingui()
  const form = useForm<SettingsFormValues, unknown, PaymentSettingsBody>({
    resolver: localResolver(zodResolver(SettingsFormSchema)),
    defaultValues: initialValues(settings, zones),
  })
  const save = useUpdatePaymentSettings()
  const [refusal, setRefusal] = useState<string>()
  const { offered, others } = cityChoices(zones, settings.cod_balance_cities)

  const submit = form.handleSubmit((body) => {
    setRefusal(undefined)
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(t`Payment rules saved.`)
        form.reset(initialValues(saved, zones))
      },
      onError: (error) => setRefusal(showServerErrors(error, form, t`Could not save the payment rules.`)),
    })
  })

  const clearOver = () => {
    form.setValue('advance_percent_over.amount', '', { shouldDirty: true })
    form.setValue('advance_percent_over.percent', '', { shouldDirty: true })
    form.clearErrors('advance_percent_over')
  }

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3">
      {refusal && (
        <Alert variant="danger" className="mb-0">
          {refusal}
        </Alert>
      )}
      <Card as="section" className="shadow-sm border-0" aria-labelledby="advance-heading">
        <Card.Body className="d-grid gap-3">
          <Card.Title as="h2" id="advance-heading" className="h5 mb-0">
            <Trans>Advance before an order is confirmed</Trans>
          </Card.Title>
          <Row className="g-3">
            <TextField
              form={form}
              name="advance_percent_made_to_order"
              id="advance-made-to-order"
              label={t`Made-to-order advance (%)`}
              help={t`Of a made-to-order piece's price; 0 asks none. A product's own advance percent comes first.`}
              type="number"
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              className="col-md-6"
            />
          </Row>
          <fieldset className="d-grid gap-2">
            <legend className="h6 mb-0">
              <Trans>Advance above an order amount (optional)</Trans>
            </legend>
            <p className="small text-body-secondary mb-0">
              <Trans>
                An order whose total reaches the amount pays at least this percent ahead. Leave both empty for
                no such rule.
              </Trans>
            </p>
            <Row className="g-3 align-items-end">
              <TextField
                form={form}
                name="advance_percent_over.amount"
                id="advance-over-amount"
                label={t`Order total from (PKR)`}
                inputMode="decimal"
                className="col-sm-5"
              />
              <TextField
                form={form}
                name="advance_percent_over.percent"
                id="advance-over-percent"
                label={t`Advance (%)`}
                type="number"
                min={0}
                max={100}
                step={1}
                inputMode="numeric"
                className="col-sm-4"
              />
              <Col sm={3}>
                <Button variant="outline-secondary" onClick={clearOver}>
                  <Trans>Clear this rule</Trans>
                </Button>
              </Col>
            </Row>
          </fieldset>
        </Card.Body>
      </Card>

      <Card as="section" className="shadow-sm border-0" aria-labelledby="cod-heading">
        <Card.Body className="d-grid gap-3">
          <Card.Title as="h2" id="cod-heading" className="h5 mb-0">
            <Trans>Cash on delivery for the balance</Trans>
          </Card.Title>
          <fieldset aria-describedby="cod-cities-help">
            <legend className="h6">
              <Trans>Cities where cash on delivery may pay a balance</Trans>
            </legend>
            <p id="cod-cities-help" className="small text-body-secondary">
              <Trans>
                None ticked: every city whose delivery zone offers cash on delivery. Elsewhere the balance is
                paid by bank transfer before delivery.
              </Trans>
            </p>
            {offered.length === 0 && others.length === 0 ? (
              <p className="mb-0">
                <Trans>No delivery zone offers cash on delivery yet.</Trans>
              </p>
            ) : (
              <div className="payment-cities">
                {[...offered, ...others].map((city, index) => (
                  <Form.Check
                    key={city}
                    type="checkbox"
                    id={`cod-city-${index}`}
                    value={city}
                    label={others.includes(city) ? t`${city} (no cash on delivery in its zone now)` : city}
                    {...form.register('cod_balance_cities')}
                  />
                ))}
              </div>
            )}
          </fieldset>
        </Card.Body>
      </Card>
      <div>
        <SubmitButton busy={save.isPending}>
          <Trans>Save Payment Rules</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

/** Staff set the advance the store asks and where cash on delivery may pay what is left. */
export function PaymentSettingsPage() {
  const { t } = useLingui()
  const settings = useQuery(paymentSettingsQuery())
  const zones = useQuery(deliveryZonesQuery())
  return (
    <>
      <PageHeader
        title={t`Payment rules`}
        subtitle={t`The advance customers pay before an order is confirmed, and where cash on delivery may pay the rest.`}
      />
      {settings.isPending || zones.isPending ? (
        <Loading label={t`Loading the payment rules...`} />
      ) : settings.isError || zones.isError ? (
        <Alert variant="danger">
          <Trans>Could not load the payment rules.</Trans>
        </Alert>
      ) : (
        <SettingsForm settings={settings.data} zones={zones.data} />
      )}
    </>
  )
}
