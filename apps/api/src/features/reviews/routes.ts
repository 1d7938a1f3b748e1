import { reviewRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../lib/auth'
import { notFound } from '../../lib/errors'
import { implement } from '../../lib/route'
import { createReview, deleteReview, updateReview } from './service'

export async function reviewsFeature(app: FastifyInstance) {
  implement(app, reviewRoutes.createReview, async (request) => {
    const review = await createReview(app.db, request.params.id, callerOf(request).id, request.body)
    if (!review) throw notFound('Product not found.')
    return review
  })

  implement(app, reviewRoutes.updateReview, async (request) => {
    const { id, reviewId } = request.params
    const review = await updateReview(
      app.db,
      { productId: id, reviewId, userId: callerOf(request).id },
      request.body,
    )
    if (!review) throw notFound('Review not found.')
    return review
  })

  implement(app, reviewRoutes.deleteReview, async (request) => {
    const { id, reviewId } = request.params
    if (!(await deleteReview(app.db, { productId: id, reviewId, userId: callerOf(request).id })))
      throw notFound('Review not found.')
  })
}
