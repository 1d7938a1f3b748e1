import { Trans, useLingui } from '@lingui/react/macro'
import type { PlaceOrderBody } from '@store/contract'
import Form from 'react-bootstrap/Form'
import type { UseFormReturn } from 'react-hook-form'
import { TextField } from '../../components/text-field'
import { formatCalendarDate } from '../../lib/format'
import type { CheckoutValues } from './checkout-values'
import type { CheckoutQuote } from './use-quote'

/**
 * docs/api.md "Delivery days and dispatch": the day the van comes (one of the days the quote offers,
 * the earliest until the shopper picks another), the floor the goods are carried up to, whether a lift
 * does it, and assembly. The quote prices the floor and assembly as they change.
 */
export function DeliveryChoices({
  form,
  quote,
}: {
  form: UseFormReturn<CheckoutValues, unknown, PlaceOrderBody>
  quote: CheckoutQuote
}) {
  const { t } = useLingui()
  const priced = quote.query.data
  const dates = priced?.delivery_dates ?? []
  const chosen = form.watch('delivery_date') ?? priced?.delivery_date ?? ''
  const floor = form.watch('floor')
  const aboveGround = typeof floor === 'number' && floor > 0
  return (
    <div className="row g-3">
      <Form.Group controlId="delivery-date" className="col-sm-6">
        <Form.Label>
          <Trans>Delivery date</Trans>
        </Form.Label>
        <Form.Select
          value={chosen}
          disabled={dates.length === 0}
          aria-describedby="delivery-date-help"
          onChange={(event) => form.setValue('delivery_date', event.target.value)}
        >
          {dates.length === 0 ? (
            <option value="">{t`Choose your city first`}</option>
          ) : (
            dates.map((day) => (
              <option key={day} value={day}>
                {formatCalendarDate(day)}
              </option>
            ))
          )}
        </Form.Select>
        <Form.Text id="delivery-date-help">
          <Trans>Our vans do not deliver on Sundays and holidays.</Trans>
        </Form.Text>
      </Form.Group>
      <TextField
        form={form}
        name="floor"
        id="delivery-floor"
        label={t`Floor`}
        help={t`0 is the ground floor.`}
        type="number"
        min={0}
        max={60}
        step={1}
        inputMode="numeric"
        options={{ valueAsNumber: true }}
        className="col-sm-6"
      />
      <div className="col-12 d-grid gap-2">
        <Form.Check
          id="delivery-lift"
          label={t`There is a lift`}
          disabled={!aboveGround}
          {...form.register('lift')}
        />
        <Form.Check id="delivery-assembly" label={t`Assemble the furniture`} {...form.register('assembly')} />
      </div>
    </div>
  )
}
