import { zodResolver } from '@hookform/resolvers/zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  type Address,
  type DeliveryZone,
  PlaceOrderBody,
  type Quote,
  type QuoteBody,
  toPaisa,
  zoneOf,
} from '@store/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import { type UseFormSetValue, useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link, useNavigate } from 'react-router'
import { ChosenOptions } from '../../components/chosen-options'
import { CitySuggestions } from '../../components/city-suggestions'
import { Loading } from '../../components/loading'
import { OrderTotals } from '../../components/order-summary'
import { Price } from '../../components/price'
import { addressesQuery, useCreateAddress } from '../../data/addresses'
import { useSession } from '../../data/auth'
import { useCart } from '../../data/cart'
import { deliveryZonesQuery } from '../../data/delivery'
import { quoteQuery, usePlaceOrder } from '../../data/orders'
import { ApiError, serverDetail } from '../../lib/api'
import { isolated, localSentence } from '../../lib/i18n'
import { useTitle } from '../../lib/use-title'
import { PaymentChoice } from './checkout-fields'

const FALLBACK_ERROR = msg`An error occurred while placing your order. Check stock or try again.`

type CheckoutValues = PlaceOrderBody

/** A mobile number as Pakistanis write it: the field's example */
const example = '0300 1234567'

const FIELDS: {
  name: Exclude<keyof CheckoutValues, 'payment_method' | 'coupon_code'>
  label: MessageDescriptor
  autoComplete: string
  type?: string
  wide?: boolean
  hint?: MessageDescriptor
}[] = [
  { name: 'first_name', label: msg`First name`, autoComplete: 'given-name' },
  { name: 'last_name', label: msg`Last name`, autoComplete: 'family-name' },
  { name: 'email', label: msg`Email`, autoComplete: 'email', type: 'email' },
  {
    name: 'phone',
    label: msg`Mobile number`,
    autoComplete: 'tel',
    type: 'tel',
    hint: msg`e.g. ${example}`,
  },
  { name: 'address', label: msg`Address`, autoComplete: 'street-address', wide: true },
  { name: 'city', label: msg`City`, autoComplete: 'address-level2' },
  { name: 'postal_code', label: msg`Postal code`, autoComplete: 'postal-code' },
]

const SHIPPING_FIELDS = ['first_name', 'last_name', 'phone', 'address', 'city', 'postal_code'] as const

/** Fills the shipping fields from a saved address; the shopper may still change them. */
function fillFrom(address: Address, setValue: UseFormSetValue<CheckoutValues>) {
  for (const field of SHIPPING_FIELDS) setValue(field, address[field], { shouldValidate: false })
}

/** The checkout's rules plus the one only the zone list knows: the shop must deliver to the city. */
const checkoutSchema = (zones: readonly DeliveryZone[] | undefined, noDelivery: (city: string) => string) =>
  PlaceOrderBody.superRefine((values, context) => {
    if (zones && values.city && !zoneOf(zones, values.city)) {
      context.addIssue({ code: 'custom', path: ['city'], message: noDelivery(values.city) })
    }
  })

export function CheckoutPage() {
  const { i18n, t } = useLingui()
  useTitle(t`Checkout`)
  const { user } = useSession()
  const { cart, loading } = useCart()
  const placement = usePlaceOrder()
  const saveAddress = useCreateAddress()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const zones = useQuery(deliveryZonesQuery())
  const addresses = useQuery({ ...addressesQuery(user?.id ?? 0), enabled: Boolean(user) })
  const [failure, setFailure] = useState<string | null>(null)
  const [savedAddressId, setSavedAddressId] = useState<number | 'new' | null>(null)
  const [keepAddress, setKeepAddress] = useState(false)
  const homeLabel = t({ message: 'Home', context: 'the label of an address' })
  const [addressLabel, setAddressLabel] = useState(homeLabel)
  const [couponInput, setCouponInput] = useState('')
  const [coupon, setCoupon] = useState<string | null>(null)
  const [couponError, setCouponError] = useState<string | null>(null)
  const [applyingCoupon, setApplyingCoupon] = useState(false)

  // The example's digit groups stay in order in an Urdu sentence.
  const hintOf = (hint: MessageDescriptor) => {
    const withExample = { ...hint, values: { example: isolated(example) } }
    return i18n._(withExample)
  }
  const schema = useMemo(
    () =>
      checkoutSchema(zones.data, (typed) => {
        const city = isolated(typed)
        return t`We do not deliver to ${city} yet.`
      }),
    [zones.data, t],
  )
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutValues>({
    resolver: zodResolver(schema),
    // SPEC §5: prefilled from the user's names and email.
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: '',
      address: '',
      city: '',
      postal_code: '',
      payment_method: 'cod',
    },
  })

  // The default address fills the form once, when the book arrives.
  useEffect(() => {
    if (savedAddressId !== null || !addresses.data) return
    const preferred = addresses.data.find((address) => address.is_default) ?? addresses.data[0]
    if (preferred) fillFrom(preferred, setValue)
    setSavedAddressId(preferred?.id ?? 'new')
  }, [addresses.data, savedAddressId, setValue])

  const zone = zoneOf(zones.data ?? [], watch('city') ?? '')
  const paymentMethod = watch('payment_method')
  // Where cash on delivery is not offered, the choice moves to bank transfer.
  useEffect(() => {
    if (zone && !zone.cod_available && paymentMethod === 'cod') setValue('payment_method', 'bank_transfer')
  }, [zone, paymentMethod, setValue])

  const quoteBody: QuoteBody | null = zone
    ? { city: zone.city, payment_method: paymentMethod, ...(coupon && { coupon_code: coupon }) }
    : null
  const cartVersion = { item_count: cart.item_count, subtotal: cart.subtotal }
  const quote = useQuery({
    ...quoteQuery(quoteBody ?? { city: '', payment_method: 'cod' }, cartVersion),
    enabled: quoteBody !== null && cart.items.length > 0,
  })

  async function applyCoupon() {
    const code = couponInput.trim()
    setCouponError(null)
    if (!code) return setCouponError(t`Enter a coupon code.`)
    if (!zone) return setCouponError(t`Choose your city first: the discount is worked out with the delivery.`)
    setApplyingCoupon(true)
    try {
      const priced = await queryClient.fetchQuery(
        quoteQuery({ city: zone.city, payment_method: paymentMethod, coupon_code: code }, cartVersion),
      )
      const applied = priced.coupon?.code ?? code
      setCoupon(applied)
      setCouponInput('')
      toast.success(t`Coupon ${applied} applied.`)
    } catch (error) {
      setCouponError(serverDetail(error) ?? t`Could not check the coupon. Try again.`)
    } finally {
      setApplyingCoupon(false)
    }
  }

  async function keepInAddressBook(values: CheckoutValues) {
    const { first_name, last_name, phone, address, city, postal_code } = values
    try {
      await saveAddress.mutateAsync({
        label: addressLabel.trim() || homeLabel,
        first_name,
        last_name,
        phone,
        address,
        city,
        postal_code,
      })
    } catch (error) {
      console.error('Saving the address failed', error)
      toast.error(t`Your order is placed, but the address could not be saved.`)
    }
  }

  async function placeOrder(values: CheckoutValues) {
    setFailure(null)
    try {
      const order = await placement.mutateAsync({ ...values, ...(coupon && { coupon_code: coupon }) })
      toast.success(t`Order placed successfully!`)
      if (keepAddress && savedAddressId === 'new') await keepInAddressBook(values)
      navigate(`/orders/${order.id}`)
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Placing the order failed', error)
      // SPEC §8: the server's reason, in an alert and a toast; what was typed stays.
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

  const savedAddresses = addresses.data ?? []
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
              {savedAddresses.length > 0 && (
                <Form.Group controlId="saved-address" className="mb-3">
                  <Form.Label>
                    <Trans>Deliver to</Trans>
                  </Form.Label>
                  <Form.Select
                    value={savedAddressId ?? 'new'}
                    onChange={(event) => {
                      const chosen = savedAddresses.find(
                        (address) => String(address.id) === event.target.value,
                      )
                      setSavedAddressId(chosen?.id ?? 'new')
                      if (chosen) fillFrom(chosen, setValue)
                    }}
                  >
                    {savedAddresses.map((address) => (
                      <option key={address.id} value={address.id}>
                        {address.label}: {address.address}, {address.city}
                      </option>
                    ))}
                    <option value="new">{t`A new address`}</option>
                  </Form.Select>
                  <Form.Text>
                    <Link to="/account/addresses">
                      <Trans>Manage your addresses</Trans>
                    </Link>
                  </Form.Text>
                </Form.Group>
              )}
              <div className="row g-3">
                {FIELDS.map((field) => (
                  <Form.Group
                    key={field.name}
                    className={field.wide ? 'col-12' : 'col-sm-6'}
                    controlId={field.name}
                  >
                    <Form.Label>{t(field.label)}</Form.Label>
                    <Form.Control
                      type={field.type ?? 'text'}
                      autoComplete={field.autoComplete}
                      {...(field.name === 'city' && { list: 'delivery-cities' })}
                      {...(field.hint && { placeholder: hintOf(field.hint) })}
                      {...register(field.name)}
                      isInvalid={Boolean(errors[field.name])}
                    />
                    <Form.Control.Feedback type="invalid">
                      {localSentence(errors[field.name]?.message)}
                    </Form.Control.Feedback>
                  </Form.Group>
                ))}
              </div>
              <CitySuggestions id="delivery-cities" zones={zones.data ?? []} />
              {savedAddressId === 'new' && (
                <div className="mt-3">
                  <Form.Check
                    id="keep-address"
                    label={t`Save this address to my address book`}
                    checked={keepAddress}
                    onChange={(event) => setKeepAddress(event.target.checked)}
                  />
                  {keepAddress && (
                    <Form.Group controlId="address-label" className="mt-2 col-sm-6">
                      <Form.Label>
                        <Trans>Address label</Trans>
                      </Form.Label>
                      <Form.Control
                        value={addressLabel}
                        maxLength={50}
                        onChange={(event) => setAddressLabel(event.target.value)}
                      />
                    </Form.Group>
                  )}
                </div>
              )}

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
              <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
                {isSubmitting && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
                <Trans>Place Order</Trans>
              </Button>
            </div>
          </Form>
        </div>
        {/* On a phone the total comes first, above the button that places the order. */}
        <div className="col-lg-5 order-first order-lg-last">
          <aside className="card summary-card" aria-labelledby="checkout-summary-heading">
            <div className="card-body">
              <h2 id="checkout-summary-heading" className="h5">
                <Trans>Your Order</Trans>
              </h2>
              <ul className="checkout-items">
                {cart.items.map((item) => (
                  <li key={item.id}>
                    <span>
                      <bdi>{item.product.name}</bdi> <span className="text-muted">× {item.quantity}</span>
                      <ChosenOptions options={item.options} />
                    </span>
                    <Price paisa={toPaisa(item.unit_price) * item.quantity} exact />
                  </li>
                ))}
              </ul>
              <div className="coupon-field my-3">
                {coupon ? (
                  <p className="d-flex align-items-center justify-content-between gap-2 mb-0">
                    <span>
                      <Trans>
                        Coupon <strong>{coupon}</strong> applied
                      </Trans>
                    </span>
                    <Button variant="link" size="sm" className="p-0" onClick={() => setCoupon(null)}>
                      <Trans>Remove</Trans>
                    </Button>
                  </p>
                ) : (
                  <Form.Group controlId="coupon-code">
                    <Form.Label className="small mb-1">
                      <Trans>Coupon code</Trans>
                    </Form.Label>
                    <div className="d-flex gap-2">
                      <Form.Control
                        value={couponInput}
                        autoComplete="off"
                        isInvalid={Boolean(couponError)}
                        aria-describedby="coupon-feedback"
                        onChange={(event) => setCouponInput(event.target.value)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') {
                            event.preventDefault()
                            void applyCoupon()
                          }
                        }}
                      />
                      <Button
                        variant="outline-primary"
                        className="text-nowrap"
                        onClick={() => void applyCoupon()}
                        disabled={applyingCoupon}
                      >
                        <Trans>Apply</Trans>
                      </Button>
                    </div>
                    <div
                      id="coupon-feedback"
                      className="invalid-feedback d-block"
                      role={couponError ? 'alert' : undefined}
                    >
                      {couponError}
                    </div>
                  </Form.Group>
                )}
              </div>
              <CheckoutTotals
                subtotal={cart.subtotal}
                zone={zone}
                quote={quote.data}
                refusal={
                  quote.isError
                    ? (serverDetail(quote.error) ?? t`Could not work out the delivery. Try again.`)
                    : null
                }
                coupon={coupon}
              />
            </div>
          </aside>
        </div>
      </div>
    </div>
  )
}

/**
 * The quote's totals once the city is known; before that the subtotal, and the reason when the
 * store refuses the quote (a city without delivery, a coupon that no longer applies).
 */
function CheckoutTotals({
  subtotal,
  zone,
  quote,
  refusal,
  coupon,
}: {
  subtotal: string
  zone: DeliveryZone | undefined
  quote: Quote | undefined
  refusal: string | null
  coupon: string | null
}) {
  const { t } = useLingui()
  const warning = refusal && (
    <Alert variant="warning" className="small" role="alert">
      {refusal}
    </Alert>
  )
  if (!zone || !quote || refusal) {
    return (
      <>
        {warning}
        <dl className="summary-lines mb-0">
          <div>
            <dt>
              <Trans>Subtotal</Trans>
            </dt>
            <dd>
              <Price amount={subtotal} exact />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Delivery</Trans>
            </dt>
            <dd className="text-muted fw-normal">
              {zone ? (refusal ? '—' : t`Working it out…`) : t`Choose your city`}
            </dd>
          </div>
          <div className="summary-total">
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>
              <Price amount={subtotal} exact />
            </dd>
          </div>
        </dl>
      </>
    )
  }
  const city = isolated(zone.city)
  const days =
    quote.eta_min_days === quote.eta_max_days
      ? `${quote.eta_min_days}`
      : `${quote.eta_min_days}–${quote.eta_max_days}`
  return (
    <>
      <OrderTotals totals={{ ...quote, coupon_code: quote.coupon?.code ?? coupon }} exact />
      <p className="small text-muted mt-2 mb-0">
        <Trans>
          Delivery to {city} in {days} days.
        </Trans>
      </p>
    </>
  )
}
