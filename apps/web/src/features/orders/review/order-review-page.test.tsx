import { type Order, type OrderReview, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, renderApp, reply, serveApi } from '../../../test/app'
import { order, paymentEntry } from '../../../test/fixtures'

const bankAccount = {
  bank_name: 'Meezan Bank',
  account_title: 'Comfort Furniture',
  account_number: '0101-0123456789',
  iban: '',
  instructions: '',
}

const sofaOrder = (overrides: Partial<Order> = {}) =>
  order({
    status: 'Draft',
    channel: 'phone',
    created_by: { id: 3, first_name: 'Bilal' },
    subtotal: '240000.00',
    total_price: '240000.00',
    balance_due: '240000.00',
    advance_due: '120000.00',
    history: [
      {
        status: 'Draft',
        payment_status: 'unpaid',
        at: '2026-03-01T09:30:00.000Z',
        by: { id: 3, first_name: 'Bilal' },
        note: '',
      },
    ],
    items: [
      {
        id: 1,
        quantity: 1,
        price: '240000.00',
        options: [{ name: 'Fabric', value: 'Beige linen' }],
        price_reason: 'Showroom piece',
        product: { id: 1, name: 'Chesterfield Sofa', images: [] },
      },
    ],
    ...overrides,
  })

const review = (overrides: Partial<Order> = {}, signInToPay = false): OrderReview => ({
  order: sofaOrder(overrides),
  sign_in_to_pay: signInToPay,
  expires_at: '2026-03-08T09:30:00.000Z',
})

describe('the review link of a staff order', () => {
  it('shows the order without signing in: items with options, the advance and the delivery', async () => {
    const api = serveApi([answer(paths.orderDesk.getReview, review())])
    renderApp('/orders/41/review?token=signed-token')
    expect(await screen.findByRole('heading', { name: 'Your order #41' })).toBeVisible()
    const items = screen.getByRole('region', { name: 'Items' })
    expect(items).toHaveTextContent('Chesterfield Sofa')
    expect(items).toHaveTextContent('Fabric: Beige linen')
    expect(items).toHaveTextContent(/Total\s*PKR 240,000/)
    const payments = screen.getByRole('region', { name: 'Payments' })
    expect(payments).toHaveTextContent(/Advance due\s*PKR 120,000\.00/)
    expect(payments).toHaveTextContent(/Balance due\s*PKR 240,000\.00/)
    expect(payments).toHaveTextContent('Accept the order to pay the advance.')
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent('Expected delivery:')
    expect(screen.getByRole('region', { name: 'Shipping to' })).toHaveTextContent('12 Canal Road')
    expect(api.callsTo(paths.orderDesk.getReview)[0]?.query.get('token')).toBe('signed-token')
  })

  it('says plainly that an expired or wrong link is no good', async () => {
    serveApi([answer(paths.orderDesk.getReview, reply(404, { detail: 'Not found.' }))])
    renderApp('/orders/41/review?token=old-token')
    expect(
      await screen.findByText('This link has expired or is not valid. Ask the shop to send it again.'),
    ).toBeVisible()
  })

  it('says the same of a link without its token, asking nothing of the server', async () => {
    const api = serveApi([])
    renderApp('/orders/41/review')
    expect(
      await screen.findByText('This link has expired or is not valid. Ask the shop to send it again.'),
    ).toBeVisible()
    expect(api.calls).toHaveLength(0)
  })

  it('accepts the order, then shows it placed with where to pay and the receipt form', async () => {
    const api = serveApi([
      answer(paths.orderDesk.getReview, review()),
      answer(paths.orderDesk.acceptReview, review({ status: 'Pending' })),
      answer(paths.delivery.getBankAccount, bankAccount),
    ])
    renderApp('/orders/41/review?token=signed-token')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Accept order' }))
    expect(await screen.findByText('Your order is placed.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Accept order' })).toBeNull()
    expect(api.callsTo(paths.orderDesk.acceptReview)[0]?.body).toEqual({ token: 'signed-token' })
    const payments = screen.getByRole('region', { name: 'Payments' })
    await waitFor(() => expect(payments).toHaveTextContent('Pay the advance of PKR 120,000.00 to:'))
    expect(within(payments).getByLabelText('Amount (PKR)')).toHaveValue('120000')
  })

  it('shows the refusal when a piece ran out before accepting', async () => {
    serveApi([
      answer(paths.orderDesk.getReview, review()),
      answer(
        paths.orderDesk.acceptReview,
        reply(409, { detail: '"Chesterfield Sofa" is out of stock: 0 left.' }),
      ),
    ])
    renderApp('/orders/41/review?token=signed-token')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Accept order' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('"Chesterfield Sofa" is out of stock: 0 left.')
    expect(screen.getByRole('button', { name: 'Accept order' })).toBeEnabled()
  })

  it('sends the advance’s receipt through the link, with the token', async () => {
    let paid = false
    const waiting = review({
      status: 'Pending',
      payment_status: 'proof_submitted',
      payments: [paymentEntry({ amount: '120000.00', reference: 'TRX-88', status: 'pending' })],
    })
    const api = serveApi([
      answer(paths.orderDesk.getReview, () => (paid ? waiting : review({ status: 'Pending' }))),
      answer(paths.delivery.getBankAccount, bankAccount),
      answer(paths.orderDesk.payReview, () => {
        paid = true
        return waiting
      }),
    ])
    renderApp('/orders/41/review?token=signed-token')
    const payments = await screen.findByRole('region', { name: 'Payments' })
    const user = userEvent.setup()
    await user.type(await within(payments).findByLabelText('Transfer reference'), 'TRX-88')
    await user.upload(
      within(payments).getByLabelText('Receipt'),
      new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }),
    )
    await user.click(within(payments).getByRole('button', { name: 'Send receipt' }))
    expect(
      await screen.findByText('Receipt sent. We will check it and confirm your payment soon.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(payments).toHaveTextContent('Waiting for check'))
    const sent = api.callsTo(paths.orderDesk.payReview)[0]?.body as FormData
    expect(Object.fromEntries([...sent.entries()].filter(([name]) => name !== 'proof'))).toEqual({
      amount: '120000',
      method: 'bank_transfer',
      reference: 'TRX-88',
      token: 'signed-token',
    })
  })

  it('sends a customer with a password to sign in, and back to the order page, to pay', async () => {
    serveApi([answer(paths.orderDesk.getReview, review({ status: 'Pending' }, true))])
    renderApp('/orders/41/review?token=signed-token')
    const signIn = await screen.findByRole('link', { name: 'Sign in to pay' })
    expect(signIn).toHaveAttribute('href', '/login?redirect=%2Forders%2F41')
    expect(screen.queryByRole('button', { name: 'Send receipt' })).toBeNull()
  })
})
