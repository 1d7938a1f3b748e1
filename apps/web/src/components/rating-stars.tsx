import { useLingui } from '@lingui/react/macro'

/** A rating out of 5 as stars, read out as a sentence. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useLingui()
  const rounded = Math.round(rating * 2) / 2
  return (
    <span className={`rating-stars ${className ?? ''}`} role="img" aria-label={t`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span
          key={star}
          aria-hidden="true"
          className={star <= rounded ? 'star full' : star - 0.5 === rounded ? 'star half' : 'star'}
        >
          ★
        </span>
      ))}
    </span>
  )
}
