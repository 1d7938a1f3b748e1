import { zodResolver } from '@hookform/resolvers/zod'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Review, ReviewBody } from '@store/contract'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { SelectField } from '../../components/select-field'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { serverDetail } from '../../lib/api'
import { toast } from '../../lib/toast'
import { useSaveReview } from './data'

/** docs/product.md §5: ratings 1 to 5, named in the select; the best first. */
const RATING_OPTIONS = [
  { value: 5, label: msg`5 stars – Excellent` },
  { value: 4, label: msg`4 stars – Very good` },
  { value: 3, label: msg`3 stars – Good` },
  { value: 2, label: msg`2 stars – Fair` },
  { value: 1, label: msg`1 star – Poor` },
]

interface ReviewFormProps {
  productId: number
  /** The user's own review: the form edits it. Without one, it creates a review (docs/product.md §4). */
  review?: Review
  onSaved: () => void
  onCancel?: () => void
}

type Values = z.output<typeof ReviewBody>

export function ReviewForm({ productId, review, onSaved, onCancel }: ReviewFormProps) {
  const { t } = useLingui()
  const editing = Boolean(review)
  const saveReview = useSaveReview(productId)
  const form = useForm<z.input<typeof ReviewBody>, unknown, Values>({
    resolver: zodResolver(ReviewBody),
    // docs/product.md §5: a new review starts at 5 stars.
    defaultValues: { rating: review?.rating ?? 5, comment: review?.comment ?? '' },
  })
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form

  async function save(values: Values) {
    try {
      await saveReview.mutateAsync({ reviewId: review?.id, body: values })
      toast.success(review ? t`Review updated successfully!` : t`Review submitted successfully!`)
      if (!review) reset({ rating: 5, comment: '' })
      onSaved()
    } catch (error) {
      toast.error(serverDetail(error) ?? t`An error occurred.`)
    }
  }

  const idPrefix = `review-${review?.id ?? 'new'}`
  return (
    <Form
      onSubmit={handleSubmit(save)}
      noValidate
      className="review-form"
      aria-labelledby={`${idPrefix}-title`}
    >
      <h3 id={`${idPrefix}-title`} className="h5">
        {editing ? t`Edit Your Review` : t`Write a Review`}
      </h3>
      <SelectField
        form={form}
        name="rating"
        id={`${idPrefix}-rating`}
        label={t`Rating`}
        options={{ valueAsNumber: true }}
        className="mb-3"
      >
        {RATING_OPTIONS.map(({ value, label }) => (
          <option key={value} value={value}>
            {t(label)}
          </option>
        ))}
      </SelectField>
      <TextField
        form={form}
        name="comment"
        id={`${idPrefix}-comment`}
        label={t`Comment`}
        as="textarea"
        rows={4}
        maxLength={2000}
        placeholder={t`What did you like? How does it look and feel at home?`}
        className="mb-3"
      />
      <div className="d-flex gap-2">
        <SubmitButton busy={isSubmitting}>{editing ? t`Update Review` : t`Submit Review`}</SubmitButton>
        {onCancel && (
          <Button variant="outline-secondary" onClick={onCancel} disabled={isSubmitting}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
    </Form>
  )
}
