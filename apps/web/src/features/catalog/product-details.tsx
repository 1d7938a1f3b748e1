import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type OptionChoices, type ProductDetail, unitPricePaisa } from '@store/contract'
import { useEffect, useRef, useState } from 'react'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { Link, useNavigate } from 'react-router'
import { Price } from '../../components/price'
import { RatingStars } from '../../components/rating-stars'
import { useSession } from '../../data/auth'
import { useAddToCart } from '../../data/cart'
import { useSendInquiry } from '../../data/messaging'
import { useNotifyMe } from '../../data/stock'
import { serverDetail } from '../../lib/api'
import { toast } from '../../lib/toast'
import { OptionPicker } from './option-picker'
import { ProductGallery } from './product-gallery'
import { ProductSpecs } from './product-specs'

/**
 * A sold-out piece that is not made to order: a signed-in shopper asks for a mail when it is back, a
 * signed-out one is led to sign in first.
 */
function NotifyMe({ productId }: { productId: number }) {
  const { t } = useLingui()
  const { user } = useSession()
  const notify = useNotifyMe()
  const confirmation = useRef<HTMLParagraphElement>(null)
  // The button goes once the request is saved: focus moves to what replaced it, which is read out.
  useEffect(() => {
    if (notify.isSuccess) confirmation.current?.focus()
  }, [notify.isSuccess])
  if (!user) {
    return (
      <Link to="/login" className="btn btn-outline-secondary btn-lg">
        <Trans>Notify me when available</Trans>
      </Link>
    )
  }
  if (notify.isSuccess) {
    return (
      <p ref={confirmation} tabIndex={-1} className="mb-0 align-self-center" role="status">
        <Trans>We will email you when it is back in stock.</Trans>
      </p>
    )
  }
  return (
    <Button
      size="lg"
      variant="outline-secondary"
      disabled={notify.isPending}
      onClick={() =>
        notify.mutate(productId, {
          onError: (error) =>
            toast.error(serverDetail(error) ?? t`Could not save your request. Please try again.`),
        })
      }
    >
      {notify.isPending && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
      <Trans>Notify me when available</Trans>
    </Button>
  )
}

/** The top of a product page: pictures, facts, stock, and the two ways to buy. */
export function ProductDetails({ product }: { product: ProductDetail }) {
  const { t } = useLingui()
  const { user } = useSession()
  const navigate = useNavigate()
  const { add: addToCart, adding } = useAddToCart()
  const inquiry = useSendInquiry()
  const [conversationId, setConversationId] = useState<number | null>(null)
  const [picked, setPicked] = useState<OptionChoices>({})
  // A value staff removed since the page loaded is no longer a choice.
  const choices = Object.fromEntries(
    Object.entries(picked).filter(([optionId, valueId]) =>
      product.options.some(
        (option) => String(option.id) === optionId && option.values.some((value) => value.id === valueId),
      ),
    ),
  )
  const [missing, setMissing] = useState<number[]>([])
  const { stock, review_count: reviewCount, lead_time_days: leadDays } = product
  const rating = product.average_rating.toFixed(1)
  const soldOut = stock <= 0
  // Made-to-order pieces are built for the order: they can be bought with none in stock.
  const madeToOrder = product.lead_time_days > 0
  const unavailable = soldOut && !madeToOrder

  function choose(optionId: number, valueId: number) {
    setPicked((current) => ({ ...current, [String(optionId)]: valueId }))
    setMissing((current) => current.filter((id) => id !== optionId))
  }

  /** Every option must be chosen before the piece goes to the cart. */
  function allChosen(): boolean {
    const unchosen = product.options.filter((option) => choices[String(option.id)] === undefined)
    setMissing(unchosen.map((option) => option.id))
    return unchosen.length === 0
  }

  const add = () => {
    if (allChosen()) addToCart(product.id, 1, choices)
  }

  // docs/product.md §1: Buy Now takes no payment; it sends the seller an inquiry about this product. The
  // shopper may ask before choosing every option: the message names what is chosen and what is still open.
  async function buyNow() {
    if (!user) {
      toast.error(t`Please log in to contact the seller.`)
      navigate('/login')
      return
    }
    setMissing([])
    const id = toast.loading(t`Sending your inquiry...`)
    try {
      const answer = await inquiry.mutateAsync({ product_id: product.id, quantity: 1, options: choices })
      toast.success(answer.message, { id })
      setConversationId(answer.conversation_id)
    } catch {
      toast.error(t`Could not send your message. Please try again.`, { id })
    }
  }

  return (
    <div className="row g-4 g-lg-5">
      <div className="col-lg-6">
        <ProductGallery images={product.images} name={product.name} />
      </div>
      <div className="col-lg-6">
        <p className="eyebrow">
          <bdi>{product.category}</bdi>
        </p>
        <h1 className="product-title">
          <bdi>{product.name}</bdi>
        </h1>
        <p className="d-flex align-items-center gap-2 mb-2">
          <RatingStars rating={product.average_rating} />
          <span className="text-muted">
            <Trans>
              {rating} · <Plural value={reviewCount} one="# review" other="# reviews" />
            </Trans>
          </span>
        </p>
        {/* The price follows the chosen options; a screen reader hears the new amount. */}
        <p className="product-price" aria-live="polite">
          <Price paisa={unitPricePaisa(product.price, product.options, choices)} />
        </p>
        <p>
          {!soldOut ? (
            <Badge bg="success">
              <Trans>{stock} in Stock</Trans>
            </Badge>
          ) : madeToOrder ? (
            <Badge bg="info" text="dark">
              <Trans>
                Made to order — ships in <Plural value={leadDays} one="# day" other="# days" />
              </Trans>
            </Badge>
          ) : (
            <Badge bg="danger">
              <Trans>Out of Stock</Trans>
            </Badge>
          )}
          {product.is_on_sale && (
            <Badge bg="warning" text="dark" className="ms-2">
              <Trans>On Sale</Trans>
            </Badge>
          )}
        </p>
        <div className="product-description" dir="auto">
          {product.description}
        </div>
        {product.options.length > 0 && (
          <OptionPicker
            productId={product.id}
            options={product.options}
            choices={choices}
            onChoose={choose}
            missing={missing}
          />
        )}
        <div className="product-actions">
          <Button size="lg" onClick={add} disabled={unavailable || adding}>
            {adding && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
            <Trans>Add to Cart</Trans>
          </Button>
          <Button
            size="lg"
            variant="outline-primary"
            onClick={buyNow}
            disabled={unavailable || inquiry.isPending}
          >
            <Trans>Buy Now (Contact Seller)</Trans>
          </Button>
          {unavailable && <NotifyMe productId={product.id} />}
        </div>
        {conversationId !== null && (
          <p className="mt-3" role="status">
            <Trans>Your inquiry is in your messages.</Trans>{' '}
            <Link to={`/messages/${conversationId}`}>
              <Trans>Open the conversation</Trans>
            </Link>
          </p>
        )}
        <p className="text-muted small mt-3 mb-0">
          <Trans>Standard delivery in 5–7 business days. Returns within 14 days in original condition.</Trans>
        </p>
        <ProductSpecs product={product} />
      </div>
    </div>
  )
}
