import { type Order, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { answer, customer, renderApp, reply, serveApi } from '../../test/app'
import { order } from '../../test/fixtures'

const bankAccount = {
  bank_name: 'Meezan Bank',
  account_title: 'Comfort Furniture',
  account_number: '0101-0123456789',
  iban: 'PK36MEZN0001010123456789',
  instructions: 'Write your order number as the reference.',
}

const bankOrder = (overrides: Partial<Order> = {}) =>
  order({ payment_method: 'bank_transfer', total_price: '26500.00', ...overrides })

describe('the customer’s order page', () => {
  it('shows the totals, the delivery estimate as dates and the timeline with notes', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(
        paths.orders.getOrder,
        order({
          status: 'Processing',
          subtotal: '25000.00',
          discount: '2500.00',
          coupon_code: 'WELCOME10',
          delivery_fee: '1500.00',
          cod_fee: '200.00',
          total_price: '24200.00',
          history: [
            ...order().history,
            {
              status: 'Processing',
              payment_status: 'unpaid',
              at: '2026-03-01T12:00:00.000Z',
              by: { id: 1, first_name: 'Sana' },
              note: 'Confirmed by phone.',
            },
          ],
        }),
      ),
    ])
    renderApp('/orders/41', { user: customer })
    const timeline = await screen.findByRole('region', { name: 'Order timeline' })
    expect(timeline).toHaveTextContent('Expected delivery: Tue, 3 Mar – Thu, 5 Mar')
    const entries = within(timeline).getAllByRole('listitem')
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Order placed.*by Amna$/),
      expect.stringMatching(/^Status: Processing.*by SanaConfirmed by phone\.$/),
    ])
    const items = screen.getByRole('region', { name: 'Items' })
    expect(items).toHaveTextContent(/Discount \(WELCOME10\)\s*−PKR 2,500/)
    expect(items).toHaveTextContent(/Cash on delivery fee\s*PKR 200/)
    expect(items).toHaveTextContent(/Total\s*PKR 24,200/)
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Cash on delivery')
  })

  it('cancels a pending order after confirming, with the reason', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, order()),
      answer(paths.orders.cancelOrder, order({ status: 'Cancelled' })),
    ])
    renderApp('/orders/41', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #41?' })
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Ordered twice.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }))

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull())
    expect(screen.getByText('Cancelled')).toBeVisible()
    expect(api.callsTo(paths.orders.cancelOrder).map((call) => call.body)).toEqual([
      { note: 'Ordered twice.' },
    ])
  })

  it('offers no cancelling once the order is confirmed', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, order({ status: 'Processing' })),
    ])
    renderApp('/orders/41', { user: customer })
    await screen.findByRole('heading', { name: 'Order #41' })
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull()
  })

  it('shows where to transfer and uploads the receipt, then shows it', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => {} }),
    )
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, bankOrder()),
      answer(paths.delivery.getBankAccount, bankAccount),
      answer(
        paths.orders.uploadPaymentProof,
        bankOrder({ payment_status: 'proof_submitted', payment_proof_url: '/api/orders/41/payment-proof/' }),
      ),
    ])
    renderApp('/orders/41', { user: customer })
    const payment = await screen.findByRole('region', { name: 'Payment' })
    await waitFor(() => expect(payment).toHaveTextContent('PK36MEZN0001010123456789'))
    expect(payment).toHaveTextContent('Transfer PKR 26,500.00 to:')
    expect(payment).toHaveTextContent('ReferenceOrder #41')

    const user = userEvent.setup()
    const receipt = new File([new Uint8Array([255, 216, 255])], 'receipt.jpg', { type: 'image/jpeg' })
    await user.upload(within(payment).getByLabelText('Upload your receipt'), receipt)
    await user.click(within(payment).getByRole('button', { name: 'Send receipt' }))

    await waitFor(() => expect(payment).toHaveTextContent('Receipt submitted'))
    const sent = api.callsTo(paths.orders.uploadPaymentProof)[0]?.body
    expect(sent).toBeInstanceOf(FormData)
    expect((sent as FormData).get('image')).toBeInstanceOf(File)
    // The sent file is forgotten: another receipt needs a new choice.
    expect(within(payment).getByRole('button', { name: 'Send receipt' })).toBeDisabled()
  })

  it('says why an upload was refused and keeps the order as it was', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, bankOrder()),
      answer(paths.delivery.getBankAccount, bankAccount),
      answer(paths.orders.uploadPaymentProof, reply(400, { detail: 'The file is not an image.' })),
    ])
    renderApp('/orders/41', { user: customer })
    const payment = await screen.findByRole('region', { name: 'Payment' })
    await waitFor(() => expect(payment).toHaveTextContent('Meezan Bank'))
    const user = userEvent.setup()
    await user.upload(
      within(payment).getByLabelText('Upload your receipt'),
      new File(['hello'], 'receipt.png', { type: 'image/png' }),
    )
    await user.click(within(payment).getByRole('button', { name: 'Send receipt' }))
    expect(await within(payment).findByRole('alert')).toHaveTextContent('The file is not an image.')
    expect(payment).toHaveTextContent('Unpaid')
  })
})
