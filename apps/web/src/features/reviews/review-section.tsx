import { Trans, useLingui } from '@lingui/react/macro'
import type { Review } from '@store/contract'
import { lazy, Suspense, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Modal from 'react-bootstrap/Modal'
import { Link } from 'react-router'
import { Loading } from '../../components/loading'
import { RatingStars } from '../../components/rating-stars'
import { useSession } from '../../data/auth'
import { formatDate } from '../../lib/format'
import { toast } from '../../lib/toast'
import { useDeleteReview } from './data'

// The form brings the review's zod checks: fetched for a signed-in reader only, after the product
// page has drawn, rather than before every visitor's first look at the product.
const ReviewForm = lazy(async () => ({ default: (await import('./review-form')).ReviewForm }))

interface ReviewSectionProps {
  productId: number
  reviews: Review[]
}

export function ReviewSection({ productId, reviews }: ReviewSectionProps) {
  const { t } = useLingui()
  const { user } = useSession()
  const own = user ? reviews.find((review) => review.user.id === user.id) : undefined
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const removal = useDeleteReview(productId)

  const saved = () => setEditing(false)

  function remove() {
    if (!own) return
    removal.mutate(own.id, {
      onSuccess: () => {
        toast.success(t`Review deleted.`)
        setConfirming(false)
        setEditing(false)
      },
      onError: () => toast.error(t`Failed to delete review.`),
    })
  }

  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">
        <Trans>Customer Reviews</Trans>
      </h2>
      {reviews.length === 0 ? (
        <p className="text-muted">
          <Trans>No reviews yet. Be the first to leave one!</Trans>
        </p>
      ) : (
        <ul className="review-list">
          {reviews.map((review) => (
            <li key={review.id} className="review">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <RatingStars rating={review.rating} />
                <strong>{review.user.first_name || t`A User`}</strong>
                <time className="text-muted small" dateTime={review.created_at}>
                  {formatDate(review.created_at)}
                </time>
              </div>
              <p className="review-comment" dir="auto">
                {review.comment}
              </p>
              {review.id === own?.id && !editing && (
                <div className="d-flex gap-2">
                  <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
                    <Trans>Edit</Trans>
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)}>
                    <Trans>Delete</Trans>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {!user ? (
        <p className="review-login">
          <Trans>
            <Link to="/login">Log in</Link> to write a review.
          </Trans>
        </p>
      ) : !own || editing ? (
        <Suspense fallback={<Loading />}>
          {own ? (
            <ReviewForm
              productId={productId}
              review={own}
              onSaved={saved}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <ReviewForm productId={productId} onSaved={saved} />
          )}
        </Suspense>
      ) : null}

      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        centered
        aria-labelledby="delete-review-title"
      >
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title as="h2" className="h5" id="delete-review-title">
            <Trans>Delete your review?</Trans>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Trans>Your review of this product will be removed. This cannot be undone.</Trans>
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-secondary"
            onClick={() => setConfirming(false)}
            disabled={removal.isPending}
          >
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" onClick={remove} disabled={removal.isPending}>
            <Trans>Delete Review</Trans>
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  )
}
