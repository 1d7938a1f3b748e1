import { paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, renderApp, serveApi } from '../../test/app'
import { cart } from '../../test/fixtures'

const twoLines = cart([
  { id: 11, quantity: 2, price: '12500.00', name: 'Oak Side Table' },
  { id: 12, quantity: 1, price: '80000.50', name: 'Linen Armchair' },
])

describe('cart page', () => {
  it('sums up the cart: count, subtotal, shipping at checkout, total and the way on', async () => {
    serveApi([answer(paths.auth.profile, customer), answer(paths.cart.getCart, twoLines)])
    renderApp('/cart', { user: customer })
    const summary = within(await screen.findByRole('complementary', { name: 'Order Summary' }))
    expect(summary.getByText('Subtotal (3 items)')).toBeVisible()
    expect(summary.getByText('Shipping: Calculated at checkout')).toBeVisible()
    expect(summary.getAllByText('PKR 105,000.50')).toHaveLength(2)
    expect(summary.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout')

    const line = within(screen.getByRole('link', { name: 'Oak Side Table' }).closest('li') as HTMLElement)
    expect(line.getByText('PKR 12,500')).toBeVisible()
    expect(line.getByText('PKR 25,000')).toBeVisible()
    // docs/product.md §2: the badge shows the item count
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible()
  })

  it('changes a quantity through PATCH and removes a line', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, twoLines),
      answer(
        paths.cart.updateCartItem,
        cart([
          { id: 11, quantity: 3, price: '12500.00', name: 'Oak Side Table' },
          { id: 12, quantity: 1, price: '80000.50', name: 'Linen Armchair' },
        ]),
      ),
      answer(
        paths.cart.removeCartItem,
        cart([{ id: 11, quantity: 3, price: '12500.00', name: 'Oak Side Table' }]),
      ),
    ])
    renderApp('/cart', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Oak Side Table' }))
    expect(api.callsTo(paths.cart.updateCartItem)[0]?.body).toEqual({ item_id: 11, quantity: 3 })
    expect(await screen.findByText('Subtotal (4 items)')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Remove Linen Armchair' }))
    expect(await screen.findByText('Item removed from cart.')).toBeInTheDocument()
    expect(api.callsTo(paths.cart.removeCartItem)[0]?.body).toEqual({ item_id: 12 })
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Linen Armchair' })).not.toBeInTheDocument(),
    )
  })

  it('invites an empty cart to start shopping, with no badge', async () => {
    serveApi([answer(paths.auth.profile, customer), answer(paths.cart.getCart, cart([]))])
    renderApp('/cart', { user: customer })
    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Cart' })).toBeVisible()
  })
})
