import { type Order, type PaymentEntry, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, renderApp, reply, serveApi } from '../../test/app'
import { order, paymentEntry } from '../../test/fixtures'

const bankAccount = {
  bank_name: 'Meezan Bank',
  account_title: 'Comfort Furniture',
  account_number: '0101-0123456789',
  iban: 'PK36MEZN0001010123456789',
  instructions: 'Write your order number as the reference.',
}

const bankOrder = (overrides: Partial<Order> = {}) =>
  order({ payment_method: 'bank_transfer', total_price: '26500.00', balance_due: '26500.00', ...overrides })

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
    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent('Cash on delivery')
  })

  it('shows the delivery day, the floor, lift and assembly, and the services in the totals', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(
        paths.orders.getOrder,
        order({
          status: 'Processing',
          delivery_date: '2026-12-02',
          floor: 3,
          lift: false,
          assembly: true,
          services: [
            { code: 'assembly', fee: '2000.00' },
            { code: 'floor', fee: '1500.00' },
          ],
          total_price: '28500.00',
        }),
      ),
    ])
    renderApp('/orders/41', { user: customer })
    const timeline = await screen.findByRole('region', { name: 'Order timeline' })
    expect(timeline).toHaveTextContent('Delivery day: Wed, 2 Dec')
    const items = screen.getByRole('region', { name: 'Items' })
    expect(items).toHaveTextContent(/Assembly\s*PKR 2,000/)
    expect(items).toHaveTextContent(/Carrying up 3 floors\s*PKR 1,500/)
    expect(items).toHaveTextContent(/Total\s*PKR 28,500/)
    expect(screen.getByRole('region', { name: 'Shipping to' })).toHaveTextContent(
      'Floor 3, no lift · Assembly',
    )
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

  it('offers no cancelling once the order is shipped (a confirmed one asks staff: features/claims)', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, order({ status: 'Shipped' })),
    ])
    renderApp('/orders/41', { user: customer })
    await screen.findByRole('heading', { name: 'Order #41' })
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull()
  })

  it('lists the payments and refunds, then what was paid, what is due and what was refunded', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(
        paths.orders.getOrder,
        order({
          status: 'Delivered',
          payment_status: 'partially_refunded',
          total_price: '25000.00',
          amount_paid: '20000.00',
          amount_refunded: '5000.00',
          balance_due: '0.00',
          payments: [
            paymentEntry({ id: 1, amount: '10000.00', reference: 'TRX-1', status: 'confirmed' }),
            paymentEntry({
              id: 2,
              amount: '10000.00',
              reference: 'TRX-2',
              status: 'rejected',
              check_note: 'No such transfer reached the account.',
            }),
            paymentEntry({ id: 3, method: 'cod', amount: '15000.00', reference: '', status: 'confirmed' }),
            paymentEntry({
              id: 4,
              kind: 'refund',
              method: 'bank_transfer',
              amount: '5000.00',
              status: 'confirmed',
            }),
          ],
        }),
      ),
    ])
    renderApp('/orders/41', { user: customer })
    const payments = await screen.findByRole('region', { name: 'Payments' })
    expect(within(payments).getByText('Partially refunded')).toBeInTheDocument()
    const entries = within(within(payments).getByRole('list', { name: 'Payments and refunds' })).getAllByRole(
      'listitem',
    )
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Payment · Bank transferPKR 10,000\.00Confirmed.*Reference: TRX-1$/),
      expect.stringMatching(
        /^Payment · Bank transferPKR 10,000\.00Rejected.*Reference: TRX-2Reason: No such transfer reached the account\.$/,
      ),
      expect.stringMatching(/^Payment · Cash on deliveryPKR 15,000\.00Confirmed/),
      expect.stringMatching(/^Refund · Bank transfer−PKR 5,000\.00Confirmed/),
    ])
    expect(payments).toHaveTextContent(/Paid\s*PKR 20,000\.00/)
    expect(payments).toHaveTextContent(/Balance due\s*PKR 0\.00/)
    expect(payments).toHaveTextContent(/Refunded\s*PKR 5,000\.00/)
    // Nothing is due: no bank details, no receipt form.
    expect(within(payments).queryByRole('form', { name: 'Send your receipt' })).toBeNull()
  })

  it('leaves out the refunded line, and asks nothing of a cash-on-delivery order without an advance', async () => {
    serveApi([answer(paths.auth.profile, customer), answer(paths.orders.getOrder, order())])
    renderApp('/orders/41', { user: customer })
    const payments = await screen.findByRole('region', { name: 'Payments' })
    expect(payments).toHaveTextContent('No payments yet.')
    expect(payments).toHaveTextContent(/Balance due\s*PKR 25,000\.00/)
    expect(payments).not.toHaveTextContent('Refunded')
    expect(within(payments).queryByRole('form', { name: 'Send your receipt' })).toBeNull()
  })

  it('shows where to transfer and sends the receipt with its amount, method and reference', async () => {
    let sent = false
    const waiting = bankOrder({
      payment_status: 'proof_submitted',
      payments: [paymentEntry({ amount: '26500.00', reference: 'TRX-77', status: 'pending' })],
    })
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, () => (sent ? waiting : bankOrder())),
      answer(paths.delivery.getBankAccount, bankAccount),
      answer(paths.payments.recordPayment, () => {
        sent = true
        return waiting.payments[0] as PaymentEntry
      }),
    ])
    renderApp('/orders/41', { user: customer })
    const payments = await screen.findByRole('region', { name: 'Payments' })
    await waitFor(() => expect(payments).toHaveTextContent('PK36MEZN0001010123456789'))
    expect(payments).toHaveTextContent('Transfer PKR 26,500.00 to:')
    expect(payments).toHaveTextContent('ReferenceOrder #41')

    const form = within(payments).getByRole('form', { name: 'Send your receipt' })
    expect(within(form).getByLabelText('Amount (PKR)')).toHaveValue('26500')
    expect(within(form).getByLabelText('Paid by')).toHaveValue('bank_transfer')
    const file = within(form).getByLabelText('Receipt')
    expect(file).toHaveAttribute('accept', 'image/*,application/pdf')

    const user = userEvent.setup()
    await user.selectOptions(within(form).getByLabelText('Paid by'), 'Wallet')
    await user.type(within(form).getByLabelText('Transfer reference'), 'TRX-77')
    const receipt = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' })
    await user.upload(file, receipt)
    await user.click(within(form).getByRole('button', { name: 'Send receipt' }))

    expect(
      await screen.findByText('Receipt sent. We will check it and confirm your payment soon.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(payments).toHaveTextContent('Waiting for check'))
    expect(payments).toHaveTextContent('Receipt submitted')
    const sentForm = api.callsTo(paths.payments.recordPayment)[0]?.body as FormData
    expect(sentForm).toBeInstanceOf(FormData)
    expect(Object.fromEntries([...sentForm.entries()].filter(([name]) => name !== 'proof'))).toEqual({
      amount: '26500',
      method: 'wallet',
      reference: 'TRX-77',
    })
    expect((sentForm.get('proof') as File).name).toBe('receipt.pdf')
    // The form starts again, empty, for another receipt.
    expect(within(payments).getByLabelText('Transfer reference')).toHaveValue('')
  })

  it('asks a cash-on-delivery order’s advance by transfer, the amount prefilled with the advance', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(
        paths.orders.getOrder,
        order({ total_price: '249000.00', balance_due: '249000.00', advance_due: '124500.00' }),
      ),
      answer(paths.delivery.getBankAccount, bankAccount),
    ])
    renderApp('/orders/41', { user: customer })
    const payments = await screen.findByRole('region', { name: 'Payments' })
    await waitFor(() => expect(payments).toHaveTextContent('Pay the advance of PKR 124,500.00 to:'))
    expect(payments).toHaveTextContent(/Advance due\s*PKR 124,500\.00/)
    expect(within(payments).getByLabelText('Amount (PKR)')).toHaveValue('124500')
  })

  it('asks for the reference and the file before sending anything', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, bankOrder()),
      answer(paths.delivery.getBankAccount, bankAccount),
    ])
    renderApp('/orders/41', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Send receipt' }))
    expect(await screen.findByText('Enter the transfer reference.')).toBeVisible()
    expect(screen.getByLabelText('Receipt')).toHaveAccessibleDescription(
      /Choose the photo or PDF of the receipt\./,
    )
    expect(api.callsTo(paths.payments.recordPayment)).toHaveLength(0)
  })

  it('shows the server’s refusal under its field and keeps what was typed', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, bankOrder()),
      answer(paths.delivery.getBankAccount, bankAccount),
      answer(
        paths.payments.recordPayment,
        reply(400, {
          detail: 'Check the highlighted fields.',
          errors: { proof: ['The file is not an image or a PDF.'] },
        }),
      ),
    ])
    renderApp('/orders/41', { user: customer })
    const payments = await screen.findByRole('region', { name: 'Payments' })
    const user = userEvent.setup()
    await user.type(within(payments).getByLabelText('Transfer reference'), 'TRX-9')
    await user.upload(
      within(payments).getByLabelText('Receipt'),
      new File(['hello'], 'receipt.png', { type: 'image/png' }),
    )
    await user.click(within(payments).getByRole('button', { name: 'Send receipt' }))
    expect(await within(payments).findByText('Check the highlighted fields.')).toBeVisible()
    expect(within(payments).getByLabelText('Receipt')).toHaveAccessibleDescription(
      /The file is not an image or a PDF\./,
    )
    expect(within(payments).getByLabelText('Transfer reference')).toHaveValue('TRX-9')
    expect(payments).toHaveTextContent('Unpaid')
  })

  it('asks no payment of a cancelled order', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, bankOrder({ status: 'Cancelled', advance_due: '5000.00' })),
    ])
    renderApp('/orders/41', { user: customer })
    const payments = await screen.findByRole('region', { name: 'Payments' })
    expect(within(payments).queryByRole('form', { name: 'Send your receipt' })).toBeNull()
    expect(payments).not.toHaveTextContent(/Transfer|Pay the advance|Account number/)
  })
})
