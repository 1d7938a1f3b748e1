import { Trans, useLingui } from '@lingui/react/macro'
import { type DeliveryZone, toPaisa } from '@store/contract'
import Form from 'react-bootstrap/Form'
import type { UseFormRegister } from 'react-hook-form'
import { Price } from '../../components/price'
import { isolated } from '../../lib/i18n'
import type { CheckoutValues } from './checkout-values'

/**
 * Cash on delivery (with the city's fee, where the city offers it) or bank transfer, whose receipt is
 * uploaded on the order's page.
 */
export function PaymentChoice({
  register,
  zone,
  error,
}: {
  register: UseFormRegister<CheckoutValues>
  zone: DeliveryZone | undefined
  error: string | undefined
}) {
  const { t } = useLingui()
  const codOffered = !zone || zone.cod_available
  const codFee = zone && toPaisa(zone.cod_fee) > 0 ? zone.cod_fee : null
  const city = isolated(zone?.city ?? '')
  return (
    <fieldset aria-labelledby="payment-heading" className="payment-choice">
      <Form.Check
        type="radio"
        id="payment-cod"
        value="cod"
        disabled={!codOffered}
        {...register('payment_method')}
        label={
          <>
            <span className="fw-semibold d-block">
              <Trans>Cash on delivery</Trans>
            </span>
            <span className="small text-muted d-block">
              {!codOffered && zone ? (
                t`Not available in ${city}.`
              ) : codFee ? (
                <Trans>
                  Pay when your order arrives. A fee of <Price amount={codFee} /> applies.
                </Trans>
              ) : (
                t`Pay when your order arrives.`
              )}
            </span>
          </>
        }
      />
      <Form.Check
        type="radio"
        id="payment-bank"
        value="bank_transfer"
        className="mt-2"
        {...register('payment_method')}
        label={
          <>
            <span className="fw-semibold d-block">
              <Trans>Bank transfer</Trans>
            </span>
            <span className="small text-muted d-block">
              <Trans>Transfer the total to our bank account and upload the receipt on your order page.</Trans>
            </span>
          </>
        }
      />
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  )
}
