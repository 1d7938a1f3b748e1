import { type Coupon, paths } from '@store/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, page, renderApp, reply, serveApi, staff } from '../../../test/app'
import { fromLocalInput, toLocalInput } from './local-time'

const tenOff: Coupon = {
  id: 1,
  code: 'EID10',
  kind: 'percent',
  value: '10.00',
  min_subtotal: '0.00',
  starts_at: null,
  ends_at: null,
  max_uses: 5,
  used_count: 3,
  is_active: true,
}
const bigSpender: Coupon = {
  id: 2,
  code: 'SOFA5000',
  kind: 'fixed',
  value: '5000.00',
  min_subtotal: '100000.00',
  starts_at: '2026-01-01T00:00:00.000Z',
  ends_at: '2026-02-01T00:00:00.000Z',
  max_uses: null,
  used_count: 0,
  is_active: false,
}

function serve(overrides: Parameters<typeof serveApi>[0] = []) {
  return serveApi([
    ...overrides,
    answer(paths.auth.profile, staff),
    answer(paths.coupons.listCoupons, page([tenOff, bigSpender])),
  ])
}

async function openNewCouponForm() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Create Coupon' }))
  const dialog = await screen.findByRole('dialog', { name: 'Create a coupon' })
  return { user, dialog, field: (label: string) => within(dialog).getByLabelText(label) }
}

describe('coupons page', () => {
  it('lists each coupon with its discount, minimum, uses and whether it can be used', async () => {
    serve()
    renderApp('/adminuser/coupons', { user: staff })

    const table = await screen.findByRole('table')
    const [, eid, sofa] = within(table).getAllByRole('row')
    expect(eid).toHaveTextContent('10%')
    expect(eid).toHaveTextContent('3 / 5')
    expect(eid).toHaveTextContent('Always')
    expect(within(eid as HTMLElement).getByText('Active')).toBeInTheDocument()
    expect(sofa).toHaveTextContent('PKR 5,000')
    expect(sofa).toHaveTextContent('PKR 100,000')
    expect(sofa).toHaveTextContent('0 / no limit')
    expect(within(sofa as HTMLElement).getByText('Off')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Coupons' })).toHaveAttribute('aria-current', 'page')
  })

  it('sends a new coupon with its dates as ISO moments and an empty maximum as no limit', async () => {
    const api = serve([answer(paths.coupons.createCoupon, { ...bigSpender, id: 3, code: 'WINTER' })])
    renderApp('/adminuser/coupons', { user: staff })
    const { user, dialog, field } = await openNewCouponForm()

    await user.type(field('Code'), 'WINTER')
    await user.selectOptions(field('Kind'), 'fixed')
    await user.type(field('Discount (PKR)'), '5000')
    await user.type(field('Minimum subtotal (PKR)'), '20000')
    fireEvent.change(field('Valid from'), { target: { value: '2026-12-01T09:00' } })
    fireEvent.change(field('Valid until'), { target: { value: '2026-12-31T23:30' } })
    await user.click(field('Active'))
    await user.click(within(dialog).getByRole('button', { name: 'Create Coupon' }))

    expect(await screen.findByText('Coupon WINTER created.')).toBeInTheDocument()
    expect(api.callsTo(paths.coupons.createCoupon)[0]?.body).toEqual({
      code: 'WINTER',
      kind: 'fixed',
      value: '5000',
      min_subtotal: '20000',
      starts_at: new Date(2026, 11, 1, 9, 0).toISOString(),
      ends_at: new Date(2026, 11, 31, 23, 30).toISOString(),
      max_uses: null,
      is_active: false,
    })
  })

  it('checks the coupon with the contract before sending it', async () => {
    const api = serve()
    renderApp('/adminuser/coupons', { user: staff })
    const { user, dialog, field } = await openNewCouponForm()

    await user.type(field('Code'), 'TEN OFF')
    await user.type(field('Discount (%)'), '150')
    fireEvent.change(field('Valid from'), { target: { value: '2026-12-31T00:00' } })
    fireEvent.change(field('Valid until'), { target: { value: '2026-12-01T00:00' } })
    await user.type(field('Maximum uses'), '0')
    await user.click(within(dialog).getByRole('button', { name: 'Create Coupon' }))

    expect(
      await within(dialog).findByText('A coupon code holds letters, digits, dashes and underscores only.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('A percent discount is at most 100.')).toBeInTheDocument()
    expect(within(dialog).getByText('The end must come after the start.')).toBeInTheDocument()
    expect(
      within(dialog).getByText('Maximum uses is at least 1; leave it empty for no limit.'),
    ).toBeInTheDocument()
    expect(api.callsTo(paths.coupons.createCoupon)).toHaveLength(0)
  })

  it('keeps what was typed and says once, at the code, that the code exists', async () => {
    serve([
      answer(
        paths.coupons.createCoupon,
        // docs/decisions.md: the sentence comes as the detail and under the field it is about.
        reply(409, { detail: 'The code EID10 is taken.', errors: { code: ['The code EID10 is taken.'] } }),
      ),
    ])
    renderApp('/adminuser/coupons', { user: staff })
    const { user, dialog, field } = await openNewCouponForm()

    await user.type(field('Code'), 'eid10')
    await user.type(field('Discount (%)'), '15')
    await user.click(within(dialog).getByRole('button', { name: 'Create Coupon' }))

    expect(await within(dialog).findByText('The code EID10 is taken.')).toBeInTheDocument()
    expect(field('Code')).toHaveAccessibleDescription(/The code EID10 is taken\./)
    expect(within(dialog).getAllByText('The code EID10 is taken.')).toHaveLength(1)
    expect(field('Code')).toHaveValue('eid10')
    expect(field('Discount (%)')).toHaveValue('15')
  })

  it('edits a coupon from its current terms and can switch it off', async () => {
    const api = serve([answer(paths.coupons.updateCoupon, { ...tenOff, is_active: false })])
    const user = userEvent.setup()
    renderApp('/adminuser/coupons', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Edit EID10' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon EID10' })
    expect(within(dialog).getByLabelText('Discount (%)')).toHaveValue('10')
    expect(within(dialog).getByLabelText('Maximum uses')).toHaveValue(5)
    expect(within(dialog).getByText('Used 3 times so far.')).toBeInTheDocument()
    await user.click(within(dialog).getByLabelText('Active'))
    await user.click(within(dialog).getByRole('button', { name: 'Save Coupon' }))

    expect(await screen.findByText('Coupon EID10 updated.')).toBeInTheDocument()
    const [sent] = api.callsTo(paths.coupons.updateCoupon)
    expect(sent?.params).toEqual({ id: '1' })
    expect(sent?.body).toEqual({
      code: 'EID10',
      kind: 'percent',
      value: '10',
      min_subtotal: '0',
      starts_at: null,
      ends_at: null,
      max_uses: 5,
      is_active: false,
    })
  })

  it('deletes a coupon only after confirmation', async () => {
    const api = serve([answer(paths.coupons.deleteCoupon, undefined)])
    const user = userEvent.setup()
    renderApp('/adminuser/coupons', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Delete SOFA5000' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete coupon' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo(paths.coupons.deleteCoupon)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Delete SOFA5000' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Coupon SOFA5000 deleted.')).toBeInTheDocument()
    expect(api.callsTo(paths.coupons.deleteCoupon).map((call) => call.params)).toEqual([{ id: '2' }])
  })
})

describe('datetime-local conversion', () => {
  it('reads a moment on the local clock and back, to the minute', () => {
    const iso = new Date(2026, 5, 15, 8, 5).toISOString()
    expect(toLocalInput(iso)).toBe('2026-06-15T08:05')
    expect(fromLocalInput('2026-06-15T08:05')).toBe(iso)
    expect(toLocalInput(null)).toBe('')
    expect(fromLocalInput(' ')).toBeNull()
    expect(fromLocalInput('soon')).toBe('soon')
  })
})
