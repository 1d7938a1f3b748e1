import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Category, type DeliverySettings, DeliverySettingsBody, MoneyInput } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Button, Card, Form, Row, Table } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { categoriesQuery } from '../../../data/catalog'
import { deliverySettingsQuery, useUpdateDeliverySettings } from '../../../data/delivery'
import { formatCalendarDate } from '../../../lib/format'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { amountInput } from '../common/amount-input'

/** An empty fee box means the category assembles free: it is left out of the body, not sent as 0. */
const OptionalFee = z.string().superRefine((fee, context) => {
  if (fee.trim() === '') return
  const checked = MoneyInput.safeParse(fee)
  if (!checked.success) context.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? '' })
})

const ServicesFormSchema = z
  .object({
    holidays: z.array(z.string()),
    floor_fee: z.string(),
    assembly_fees: z.array(z.object({ category_id: z.number(), fee: OptionalFee })),
  })
  .transform(
    (typed): DeliverySettingsBody => ({
      holidays: typed.holidays,
      floor_fee: typed.floor_fee,
      assembly_fees: typed.assembly_fees.filter(({ fee }) => fee.trim() !== ''),
    }),
  )
  .pipe(DeliverySettingsBody)
type ServicesFormValues = z.input<typeof ServicesFormSchema>

/** Every category in a row of its own, with its fee when it has one. */
function initialValues(settings: DeliverySettings, categories: readonly Category[]): ServicesFormValues {
  return {
    holidays: settings.holidays,
    floor_fee: amountInput(settings.floor_fee),
    assembly_fees: categories.map((category) => {
      const fee = settings.assembly_fees.find((each) => each.category_id === category.id)?.fee
      return { category_id: category.id, fee: fee ? amountInput(fee) : '' }
    }),
  }
}

function ServicesForm({ settings, categories }: { settings: DeliverySettings; categories: Category[] }) {
  const { t } = useLingui()
  const form = useForm<ServicesFormValues, unknown, DeliverySettingsBody>({
    resolver: localResolver(zodResolver(ServicesFormSchema)),
    defaultValues: initialValues(settings, categories),
  })
  const save = useUpdateDeliverySettings()
  const [refusal, setRefusal] = useState<string>()
  const [newHoliday, setNewHoliday] = useState('')
  const holidays = form.watch('holidays')

  const setHolidays = (days: string[]) => form.setValue('holidays', days, { shouldDirty: true })
  const addHoliday = () => {
    if (newHoliday && !holidays.includes(newHoliday)) setHolidays([...holidays, newHoliday].sort())
    setNewHoliday('')
  }

  const submit = form.handleSubmit((body) => {
    setRefusal(undefined)
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(t`Delivery services saved.`)
        form.reset(initialValues(saved, categories))
      },
      onError: (error) => setRefusal(showServerErrors(error, form, t`Could not save the delivery services.`)),
    })
  })

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-4">
      <FormRefusal message={refusal} className="mb-0" />
      <fieldset className="d-grid gap-2">
        <legend className="h6 mb-0">
          <Trans>Holidays</Trans>
        </legend>
        <p className="small text-body-secondary mb-0">
          <Trans>Days the vans stay in besides Sundays: checkout offers no delivery on them.</Trans>
        </p>
        {holidays.length > 0 && (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={t`Holidays`}>
            {holidays.map((day) => {
              const shown = formatCalendarDate(day)
              return (
                <li
                  key={day}
                  className="badge text-bg-light border d-flex align-items-center gap-2 fs-6 fw-normal"
                >
                  {shown}
                  <Button
                    size="sm"
                    variant="link"
                    className="p-0 text-danger"
                    aria-label={t`Remove the holiday ${shown}`}
                    onClick={() => setHolidays(holidays.filter((each) => each !== day))}
                  >
                    ×
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
        <div className="d-flex gap-2 align-items-end">
          <Form.Group controlId="new-holiday">
            <Form.Label className="small mb-1">
              <Trans>Add a holiday</Trans>
            </Form.Label>
            <Form.Control
              type="date"
              value={newHoliday}
              onChange={(event) => setNewHoliday(event.target.value)}
            />
          </Form.Group>
          <Button variant="outline-primary" onClick={addHoliday} disabled={!newHoliday}>
            <Trans>Add</Trans>
          </Button>
        </div>
      </fieldset>
      <Row className="g-3">
        <TextField
          form={form}
          name="floor_fee"
          id="floor-fee"
          label={t`Fee per floor without a lift (PKR)`}
          help={t`Carrying an order up one floor by the stairs; 0 carries free.`}
          inputMode="decimal"
          className="col-md-6"
        />
      </Row>
      <fieldset>
        <legend className="h6">
          <Trans>Assembly fee per category</Trans>
        </legend>
        <p className="small text-body-secondary">
          <Trans>For each piece of the category a customer asks to be assembled; empty assembles free.</Trans>
        </p>
        {categories.length === 0 ? (
          <p className="mb-0">
            <Trans>No categories yet.</Trans>
          </p>
        ) : (
          <Table size="sm" className="mb-0 align-middle assembly-fees">
            <tbody>
              {categories.map(({ id, name }, index) => (
                <tr key={id}>
                  <th scope="row" className="fw-normal">
                    {name}
                  </th>
                  <td>
                    <TextField
                      form={form}
                      name={`assembly_fees.${index}.fee`}
                      id={`assembly-fee-${id}`}
                      label={t`Assembly fee for ${name} (PKR)`}
                      labelHidden
                      inputMode="decimal"
                      placeholder={t`Free`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </fieldset>
      <div>
        <SubmitButton busy={save.isPending}>
          <Trans>Save Delivery Services</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

/** The delivery page's services: holidays, the floor fee and the assembly fees. */
export function DeliveryServicesSection() {
  const { t } = useLingui()
  const settings = useQuery(deliverySettingsQuery())
  const categories = useQuery(categoriesQuery())
  return (
    <Card as="section" className="shadow-sm border-0 mb-4" aria-labelledby="services-heading">
      <Card.Body className="d-grid gap-3">
        <Card.Title as="h2" id="services-heading" className="h5 mb-0">
          <Trans>Delivery days and services</Trans>
        </Card.Title>
        {settings.isPending || categories.isPending ? (
          <Loading label={t`Loading the delivery services...`} />
        ) : settings.isError || categories.isError ? (
          <Alert variant="danger" className="mb-0">
            <Trans>Could not load the delivery services.</Trans>
          </Alert>
        ) : (
          <ServicesForm settings={settings.data} categories={categories.data} />
        )}
      </Card.Body>
    </Card>
  )
}
