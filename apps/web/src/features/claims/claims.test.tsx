import { type Claim, type ClaimSettings, type Order, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { answer, customer, dropped, page, renderApp, reply, serveApi } from '../../test/app'
import { order } from '../../test/fixtures'

const settings: ClaimSettings = {
  damage_hours: 48,
  exchange_days: 7,
  changed_mind: false,
  made_to_order_returnable: false,
  cancellation_fee_percent: 15,
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString()

/** A chair and a table, delivered `hours` ago. */
const delivered = (hours = 2, overrides: Partial<Order> = {}) =>
  order({
    status: 'Delivered',
    history: [
      ...order().history,
      { status: 'Delivered', payment_status: 'paid', at: hoursAgo(hours), by: null, note: '' },
    ],
    items: [
      {
        id: 11,
        quantity: 2,
        price: '18000.00',
        options: [],
        price_reason: null,
        product: { id: 3, name: 'Sheesham Chair', images: [] },
      },
      {
        id: 12,
        quantity: 1,
        price: '25000.00',
        options: [],
        price_reason: null,
        product: { id: 4, name: 'Oak Table', images: [] },
      },
    ],
    ...overrides,
  })

const claim = (overrides: Partial<Claim> = {}): Claim => ({
  id: 7,
  order_id: 41,
  customer: { id: 5, first_name: 'Amna', last_name: 'Khan' },
  created_at: '2026-03-06T10:00:00.000Z',
  status: 'requested',
  reason: 'damaged',
  lines: [{ order_item_id: 11, quantity: 1, product_name: 'Sheesham Chair', options: [] }],
  description: 'The arm is cracked.',
  evidence: [
    { id: 1, kind: 'image', url: '/api/claims/7/evidence/1/?token=a', content_type: 'image/png', size: 90 },
    { id: 2, kind: 'video', url: '/api/claims/7/evidence/2/?token=b', content_type: 'video/webm', size: 900 },
  ],
  wanted: 'replace',
  pickup_date: null,
  resolution: null,
  history: [
    { status: 'requested', at: '2026-03-06T10:00:00.000Z', by: { id: 5, first_name: 'Amna' }, note: '' },
  ],
  conversation_id: 3,
  ...overrides,
})

const png = (name = 'arm.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })
const webm = (name = 'unboxing.webm', size?: number) => {
  const file = new File([new Uint8Array([26, 69, 223, 163])], name, { type: 'video/webm' })
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size })
  return file
}

beforeEach(() => {
  let next = 0
  URL.createObjectURL = vi.fn(() => `blob:preview-${next++}`)
  URL.revokeObjectURL = vi.fn()
})

/** Fills the form: one chair, damaged, a description, two photos and a video, a replacement. */
async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: /Sheesham Chair/ }))
  await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity of Sheesham Chair' }), '1')
  await user.click(screen.getByRole('radio', { name: 'Damaged' }))
  await user.type(screen.getByLabelText('Describe the problem'), 'The arm is cracked.')
  await user.upload(screen.getByLabelText('Add photos'), [png('one.png'), png('two.png')])
  await user.upload(screen.getByLabelText('Add a video'), webm())
  await user.click(screen.getByRole('radio', { name: 'A replacement' }))
}

describe('reporting a problem', { timeout: 30_000 }, () => {
  it('offers "Report a problem" on a delivered order within the windows, with its claims', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, delivered(2)),
      answer(paths.claims.getClaimSettings, settings),
      answer(paths.claims.listClaims, page([claim()])),
    ])
    renderApp('/orders/41', { user: customer })
    const section = await screen.findByRole('region', { name: 'Your claims' })
    expect(await within(section).findByRole('link', { name: 'Report a problem' })).toHaveAttribute(
      'href',
      '/orders/41/claims/new',
    )
    expect(within(section).getByRole('link', { name: 'Claim #7' })).toHaveAttribute('href', '/claims/7')
  })

  it('offers no report once the windows have passed', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, delivered(8 * 24)),
      answer(paths.claims.getClaimSettings, settings),
      answer(paths.claims.listClaims, page([])),
    ])
    renderApp('/orders/41', { user: customer })
    await screen.findByRole('heading', { name: 'Order #41' })
    await waitFor(() => expect(api.callsTo(paths.claims.listClaims)).toHaveLength(1))
    await waitFor(() => expect(api.callsTo(paths.claims.getClaimSettings)).toHaveLength(1))
    expect(screen.queryByRole('link', { name: 'Report a problem' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Your claims' })).toBeNull()
  })

  it('offers damage only within its hours, the other reasons within the exchange days', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, delivered(3 * 24)),
      answer(paths.claims.getClaimSettings, { ...settings, changed_mind: true }),
      answer(
        paths.claims.listClaims,
        page([
          claim({ lines: [{ order_item_id: 12, quantity: 1, product_name: 'Oak Table', options: [] }] }),
        ]),
      ),
    ])
    renderApp('/orders/41/claims/new', { user: customer })
    expect(await screen.findByRole('radio', { name: 'Wrong item' })).toBeVisible()
    expect(screen.getByRole('radio', { name: 'Changed my mind' })).toBeVisible()
    expect(screen.queryByRole('radio', { name: 'Damaged' })).toBeNull()
    expect(screen.getByText(/^Damage had to be reported by /)).toBeVisible()
    // The table is already claimed; the chairs are still open.
    expect(screen.getByRole('checkbox', { name: /Oak Table/ })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: /Sheesham Chair/ })).toBeEnabled()
  })

  it('checks the form before sending: items, reason, description, wish, photo kinds and the video size', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, delivered()),
      answer(paths.claims.getClaimSettings, settings),
      answer(paths.claims.listClaims, page([])),
    ])
    renderApp('/orders/41/claims/new', { user: customer })
    const user = userEvent.setup({ applyAccept: false })
    await user.click(await screen.findByRole('button', { name: 'Send report' }))

    expect(screen.getByText('Choose the items with the problem.')).toBeVisible()
    expect(screen.getByText('Choose damaged, wrong item, defect or changed my mind.')).toBeVisible()
    expect(screen.getByText('Describe the problem.')).toBeVisible()
    expect(screen.getByText('Choose a replacement, a repair or a refund.')).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('Check the marked fields.')
    // Change of mind is not a reason this store takes.
    expect(screen.queryByRole('radio', { name: 'Changed my mind' })).toBeNull()

    await user.upload(
      screen.getByLabelText('Add photos'),
      new File(['x'], 'notes.pdf', { type: 'application/pdf' }),
    )
    expect(screen.getByText('notes.pdf is not a photo. Choose JPEG, PNG or WebP pictures.')).toBeVisible()
    await user.upload(screen.getByLabelText('Add a video'), webm('long.webm', 51 * 1024 * 1024))
    expect(screen.getByText('The video is larger than 50 MB. Record a shorter one.')).toBeVisible()
    await user.upload(
      screen.getByLabelText('Add photos'),
      Array.from({ length: 7 }, (_, index) => png(`p${index}.png`)),
    )
    expect(screen.getByText('Add at most 6 photos.')).toBeVisible()
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(
      6,
    )
    // Removing one makes room again.
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }))
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(
      5,
    )
    expect(api.callsTo(paths.claims.createClaim)).toHaveLength(0)
  })

  it('sends with a progress bar, tries again when the connection drops, and opens the claim', async () => {
    let attempts = 0
    let release = () => {}
    const secondAttempt = new Promise<void>((resolve) => {
      release = resolve
    })
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, delivered()),
      answer(paths.claims.getClaimSettings, settings),
      answer(paths.claims.listClaims, page([])),
      answer(paths.claims.createClaim, async () => {
        attempts += 1
        if (attempts === 1) return dropped()
        await secondAttempt
        return claim()
      }),
      answer(paths.claims.getClaim, claim()),
    ])
    renderApp('/orders/41/claims/new', { user: customer })
    const user = userEvent.setup()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send report' }))

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '0')
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'The connection dropped. Trying again (attempt 2)…',
      ),
    )
    // The form is as it was while the upload is tried again.
    expect(screen.getByLabelText('Describe the problem')).toHaveValue('The arm is cracked.')
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(
      2,
    )
    release()
    expect(await screen.findByRole('heading', { name: 'Claim #7' })).toBeVisible()

    const sent = api.callsTo(paths.claims.createClaim).map((call) => call.body as FormData)
    expect(sent).toHaveLength(2)
    for (const form of sent) {
      expect(JSON.parse(String(form.get('lines')))).toEqual([{ order_item_id: 11, quantity: 1 }])
      expect(form.get('reason')).toBe('damaged')
      expect(form.get('description')).toBe('The arm is cracked.')
      expect(form.get('wanted')).toBe('replace')
      expect(form.getAll('evidence').map((file) => (file as File).name)).toEqual([
        'one.png',
        'two.png',
        'unboxing.webm',
      ])
    }
  })

  it('does not send twice when the lost answer had made the claim', async () => {
    let made = false
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, delivered()),
      answer(paths.claims.getClaimSettings, settings),
      answer(paths.claims.listClaims, () => page(made ? [claim()] : [])),
      answer(paths.claims.createClaim, () => {
        made = true
        return dropped()
      }),
      answer(paths.claims.getClaim, claim()),
    ])
    renderApp('/orders/41/claims/new', { user: customer })
    const user = userEvent.setup()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByRole('heading', { name: 'Claim #7' })).toBeVisible()
    expect(api.callsTo(paths.claims.createClaim)).toHaveLength(1)
  })

  it('shows a refusal beside its field and keeps the text and files', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, delivered()),
      answer(paths.claims.getClaimSettings, settings),
      answer(paths.claims.listClaims, page([])),
      answer(
        paths.claims.createClaim,
        reply(400, {
          detail: 'The video is not an MP4, WebM or MOV file.',
          errors: { evidence: ['The video is not an MP4, WebM or MOV file.'] },
        }),
      ),
    ])
    renderApp('/orders/41/claims/new', { user: customer })
    const user = userEvent.setup()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send report' }))

    expect(await screen.findByText('The video is not an MP4, WebM or MOV file.')).toBeVisible()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent('The report was not sent.')
    expect(screen.getByLabelText('Describe the problem')).toHaveValue('The arm is cracked.')
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(
      2,
    )
    expect(screen.getByLabelText('Chosen video: unboxing.webm')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: /Sheesham Chair/ })).toBeChecked()
  })
})

describe('the claim page', { timeout: 20_000 }, () => {
  it('shows the status as a timeline, the pickup day, the evidence, the outcome and the conversation', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(
        paths.claims.getClaim,
        claim({
          status: 'resolved',
          pickup_date: '2026-03-10',
          resolution: { kind: 'replace', refund_amount: null, replacement_order_id: 52, restock: [] },
          history: [
            {
              status: 'requested',
              at: '2026-03-06T10:00:00.000Z',
              by: { id: 5, first_name: 'Amna' },
              note: '',
            },
            {
              status: 'approved',
              at: '2026-03-06T12:00:00.000Z',
              by: { id: 1, first_name: 'Sana' },
              note: '',
            },
            {
              status: 'pickup_scheduled',
              at: '2026-03-07T09:00:00.000Z',
              by: { id: 1, first_name: 'Sana' },
              note: 'Our van comes in the morning.',
            },
            {
              status: 'received',
              at: '2026-03-10T15:00:00.000Z',
              by: { id: 1, first_name: 'Sana' },
              note: '',
            },
            {
              status: 'resolved',
              at: '2026-03-11T10:00:00.000Z',
              by: { id: 1, first_name: 'Sana' },
              note: '',
            },
          ],
        }),
      ),
    ])
    renderApp('/claims/7', { user: customer })
    const timeline = await screen.findByRole('region', { name: 'Claim timeline' })
    expect(timeline).toHaveTextContent('Pickup day: Tue, 10 Mar')
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual([
      expect.stringMatching(/^Problem reported.*by Amna$/),
      expect.stringMatching(/^Approved.*by Sana$/),
      expect.stringMatching(/^Pickup scheduled.*by SanaOur van comes in the morning\.$/),
      expect.stringMatching(/^Received.*by Sana$/),
      expect.stringMatching(/^Resolved.*by Sana$/),
    ])
    const evidence = screen.getByRole('region', { name: 'Photos and video' })
    expect(within(evidence).getByRole('img')).toHaveAttribute('src', '/api/claims/7/evidence/1/?token=a')
    expect(evidence.querySelector('video')).toHaveAttribute('src', '/api/claims/7/evidence/2/?token=b')
    expect(within(screen.getByRole('region', { name: 'Outcome' })).getByRole('link')).toHaveAttribute(
      'href',
      '/orders/52',
    )
    expect(screen.getByRole('link', { name: 'Messages with the store about this claim' })).toHaveAttribute(
      'href',
      '/messages/3',
    )
  })
})

describe('cancelling a confirmed order', { timeout: 20_000 }, () => {
  it('states the fee first, then asks staff and shows the pending request', async () => {
    const paid = order({ status: 'Processing', amount_paid: '124500.00', total_price: '124500.00' })
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, paid),
      answer(paths.claims.getClaimSettings, settings),
      answer(
        paths.orders.cancelOrder,
        order({
          ...paid,
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
        }),
      ),
    ])
    renderApp('/orders/41', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #41?' })
    expect(
      await within(dialog).findByText(
        'A cancellation after confirmation costs 15% of the advance: PKR 18,675',
      ),
    ).toBeVisible()
    expect(dialog).toHaveTextContent('You get back PKR 105,825 of the PKR 124,500 you paid.')
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Bought elsewhere.')
    await user.click(within(dialog).getByRole('button', { name: 'Ask to cancel' }))

    expect(await screen.findByText(/You asked to cancel this order on/)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull()
    expect(api.callsTo(paths.orders.cancelOrder).map((call) => call.body)).toEqual([
      { note: 'Bought elsewhere.' },
    ])
  })

  it('rounds the fee half a paisa up, as the server does', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      // 15% of PKR 333.33 is 49.9995 rupees: PKR 50.00
      answer(paths.orders.getOrder, order({ status: 'Processing', amount_paid: '333.33' })),
      answer(paths.claims.getClaimSettings, settings),
    ])
    renderApp('/orders/41', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }))
    expect(
      await screen.findByText('A cancellation after confirmation costs 15% of the advance: PKR 50'),
    ).toBeVisible()
  })

  it('shows staff’s refusal with their note', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(
        paths.orders.getOrder,
        order({
          status: 'Processing',
          cancellation_request: {
            status: 'refused',
            requested_at: '2026-03-02T10:00:00.000Z',
            note: '',
            fee_percent: 15,
            fee: '0.00',
            refund: '0.00',
            decided_by: { id: 1, first_name: 'Sana' },
            decided_at: '2026-03-02T12:00:00.000Z',
            decision_note: 'The sofa is already upholstered to your order.',
          },
        }),
      ),
      answer(paths.claims.getClaimSettings, settings),
    ])
    renderApp('/orders/41', { user: customer })
    expect(await screen.findByText('The store refused to cancel this order; it goes ahead.')).toBeVisible()
    expect(screen.getByText('The sofa is already upholstered to your order.')).toBeVisible()
  })
})
