import { paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, renderApp, reply, serveApi } from '../../test/app'
import { productDetail, review } from '../../test/fixtures'

const theirs = review({ id: 1, user: { id: 99, first_name: '' }, comment: 'Good value.' })
const mine = review({
  id: 2,
  rating: 3,
  user: { id: customer.id, first_name: 'Amna' },
  comment: 'A bit firm.',
})

function serveProduct(reviews = [theirs], extra: Parameters<typeof serveApi>[0] = []) {
  return serveApi([
    answer(paths.auth.profile, customer),
    answer(paths.cart.getCart, { items: [], item_count: 0, subtotal: '0.00' }),
    answer(paths.catalog.getProduct, productDetail(reviews)),
    ...extra,
  ])
}

const reviewsSection = async () => within(await screen.findByRole('region', { name: 'Customer Reviews' }))

describe('reviews on a product page', () => {
  it('asks a visitor to log in, and names an author without a first name "A User"', async () => {
    serveProduct()
    renderApp('/product/1')
    const section = await reviewsSection()
    expect(section.getByText('A User')).toBeVisible()
    expect(section.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(section.queryByRole('form')).not.toBeInTheDocument()
  })

  it('says when there are no reviews yet', async () => {
    serveProduct([])
    renderApp('/product/1')
    const section = await reviewsSection()
    expect(section.getByText('No reviews yet. Be the first to leave one!')).toBeVisible()
  })

  it('creates a review when the user has none, starting at 5 stars', async () => {
    const api = serveProduct([theirs], [answer(paths.reviews.createReview, reply(201, mine))])
    renderApp('/product/1', { user: customer })
    const section = await reviewsSection()
    // The form is its own chunk, loaded after the section draws.
    const form = await section.findByRole('form', { name: 'Write a Review' })
    expect(within(form).getByLabelText('Rating')).toHaveValue('5')
    // Only the author sees edit and delete: this review is someone else's.
    expect(section.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }))
    expect(await within(form).findByText('Please write a comment.')).toBeVisible()
    await user.type(within(form).getByLabelText('Comment'), 'Lovely colour.')
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }))
    expect(await screen.findByText('Review submitted successfully!')).toBeInTheDocument()
    expect(api.callsTo(paths.reviews.createReview)[0]?.body).toEqual({
      rating: 5,
      comment: 'Lovely colour.',
    })
  })

  it("edits the user's own review, prefilled", async () => {
    const api = serveProduct(
      [mine, theirs],
      [answer(paths.reviews.updateReview, { ...mine, comment: 'Softened nicely.' })],
    )
    renderApp('/product/1', { user: customer })
    const section = await reviewsSection()
    const user = userEvent.setup()
    await user.click(section.getByRole('button', { name: 'Edit' }))
    const form = await section.findByRole('form', { name: 'Edit Your Review' })
    // Asked once the form's chunk is in: someone with a review is offered no second one.
    expect(section.queryByRole('form', { name: 'Write a Review' })).not.toBeInTheDocument()
    expect(within(form).getByLabelText('Rating')).toHaveValue('3')
    const comment = within(form).getByLabelText('Comment')
    expect(comment).toHaveValue('A bit firm.')
    await user.clear(comment)
    await user.type(comment, 'Softened nicely.')
    await user.click(within(form).getByRole('button', { name: 'Update Review' }))
    expect(await screen.findByText('Review updated successfully!')).toBeInTheDocument()
    expect(api.callsTo(paths.reviews.updateReview)[0]?.body).toEqual({
      rating: 3,
      comment: 'Softened nicely.',
    })
  })

  it('shows the server reason when a review is refused', async () => {
    serveProduct(
      [theirs],
      [answer(paths.reviews.createReview, reply(400, { detail: 'You have already reviewed this product.' }))],
    )
    renderApp('/product/1', { user: customer })
    const section = await reviewsSection()
    const user = userEvent.setup()
    await user.type(section.getByLabelText('Comment'), 'Again.')
    await user.click(section.getByRole('button', { name: 'Submit Review' }))
    expect(await screen.findByText('You have already reviewed this product.')).toBeInTheDocument()
    expect(section.getByLabelText('Comment')).toHaveValue('Again.')
  })

  it('deletes only after confirmation', async () => {
    const api = serveProduct([mine], [answer(paths.reviews.deleteReview, reply(204))])
    renderApp('/product/1', { user: customer })
    const section = await reviewsSection()
    const user = userEvent.setup()
    await user.click(section.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your review?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo(paths.reviews.deleteReview)).toHaveLength(0)

    await user.click(section.getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Review' }))
    expect(await screen.findByText('Review deleted.')).toBeInTheDocument()
    await waitFor(() => expect(api.callsTo(paths.reviews.deleteReview)).toHaveLength(1))
  })
})
