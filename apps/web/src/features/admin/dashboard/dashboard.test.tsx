import { paths, type SalesSummary } from '@store/contract'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { answer, renderApp, reply, serveApi, staff } from '../../../test/app'

describe('admin dashboard', () => {
  it('shows the key figures and says there is nothing to chart when there are no labels', async () => {
    const summary: SalesSummary = {
      daily_sales: { labels: [], data: [] },
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
