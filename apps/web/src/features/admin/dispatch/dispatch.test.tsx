import { type CashReport, type DispatchDay, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, renderApp, reply, serveApi, staff } from '../../../test/app'
import { dispatchOrder, run, stop } from '../../../test/fixtures'

const day: DispatchDay = {
  date: '2026-11-30',
  unplanned: [
    dispatchOrder({ id: 41 }),
    dispatchOrder({ id: 42, first_name: 'Bilal', city: 'Lahore', floor: 0, assembly: false }),
    dispatchOrder({ id: 43, first_name: 'Sana', lift: true }),
  ],
  runs: [
    run({
      stops: [
        stop({ id: 7, order: dispatchOrder({ id: 40 }), status: 'delivered', cash_collected: '52000.00' }),
        stop({
          id: 8,
          position: 2,
          order: dispatchOrder({ id: 39 }),
          status: 'failed',
          failed_reason: 'Gate shut',
        }),
      ],
    }),
  ],
  drivers: [{ id: 9, first_name: 'Bilal', last_name: 'Ahmed' }],
}

function serve(...more: ReturnType<typeof answer>[]) {
  return serveApi([...more, answer(paths.auth.profile, staff), answer(paths.dispatch.dispatchDay, day)])
}

describe('the dispatch board', () => {
  it('lists the orders on no run first, then the runs with their stops', async () => {
    const api = serve()
    renderApp('/adminuser/dispatch?date=2026-11-30', { user: staff })
    const unplanned = await screen.findByRole('list', { name: 'Orders not on a run' })
    expect(within(unplanned).getAllByRole('checkbox')).toHaveLength(3)
    expect(unplanned).toHaveTextContent('Order #41 · Amna Khan')
    expect(unplanned).toHaveTextContent('To collect: PKR 52,000')
    expect(unplanned).toHaveTextContent('Floor 3, no lift · Assemble')
    expect(api.callsTo(paths.dispatch.dispatchDay)[0]?.query.get('date')).toBe('2026-11-30')

    const runCard = screen.getByRole('article', { name: 'LEA-1234 · Bilal Ahmed · 2 stops' })
    expect(runCard).toHaveTextContent('Delivered')
    expect(runCard).toHaveTextContent('Gate shut')
    // A stop is done: the run can no longer be taken apart.
    expect(within(runCard).getByRole('button', { name: 'Take apart' })).toBeDisabled()
    expect(within(runCard).getByRole('link', { name: 'Print challans' })).toHaveAttribute(
      'href',
      '/adminuser/dispatch/runs/3/print?date=2026-11-30',
    )
  })

  it('makes a run of the orders in the order they were ticked, moved up and down', async () => {
    const api = serve(answer(paths.dispatch.createRun, run()))
    renderApp('/adminuser/dispatch?date=2026-11-30', { user: staff })
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText('Put order #43 on the run'))
    await user.click(screen.getByLabelText('Put order #41 on the run'))
    await user.click(screen.getByLabelText('Put order #42 on the run'))
    await user.click(screen.getByRole('button', { name: 'Move order #42 up' }))
    const stops = screen.getByRole('list', { name: 'Stops' })
    expect(
      within(stops)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Order #43'),
      expect.stringContaining('Order #42'),
      expect.stringContaining('Order #41'),
    ])

    await user.click(screen.getByRole('button', { name: 'Create run' }))
    expect(await screen.findByText('Choose a driver.')).toBeVisible()
    expect(screen.getByText('Name the vehicle.')).toBeVisible()
    await user.type(screen.getByLabelText('Vehicle'), 'LEA-1234')
    await user.selectOptions(screen.getByLabelText('Driver'), 'Bilal Ahmed')
    await user.click(screen.getByRole('button', { name: 'Create run' }))

    await waitFor(() =>
      expect(api.callsTo(paths.dispatch.createRun)[0]?.body).toEqual({
        date: '2026-11-30',
        vehicle: 'LEA-1234',
        driver_id: 9,
        order_ids: [43, 42, 41],
      }),
    )
  })

  it('shows a 409’s reason and keeps the selection', async () => {
    serve(answer(paths.dispatch.createRun, reply(409, { detail: 'Order #41 is on another run.' })))
    renderApp('/adminuser/dispatch?date=2026-11-30', { user: staff })
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText('Put order #41 on the run'))
    await user.type(screen.getByLabelText('Vehicle'), 'LEA-1234')
    await user.selectOptions(screen.getByLabelText('Driver'), 'Bilal Ahmed')
    await user.click(screen.getByRole('button', { name: 'Create run' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Order #41 is on another run.')
    expect(screen.getByLabelText('Put order #41 on the run')).toBeChecked()
  })
})

const report: CashReport = {
  drivers: [
    {
      driver: { id: 9, first_name: 'Bilal', last_name: 'Ahmed' },
      collected: '50000.00',
      handed_in: '0.00',
      outstanding: '50000.00',
    },
  ],
  collections: [
    {
      order_id: 41,
      driver: { id: 9, first_name: 'Bilal' },
      amount: '50000.00',
      at: '2026-11-30T09:00:00.000Z',
    },
  ],
  hand_ins: [],
}

describe('cash with drivers', () => {
  it('shows each driver’s cash, the collections, and records a hand-in', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.dispatch.cashReport, report),
      answer(paths.dispatch.recordHandIn, {
        id: 1,
        driver: { id: 9, first_name: 'Bilal' },
        amount: '50000.00',
        note: '',
        received_by: { id: 1, first_name: 'Sana' },
        at: '2026-11-30T18:00:00.000Z',
      }),
    ])
    renderApp('/adminuser/dispatch/cash', { user: staff })
    const byDriver = await screen.findByRole('region', { name: 'By driver' })
    expect(byDriver).toHaveTextContent(/Bilal Ahmed\s*PKR 50,000\s*PKR 0\s*PKR 50,000/)
    expect(screen.getByRole('region', { name: 'Collections' })).toHaveTextContent('Order #41')
    // The menu lights the cash page, not Dispatch above it.
    const nav = screen.getByRole('navigation', { name: 'Admin sections' })
    expect(within(nav).getByRole('link', { name: 'Cash with drivers' })).toHaveClass('active')
    expect(within(nav).getByRole('link', { name: 'Dispatch' })).not.toHaveClass('active')

    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Driver', { selector: '#hand-in-driver' }), 'Bilal Ahmed')
    await user.type(screen.getByLabelText('Amount (PKR)'), '50000')
    await user.click(screen.getByRole('button', { name: 'Record hand-in' }))
    await waitFor(() =>
      expect(api.callsTo(paths.dispatch.recordHandIn)[0]?.body).toEqual({
        driver_id: 9,
        amount: '50000',
        note: '',
      }),
    )
  })

  it('asks the report for the filters chosen', async () => {
    const api = serveApi([answer(paths.auth.profile, staff), answer(paths.dispatch.cashReport, report)])
    renderApp('/adminuser/dispatch/cash?driver=9&from=2026-11-01&to=2026-11-30', { user: staff })
    await screen.findByRole('region', { name: 'By driver' })
    const queries = api.callsTo(paths.dispatch.cashReport).map((call) => call.query.toString())
    expect(queries).toContain('driver=9&from=2026-11-01&to=2026-11-30')
  })
})
