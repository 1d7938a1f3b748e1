import { paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, page, renderApp, serveApi } from '../test/app'
import { cart } from '../test/fixtures'

function serveShop() {
  serveApi([
    answer(paths.auth.profile, customer),
    answer(paths.cart.getCart, cart([])),
    answer(paths.catalog.showcase, []),
    answer(paths.catalog.listProducts, page([])),
    answer(paths.catalog.facets, {
      categories: [],
      materials: [],
      colours: [],
      price: { min: '0.00', max: '0.00' },
      in_stock: 0,
    }),
    answer(paths.orders.listOrders, page([])),
  ])
}

describe('the shop header', () => {
  it('closes the phone menu once one of its links is chosen, and marks the page it is on', async () => {
    serveShop()
    const { router } = renderApp('/', { user: customer })
    const toggle = await screen.findByRole('button', { name: 'Menu' })
    const user = userEvent.setup()
    await waitFor(() => expect(screen.queryByText('Loading your comfort...')).not.toBeInTheDocument())

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const menu = within(document.getElementById('shop-nav') as HTMLElement)
    await user.click(menu.getByRole('link', { name: 'New Arrivals' }))

    await waitFor(() => expect(router.state.location.search).toBe('?filter=new-arrivals'))
    // The router moves first; the header follows in the render after it.
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'))
    await waitFor(() =>
      expect(menu.getByRole('link', { name: 'New Arrivals' })).toHaveAttribute('aria-current', 'page'),
    )
    expect(menu.getByRole('link', { name: 'All Products' })).not.toHaveAttribute('aria-current')

    await user.click(toggle)
    await user.click(menu.getByRole('link', { name: 'My Orders' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'))
    await waitFor(() => expect(menu.getByRole('link', { name: 'My Orders' })).toHaveClass('active'))
  })
})
