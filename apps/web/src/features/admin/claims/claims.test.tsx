import { type Claim, type Location, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, page, renderApp, reply, serveApi, staff } from '../../../test/app'
import { order } from '../../../test/fixtures'

const claim = (overrides: Partial<Claim> = {}): Claim => ({
  id: 7,
  order_id: 41,
  customer: { id: 5, first_name: 'Amna', last_name: 'Khan' },
  created_at: '2026-03-06T10:00:00.000Z',
  status: 'received',
  reason: 'damaged',
  lines: [
    { order_item_id: 11, quantity: 1, product_name: 'Sheesham Chair', options: [] },
    { order_item_id: 12, quantity: 2, product_name: 'Oak Stool', options: [] },
  ],
  description: 'The arm is cracked.',
  evidence: [
    { id: 1, kind: 'image', url: '/api/claims/7/evidence/1/?token=a', content_type: 'image/png', size: 90 },
    { id: 2, kind: 'video', url: '/api/claims/7/evidence/2/?token=b', content_type: 'video/webm', size: 900 },
  ],
  wanted: 'refund',
  pickup_date: '2026-03-10',
  resolution: null,
  history: [
    { status: 'requested', at: '2026-03-06T10:00:00.000Z', by: { id: 5, first_name: 'Amna' }, note: '' },
  ],
  conversation_id: null,
  ...overrides,
})

const locations: Location[] = [
  { id: 1, name: 'Lahore warehouse', kind: 'warehouse', city: 'Lahore', is_active: true },
  { id: 2, name: 'Karachi showroom', kind: 'showroom', city: 'Karachi', is_active: true },
]

describe('the claims queue', { timeout: 20_000 }, () => {
  it('lists claims with their status and asks for the chosen status', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.claims.listClaims, page([claim({ status: 'requested' })])),
    ])
    renderApp('/adminuser/claims', { user: staff })
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement
    expect(within(row).getByRole('link', { name: 'Claim #7' })).toHaveAttribute('href', '/adminuser/claims/7')
    expect(within(row).getByText('Requested')).toBeVisible()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Status'), 'pickup_scheduled')
    await waitFor(() =>
      expect(api.callsTo(paths.claims.listClaims).at(-1)?.query.get('status')).toBe('pickup_scheduled'),
    )
  })
})

describe('a claim in the back office', { timeout: 20_000 }, () => {
  it('shows the evidence in the page and approves a requested claim', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.claims.getClaim, claim({ status: 'requested' })),
      answer(paths.claims.updateClaim, claim({ status: 'approved' })),
    ])
    renderApp('/adminuser/claims/7', { user: staff })
    const evidence = await screen.findByRole('region', { name: 'Photos and video' })
    expect(within(evidence).getByRole('img')).toHaveAttribute('src', '/api/claims/7/evidence/1/?token=a')
    expect(evidence.querySelector('video[controls]')).toHaveAttribute(
      'src',
      '/api/claims/7/evidence/2/?token=b',
    )
    const user = userEvent.setup()
    // A rejection needs its reason first.
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    expect(screen.getByText('Say why the claim is rejected.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    await screen.findByRole('button', { name: 'Schedule the pickup' })
    expect(api.callsTo(paths.claims.updateClaim).map((call) => call.body)).toEqual([
      { status: 'approved', note: '' },
    ])
  })

  it('schedules the pickup on a date', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.claims.getClaim, claim({ status: 'approved', pickup_date: null })),
      answer(paths.claims.updateClaim, claim({ status: 'pickup_scheduled' })),
    ])
    renderApp('/adminuser/claims/7', { user: staff })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Pickup date'), '2026-03-10')
    await user.type(screen.getByLabelText('Note (optional)'), 'Morning van.')
    await user.click(screen.getByRole('button', { name: 'Schedule the pickup' }))
    await screen.findByRole('button', { name: 'Mark received' })
    expect(api.callsTo(paths.claims.updateClaim).map((call) => call.body)).toEqual([
      { status: 'pickup_scheduled', pickup_date: '2026-03-10', note: 'Morning van.' },
    ])
  })

  it('resolves a received claim by a refund, each piece back to stock or written off', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.claims.getClaim, claim()),
      answer(paths.stock.listLocations, locations),
      answer(
        paths.claims.updateClaim,
        claim({
          status: 'resolved',
          resolution: { kind: 'refund', refund_amount: '18000.00', replacement_order_id: null, restock: [] },
        }),
      ),
    ])
    renderApp('/adminuser/claims/7', { user: staff })
    const user = userEvent.setup()
    expect(await screen.findByLabelText('Outcome')).toHaveValue('refund')
    await user.click(screen.getByRole('button', { name: 'Resolve' }))
    expect(screen.getByText('Enter an amount such as 12500 or 12500.50.')).toBeVisible()

    await user.type(screen.getByLabelText('Refund amount (PKR)'), '18000')
    await user.selectOptions(screen.getByLabelText('Refund method'), 'bank_transfer')
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Location for Sheesham Chair' })).toHaveValue('1'),
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location for Sheesham Chair' }), '2')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Where Oak Stool goes' }), 'write_off')
    await user.click(screen.getByRole('button', { name: 'Resolve' }))

    expect(await screen.findByRole('region', { name: 'Outcome' })).toHaveTextContent('Refund: PKR 18,000')
    expect(api.callsTo(paths.claims.updateClaim).map((call) => call.body)).toEqual([
      {
        status: 'resolved',
        note: '',
        resolution: {
          kind: 'refund',
          refund_amount: '18000',
          refund_method: 'bank_transfer',
          restock: [
            { order_item_id: 11, quantity: 1, to: 'stock', location_id: 2 },
            { order_item_id: 12, quantity: 2, to: 'write_off' },
          ],
        },
      },
    ])
  })

  it('shows the server’s refusal of a resolution and keeps the form', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.claims.getClaim, claim({ wanted: 'replace' })),
      answer(paths.stock.listLocations, locations),
      answer(paths.claims.updateClaim, reply(409, { detail: 'This claim is already resolved.' })),
    ])
    renderApp('/adminuser/claims/7', { user: staff })
    const user = userEvent.setup()
    expect(await screen.findByLabelText('Outcome')).toHaveValue('replace')
    await user.type(screen.getByLabelText('Note (optional)'), 'Same chair, new frame.')
    await user.click(screen.getByRole('button', { name: 'Resolve' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This claim is already resolved.')
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('Same chair, new frame.')
  })
})

describe('a request to cancel on the order page', { timeout: 20_000 }, () => {
  it('is refused only with a reason, and approved as it stands', async () => {
    const pending = order({
      status: 'Processing',
      amount_paid: '124500.00',
      cancellation_request: {
        status: 'pending',
        requested_at: '2026-03-02T10:00:00.000Z',
        note: 'Bought elsewhere.',
        fee_percent: 15,
        fee: '18675.00',
        refund: '105825.00',
        decided_by: null,
        decided_at: null,
        decision_note: '',
      },
    })
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, pending),
      answer(paths.claims.decideCancellation, order({ status: 'Cancelled' })),
    ])
    renderApp('/adminuser/orders/41', { user: staff })
    const card = await screen.findByRole('region', { name: 'Request to cancel' })
    expect(card).toHaveTextContent('Fee 15%: PKR 18,675; refund PKR 105,825.')
    const user = userEvent.setup()
    await user.click(within(card).getByRole('button', { name: 'Refuse' }))
    expect(within(card).getByText('Say why the cancellation is refused.')).toBeVisible()
    expect(api.callsTo(paths.claims.decideCancellation)).toHaveLength(0)
    await user.click(within(card).getByRole('button', { name: 'Approve the cancellation' }))
    await waitFor(() =>
      expect(api.callsTo(paths.claims.decideCancellation).map((call) => call.body)).toEqual([
        { decision: 'approve', note: '' },
      ]),
    )
  })
})
