import type { Review, ReviewBody } from '@store/contract'
import { api } from '../../lib/api'

export const createReview = (productId: number, body: ReviewBody) =>
  api.post<Review>(`/api/products/${productId}/reviews/`, body)

export const updateReview = (productId: number, reviewId: number, body: ReviewBody) =>
  api.put<Review>(`/api/products/${productId}/reviews/${reviewId}/`, body)

export const deleteReview = (productId: number, reviewId: number) =>
  api.delete<void>(`/api/products/${productId}/reviews/${reviewId}/`)
