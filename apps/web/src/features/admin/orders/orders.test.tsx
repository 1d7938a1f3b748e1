import { type Order, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ApiCall, answer, page, renderApp, reply, serveApi, staff, staffAs } from '../../../test/app'
import { order, paymentEntry } from '../../../test/fixtures'
import { readInUrdu, urduStaff } from '../../../test/urdu-reader'

/** The filters and page the list asked the API for. */
const asked = (call: ApiCall | undefined) => Object.fromEntries(call?.query ?? [])

describe('admin order list', () => {
  it('keeps the texts and columns of docs/product.md §2 and shows each order’s payment', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(
        paths.orders.listOrders,
        page([order({ payment_method: 'bank_transfer', payment_status: 'proof_submitted' })]),
      ),
    ])
    renderApp('/adminuser/orders', { user: staff })

    expect(await screen.findByRole('heading', { name: 'Manage Orders' })).toBeInTheDocument()
    expect(screen.getByText('View and update all customer orders.')).toBeInTheDocument()
    const headers = (await screen.findAllByRole('columnheader')).map((header) => header.textContent)
    expect(headers).toEqual(['Order ID', 'Customer', 'Date', 'Total', 'Status', 'Payment', 'Actions'])
    const row = screen.getAllByRole('row')[1] as HTMLElement
    expect(within(row).getByText('#41')).toBeInTheDocument()
    expect(within(row).getByText('Pending')).toBeInTheDocument()
    expect(within(row).getAllByText('Receipt submitted').length).toBeGreaterThan(0)
  })

  it('asks the API for the filters in the URL', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.listOrders, page([order()])),
    ])
    renderApp('/adminuser/orders?status=Pending&payment_status=proof_submitted&search=0300', { user: staff })

    expect(await screen.findByLabelText('Status')).toHaveValue('Pending')
    expect(screen.getByLabelText('Payment')).toHaveValue('proof_submitted')
    expect(screen.getByLabelText('Search')).toHaveValue('0300')
    await waitFor(() =>
      expect(asked(api.callsTo(paths.orders.listOrders).at(-1))).toEqual({
        scope: 'all',
        status: 'Pending',
        payment_status: 'proof_submitted',
        search: '0300',
        page: '1',
        page_size: '50',
      }),
    )
  })

  it('ignores a status the API does not know', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.listOrders, page([order()])),
    ])
    renderApp('/adminuser/orders?status=Lost', { user: staff })

    expect(await screen.findByLabelText('Status')).toHaveValue('')
    expect(asked(api.callsTo(paths.orders.listOrders)[0])).not.toHaveProperty('status')
  })

  it('puts a chosen filter into the URL and the query, back on page 1', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.listOrders, { ...page([order()]), count: 120 }),
    ])
    const user = userEvent.setup()
    const { router } = renderApp('/adminuser/orders?page=2', { user: staff })

    const payment = await screen.findByLabelText('Payment')
    await waitFor(() => expect(asked(api.callsTo(paths.orders.listOrders)[0])).toMatchObject({ page: '2' }))
    await user.selectOptions(payment, 'Receipt submitted')
    await waitFor(() => expect(router.state.location.search).toBe('?payment_status=proof_submitted'))
    await waitFor(() =>
      expect(asked(api.callsTo(paths.orders.listOrders).at(-1))).toMatchObject({
        payment_status: 'proof_submitted',
        page: '1',
      }),
    )

    await user.type(screen.getByLabelText('Search'), ' amna@example.com {Enter}')
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('search')).toBe('amna@example.com'),
    )
    expect(asked(api.callsTo(paths.orders.listOrders).at(-1))).toMatchObject({
      payment_status: 'proof_submitted',
      search: 'amna@example.com',
    })

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.getByLabelText('Search')).toHaveValue('')
  })

  it('leads back from an order to the list as it was filtered', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.listOrders, page([order()])),
      answer(paths.orders.getOrder, order()),
    ])
    const { router } = renderApp('/adminuser/orders?status=Shipped&search=0300', { user: staff })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'View Details of order #41' }))
    await user.click(await screen.findByRole('link', { name: '← Back to Orders' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/orders'))
    expect(router.state.location.search).toBe('?status=Shipped&search=0300')
    expect(await screen.findByLabelText('Status')).toHaveValue('Shipped')
  })

  it('says so when no order matches the filters', async () => {
    serveApi([answer(paths.auth.profile, staff), answer(paths.orders.listOrders, page<Order>([]))])
    renderApp('/adminuser/orders?status=Shipped', { user: staff })

    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument()
  })
})

describe('admin order detail', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:receipt')
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => vi.restoreAllMocks())

  const receipt = paymentEntry({
    id: 301,
    amount: '12650.00',
    reference: 'TRX-55120',
    note: 'Sent from Meezan app',
    proof: { url: '/api/orders/41/payments/301/proof/', content_type: 'image/jpeg' },
  })
  const transfer = order({
    payment_method: 'bank_transfer',
    payment_status: 'proof_submitted',
    subtotal: '25000.00',
    delivery_fee: '300.00',
    total_price: '25300.00',
    balance_due: '25300.00',
    advance_due: '12650.00',
    payments: [receipt],
  })

  it('shows the ledger with who recorded each entry, its receipt and the totals, the phone and the timeline', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, {
        ...transfer,
        amount_paid: '5000.00',
        amount_refunded: '1000.00',
        payments: [
          paymentEntry({
            id: 300,
            method: 'cash',
            amount: '6000.00',
            reference: 'Showroom book p. 12',
            status: 'confirmed',
            recorded_by: { id: 1, first_name: 'Sana' },
          }),
          paymentEntry({
            id: 302,
            kind: 'refund',
            method: 'card',
            amount: '1000.00',
            reference: '',
            status: 'confirmed',
            recorded_by: null,
            checked_by: { id: 2, first_name: 'Bilal' },
            checked_at: '2026-03-02T09:00:00.000Z',
            check_note: 'Slip matched.',
          }),
          receipt,
        ],
      }),
      answer(paths.payments.getPaymentEntryProof, reply(200, 'receipt')),
    ])
    renderApp('/adminuser/orders/41', { user: staff })

    const payments = await screen.findByRole('region', { name: 'Payments' })
    expect(within(payments).getByText('Receipt submitted')).toBeInTheDocument()
    expect(await within(payments).findByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      'blob:receipt',
    )
    const entries = within(within(payments).getByRole('list', { name: 'Payments and refunds' })).getAllByRole(
      'listitem',
    )
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(
        /^Payment · CashPKR 6,000\.00Confirmed.*Reference: Showroom book p\. 12Recorded by Sana$/,
      ),
      expect.stringMatching(
        /^Refund · Card−PKR 1,000\.00Confirmed.*Recorded by a removed account · Checked by Bilal on .*Check note: Slip matched\.$/,
      ),
      expect.stringMatching(
        /^Payment · Bank transferPKR 12,650\.00Waiting for check.*Reference: TRX-55120View receiptRecorded by AmnaNote: Sent from Meezan appConfirmReject$/,
      ),
    ])
    expect(api.callsTo(paths.payments.getPaymentEntryProof)[0]?.params).toEqual({ id: '41', pid: '301' })
    expect(payments).toHaveTextContent(/Paid\s*PKR 5,000\.00/)
    expect(payments).toHaveTextContent(/Advance due\s*PKR 12,650\.00/)
    expect(payments).toHaveTextContent(/Balance due\s*PKR 25,300\.00/)
    expect(payments).toHaveTextContent(/Refunded\s*PKR 1,000\.00/)
    expect(screen.getByText('PKR 25,300')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '03001234567' })).toHaveAttribute('href', 'tel:03001234567')
    expect(screen.getByRole('heading', { name: 'Order timeline' })).toBeInTheDocument()
  })

  it('confirms a pending receipt, then shows the order as the server now has it', async () => {
    let checked = false
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, () =>
        checked
          ? {
              ...transfer,
              payment_status: 'partially_paid',
              amount_paid: '12650.00',
              balance_due: '12650.00',
              advance_due: '0.00',
              payments: [{ ...receipt, status: 'confirmed', checked_by: { id: 1, first_name: 'Sana' } }],
            }
          : transfer,
      ),
      answer(paths.payments.getPaymentEntryProof, reply(200, 'receipt')),
      answer(paths.payments.checkPayment, () => {
        checked = true
        return { ...receipt, status: 'confirmed' }
      }),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Confirm PKR 12,650' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payment of PKR 12,650?' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))

    expect(await screen.findByText('Payment of PKR 12,650 confirmed.')).toBeInTheDocument()
    expect(api.callsTo(paths.payments.checkPayment).map((call) => [call.params, call.body])).toEqual([
      [
        { id: '41', pid: '301' },
        { status: 'confirmed', note: '' },
      ],
    ])
    const payments = screen.getByRole('region', { name: 'Payments' })
    await waitFor(() => expect(payments).toHaveTextContent('Partially paid'))
    expect(within(payments).queryByRole('button', { name: 'Confirm PKR 12,650' })).toBeNull()
  })

  it('rejects a receipt only with a reason', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, transfer),
      answer(paths.payments.getPaymentEntryProof, reply(200, 'receipt')),
      answer(paths.payments.checkPayment, {
        ...receipt,
        status: 'rejected',
        check_note: 'Not in the account.',
      }),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Reject PKR 12,650' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject the payment of PKR 12,650?' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await within(dialog).findByText('Say why the payment is rejected.')).toBeInTheDocument()
    expect(api.callsTo(paths.payments.checkPayment)).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Reason'), 'Not in the account.')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('Payment of PKR 12,650 rejected.')).toBeInTheDocument()
    expect(api.callsTo(paths.payments.checkPayment)[0]?.body).toEqual({
      status: 'rejected',
      note: 'Not in the account.',
    })
  })

  it('records the cash taken at delivery, starting from the balance due', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, order({ status: 'Shipped', balance_due: '25000.00' })),
      answer(
        paths.payments.recordPayment,
        paymentEntry({ method: 'cod', amount: '25000.00', status: 'confirmed', reference: 'Rider 7' }),
      ),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })

    const form = await screen.findByRole('form', { name: 'Record a payment or refund' })
    expect(within(form).getByLabelText('Kind')).toHaveValue('payment')
    expect(within(form).getByLabelText('Method')).toHaveValue('cod')
    expect(within(form).getByLabelText('Amount (PKR)')).toHaveValue('25000')
    await user.type(within(form).getByLabelText('Reference (optional)'), 'Rider 7')
    await user.click(within(form).getByRole('button', { name: 'Add entry' }))

    expect(await screen.findByText('Payment recorded.')).toBeInTheDocument()
    expect(api.callsTo(paths.payments.recordPayment)[0]?.body).toEqual({
      kind: 'payment',
      method: 'cod',
      amount: '25000',
      reference: 'Rider 7',
      note: '',
      status: 'confirmed',
    })
  })

  it('shows why a refund is refused and keeps what was typed', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(
        paths.orders.getOrder,
        order({ status: 'Delivered', balance_due: '0.00', amount_paid: '25000.00' }),
      ),
      answer(
        paths.payments.recordPayment,
        reply(409, { detail: 'A refund cannot exceed what was paid (PKR 25,000).' }),
      ),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })

    const form = await screen.findByRole('form', { name: 'Record a payment or refund' })
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Refund')
    await user.selectOptions(within(form).getByLabelText('Method'), 'Bank transfer')
    await user.type(within(form).getByLabelText('Amount (PKR)'), '30000')
    await user.click(within(form).getByRole('button', { name: 'Add entry' }))

    expect(
      await within(form).findByText('A refund cannot exceed what was paid (PKR 25,000).'),
    ).toBeInTheDocument()
    expect(within(form).getByLabelText('Kind')).toHaveValue('refund')
    expect(within(form).getByLabelText('Amount (PKR)')).toHaveValue('30000')
  })

  it('moves the delivery day, and says the customer is told', async () => {
    const due = order({ status: 'Processing', delivery_date: '2026-11-30' })
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, due),
      answer(paths.orders.updateOrder, { ...due, delivery_date: '2026-12-02' }),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })
    const form = await screen.findByRole('form', { name: 'Delivery day of order #41' })
    const day = within(form).getByLabelText('Move to')
    expect(day).toHaveValue('2026-11-30')
    expect(within(form).getByRole('button', { name: 'Move delivery' })).toBeDisabled()
    await user.clear(day)
    await user.type(day, '2026-12-02')
    await user.click(within(form).getByRole('button', { name: 'Move delivery' }))
    expect(
      await screen.findByText('Order #41 now comes on Wed, 2 Dec; the customer is told.'),
    ).toBeInTheDocument()
    expect(api.callsTo(paths.orders.updateOrder)[0]?.body).toEqual({ delivery_date: '2026-12-02' })
  })

  it('sends the changed status with the note, then starts afresh from the answer', async () => {
    const updated = order({
      ...transfer,
      status: 'Processing',
      history: [
        ...transfer.history,
        {
          status: 'Processing',
          payment_status: 'proof_submitted',
          at: '2026-03-02T10:00:00.000Z',
          by: { id: 1, first_name: 'Sana' },
          note: 'Receipt checked',
        },
      ],
    })
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, transfer),
      answer(paths.payments.getPaymentEntryProof, reply(200, 'receipt')),
      answer(paths.orders.updateOrder, updated),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })

    const form = await screen.findByRole('form', { name: 'Update order #41' })
    const submit = within(form).getByRole('button', { name: 'Update Order' })
    expect(submit).toBeDisabled()
    // The payment status follows the ledger: there is no choosing it here.
    expect(within(form).queryByLabelText('Payment status')).toBeNull()
    await user.selectOptions(within(form).getByLabelText('Status'), 'Processing')
    await user.type(within(form).getByLabelText('Note (optional)'), 'Receipt checked')
    await user.click(submit)

    expect(await screen.findByText('Order #41 updated.')).toBeInTheDocument()
    expect(api.callsTo(paths.orders.updateOrder)[0]?.body).toEqual({
      status: 'Processing',
      note: 'Receipt checked',
    })
    expect(
      await screen.findByText('Receipt checked', { selector: '.order-timeline-note' }),
    ).toBeInTheDocument()
    const fresh = screen.getByRole('form', { name: 'Update order #41' })
    expect(within(fresh).getByLabelText('Note (optional)')).toHaveValue('')
    expect(within(fresh).getByLabelText('Status')).toHaveValue('Processing')
  })

  it('lets an owner override the payment rule, with a note, and shows the server’s refusal', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, order({ advance_due: '12500.00' })),
      answer(paths.orders.updateOrder, (call) =>
        (call.body as { override?: boolean }).override
          ? order({ status: 'Processing' })
          : reply(409, { detail: 'An advance of PKR 12,500 is still due before the order is confirmed.' }),
      ),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })

    const form = await screen.findByRole('form', { name: 'Update order #41' })
    await user.selectOptions(within(form).getByLabelText('Status'), 'Processing')
    await user.click(within(form).getByRole('button', { name: 'Update Order' }))
    expect(
      await within(form).findByText('An advance of PKR 12,500 is still due before the order is confirmed.'),
    ).toBeInTheDocument()

    await user.click(within(form).getByLabelText('Override the payment rule'))
    await user.click(within(form).getByRole('button', { name: 'Update Order' }))
    expect(await within(form).findByText('Say why the payment rule is overridden.')).toBeInTheDocument()
    await user.type(within(form).getByLabelText('Note (required)'), 'Paid in cash at the showroom.')
    await user.click(within(form).getByRole('button', { name: 'Update Order' }))

    expect(await screen.findByText('Order #41 updated.')).toBeInTheDocument()
    expect(api.callsTo(paths.orders.updateOrder).map((call) => call.body)).toEqual([
      { status: 'Processing', note: '' },
      { status: 'Processing', note: 'Paid in cash at the showroom.', override: true },
    ])
  })

  it('offers no override to the orders role', async () => {
    serveApi([
      answer(paths.auth.profile, staffAs('orders')),
      answer(paths.orders.getOrder, order({ advance_due: '12500.00' })),
    ])
    renderApp('/adminuser/orders/41', { user: staffAs('orders') })

    const form = await screen.findByRole('form', { name: 'Update order #41' })
    expect(within(form).queryByLabelText('Override the payment rule')).toBeNull()
  })

  it('keeps the choice and the note and shows why when the server refuses', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, order()),
      answer(
        paths.orders.updateOrder,
        reply(400, {
          detail: 'Check the highlighted fields.',
          errors: { note: ['A note is at most 500 characters.'] },
        }),
      ),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })

    const form = within(await screen.findByRole('form', { name: 'Update order #41' }))
    await user.selectOptions(form.getByLabelText('Status'), 'Cancelled')
    await user.type(form.getByLabelText('Note (optional)'), 'Customer asked')
    await user.click(form.getByRole('button', { name: 'Update Order' }))

    expect(await form.findByText('Check the highlighted fields.')).toBeInTheDocument()
    expect(form.getByText('A note is at most 500 characters.')).toBeInTheDocument()
    expect(form.getByLabelText('Status')).toHaveValue('Cancelled')
    expect(form.getByLabelText('Note (optional)')).toHaveValue('Customer asked')
  })
})

describe('admin order list in Urdu', () => {
  it('reads right to left, with its columns, filters and counts in Urdu', async () => {
    serveApi([
      answer(paths.auth.profile, urduStaff),
      answer(paths.orders.listOrders, { ...page([order(), order({ id: 42 })]), count: 2 }),
    ])
    await readInUrdu()
    renderApp('/adminuser/orders?status=Pending', { user: urduStaff })

    expect(await screen.findByRole('heading', { name: 'آرڈرز کا انتظام' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    const headers = (await screen.findAllByRole('columnheader')).map((header) => header.textContent)
    expect(headers).toEqual(['آرڈر نمبر', 'گاہک', 'تاریخ', 'کل رقم', 'صورتحال', 'ادائیگی', 'کارروائیاں'])
    expect(screen.getByText('2 آرڈرز ملے')).toHaveAttribute('role', 'status')
    const status = screen.getByLabelText('صورتحال')
    expect(status).toHaveValue('Pending')
    expect(within(status).getByRole('option', { name: 'زیرِ التوا' })).toBeInTheDocument()
    expect(
      within(screen.getByLabelText('ادائیگی')).getByRole('option', { name: 'رسید جمع ہو گئی' }),
    ).toHaveValue('proof_submitted')
    expect(screen.getByRole('button', { name: 'فلٹر ہٹائیں' })).toBeInTheDocument()
    expect(screen.getByRole('search', { name: 'آرڈرز فلٹر کریں' })).toBeInTheDocument()
  })
})
