import { paths, type SalesReport, type SalesSummary } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ApiCall, answer, renderApp, reply, serveApi, staff, staffAs } from '../../../test/app'
import { readInUrdu, urduStaff } from '../../../test/urdu-reader'
import { reportChartOptions } from './report-chart'
import { lastMonthOf, thisMonthOf, todayInPakistan } from './report-values'

const asked = (call: ApiCall | undefined) => Object.fromEntries(call?.query ?? [])

const byWeek: SalesReport = {
  rows: [
    { key: '2026-W44', orders: 2, units: 4, booked: '161500.00', received: '20000.00' },
    { key: '2026-W45', orders: 1, units: 1, booked: '100000.00', received: '-14000.00' },
  ],
  totals: { orders: 3, units: 5, booked: '261500.00', received: '6000.00' },
}

const empty: SalesReport = {
  rows: [{ key: '2026-10-01', orders: 0, units: 0, booked: '0.00', received: '0.00' }],
  totals: { orders: 0, units: 0, booked: '0.00', received: '0.00' },
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)

afterEach(() => vi.restoreAllMocks())

describe('reports', () => {
  it('opens last month by day, in Pakistan', async () => {
    const api = serveApi([answer(paths.auth.profile, staff), answer(paths.reports.salesReport, empty)])
    renderApp('/adminuser/reports', { user: staff })

    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeVisible()
    const lastMonth = lastMonthOf(todayInPakistan())
    await waitFor(() =>
      expect(asked(api.callsTo(paths.reports.salesReport)[0])).toEqual({ ...lastMonth, group: 'day' }),
    )
    expect(screen.getByLabelText('From')).toHaveValue(lastMonth.from)
    expect(screen.getByLabelText('To')).toHaveValue(lastMonth.to)
    expect(screen.getByLabelText('Group by')).toHaveValue('day')
    expect(await screen.findByText('No sales in this period.')).toBeVisible()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows the chart and a table of the same rows with their totals', async () => {
    serveApi([answer(paths.auth.profile, staff), answer(paths.reports.salesReport, byWeek)])
    renderApp('/adminuser/reports?from=2026-10-26&to=2026-11-08&group=week', { user: staff })

    expect(await screen.findByRole('img', { name: /booked and received money for the 2 rows/ })).toBeVisible()
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Week',
      'Orders',
      'Units',
      'Booked',
      'Received',
    ])
    expect(bodyRows().map(cells)).toEqual([
      ['2026-W44', '2', '4', 'PKR 161,500', 'PKR 20,000'],
      ['2026-W45', '1', '1', 'PKR 100,000', '−PKR 14,000'],
      ['Total', '3', '5', 'PKR 261,500', 'PKR 6,000'],
    ])
  })

  it('asks for the days and group chosen, and refuses a last day before the first without asking', async () => {
    const user = userEvent.setup()
    const api = serveApi([answer(paths.auth.profile, staff), answer(paths.reports.salesReport, byWeek)])
    const { router } = renderApp('/adminuser/reports?from=2026-10-26&to=2026-11-08&group=week', {
      user: staff,
    })
    await screen.findByRole('table')

    await user.clear(screen.getByLabelText('To'))
    await user.type(screen.getByLabelText('To'), '2026-10-01')
    await user.click(screen.getByRole('button', { name: 'Show report' }))
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The last day cannot come before the first day.',
    )
    expect(api.callsTo(paths.reports.salesReport)).toHaveLength(1)

    await user.clear(screen.getByLabelText('To'))
    await user.type(screen.getByLabelText('To'), '2026-11-30')
    await user.selectOptions(screen.getByLabelText('Group by'), 'Payment method')
    await user.click(screen.getByRole('button', { name: 'Show report' }))
    await waitFor(() =>
      expect(asked(api.callsTo(paths.reports.salesReport).at(-1))).toEqual({
        from: '2026-10-26',
        to: '2026-11-30',
        group: 'payment_method',
      }),
    )
    expect(router.state.location.search).toBe('?from=2026-10-26&to=2026-11-30&group=payment_method')
  })

  it("names channels and payment methods in the reader's words", async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.reports.salesReport, {
        rows: [
          { key: 'bank_transfer', orders: 1, units: 3, booked: '140000.00', received: '140000.00' },
          { key: 'cash', orders: 0, units: 0, booked: '0.00', received: '-14000.00' },
        ],
        totals: { orders: 1, units: 3, booked: '140000.00', received: '126000.00' },
      }),
    ])
    renderApp('/adminuser/reports?from=2026-10-26&to=2026-11-08&group=payment_method', { user: staff })
    await screen.findByRole('table')
    expect(bodyRows().map((row) => cells(row)[0])).toEqual(['Bank transfer', 'Cash', 'Total'])
  })

  it("shows the API's sentence when it refuses the report, and a sentence of its own when it fails", async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(
        paths.reports.salesReport,
        reply(400, {
          detail: 'The query string is not valid.',
          errors: { to: ['A report covers at most two years.'] },
        }),
      ),
    ])
    const view = renderApp('/adminuser/reports?from=2026-10-01&to=2026-10-31', { user: staff })
    expect(await screen.findByRole('alert')).toHaveTextContent('A report covers at most two years.')
    view.unmount()

    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.reports.salesReport, reply(500, { detail: 'Internal Server Error' })),
    ])
    renderApp('/adminuser/reports?from=2026-10-01&to=2026-10-31', { user: staff })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the report. Check your connection and try again.',
    )
  })

  it('downloads the CSV of the report shown', async () => {
    const user = userEvent.setup()
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.reports.salesReport, byWeek),
      answer(paths.reports.salesReportCsv, undefined),
    ])
    const createObjectURL = vi.fn(() => 'blob:report')
    URL.createObjectURL = createObjectURL
    URL.revokeObjectURL = vi.fn()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`)
    })
    renderApp('/adminuser/reports?from=2026-10-26&to=2026-11-08&group=week', { user: staff })
    await screen.findByRole('table')

    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(saved).toEqual(['sales-by-week-2026-10-26-to-2026-11-08.csv blob:report']))
    expect(asked(api.callsTo(paths.reports.salesReportCsv)[0])).toEqual({
      from: '2026-10-26',
      to: '2026-11-08',
      group: 'week',
    })
  })

  it('is in the menu of staff with the sales permission only', async () => {
    serveApi([answer(paths.auth.profile, staffAs('orders'))])
    renderApp('/adminuser/reports', { user: staffAs('orders') })
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeVisible()
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument()
  })

  it('reads in Urdu', async () => {
    readInUrdu()
    serveApi([answer(paths.auth.profile, urduStaff), answer(paths.reports.salesReport, empty)])
    renderApp('/adminuser/reports', { user: urduStaff })
    expect(await screen.findByText('اس مدت میں کوئی فروخت نہیں ہوئی۔')).toBeVisible()
  })
})

describe('the report chart', () => {
  it('lays names along the amounts, periods along time, and reads right to left in Urdu', () => {
    const names = reportChartOptions('ur', { byName: true })
    expect(names.indexAxis).toBe('y')
    expect(names.scales?.x?.reverse).toBe(true)
    expect(names.scales?.y?.position).toBe('right')
    const periods = reportChartOptions('en', { byName: false })
    expect(periods.indexAxis).toBe('x')
    expect(periods.scales?.x?.reverse).toBe(false)
    expect(periods.scales?.y?.position).toBe('left')
  })
})

describe('the dashboard by channel', () => {
  const summary: SalesSummary = {
    daily_sales: { labels: [], data: [], received: [] },
    receipts_to_check: 0,
    low_stock_products: 0,
    cash_with_drivers: { drivers: 0, amount: '0.00' },
    balances_due: { count: 0, amount: '0.00' },
    key_stats: { total_revenue: '0.00', total_orders: 0, total_products: 0, total_users: 0 },
  }

  it("shows this month's sales of each channel from the report", async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.analytics.salesSummary, summary),
      answer(paths.reports.salesReport, {
        rows: [
          { key: 'web', orders: 3, units: 4, booked: '150000.00', received: '100000.00' },
          { key: 'showroom', orders: 1, units: 1, booked: '50000.00', received: '0.00' },
        ],
        totals: { orders: 4, units: 5, booked: '200000.00', received: '100000.00' },
      }),
    ])
    renderApp('/adminuser/dashboard', { user: staff })

    const card = (await screen.findByRole('heading', { name: 'Sales by channel this month' })).closest(
      '.card',
    ) as HTMLElement
    expect(await within(card).findByText('Web shop')).toBeVisible()
    expect(within(card).getByText('PKR 150,000')).toBeVisible()
    expect(
      within(card).getByRole('progressbar', { name: "Web shop: 75% of this month's sales" }),
    ).toBeVisible()
    expect(
      within(card).getByRole('progressbar', { name: "Showroom: 25% of this month's sales" }),
    ).toBeVisible()
    expect(asked(api.callsTo(paths.reports.salesReport)[0])).toEqual({
      ...thisMonthOf(todayInPakistan()),
      group: 'channel',
    })
  })
})
