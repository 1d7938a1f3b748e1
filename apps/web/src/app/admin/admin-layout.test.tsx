import { paths, type SalesSummary } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { answer, eventStream, renderApp, serveApi, staff } from '../../test/app'

const counts = (new_orders: number, unread_messages: number) => ({
  event: 'counts',
  data: { new_orders, payments_to_check: 0, unread_messages },
})

const summary: SalesSummary = {
  daily_sales: { labels: [], data: [], received: [] },
  receipts_to_check: 0,
  low_stock_products: 0,
  cash_with_drivers: { drivers: 0, amount: '0.00' },
  balances_due: { count: 0, amount: '0.00' },
  key_stats: { total_revenue: '0.00', total_orders: 0, total_products: 0, total_users: 0 },
}

describe('the admin sidebar badges', () => {
  it('show the latest counts of the live stream, said in full to screen readers', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.analytics.salesSummary, summary),
      answer(paths.staff.workEvents, eventStream([counts(1, 0), counts(3, 2)])),
    ])
    renderApp('/adminuser/dashboard', { user: staff })
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' })
    expect(await within(nav).findByRole('link', { name: 'Orders, 3 new' })).toHaveTextContent('Orders3')
    expect(within(nav).getByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute(
      'href',
      '/adminuser/messages',
    )
    const call = api.callsTo(paths.staff.workEvents)[0]
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /)
    // One stream, no polling of the counts.
    await waitFor(() => expect(api.callsTo(paths.staff.workEvents)).toHaveLength(1))
    expect(api.callsTo(paths.staff.workCounts)).toHaveLength(0)
  })

  it('show no badge for a zero count', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.analytics.salesSummary, summary),
      answer(paths.staff.workEvents, eventStream([counts(0, 4)])),
    ])
    renderApp('/adminuser/dashboard', { user: staff })
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' })
    expect(await within(nav).findByRole('link', { name: 'Messages, 4 unread' })).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveTextContent(/^Orders$/)
  })
})
