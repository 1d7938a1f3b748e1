import { zodResolver } from '@hookform/resolvers/zod'
import { PlaceOrderBody, toPaisa } from '@store/contract'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link, useNavigate } from 'react-router'
import { ChosenOptions } from '../../components/chosen-options'
import { Loading } from '../../components/loading'
import { Price } from '../../components/price'
import { useSession } from '../../data/auth'
import { useCart } from '../../data/cart'
import { usePlaceOrder } from '../../data/orders'
import { ApiError, serverDetail } from '../../lib/api'
import { useTitle } from '../../lib/use-title'

const FALLBACK_ERROR = 'An error occurred while placing your order. Check stock or try again.'

const FIELDS: {
  name: keyof PlaceOrderBody
  label: string
  autoComplete: string
  type?: string
  wide?: boolean
}[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email', wide: true },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postal_code', label: 'Postal code', autoComplete: 'postal-code' },
]

export function CheckoutPage() {
  useTitle('Checkout')
  const { user } = useSession()
  const { cart, loading } = useCart()
  const placement = usePlaceOrder()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PlaceOrderBody>({
    resolver: zodResolver(PlaceOrderBody),
    // SPEC §5: prefilled from the user's names and email.
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      address: '',
      city: '',
      postal_code: '',
    },
  })

  async function placeOrder(values: PlaceOrderBody) {
    setFailure(null)
    try {
      const order = await placement.mutateAsync(values)
      toast.success('Order placed successfully!')
      navigate(`/orders/${order.id}`)
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Placing the order failed', error)
      // SPEC §8: the server's reason, in an alert and a toast; what was typed stays.
      const message = serverDetail(error) ?? FALLBACK_ERROR
      setFailure(message)
      toast.error(message)
    }
  }

  // After the order the cart is empty, but this page is on its way to the order, not to "empty".
  if (loading || placement.isSuccess) return <Loading label="Loading your cart..." />
  if (cart.items.length === 0) {
    return (
      <div className="container py-5 empty-state">
        <h1 className="page-title">Checkout</h1>
        <Alert variant="info" className="d-inline-block">
          Your cart is empty.
        </Alert>
        <p>
          <Link to="/" className="btn btn-primary">
            Start Shopping
          </Link>
        </p>
      </div>
    )
  }

  return (
    <div className="container py-4">
      <h1 className="page-title">Checkout</h1>
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
                Shipping details
              </h2>
              {failure && (
                <Alert variant="danger" role="alert">
                  {failure}
                </Alert>
              )}
              <div className="row g-3">
                {FIELDS.map((field) => (
                  <Form.Group
                    key={field.name}
                    className={field.wide ? 'col-12' : 'col-sm-6'}
                    controlId={field.name}
                  >
                    <Form.Label>{field.label}</Form.Label>
                    <Form.Control
                      type={field.type ?? 'text'}
                      autoComplete={field.autoComplete}
                      {...register(field.name)}
                      isInvalid={Boolean(errors[field.name])}
                    />
                    <Form.Control.Feedback type="invalid">
                      {errors[field.name]?.message}
                    </Form.Control.Feedback>
                  </Form.Group>
                ))}
              </div>
              <p className="text-muted small mt-3 mb-0">No payment is taken online.</p>
            </div>
            <div className="card-footer bg-transparent">
              <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
                {isSubmitting && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
                Place Order
              </Button>
            </div>
          </Form>
        </div>
        {/* On a phone the total comes first, above the button that places the order. */}
        <div className="col-lg-5 order-first order-lg-last">
          <aside className="card summary-card" aria-labelledby="checkout-summary-heading">
            <div className="card-body">
              <h2 id="checkout-summary-heading" className="h5">
                Your Order
              </h2>
              <ul className="checkout-items">
                {cart.items.map((item) => (
                  <li key={item.id}>
                    <span>
                      {item.product.name} <span className="text-muted">× {item.quantity}</span>
                      <ChosenOptions options={item.options} />
                    </span>
                    <Price paisa={toPaisa(item.unit_price) * item.quantity} exact />
                  </li>
                ))}
              </ul>
              <dl className="summary-lines">
                <div className="summary-total">
                  <dt>Total</dt>
                  <dd>
                    <Price amount={cart.subtotal} exact />
                  </dd>
                </div>
              </dl>
            </div>
          </aside>
        </div>
      </div>
    </div>
  )
}
