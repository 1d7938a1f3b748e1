import { paths } from '@store/contract'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, renderApp, reply, serveApi } from '../../test/app'
import { cart, productDetail } from '../../test/fixtures'

const soldOut = productDetail([], { id: 3, name: 'Teak Dining Table', stock: 0, lead_time_days: 0 })

describe('a sold-out product', () => {
  it('lets a signed-in shopper ask for a mail when it is back, and says so', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, cart([])),
      answer(paths.catalog.getProduct, soldOut),
      answer(paths.stock.notifyMe, { product_id: 3, created_at: '2026-11-27T10:00:00.000Z' }),
    ])
    const user = userEvent.setup()
    renderApp('/product/3', { user: customer })

    expect(await screen.findByText('Out of Stock')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Notify me when available' }))

    const confirmation = await screen.findByRole('status')
    expect(confirmation).toHaveTextContent('We will email you when it is back in stock.')
    expect(confirmation).toHaveFocus()
    expect(api.callsTo(paths.stock.notifyMe)[0]?.params).toEqual({ id: '3' })
    expect(screen.queryByRole('button', { name: 'Notify me when available' })).not.toBeInTheDocument()
  })

  it('shows the server’s sentence when the request is refused', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, cart([])),
      answer(paths.catalog.getProduct, soldOut),
      answer(paths.stock.notifyMe, reply(409, { detail: 'This product is in stock.' })),
    ])
    const user = userEvent.setup()
    renderApp('/product/3', { user: customer })

    await user.click(await screen.findByRole('button', { name: 'Notify me when available' }))
    expect(await screen.findByText('This product is in stock.')).toBeInTheDocument()
  })

  it('leads a signed-out shopper to sign in first', async () => {
    serveApi([answer(paths.catalog.getProduct, soldOut)])
    renderApp('/product/3')

    expect(await screen.findByRole('link', { name: 'Notify me when available' })).toHaveAttribute(
      'href',
      '/login',
    )
  })

  it('offers no such request for a made-to-order piece or one in stock', async () => {
    serveApi([answer(paths.catalog.getProduct, { ...soldOut, lead_time_days: 14 })])
    renderApp('/product/3')

    expect(await screen.findByText('Made to order — ships in 14 days')).toBeInTheDocument()
    expect(screen.queryByText('Notify me when available')).not.toBeInTheDocument()
  })
})
