import type { SalesSummary } from '@store/contract'
import { screen } from '@testing-library/react'
import { Route } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api } from '../../../lib/api'
import { renderAt } from '../test-utils'
import { DashboardPage } from './dashboard-page'

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn() },
}))

afterEach(() => vi.clearAllMocks())

const route = <Route path="/adminuser/dashboard" element={<DashboardPage />} />

describe('admin dashboard', () => {
  it('shows the key figures and says there is nothing to chart when there are no labels', async () => {
    const summary: SalesSummary = {
      daily_sales: { labels: [], data: [] },
      key_stats: { total_revenue: '1234567.00', total_orders: 1520, total_products: 42, total_users: 0 },
    }
    vi.mocked(api.get).mockResolvedValue(summary)
    renderAt('/adminuser/dashboard', route)

    expect(await screen.findByText('No sales data to display for the last 30 days.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sales Revenue (Last 30 Days)' })).toBeInTheDocument()
    expect(screen.getByText('PKR 1,234,567')).toBeInTheDocument()
    expect(screen.getByText('1,520')).toBeInTheDocument()
    expect(screen.getByText('42')).toBeInTheDocument()
    expect(screen.getByText('0')).toBeInTheDocument()
    expect(api.get).toHaveBeenCalledWith('/api/analytics/sales-summary/')
  })

  it('shows a spinner, then the error alert when the summary cannot be loaded', async () => {
    vi.mocked(api.get).mockRejectedValue(new ApiError(500, 'Internal Server Error'))
    renderAt('/adminuser/dashboard', route)

    expect(screen.getByRole('status')).toBeInTheDocument()
    expect(await screen.findByText('Could not load dashboard data.')).toBeInTheDocument()
  })
})
