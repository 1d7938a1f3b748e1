import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { serverDetail } from '../../lib/api'
import { toast } from '../../lib/toast'
import type { CheckoutQuote } from './use-quote'

/** The coupon code box, or the applied coupon with a way to remove it. */
export function CouponField({ quote }: { quote: CheckoutQuote }) {
  const { t } = useLingui()
  const [typed, setTyped] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)
  const [applying, setApplying] = useState(false)
  const { coupon, applyCoupon, removeCoupon } = quote

  async function apply() {
    const code = typed.trim()
    setRefusal(null)
    if (!code) return setRefusal(t`Enter a coupon code.`)
    if (!applyCoupon)
      return setRefusal(t`Choose your city first: the discount is worked out with the delivery.`)
    setApplying(true)
    try {
      const applied = await applyCoupon(code)
      setTyped('')
      toast.success(t`Coupon ${applied} applied.`)
    } catch (error) {
      setRefusal(serverDetail(error) ?? t`Could not check the coupon. Try again.`)
    } finally {
      setApplying(false)
    }
  }

  if (coupon) {
    return (
      <p className="d-flex align-items-center justify-content-between gap-2 mb-0">
        <span>
          <Trans>
            Coupon <strong>{coupon}</strong> applied
          </Trans>
        </span>
        <Button variant="link" size="sm" className="p-0" onClick={removeCoupon}>
          <Trans>Remove</Trans>
        </Button>
      </p>
    )
  }
  return (
    <Form.Group controlId="coupon-code">
      <Form.Label className="small mb-1">
        <Trans>Coupon code</Trans>
      </Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          value={typed}
          autoComplete="off"
          isInvalid={Boolean(refusal)}
          aria-describedby="coupon-feedback"
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              void apply()
            }
          }}
        />
        <Button
          variant="outline-primary"
          className="text-nowrap"
          onClick={() => void apply()}
          disabled={applying}
        >
          <Trans>Apply</Trans>
        </Button>
      </div>
      <div id="coupon-feedback" className="invalid-feedback d-block" role={refusal ? 'alert' : undefined}>
        {refusal}
      </div>
    </Form.Group>
  )
}
