import { zodResolver } from '@hookform/resolvers/zod'
import { useLingui } from '@lingui/react/macro'
import { type Coupon, CouponBody, CouponKind } from '@store/contract'
import { useState } from 'react'
import { Form, Row } from 'react-bootstrap'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { SelectField } from '../../../components/select-field'
import { TextField } from '../../../components/text-field'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { amountInput } from '../common/amount-input'
import { ModalForm } from '../common/modal-form'
import { useCreateCoupon, useUpdateCoupon } from './data'
import { fromLocalInput, toLocalInput } from './local-time'

/** The inputs as typed, turned into a coupon body and checked by the contract's own CouponBody. */
const CouponFormSchema = z
  .object({
    code: z.string(),
    kind: CouponKind,
    value: z.string(),
    min_subtotal: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    max_uses: z.string(),
    is_active: z.boolean(),
  })
  .transform(
    (typed): CouponBody => ({
      ...typed,
      min_subtotal: typed.min_subtotal.trim() === '' ? '0' : typed.min_subtotal,
      starts_at: fromLocalInput(typed.starts_at),
      ends_at: fromLocalInput(typed.ends_at),
      // Empty: no limit. Anything else must be a whole number, which the contract checks.
      max_uses: typed.max_uses.trim() === '' ? null : Number(typed.max_uses),
    }),
  )
  .pipe(CouponBody)
type CouponFormValues = z.input<typeof CouponFormSchema>

function initialValues(coupon: Coupon | undefined): CouponFormValues {
  if (!coupon) {
    return {
      code: '',
      kind: 'percent',
      value: '',
      min_subtotal: '',
      starts_at: '',
      ends_at: '',
      max_uses: '',
      is_active: true,
    }
  }
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: amountInput(coupon.value),
    min_subtotal: Number(coupon.min_subtotal) === 0 ? '' : amountInput(coupon.min_subtotal),
    starts_at: toLocalInput(coupon.starts_at),
    ends_at: toLocalInput(coupon.ends_at),
    max_uses: coupon.max_uses === null ? '' : String(coupon.max_uses),
    is_active: coupon.is_active,
  }
}

/** Create a coupon, or change one (absent `coupon`: a new one); its use count is the server's. */
export function CouponForm({ coupon, onDone }: { coupon?: Coupon; onDone(): void }) {
  const { t } = useLingui()
  const form = useForm({
    resolver: localResolver(zodResolver(CouponFormSchema)),
    defaultValues: initialValues(coupon),
  })
  const { register, handleSubmit, control } = form
  const kind = useWatch({ control, name: 'kind' })
  const create = useCreateCoupon()
  const update = useUpdateCoupon()
  const [refusal, setRefusal] = useState<string>()

  const save = handleSubmit((body) => {
    setRefusal(undefined)
    const callbacks = {
      onSuccess: (saved: Coupon) => {
        const code = saved.code
        toast.success(coupon ? t`Coupon ${code} updated.` : t`Coupon ${code} created.`)
        onDone()
      },
      onError: (error: unknown) => setRefusal(showServerErrors(error, form, t`Could not save the coupon.`)),
    }
    if (coupon) update.mutate({ id: coupon.id, body }, callbacks)
    else create.mutate(body, callbacks)
  })

  const code = coupon?.code
  const usedCount = coupon?.used_count
  return (
    <ModalForm
      title={coupon ? t`Edit coupon ${code}` : t`Create a coupon`}
      submitLabel={coupon ? t`Save Coupon` : t`Create Coupon`}
      saving={create.isPending || update.isPending}
      error={refusal}
      onCancel={onDone}
      onSubmit={save}
    >
      <Row className="g-3">
        <TextField
          dir="auto"
          id="coupon-code"
          label={t`Code`}
          autoComplete="off"
          className="col-sm-6"
          help={coupon ? t`Used ${usedCount} times so far.` : t`Customers type it in any case.`}
          form={form}
          name="code"
        />
        <SelectField form={form} name="kind" id="coupon-kind" label={t`Kind`} className="col-sm-6">
          <option value="percent">{t`Percent off the subtotal`}</option>
          <option value="fixed">{t`Fixed amount off (PKR)`}</option>
        </SelectField>
        <TextField
          dir="auto"
          id="coupon-value"
          label={kind === 'percent' ? t`Discount (%)` : t`Discount (PKR)`}
          inputMode="decimal"
          className="col-sm-6"
          form={form}
          name="value"
        />
        <TextField
          dir="auto"
          id="coupon-min-subtotal"
          label={t`Minimum subtotal (PKR)`}
          inputMode="decimal"
          className="col-sm-6"
          help={t`Leave empty for no minimum.`}
          form={form}
          name="min_subtotal"
        />
        <TextField
          id="coupon-starts-at"
          label={t`Valid from`}
          type="datetime-local"
          className="col-sm-6"
          help={t`Leave empty to start at once.`}
          form={form}
          name="starts_at"
        />
        <TextField
          id="coupon-ends-at"
          label={t`Valid until`}
          type="datetime-local"
          className="col-sm-6"
          help={t`Leave empty for no end.`}
          form={form}
          name="ends_at"
        />
        <TextField
          id="coupon-max-uses"
          label={t`Maximum uses`}
          type="number"
          min={1}
          step={1}
          className="col-sm-6"
          help={t`Leave empty for no limit.`}
          form={form}
          name="max_uses"
        />
        <Form.Group controlId="coupon-active" className="col-sm-6 align-self-center">
          <Form.Check type="switch" label={t`Active`} {...register('is_active')} />
        </Form.Group>
      </Row>
    </ModalForm>
  )
}
