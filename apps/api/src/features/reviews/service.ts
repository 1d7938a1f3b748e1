import type { Review } from '@store/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, reviews, users } from '../../db/schema'
import { httpError } from '../../lib/errors'

export interface ReviewInput {
  rating: number
  comment: string
}

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  userId: users.id,
  firstName: users.firstName,
}

const selectReviews = (db: Db) =>
  db.select(reviewColumns).from(reviews).innerJoin(users, eq(users.id, reviews.userId))

function toReview(row: Awaited<ReturnType<typeof selectReviews>>[number]): Review {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    user: { id: row.userId, first_name: row.firstName },
  }
}

async function getReview(db: Db, reviewId: number): Promise<Review | null> {
  const [row] = await selectReviews(db).where(eq(reviews.id, reviewId))
  return row ? toReview(row) : null
}

/** Adds `count` reviews and `rating` stars to the product's running totals; false if it is gone. */
async function adjustRatingTotals(db: Db, productId: number, count: number, rating: number) {
  const [product] = await db
    .update(products)
    .set({
      reviewCount: sql`${products.reviewCount} + ${count}`,
      ratingTotal: sql`${products.ratingTotal} + ${rating}`,
    })
    .where(eq(products.id, productId))
    .returning({ id: products.id })
  return product !== undefined
}

/** Null when the product does not exist; 400 when this user already reviewed it. */
export async function createReview(
  db: Db,
  productId: number,
  userId: number,
  input: ReviewInput,
): Promise<Review | null> {
  return db.transaction(async (tx) => {
    // The product row stays locked until commit, so a concurrent second review by the same user waits
    // here and then meets the unique index below.
    if (!(await adjustRatingTotals(tx, productId, 1, input.rating))) return null
    const [created] = await tx
      .insert(reviews)
      .values({ productId, userId, rating: input.rating, comment: input.comment })
      .onConflictDoNothing()
      .returning({ id: reviews.id })
    if (!created) throw httpError(400, 'You have already reviewed this product. Edit your review instead.')
    return getReview(tx, created.id)
  })
}

/** A review of a product, as its author (`userId`) asks to change it. */
export interface OwnReview {
  productId: number
  reviewId: number
  userId: number
}

/** Locks the review for the change; null when it is not a review of that product, 403 for a non-author. */
async function lockOwnReview(db: Db, { productId, reviewId, userId }: OwnReview) {
  const [review] = await db
    .select({ userId: reviews.userId, rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId)))
    .for('update')
  if (!review) return null
  if (review.userId !== userId) throw httpError(403, 'Only the author can change this review.')
  return review
}

export async function updateReview(db: Db, own: OwnReview, input: ReviewInput): Promise<Review | null> {
  const { productId, reviewId } = own
  return db.transaction(async (tx) => {
    const review = await lockOwnReview(tx, own)
    if (!review) return null
    await tx
      .update(reviews)
      .set({ rating: input.rating, comment: input.comment })
      .where(eq(reviews.id, reviewId))
    await adjustRatingTotals(tx, productId, 0, input.rating - review.rating)
    return getReview(tx, reviewId)
  })
}

/** False when it is not a review of that product. */
export async function deleteReview(db: Db, own: OwnReview): Promise<boolean> {
  const { productId, reviewId } = own
  return db.transaction(async (tx) => {
    const review = await lockOwnReview(tx, own)
    if (!review) return false
    await tx.delete(reviews).where(eq(reviews.id, reviewId))
    await adjustRatingTotals(tx, productId, -1, -review.rating)
    return true
  })
}
