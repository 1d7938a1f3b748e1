import type { ProductDetail } from '@store/contract'
import { useState } from 'react'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import toast from 'react-hot-toast'
import { Link, useNavigate } from 'react-router'
import { Price } from '../../components/price'
import { RatingStars } from '../../components/rating-stars'
import { useSession } from '../../data/auth'
import { useAddToCart } from '../../data/cart'
import { useSendInquiry } from '../../data/messaging'
import { ProductGallery } from './product-gallery'

/** The top of a product page: pictures, facts, stock, and the two ways to buy. */
export function ProductDetails({ product }: { product: ProductDetail }) {
  const { user } = useSession()
  const navigate = useNavigate()
  const { add: addToCart, adding } = useAddToCart()
  const inquiry = useSendInquiry()
  const [conversationId, setConversationId] = useState<number | null>(null)
  const soldOut = product.stock <= 0

  const add = () => addToCart(product.id)

  // SPEC §1: Buy Now takes no payment; it sends the seller an inquiry about this product.
  async function buyNow() {
    if (!user) {
      toast.error('Please log in to contact the seller.')
      navigate('/login')
      return
    }
    const id = toast.loading('Sending your inquiry...')
    try {
      const answer = await inquiry.mutateAsync(product.id)
      toast.success(answer.message, { id })
      setConversationId(answer.conversation_id)
    } catch {
      toast.error('Could not send your message. Please try again.', { id })
    }
  }

  return (
    <div className="row g-4 g-lg-5">
      <div className="col-lg-6">
        <ProductGallery images={product.images} name={product.name} />
      </div>
      <div className="col-lg-6">
        <p className="eyebrow">{product.category}</p>
        <h1 className="product-title">{product.name}</h1>
        <p className="d-flex align-items-center gap-2 mb-2">
          <RatingStars rating={product.average_rating} />
          <span className="text-muted">
            {product.average_rating.toFixed(1)} · {product.review_count}{' '}
            {product.review_count === 1 ? 'review' : 'reviews'}
          </span>
        </p>
        <p className="product-price">
          <Price amount={product.price} />
        </p>
        <p>
          {soldOut ? (
            <Badge bg="danger">Out of Stock</Badge>
          ) : (
            <Badge bg="success">{product.stock} in Stock</Badge>
          )}
          {product.is_on_sale && (
            <Badge bg="warning" text="dark" className="ms-2">
              On Sale
            </Badge>
          )}
        </p>
        <div className="product-description">{product.description}</div>
        <div className="product-actions">
          <Button size="lg" onClick={add} disabled={soldOut || adding}>
            {adding && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
            Add to Cart
          </Button>
          <Button
            size="lg"
            variant="outline-primary"
            onClick={buyNow}
            disabled={soldOut || inquiry.isPending}
          >
            Buy Now (Contact Seller)
          </Button>
        </div>
        {conversationId !== null && (
          <p className="mt-3" role="status">
            Your inquiry is in your messages.{' '}
            <Link to={`/messages/${conversationId}`}>Open the conversation</Link>
          </p>
        )}
        <p className="text-muted small mt-3 mb-0">
          Standard delivery in 5–7 business days. Returns within 14 days in original condition.
        </p>
      </div>
    </div>
  )
}
