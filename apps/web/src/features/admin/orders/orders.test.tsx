import { type Order, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ApiCall, answer, page, renderApp, reply, serveApi, staff } from '../../../test/app'
import { order } from '../../../test/fixtures'
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

  const transfer = order({
    payment_method: 'bank_transfer',
    payment_status: 'proof_submitted',
    payment_proof_url: '/api/orders/41/payment-proof/',
    subtotal: '25000.00',
    delivery_fee: '300.00',
    total_price: '25300.00',
  })

  it('shows the payment, the receipt, the totals, the phone and the timeline', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, transfer),
      answer(paths.orders.getPaymentProof, reply(200, 'receipt')),
    ])
    renderApp('/adminuser/orders/41', { user: staff })

    const payment = await screen.findByRole('region', { name: 'Payment' })
    expect(within(payment).getByText('Bank transfer')).toBeInTheDocument()
    expect(within(payment).getByText('Receipt submitted')).toBeInTheDocument()
    expect(await within(payment).findByRole('img', { name: 'Bank receipt for order #41' })).toHaveAttribute(
      'src',
      'blob:receipt',
    )
    expect(screen.getByText('PKR 25,300')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '03001234567' })).toHaveAttribute('href', 'tel:03001234567')
    expect(screen.getByRole('heading', { name: 'Order timeline' })).toBeInTheDocument()
  })

  it('sends the changed status and payment status with the note, then starts afresh from the answer', async () => {
    const updated = order({
      ...transfer,
      status: 'Processing',
      payment_status: 'paid',
      history: [
        ...transfer.history,
        {
          status: 'Processing',
          payment_status: 'paid',
          at: '2026-03-02T10:00:00.000Z',
          by: { id: 1, first_name: 'Sana' },
          note: 'Receipt checked',
        },
      ],
    })
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, transfer),
      answer(paths.orders.getPaymentProof, reply(200, 'receipt')),
      answer(paths.orders.updateOrder, updated),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })

    const form = await screen.findByRole('form', { name: 'Update order #41' })
    const submit = within(form).getByRole('button', { name: 'Update Order' })
    expect(submit).toBeDisabled()
    await user.selectOptions(within(form).getByLabelText('Status'), 'Processing')
    await user.selectOptions(within(form).getByLabelText('Payment status'), 'Paid')
    await user.type(within(form).getByLabelText('Note (optional)'), 'Receipt checked')
    await user.click(submit)

    expect(await screen.findByText('Order #41 updated.')).toBeInTheDocument()
    expect(api.callsTo(paths.orders.updateOrder)[0]?.body).toEqual({
      status: 'Processing',
      payment_status: 'paid',
      note: 'Receipt checked',
    })
    expect(
      await screen.findByText('Receipt checked', { selector: '.order-timeline-note' }),
    ).toBeInTheDocument()
    const fresh = screen.getByRole('form', { name: 'Update order #41' })
    expect(within(fresh).getByLabelText('Note (optional)')).toHaveValue('')
    expect(within(fresh).getByLabelText('Payment status')).toHaveValue('paid')
  })

  it('sends only what changed', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, order({ status: 'Delivered', payment_status: 'paid' })),
      answer(paths.orders.updateOrder, order({ status: 'Delivered', payment_status: 'refunded' })),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/41', { user: staff })

    await user.selectOptions(await screen.findByLabelText('Payment status'), 'Refunded')
    await user.click(screen.getByRole('button', { name: 'Update Order' }))

    await waitFor(() =>
      expect(api.callsTo(paths.orders.updateOrder)[0]?.body).toEqual({
        payment_status: 'refunded',
        note: '',
      }),
    )
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

    await user.selectOptions(await screen.findByLabelText('Status'), 'Cancelled')
    await user.type(screen.getByLabelText('Note (optional)'), 'Customer asked')
    await user.click(screen.getByRole('button', { name: 'Update Order' }))

    expect(await screen.findByText('Check the highlighted fields.')).toBeInTheDocument()
    expect(screen.getByText('A note is at most 500 characters.')).toBeInTheDocument()
    expect(screen.getByLabelText('Status')).toHaveValue('Cancelled')
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('Customer asked')
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
