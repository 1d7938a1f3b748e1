import { Trans, useLingui } from '@lingui/react/macro'
import { type CartItem, toPaisa } from '@store/contract'
import Button from 'react-bootstrap/Button'
import { Link } from 'react-router'
import { ChosenOptions } from '../../components/chosen-options'
import { Loading } from '../../components/loading'
import { Price } from '../../components/price'
import { ProductImage } from '../../components/product-image'
import { useCart, useRemoveCartItem, useUpdateCartItem } from '../../data/cart'
import { toast } from '../../lib/toast'
import { useTitle } from '../../lib/use-title'
import { CartSummary } from './cart-summary'

function CartLine({ item }: { item: CartItem }) {
  const { t } = useLingui()
  const update = useUpdateCartItem()
  const removal = useRemoveCartItem()
  // A removed line stays disabled until the cart that no longer holds it replaces it.
  const busy = update.isPending || removal.isPending || removal.isSuccess
  const href = `/product/${item.product.id}`
  const { name } = item.product

  function changeQuantity(quantity: number) {
    update.mutate(
      { item_id: item.id, quantity },
      { onError: () => toast.error(t`Could not update the quantity.`) },
    )
  }

  function remove() {
    const id = toast.loading(t`Removing item...`)
    removal.mutate(item.id, {
      onSuccess: () => toast.success(t`Item removed from cart.`, { id }),
      onError: () => toast.error(t`Could not remove item.`, { id }),
    })
  }

  return (
    <li className="cart-line">
      <Link to={href} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        <ProductImage
          image={item.product.main_image_url ? { image_url: item.product.main_image_url } : undefined}
          alt=""
        />
      </Link>
      <div className="cart-line-info">
        <Link to={href} className="cart-line-name">
          <bdi>{item.product.name}</bdi>
        </Link>
        <ChosenOptions options={item.options} />
        <p className="text-muted small mb-0">
          <Trans>
            <Price amount={item.unit_price} /> each
          </Trans>
        </p>
      </div>
      <fieldset className="quantity">
        <legend className="visually-hidden">
          <Trans>Quantity of {name}</Trans>
        </legend>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => changeQuantity(item.quantity - 1)}
          disabled={busy || item.quantity <= 1}
          aria-label={t`Decrease quantity of ${name}`}
        >
          −
        </Button>
        <output aria-live="polite" aria-label={t`Quantity`}>
          {item.quantity}
        </output>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => changeQuantity(item.quantity + 1)}
          disabled={busy || (item.product.lead_time_days === 0 && item.quantity >= item.product.stock)}
          aria-label={t`Increase quantity of ${name}`}
        >
          +
        </Button>
      </fieldset>
      <Price paisa={toPaisa(item.unit_price) * item.quantity} className="cart-line-total" />
      <Button
        variant="link"
        className="cart-line-remove"
        onClick={remove}
        disabled={busy}
        aria-label={t`Remove ${name}`}
      >
        <Trans>Remove</Trans>
      </Button>
    </li>
  )
}

export function CartPage() {
  const { t } = useLingui()
  useTitle(t`Your Cart`)
  const { cart, loading } = useCart()
  if (loading) return <Loading label={t`Loading your cart...`} />
  if (cart.items.length === 0) {
    return (
      <div className="container py-5 empty-state">
        <h1 className="page-title">
          <Trans>Your Cart is Empty</Trans>
        </h1>
        <p className="text-muted">
          <Trans>Find something you love in our collection.</Trans>
        </p>
        <Link to="/" className="btn btn-primary btn-lg">
          <Trans>Start Shopping</Trans>
        </Link>
      </div>
    )
  }
  return (
    <div className="container py-4">
      <h1 className="page-title">
        <Trans>Shopping Cart</Trans>
      </h1>
      <div className="row g-4">
        <div className="col-lg-8">
          <ul className="cart-lines card">
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
        </div>
        <div className="col-lg-4">
          <CartSummary cart={cart} />
        </div>
      </div>
    </div>
  )
}
