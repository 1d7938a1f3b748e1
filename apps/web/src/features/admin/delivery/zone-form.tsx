import { zodResolver } from '@hookform/resolvers/zod'
import { useLingui } from '@lingui/react/macro'
import { type DeliveryZone, DeliveryZoneBody } from '@store/contract'
import { useState } from 'react'
import { Form, Row } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { TextField } from '../../../components/text-field'
import { useCreateDeliveryZone, useUpdateDeliveryZone } from '../../../data/delivery'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { amountInput } from '../common/amount-input'
import { ModalForm } from '../common/modal-form'

/** An empty box is no number at all, which the contract refuses with its own sentence (not 0). */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** The inputs as typed, turned into a zone body and checked by the contract's own DeliveryZoneBody. */
const ZoneFormSchema = z
  .object({
    city: z.string(),
    fee: z.string(),
    free_over: z.string(),
    eta_min_days: z.string(),
    eta_max_days: z.string(),
    cod_available: z.boolean(),
    cod_fee: z.string(),
  })
  .transform(
    (typed): DeliveryZoneBody => ({
      ...typed,
      // Empty: delivery is never free.
      free_over: typed.free_over.trim() === '' ? null : typed.free_over,
      eta_min_days: wholeNumber(typed.eta_min_days),
      eta_max_days: wholeNumber(typed.eta_max_days),
      cod_fee: typed.cod_fee.trim() === '' ? '0' : typed.cod_fee,
    }),
  )
  .pipe(DeliveryZoneBody)
type ZoneFormValues = z.input<typeof ZoneFormSchema>

function initialValues(zone: DeliveryZone | undefined): ZoneFormValues {
  if (!zone) {
    return {
      city: '',
      fee: '',
      free_over: '',
      eta_min_days: '',
      eta_max_days: '',
      cod_available: true,
      cod_fee: '',
    }
  }
  return {
    city: zone.city,
    fee: amountInput(zone.fee),
    free_over: zone.free_over === null ? '' : amountInput(zone.free_over),
    eta_min_days: String(zone.eta_min_days),
    eta_max_days: String(zone.eta_max_days),
    cod_available: zone.cod_available,
    cod_fee: Number(zone.cod_fee) === 0 ? '' : amountInput(zone.cod_fee),
  }
}

/** Add a city the shop delivers to, or change one (absent `zone`: a new one). */
export function ZoneForm({ zone, onDone }: { zone?: DeliveryZone; onDone(): void }) {
  const { t } = useLingui()
  const form = useForm({
    resolver: localResolver(zodResolver(ZoneFormSchema)),
    defaultValues: initialValues(zone),
  })
  const { register, handleSubmit } = form
  const create = useCreateDeliveryZone()
  const update = useUpdateDeliveryZone()
  const [refusal, setRefusal] = useState<string>()

  const save = handleSubmit((body) => {
    setRefusal(undefined)
    const callbacks = {
      onSuccess: (saved: DeliveryZone) => {
        const city = saved.city
        toast.success(zone ? t`Delivery to ${city} updated.` : t`Delivery to ${city} added.`)
        onDone()
      },
      onError: (error: unknown) =>
        setRefusal(showServerErrors(error, form, t`Could not save the delivery zone.`)),
    }
    if (zone) update.mutate({ id: zone.id, body }, callbacks)
    else create.mutate(body, callbacks)
  })

  const city = zone?.city
  return (
    <ModalForm
      title={zone ? t`Edit delivery to ${city}` : t`Add a delivery zone`}
      submitLabel={zone ? t`Save Zone` : t`Add Zone`}
      saving={create.isPending || update.isPending}
      error={refusal}
      onCancel={onDone}
      onSubmit={save}
    >
      <TextField dir="auto" id="zone-city" label={t`City`} autoComplete="off" form={form} name="city" />
      <Row className="g-3">
        <TextField
          dir="auto"
          id="zone-fee"
          label={t`Delivery fee (PKR)`}
          inputMode="decimal"
          className="col-sm-6"
          form={form}
          name="fee"
        />
        <TextField
          dir="auto"
          id="zone-free-over"
          label={t`Free delivery over (PKR)`}
          inputMode="decimal"
          className="col-sm-6"
          help={t`Leave empty if delivery is never free.`}
          form={form}
          name="free_over"
        />
        <TextField
          id="zone-eta-min"
          label={t`Delivery in at least (days)`}
          type="number"
          min={0}
          step={1}
          className="col-sm-6"
          form={form}
          name="eta_min_days"
        />
        <TextField
          id="zone-eta-max"
          label={t`Delivery in at most (days)`}
          type="number"
          min={0}
          step={1}
          className="col-sm-6"
          form={form}
          name="eta_max_days"
        />
      </Row>
      <Row className="g-3 align-items-center">
        <Form.Group controlId="zone-cod" className="col-sm-6">
          <Form.Check type="switch" label={t`Cash on delivery offered`} {...register('cod_available')} />
        </Form.Group>
        <TextField
          dir="auto"
          id="zone-cod-fee"
          label={t`Cash on delivery fee (PKR)`}
          inputMode="decimal"
          className="col-sm-6"
          help={t`Leave empty for no fee.`}
          form={form}
          name="cod_fee"
        />
      </Row>
    </ModalForm>
  )
}
