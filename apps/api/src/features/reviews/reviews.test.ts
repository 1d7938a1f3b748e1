import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { products, reviews } from '../../db/schema'

let context: TestContext
let author: TestUser
let other: TestUser
beforeAll(async () => {
  context = await createTestApp()
  author = await createTestUser(context, { firstName: 'Ayesha' })
  other = await createTestUser(context)
})
afterAll(() => context.close())

const review = (user: TestUser | null, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(context.app, { method, url, ...(user && { headers: user.headers }), ...(payload && { payload }) })

async function totals(productId: number) {
  const [row] = await context.database.db
    .select({ reviewCount: products.reviewCount, ratingTotal: products.ratingTotal })
    .from(products)
    .where(eq(products.id, productId))
  return row
}

describe('POST /api/products/:id/reviews/', () => {
  it('creates the review with the author and keeps the product totals', async () => {
    const product = await insertProduct(context.database.db)
    const answer = await review(author, 'POST', `/api/products/${product.id}/reviews/`, {
      rating: 4,
      comment: '  Sturdy and handsome.  ',
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: expect.any(Number),
      rating: 4,
      comment: 'Sturdy and handsome.',
      created_at: expect.stringMatching(/Z$/),
      user: { id: author.id, first_name: 'Ayesha' },
    })
    expect(await totals(product.id)).toEqual({ reviewCount: 1, ratingTotal: 4 })
  })

  it('defaults the rating to 5', async () => {
    const product = await insertProduct(context.database.db)
    const answer = await review(author, 'POST', `/api/products/${product.id}/reviews/`, { comment: 'Lovely' })
    expect(answer.status).toBe(201)
    expect(answer.body.rating).toBe(5)
  })

  it('answers 400 with a detail for a second review by the same user, and counts it once', async () => {
    const product = await insertProduct(context.database.db)
    const url = `/api/products/${product.id}/reviews/`
    expect((await review(author, 'POST', url, { rating: 2, comment: 'First' })).status).toBe(201)
    const second = await review(author, 'POST', url, { rating: 5, comment: 'Second' })
    expect(second.status).toBe(400)
    expect(second.body.detail).toMatch(/already reviewed/)
    expect(await totals(product.id)).toEqual({ reviewCount: 1, ratingTotal: 2 })
  })

  it('answers 400 for a rating outside 1 to 5 or a blank comment', async () => {
    const product = await insertProduct(context.database.db)
    const url = `/api/products/${product.id}/reviews/`
    const zero = await review(author, 'POST', url, { rating: 0, comment: 'x' })
    expect(zero.status).toBe(400)
    expect(zero.body.errors.rating).toBeDefined()
    const six = await review(author, 'POST', url, { rating: 6, comment: 'x' })
    expect(six.status).toBe(400)
    const blank = await review(author, 'POST', url, { rating: 3, comment: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.errors.comment).toEqual(['Please write a comment.'])
    expect(await totals(product.id)).toEqual({ reviewCount: 0, ratingTotal: 0 })
  })

  it('takes the rating as a JSON number only, and a comment over several lines', async () => {
    const product = await insertProduct(context.database.db)
    const url = `/api/products/${product.id}/reviews/`
    for (const rating of ['4', [4], true]) {
      const wrong = await review(author, 'POST', url, { rating, comment: 'Sturdy.' })
      expect(wrong.status).toBe(400)
      expect(wrong.body.errors).toEqual({ rating: ['Choose a rating from 1 to 5.'] })
    }
    const nul = await review(author, 'POST', url, { rating: 4, comment: 'Sturdy.\u0000' })
    expect(Object.keys(nul.body.errors)).toEqual(['comment'])
    const lines = await review(author, 'POST', url, { rating: 4, comment: 'Sturdy.\n\nWorth it.' })
    expect(lines.status).toBe(201)
    expect(lines.body.comment).toBe('Sturdy.\n\nWorth it.')
  })

  it('answers 404 for an unknown product and 401 without a user', async () => {
    expect((await review(author, 'POST', '/api/products/999999/reviews/', { comment: 'x' })).status).toBe(404)
    const product = await insertProduct(context.database.db)
    const anonymous = await review(null, 'POST', `/api/products/${product.id}/reviews/`, { comment: 'x' })
    expect(anonymous.status).toBe(401)
  })
})

describe('PUT /api/products/:id/reviews/:reviewId/', () => {
  it('lets the author edit, and the rating total follows', async () => {
    const product = await insertProduct(context.database.db)
    const created = await review(author, 'POST', `/api/products/${product.id}/reviews/`, {
      rating: 2,
      comment: 'Meh',
    })
    const url = `/api/products/${product.id}/reviews/${created.body.id}/`
    const edited = await review(author, 'PUT', url, { rating: 5, comment: 'Grew on me' })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ id: created.body.id, rating: 5, comment: 'Grew on me' })
    expect(await totals(product.id)).toEqual({ reviewCount: 1, ratingTotal: 5 })
  })

  it('answers 403 to anyone but the author and changes nothing', async () => {
    const product = await insertProduct(context.database.db)
    const created = await review(author, 'POST', `/api/products/${product.id}/reviews/`, {
      rating: 3,
      comment: 'Fine',
    })
    const url = `/api/products/${product.id}/reviews/${created.body.id}/`
    const answer = await review(other, 'PUT', url, { rating: 1, comment: 'Hijacked' })
    expect(answer.status).toBe(403)
    const staff = await createTestUser(context, { staff: true })
    expect((await review(staff, 'PUT', url, { rating: 1, comment: 'Hijacked' })).status).toBe(403)
    const [row] = await context.database.db.select().from(reviews).where(eq(reviews.id, created.body.id))
    expect(row?.comment).toBe('Fine')
    expect(await totals(product.id)).toEqual({ reviewCount: 1, ratingTotal: 3 })
  })

  it('answers 404 when the review is not of that product', async () => {
    const product = await insertProduct(context.database.db)
    const elsewhere = await insertProduct(context.database.db)
    const created = await review(author, 'POST', `/api/products/${product.id}/reviews/`, { comment: 'Ok' })
    const answer = await review(author, 'PUT', `/api/products/${elsewhere.id}/reviews/${created.body.id}/`, {
      comment: 'Moved',
    })
    expect(answer.status).toBe(404)
  })
})

describe('DELETE /api/products/:id/reviews/:reviewId/', () => {
  it('lets the author delete, and the totals follow', async () => {
    const product = await insertProduct(context.database.db)
    await review(other, 'POST', `/api/products/${product.id}/reviews/`, { rating: 5, comment: 'Great' })
    const created = await review(author, 'POST', `/api/products/${product.id}/reviews/`, {
      rating: 2,
      comment: 'Meh',
    })
    expect(await totals(product.id)).toEqual({ reviewCount: 2, ratingTotal: 7 })
    const url = `/api/products/${product.id}/reviews/${created.body.id}/`
    expect((await review(other, 'DELETE', url)).status).toBe(403)
    const deleted = await review(author, 'DELETE', url)
    expect(deleted.status).toBe(204)
    expect(deleted.body).toBeNull()
    expect(await totals(product.id)).toEqual({ reviewCount: 1, ratingTotal: 5 })
    expect((await review(author, 'DELETE', url)).status).toBe(404)
    // Deleting frees the one-review slot: the author may review again.
    const again = await review(author, 'POST', `/api/products/${product.id}/reviews/`, { comment: 'Back' })
    expect(again.status).toBe(201)
  })
})
