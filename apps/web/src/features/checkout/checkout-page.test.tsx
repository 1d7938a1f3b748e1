import { paths } from '@store/contract'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, dropped, renderApp, reply, serveApi } from '../../test/app'
import { cart, order } from '../../test/fixtures'

const oneLine = cart([{ id: 11, quantity: 2, price: '12500.00', name: 'Oak Side Table' }])

async function fillAndPlace() {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Address'), '12 Canal Road')
  await user.type(screen.getByLabelText('City'), 'Lahore')
  await user.type(screen.getByLabelText('Postal code'), '54000')
  await user.click(screen.getByRole('button', { name: 'Place Order' }))
  return user
}

const keysOf = (calls: { headers: Headers }[]) => calls.map((call) => call.headers.get('idempotency-key'))

describe('checkout', () => {
  it('shows the lines and the total with two decimals', async () => {
    serveApi([answer(paths.auth.profile, customer), answer(paths.cart.getCart, oneLine)])
    renderApp('/checkout', { user: customer })
    const summary = await screen.findByRole('complementary', { name: 'Your Order' })
    expect(summary).toHaveTextContent('Oak Side Table × 2')
    expect(summary).toHaveTextContent('PKR 25,000.00')
  })

  it('retries a placement whose answer was lost with the same key, and shows the one order', async () => {
    let attempts = 0
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, oneLine),
      answer(paths.orders.placeOrder, () => (++attempts === 1 ? dropped() : order())),
      answer(paths.orders.getOrder, order()),
    ])
    const { router } = renderApp('/checkout', { user: customer })
    await fillAndPlace()

    expect(await screen.findByRole('heading', { name: 'Order #41' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/orders/41')
    const [first, second] = keysOf(api.callsTo(paths.orders.placeOrder))
    expect(first).toMatch(/^[\w-]{1,200}$/)
    expect(second).toBe(first)
  })

  it('keeps the key while the store has not answered, and starts a new one after a refusal', async () => {
    let attempts = 0
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, oneLine),
      answer(paths.orders.placeOrder, () =>
        ++attempts <= 2 ? dropped() : reply(400, { detail: 'Only 1 left of "Oak Side Table".' }),
      ),
    ])
    renderApp('/checkout', { user: customer })
    const user = await fillAndPlace()
    // Both tries of the first press went unanswered: the form says so and keeps what was typed.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while placing your order. Check stock or try again.',
    )
    expect(screen.getByLabelText('City')).toHaveValue('Lahore')

    await user.click(screen.getByRole('button', { name: 'Place Order' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left of "Oak Side Table".')
    await user.click(screen.getByRole('button', { name: 'Place Order' }))
    await screen.findByRole('alert')

    const keys = keysOf(api.callsTo(paths.orders.placeOrder))
    expect(keys).toHaveLength(4)
    // The press after the lost answers reuses their key; the one after the refusal is a new attempt.
    expect(new Set(keys.slice(0, 3)).size).toBe(1)
    expect(keys[3]).not.toBe(keys[0])
  })
})
