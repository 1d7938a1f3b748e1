import { zodResolver } from '@hookform/resolvers/zod'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type DeliveryZone, PlaceOrderBody, zoneOf } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Loading } from '../../components/loading'
import { SubmitButton } from '../../components/submit-button'
import { useSession } from '../../data/auth'
import { useCart } from '../../data/cart'
import { deliveryZonesQuery } from '../../data/delivery'
import { usePlaceOrder } from '../../data/orders'
import { ApiError, serverDetail } from '../../lib/api'
import { isolated, localSentence } from '../../lib/i18n'
import { toast } from '../../lib/toast'
import { useTitle } from '../../lib/use-title'
import { CheckoutSummary } from './checkout-summary'
import type { CheckoutValues } from './checkout-values'
import { DeliveryChoices } from './delivery-choices'
import { PaymentChoice } from './payment-choice'
import { ShippingFields, useAddressBook } from './shipping-fields'
import { type QuoteChoices, useQuote } from './use-quote'

const FALLBACK_ERROR = msg`An error occurred while placing your order. Check stock or try again.`

/** The checkout's rules plus the one only the zone list knows: the shop must deliver to the city. */
const checkoutSchema = (zones: readonly DeliveryZone[] | undefined, noDelivery: (city: string) => string) =>
  PlaceOrderBody.superRefine((values, context) => {
    if (zones && values.city && !zoneOf(zones, values.city)) {
      context.addIssue({ code: 'custom', path: ['city'], message: noDelivery(values.city) })
    }
  })

/** What the quote is asked with while the form is typed: a floor not yet a valid number counts as the ground. */
function quoteChoices(values: CheckoutValues): QuoteChoices {
  const typed = values.floor ?? 0
  const floor = Number.isInteger(typed) && typed >= 0 && typed <= 60 ? typed : 0
  return {
    ...(values.delivery_date && { delivery_date: values.delivery_date }),
    floor,
    lift: Boolean(floor && values.lift),
    assembly: Boolean(values.assembly),
  }
}

export function CheckoutPage() {
  const { t } = useLingui()
  useTitle(t`Checkout`)
  const { user } = useSession()
  const { cart, loading } = useCart()
  const placement = usePlaceOrder()
  const navigate = useNavigate()
  const zones = useQuery(deliveryZonesQuery())
  const [failure, setFailure] = useState<string | null>(null)

  const schema = useMemo(
    () =>
      checkoutSchema(zones.data, (typed) => {
        const city = isolated(typed)
        return t`We do not deliver to ${city} yet.`
      }),
    [zones.data, t],
  )
  const form = useForm<CheckoutValues, unknown, PlaceOrderBody>({
    resolver: zodResolver(schema),
    // docs/product.md §5: prefilled from the user's names and email.
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: '',
      address: '',
      city: '',
      postal_code: '',
      payment_method: 'cod',
      floor: 0,
      lift: false,
      assembly: false,
    },
  })
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = form
  const addressBook = useAddressBook(setValue)

  const zone = zoneOf(zones.data ?? [], watch('city') ?? '')
  const paymentMethod = watch('payment_method')
  // Where cash on delivery is not offered, the choice moves to bank transfer.
  useEffect(() => {
    if (zone && !zone.cod_available && paymentMethod === 'cod') setValue('payment_method', 'bank_transfer')
  }, [zone, paymentMethod, setValue])
  // Another city offers other days: the shopper's pick goes back to that city's earliest, in the same
  // change, so no quote is asked for the new city with the old city's day.
  useEffect(() => {
    const changes = watch((_values, { name }) => {
      if (name === 'city') setValue('delivery_date', undefined)
    })
    return () => changes.unsubscribe()
  }, [watch, setValue])
  const choices = quoteChoices(watch())
  const quote = useQuote({ zone, paymentMethod, choices, cart })
  // A picked day the quote no longer offers (midnight passed, a holiday set meanwhile) goes back to
  // the earliest, so the days are offered again rather than the choice left stuck.
  const pickedDay = choices.delivery_date
  const quoteFailed = quote.query.isError
  useEffect(() => {
    if (quoteFailed && pickedDay !== undefined) setValue('delivery_date', undefined)
  }, [quoteFailed, pickedDay, setValue])

  async function placeOrder(values: PlaceOrderBody) {
    setFailure(null)
    try {
      const order = await placement.mutateAsync({
        ...values,
        // The day the summary shows: the shopper's pick, else the quote's earliest.
        delivery_date: values.delivery_date ?? quote.query.data?.delivery_date,
        lift: values.floor > 0 && values.lift,
        ...(quote.coupon && { coupon_code: quote.coupon }),
      })
      toast.success(t`Order placed successfully!`)
      await addressBook.keepIfAsked(values)
      navigate(`/orders/${order.id}`)
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Placing the order failed', error)
      // docs/product.md §8: the server's reason, in an alert and a toast; what was typed stays.
      const message = serverDetail(error) ?? t(FALLBACK_ERROR)
      setFailure(message)
      toast.error(message)
    }
  }

  // After the order the cart is empty, but this page is on its way to the order, not to "empty".
  if (loading || placement.isSuccess) return <Loading label={t`Loading your cart...`} />
  if (cart.items.length === 0) {
    return (
      <div className="container py-5 empty-state">
        <h1 className="page-title">
          <Trans>Checkout</Trans>
        </h1>
        <Alert variant="info" className="d-inline-block">
          <Trans>Your cart is empty.</Trans>
        </Alert>
        <p>
          <Link to="/" className="btn btn-primary">
            <Trans>Start Shopping</Trans>
          </Link>
        </p>
      </div>
    )
  }

  return (
    <div className="container py-4">
      <h1 className="page-title">
        <Trans>Checkout</Trans>
      </h1>
      <div className="row g-4">
        <div className="col-lg-7">
          <Form
            onSubmit={handleSubmit(placeOrder)}
            noValidate
            className="card"
            aria-labelledby="shipping-heading"
          >
            <div className="card-body">
              <h2 id="shipping-heading" className="h5 mb-3">
                <Trans>Shipping details</Trans>
              </h2>
              {failure && (
                <Alert variant="danger" role="alert">
                  {failure}
                </Alert>
              )}
              <ShippingFields form={form} book={addressBook} zones={zones.data ?? []} />

              <h2 className="h5 mt-4 mb-3">
                <Trans>Delivery</Trans>
              </h2>
              <DeliveryChoices form={form} quote={quote} />

              <h2 className="h5 mt-4 mb-3" id="payment-heading">
                <Trans>Payment</Trans>
              </h2>
              <PaymentChoice
                register={register}
                zone={zone}
                error={localSentence(errors.payment_method?.message)}
              />
              <p className="text-muted small mt-3 mb-0">
                <Trans>No payment is taken online.</Trans>
              </p>
            </div>
            <div className="card-footer bg-transparent">
              <SubmitButton busy={isSubmitting} size="lg" className="w-100">
                <Trans>Place Order</Trans>
              </SubmitButton>
            </div>
          </Form>
        </div>
        {/* On a phone the total comes first, above the button that places the order. */}
        <div className="col-lg-5 order-first order-lg-last">
          <CheckoutSummary cart={cart} zone={zone} quote={quote} floor={choices.floor ?? 0} />
        </div>
      </div>
    </div>
  )
}
