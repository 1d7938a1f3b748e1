import { zodResolver } from '@hookform/resolvers/zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { AdjustmentBody, type Location, TransferBody } from '@store/contract'
import { Col, Form, Row } from 'react-bootstrap'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { FormRefusal } from '../../../components/form-refusal'
import { SelectField } from '../../../components/select-field'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { useAdjustStock, useTransferStock } from '../../../data/stock'
import { localResolver } from '../../../lib/sentences'
import { showRefusalInForm } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'

type AdjustReason = AdjustmentBody['reason']

/** The reasons staff give for a change, in the order they are most often given. */
const ADJUST_REASONS: readonly { reason: AdjustReason; label: MessageDescriptor }[] = [
  { reason: 'adjustment', label: msg`Adjustment` },
  { reason: 'count', label: msg`Count` },
  { reason: 'production', label: msg`Production` },
  { reason: 'write_off', label: msg`Write-off` },
  { reason: 'return', label: msg`Return` },
]

/** An empty box is no number at all, which the contract refuses with its own sentence (not 0). */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))
/** A location chosen from a select: none chosen is no id, which the contract refuses. */
const chosenId = (text: string) => (text === '' ? Number.NaN : Number(text))

/** The adjustment as typed: the units for most reasons, the number counted for a count. */
const AdjustFormSchema = (productId: number) =>
  z
    .object({
      location_id: z.string(),
      reason: z.string(),
      delta: z.string(),
      count: z.string(),
      note: z.string(),
    })
    .transform(
      (typed): AdjustmentBody => ({
        product_id: productId,
        location_id: chosenId(typed.location_id),
        reason: typed.reason as AdjustReason,
        ...(typed.reason === 'count'
          ? { count: wholeNumber(typed.count) }
          : { delta: wholeNumber(typed.delta) }),
        note: typed.note,
      }),
    )
    .pipe(AdjustmentBody)
type AdjustFormValues = z.input<ReturnType<typeof AdjustFormSchema>>

function LocationOptions({ locations }: { locations: Location[] }) {
  return locations.map((location) => (
    <option key={location.id} value={location.id}>
      {location.name}
    </option>
  ))
}

/** Stock changed at one location with a reason: units in or out, or for a count the number counted. */
export function AdjustStockForm({ productId, locations }: { productId: number; locations: Location[] }) {
  const { i18n, t } = useLingui()
  const adjust = useAdjustStock()
  const form = useForm<AdjustFormValues, unknown, AdjustmentBody>({
    resolver: localResolver(zodResolver(AdjustFormSchema(productId))),
    defaultValues: {
      location_id: String(locations[0]?.id ?? ''),
      reason: '',
      delta: '',
      count: '',
      note: '',
    },
  })
  const reason = useWatch({ control: form.control, name: 'reason' })
  const counting = reason === 'count'
  const { errors } = form.formState

  const save = form.handleSubmit((body) =>
    adjust.mutate(body, {
      onSuccess: () => {
        toast.success(t`Stock updated.`)
        form.reset({ ...form.getValues(), delta: '', count: '', note: '' })
      },
      onError: (error) => showRefusalInForm(error, form, t`Could not change the stock.`),
    }),
  )

  return (
    <Form noValidate onSubmit={save} aria-labelledby="adjust-heading" className="d-grid gap-3">
      <h3 id="adjust-heading" className="h6 mb-0">
        <Trans>Adjust stock</Trans>
      </h3>
      <FormRefusal message={errors.root?.message} className="mb-0" />
      <Row className="g-3">
        <Col sm={6}>
          <SelectField form={form} name="location_id" id="adjust-location" label={t`Location`}>
            <LocationOptions locations={locations} />
          </SelectField>
        </Col>
        <Col sm={6}>
          <SelectField form={form} name="reason" id="adjust-reason" label={t`Reason`} required>
            <option value="">{t`Choose a reason`}</option>
            {ADJUST_REASONS.map((choice) => (
              <option key={choice.reason} value={choice.reason}>
                {i18n._(choice.label)}
              </option>
            ))}
          </SelectField>
        </Col>
        <Col sm={6}>
          {/* A count and a change are different numbers: each has its box, the reason shows one. */}
          {counting ? (
            <TextField
              key="count"
              form={form}
              name="count"
              id="adjust-count"
              label={t`Number counted`}
              help={t`The number there now; the difference is recorded.`}
              type="number"
              step={1}
              min={0}
              inputMode="numeric"
            />
          ) : (
            <TextField
              key="delta"
              form={form}
              name="delta"
              id="adjust-delta"
              label={t`Units (+ in, − out)`}
              help={t`A negative number takes units out.`}
              type="number"
              step={1}
              inputMode="numeric"
            />
          )}
        </Col>
        <Col sm={6}>
          <TextField form={form} name="note" id="adjust-note" label={t`Note (optional)`} dir="auto" />
        </Col>
      </Row>
      <div>
        <SubmitButton busy={adjust.isPending} variant="outline-primary">
          {counting ? t`Record Count` : t`Adjust Stock`}
        </SubmitButton>
      </div>
    </Form>
  )
}

const TransferFormSchema = (productId: number) =>
  z
    .object({ from: z.string(), to: z.string(), quantity: z.string(), note: z.string() })
    .transform(
      (typed): TransferBody => ({
        product_id: productId,
        from: chosenId(typed.from),
        to: chosenId(typed.to),
        quantity: wholeNumber(typed.quantity),
        note: typed.note,
      }),
    )
    .pipe(TransferBody)
type TransferFormValues = z.input<ReturnType<typeof TransferFormSchema>>

/** Units moved from one location to another (the product's total stays). */
export function TransferStockForm({ productId, locations }: { productId: number; locations: Location[] }) {
  const { t } = useLingui()
  const transfer = useTransferStock()
  const form = useForm<TransferFormValues, unknown, TransferBody>({
    resolver: localResolver(zodResolver(TransferFormSchema(productId))),
    defaultValues: {
      from: String(locations[0]?.id ?? ''),
      to: String(locations[1]?.id ?? ''),
      quantity: '',
      note: '',
    },
  })
  const { errors } = form.formState

  const save = form.handleSubmit((body) =>
    transfer.mutate(body, {
      onSuccess: () => {
        toast.success(t`Stock moved.`)
        form.reset({ ...form.getValues(), quantity: '', note: '' })
      },
      onError: (error) => showRefusalInForm(error, form, t`Could not move the stock.`),
    }),
  )

  return (
    <Form noValidate onSubmit={save} aria-labelledby="transfer-heading" className="d-grid gap-3">
      <h3 id="transfer-heading" className="h6 mb-0">
        <Trans>Move stock</Trans>
      </h3>
      <FormRefusal message={errors.root?.message} className="mb-0" />
      <Row className="g-3">
        <Col sm={6}>
          <SelectField form={form} name="from" id="transfer-from" label={t`From`}>
            <LocationOptions locations={locations} />
          </SelectField>
        </Col>
        <Col sm={6}>
          <SelectField form={form} name="to" id="transfer-to" label={t`To`}>
            <LocationOptions locations={locations} />
          </SelectField>
        </Col>
        <Col sm={6}>
          <TextField
            form={form}
            name="quantity"
            id="transfer-quantity"
            label={t`Quantity`}
            type="number"
            step={1}
            min={1}
            inputMode="numeric"
          />
        </Col>
        <Col sm={6}>
          <TextField form={form} name="note" id="transfer-note" label={t`Note (optional)`} dir="auto" />
        </Col>
      </Row>
      <div>
        <SubmitButton busy={transfer.isPending} variant="outline-primary">
          {t`Move Stock`}
        </SubmitButton>
      </div>
    </Form>
  )
}
