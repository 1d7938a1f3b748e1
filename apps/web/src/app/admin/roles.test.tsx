import { paths, type SalesSummary, type StaffRole } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, eventStream, page, renderApp, serveApi, staffAs } from '../../test/app'
import { cart } from '../../test/fixtures'

const summary: SalesSummary = {
  daily_sales: { labels: [], data: [], received: [] },
  receipts_to_check: 0,
  low_stock_products: 0,
  cash_with_drivers: { drivers: 0, amount: '0.00' },
  balances_due: { count: 0, amount: '0.00' },
  key_stats: { total_revenue: '0.00', total_orders: 0, total_products: 0, total_users: 0 },
}

/** Every list of the back office answers empty; the work stream sends these counts. */
function backOffice(role: StaffRole, counts = { new_orders: 0, payments_to_check: 0, unread_messages: 0 }) {
  return serveApi([
    answer(paths.auth.profile, staffAs(role)),
    answer(paths.cart.getCart, cart([])),
    answer(paths.catalog.showcase, []),
    answer(paths.analytics.salesSummary, summary),
    answer(paths.catalog.listProducts, page([])),
    answer(paths.catalog.listCategories, page([])),
    answer(paths.orders.listOrders, page([])),
    answer(paths.messaging.listConversations, page([])),
    answer(paths.dispatch.myRuns, []),
    answer(paths.staff.workEvents, eventStream([{ event: 'counts', data: counts }])),
  ])
}

async function sidebarLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Admin sections' })
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent)
}

describe('the back office per role', () => {
  it.each<[StaffRole, string, string[]]>([
    [
      'owner',
      '/adminuser/dashboard',
      [
        'Dashboard',
        'Reports',
        'Products',
        'Categories',
        'Locations',
        'Low stock',
        'Orders',
        'Claims',
        'Dispatch',
        'Cash with drivers',
        'My deliveries',
        'Messages',
        'Coupons',
        'Delivery',
        'Payment rules',
        'Store details',
        'Claim settings',
        'People',
        'Audit log',
      ],
    ],
    [
      'manager',
      '/adminuser/dashboard',
      [
        'Dashboard',
        'Reports',
        'Products',
        'Categories',
        'Locations',
        'Low stock',
        'Orders',
        'Claims',
        'Dispatch',
        'Cash with drivers',
        'My deliveries',
        'Messages',
        'Coupons',
        'Delivery',
        'Payment rules',
        'Store details',
        'Claim settings',
        'People',
        'Audit log',
      ],
    ],
    ['catalogue', '/adminuser/products', ['Products', 'Categories', 'Locations', 'Low stock']],
    // Issue 16: an orders-role user sees only Orders and Messages.
    ['orders', '/adminuser/orders', ['Orders', 'Claims', 'Dispatch', 'Cash with drivers', 'Messages']],
    ['support', '/adminuser/messages', ['Messages']],
    ['delivery', '/adminuser/deliveries', ['My deliveries']],
  ])('%s: /adminuser/ opens %s, and the menu shows only what the role opens', async (role, home, links) => {
    backOffice(role)
    const { router } = renderApp('/adminuser/', { user: staffAs(role) })
    await waitFor(() => expect(router.state.location.pathname).toBe(home))
    expect(await sidebarLinks()).toEqual(links)
  })

  it('refuses a page the role does not open, inside the back office, without asking the server', async () => {
    const api = backOffice('catalogue')
    renderApp('/adminuser/orders/41', { user: staffAs('catalogue') })
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeVisible()
    expect(screen.getByText('You do not have permission to view this page.')).toBeVisible()
    // The menu stays, with the way to what the role may open.
    expect(await sidebarLinks()).toEqual(['Products', 'Categories', 'Locations', 'Low stock'])
    expect(api.callsTo(paths.orders.getOrder)).toHaveLength(0)
  })

  it.each<[StaffRole, string]>([
    ['orders', '/adminuser/dashboard'],
    ['support', '/adminuser/products/new'],
    ['catalogue', '/adminuser/coupons'],
    ['support', '/adminuser/people'],
    ['orders', '/adminuser/audit'],
  ])('%s at %s: refused', async (role, path) => {
    backOffice(role)
    renderApp(path, { user: staffAs(role) })
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeVisible()
  })

  it('opens the two-factor page to every staff role, from the menu beside the way back to the shop', async () => {
    backOffice('support')
    renderApp('/adminuser/messages', { user: staffAs('support') })
    await userEvent.click(await screen.findByRole('link', { name: 'Two-factor sign-in' }))
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument()
  })

  it('shows a badge only beside a section the role sees', async () => {
    backOffice('support', { new_orders: 3, payments_to_check: 1, unread_messages: 2 })
    renderApp('/adminuser/messages', { user: staffAs('support') })
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' })
    expect(await within(nav).findByRole('link', { name: 'Messages, 2 unread' })).toBeVisible()
    expect(within(nav).queryByRole('link', { name: /Orders/ })).not.toBeInTheDocument()
    expect(within(nav).queryByText('3')).not.toBeInTheDocument()
  })

  it('the shop header’s admin link opens the first page of the role', async () => {
    backOffice('support')
    const { router } = renderApp('/', { user: staffAs('support') })
    const input = userEvent.setup()
    const [link] = await screen.findAllByRole('link', { name: 'Admin Dashboard' })
    await input.click(link as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/messages'))
    expect(await screen.findByRole('heading', { name: 'User Conversations' })).toBeVisible()
  })

  it('shows the dashboard’s work cards to a role that opens orders', async () => {
    backOffice('manager')
    renderApp('/adminuser/dashboard', { user: staffAs('manager') })
    expect(await screen.findByRole('region', { name: 'Waiting for you' })).toBeVisible()
  })
})
