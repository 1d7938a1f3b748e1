import { z } from 'zod'
import { Id, IdParams, multilineText, type RouteSpec, Timestamp } from './common'
import { paths } from './paths'

export const Review = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  created_at: Timestamp,
  user: z.object({ id: z.number().int(), first_name: z.string() }),
})
export type Review = z.infer<typeof Review>

export const ReviewBody = z.strictObject({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5.' })
    .int('Choose a rating from 1 to 5.')
    .min(1, 'Choose a rating from 1 to 5.')
    .max(5, 'Choose a rating from 1 to 5.')
    .default(5),
  comment: multilineText().trim().min(1, 'Please write a comment.').max(2000),
})
export type ReviewBody = z.input<typeof ReviewBody>

export const ReviewParams = z.strictObject({ id: Id, reviewId: Id })

export const reviewRoutes = {
  createReview: {
    ...paths.reviews.createReview,
    access: 'user',
    summary: 'Review a product (one review per user and product)',
    params: IdParams,
    body: ReviewBody,
    status: 201,
    response: Review,
  },
  updateReview: {
    ...paths.reviews.updateReview,
    access: 'user',
    summary: 'Edit your review',
    params: ReviewParams,
    body: ReviewBody,
    status: 200,
    response: Review,
  },
  deleteReview: {
    ...paths.reviews.deleteReview,
    access: 'user',
    summary: 'Delete your review',
    params: ReviewParams,
    status: 204,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
