import { paths, type SalesSummary } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, page, renderApp, reply, serveApi, staff } from '../../../test/app'
import { order } from '../../../test/fixtures'
import { readInUrdu, urduStaff } from '../../../test/urdu-reader'
import { chartOptions } from './sales-chart'

describe('admin dashboard', () => {
  it('shows the key figures and says there is nothing to chart when there are no labels', async () => {
    const summary: SalesSummary = {
      daily_sales: { labels: [], data: [], received: [] },
      receipts_to_check: 5,
      low_stock_products: 2,
      cash_with_drivers: { drivers: 0, amount: '0.00' },
      balances_due: { count: 0, amount: '0.00' },
      key_stats: { total_revenue: '1234567.00', total_orders: 1520, total_products: 42, total_users: 0 },
    }
    const api = serveApi([answer(paths.auth.profile, staff), answer(paths.analytics.salesSummary, summary)])
    renderApp('/adminuser/dashboard', { user: staff })

    expect(await screen.findByText('No sales data to display for the last 30 days.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sales Revenue (Last 30 Days)' })).toBeInTheDocument()
    expect(screen.getByText('PKR 1,234,567')).toBeInTheDocument()
    expect(screen.getByText('1,520')).toBeInTheDocument()
    expect(screen.getByText('42')).toBeInTheDocument()
    expect(screen.getByText('0')).toBeInTheDocument()
    expect(api.callsTo(paths.analytics.salesSummary)).toHaveLength(1)
  })

  it('shows a spinner, then the error alert when the summary cannot be loaded', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.analytics.salesSummary, reply(500, { detail: 'Internal Server Error' })),
    ])
    renderApp('/adminuser/dashboard', { user: staff })

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toBeInTheDocument()
    expect(await screen.findByText('Could not load dashboard data.')).toBeInTheDocument()
  })
})

describe('admin dashboard work cards', () => {
  const summary: SalesSummary = {
    daily_sales: { labels: [], data: [], received: [] },
    receipts_to_check: 0,
    low_stock_products: 0,
    cash_with_drivers: { drivers: 0, amount: '0.00' },
    balances_due: { count: 0, amount: '0.00' },
    key_stats: { total_revenue: '0.00', total_orders: 0, total_products: 0, total_users: 0 },
  }

  it('counts the orders to confirm and the receipts to check, each linking to its filtered list', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.analytics.salesSummary, { ...summary, receipts_to_check: 3 }),
      answer(paths.orders.listOrders, (call) => ({
        ...page([order()]),
        count: call.query.get('status') === 'Pending' ? 7 : 999,
      })),
    ])
    const user = userEvent.setup()
    const { router } = renderApp('/adminuser/dashboard', { user: staff })

    const toConfirm = await screen.findByRole('link', { name: /Orders to confirm\s*7/ })
    const toCheck = await screen.findByRole('link', { name: /Receipts to check\s*3/ })
    expect(toConfirm).toHaveAttribute('href', '/adminuser/orders?status=Pending')
    expect(toCheck).toHaveAttribute('href', '/adminuser/orders?payment_status=proof_submitted')
    for (const call of api.callsTo(paths.orders.listOrders)) {
      expect(call.query.get('scope')).toBe('all')
      expect(call.query.get('page_size')).toBe('1')
    }
    // The four cards of docs/product.md §2 stay.
    expect(screen.getByText('Total Revenue')).toBeInTheDocument()
    expect(screen.getByText('Total Users')).toBeInTheDocument()

    await user.click(toCheck)
    expect(await screen.findByRole('heading', { name: 'Manage Orders' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?payment_status=proof_submitted')
    expect(screen.getByLabelText('Payment')).toHaveValue('proof_submitted')
  })

  it('shows the balances still due, their sum and how many orders owe them', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.analytics.salesSummary, {
        ...summary,
        cash_with_drivers: { drivers: 0, amount: '0.00' },
        balances_due: { count: 12, amount: '1834500.00' },
      }),
      answer(paths.orders.listOrders, { ...page([order()]), count: 0 }),
    ])
    renderApp('/adminuser/dashboard', { user: staff })

    const card = (await screen.findByRole('heading', { name: 'Balances due' })).parentElement as HTMLElement
    await waitFor(() => expect(card).toHaveTextContent('PKR 1,834,500'))
    expect(card).toHaveTextContent('12 orders with something to pay')
  })

  it('counts the products low on stock, linking to the low stock page', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.analytics.salesSummary, { ...summary, low_stock_products: 4 }),
      answer(paths.orders.listOrders, { ...page([order()]), count: 0 }),
    ])
    renderApp('/adminuser/dashboard', { user: staff })

    const low = await screen.findByRole('link', { name: /Low stock\s*4/ })
    expect(low).toHaveAttribute('href', '/adminuser/low-stock')
    expect(low).toHaveTextContent('Products at or below their threshold')
  })

  it('draws the money received beside the booked sales', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.analytics.salesSummary, {
        ...summary,
        daily_sales: {
          labels: ['2026-03-01', '2026-03-02'],
          data: [25000, 10000],
          received: [12500, 5000.5],
        },
      }),
      answer(paths.orders.listOrders, { ...page([order()]), count: 0 }),
    ])
    renderApp('/adminuser/dashboard', { user: staff })

    expect(
      await screen.findByRole('img', {
        name: 'Daily sales for the last 30 days, PKR 35,000 in total, PKR 17,500.50 received',
      }),
    ).toBeInTheDocument()
  })

  it('shows a dash, not a zero, when a count cannot be loaded', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.analytics.salesSummary, summary),
      answer(paths.orders.listOrders, reply(500, { detail: 'Internal Server Error' })),
    ])
    renderApp('/adminuser/dashboard', { user: staff })

    const toConfirm = await screen.findByRole('link', { name: /Orders to confirm/ })
    await waitFor(() => expect(toConfirm).toHaveTextContent('Could not load the count'))
    expect(toConfirm).toHaveTextContent('—')
  })
})

describe('admin dashboard in Urdu', () => {
  it('reads right to left, its menu, cards and chart title in Urdu', async () => {
    const summary: SalesSummary = {
      daily_sales: { labels: [], data: [], received: [] },
      receipts_to_check: 0,
      low_stock_products: 0,
      cash_with_drivers: { drivers: 0, amount: '0.00' },
      balances_due: { count: 0, amount: '0.00' },
      key_stats: { total_revenue: '1234567.00', total_orders: 1520, total_products: 42, total_users: 7 },
    }
    serveApi([
      answer(paths.auth.profile, urduStaff),
      answer(paths.analytics.salesSummary, summary),
      answer(paths.orders.listOrders, { ...page([order()]), count: 4 }),
    ])
    await readInUrdu()
    renderApp('/adminuser/dashboard', { user: urduStaff })

    expect(await screen.findByRole('heading', { name: 'ایڈمن ڈیش بورڈ' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(document.documentElement).toHaveAttribute('lang', 'ur')
    expect(screen.getByText('آپ کے اسٹور کی فروخت اور سرگرمی کا خلاصہ۔')).toBeInTheDocument()
    expect(await screen.findByText('PKR 1,234,567')).toBeInTheDocument()
    for (const card of ['کل آمدنی', 'کل آرڈرز', 'کل مصنوعات', 'کل صارفین']) {
      expect(screen.getByRole('heading', { name: card })).toBeInTheDocument()
    }
    expect(screen.getByRole('heading', { name: 'فروخت کی آمدنی (پچھلے 30 دن)' })).toBeInTheDocument()
    expect(screen.getByText('پچھلے 30 دن کی فروخت کا کوئی ڈیٹا دکھانے کو نہیں۔')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: /تصدیق کے منتظر آرڈرز\s*4/ })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'ایڈمن کے حصے' })
    expect(within(nav).getByRole('link', { name: 'مصنوعات' })).toHaveAttribute('href', '/adminuser/products')
    expect(screen.getByRole('link', { name: '→ دکان پر واپس' })).toHaveAttribute('href', '/')
    expect(document.title).toContain('ایڈمن ڈیش بورڈ')
    expect(screen.queryByText('Total Revenue')).not.toBeInTheDocument()
  })

  it('draws the chart right to left in Urdu, left to right in English', () => {
    const urdu = chartOptions('ur')
    expect(urdu.scales?.x?.reverse).toBe(true)
    expect(urdu.scales?.y?.position).toBe('right')
    expect(urdu.plugins?.legend?.rtl).toBe(true)
    expect(urdu.plugins?.tooltip?.rtl).toBe(true)
    const english = chartOptions('en')
    expect(english.scales?.x?.reverse).toBe(false)
    expect(english.scales?.y?.position).toBe('left')
  })
})
