import { type PaymentSettings, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, renderApp, reply, serveApi, staff, staffAs } from '../../../test/app'
import { deliveryZone } from '../../../test/fixtures'
import { readInUrdu, urduStaff } from '../../../test/urdu-reader'

const zones = [
  deliveryZone({ id: 1, city: 'Karachi' }),
  deliveryZone({ id: 2, city: 'Lahore' }),
  deliveryZone({ id: 3, city: 'Quetta', cod_available: false }),
]

const none: PaymentSettings = {
  advance_percent_made_to_order: 0,
  advance_percent_over: null,
  cod_balance_cities: [],
}

function serve(settings: PaymentSettings, ...more: ReturnType<typeof answer>[]) {
  return serveApi([
    ...more,
    answer(paths.auth.profile, staff),
    answer(paths.payments.getPaymentSettings, settings),
    answer(paths.delivery.listDeliveryZones, zones),
  ])
}

describe('payment rules', () => {
  it('is in the menu beside delivery, and says what no ticked city means', async () => {
    serve(none)
    renderApp('/adminuser/payment-rules', { user: staff })

    expect(await screen.findByRole('heading', { name: 'Payment rules' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Admin sections' })
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(links.indexOf('Payment rules')).toBe(links.indexOf('Delivery') + 1)
    const cities = await screen.findByRole('group', {
      name: 'Cities where cash on delivery may pay a balance',
    })
    expect(cities).toHaveAccessibleDescription(
      /None ticked: every city whose delivery zone offers cash on delivery\./,
    )
    // Only the zones that offer cash on delivery can be chosen.
    expect(
      within(cities)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['Karachi', 'Lahore'])
  })

  it('saves the made-to-order advance, an advance over an amount and the cities', async () => {
    const saved: PaymentSettings = {
      advance_percent_made_to_order: 50,
      advance_percent_over: { amount: '200000.00', percent: 30 },
      cod_balance_cities: ['Lahore'],
    }
    const api = serve(none, answer(paths.payments.updatePaymentSettings, saved))
    const user = userEvent.setup()
    renderApp('/adminuser/payment-rules', { user: staff })

    const madeToOrder = await screen.findByLabelText('Made-to-order advance (%)')
    await user.clear(madeToOrder)
    await user.type(madeToOrder, '50')
    await user.type(screen.getByLabelText('Order total from (PKR)'), '200000')
    await user.type(screen.getByLabelText('Advance (%)'), '30')
    await user.click(screen.getByLabelText('Lahore'))
    await user.click(screen.getByRole('button', { name: 'Save Payment Rules' }))

    expect(await screen.findByText('Payment rules saved.')).toBeInTheDocument()
    expect(api.callsTo(paths.payments.updatePaymentSettings)[0]?.body).toEqual({
      advance_percent_made_to_order: 50,
      advance_percent_over: { amount: '200000', percent: 30 },
      cod_balance_cities: ['Lahore'],
    })
  })

  it('clears the advance over an amount, sent as no rule', async () => {
    const api = serve(
      { ...none, advance_percent_over: { amount: '150000.00', percent: 25 }, cod_balance_cities: ['lahore'] },
      answer(paths.payments.updatePaymentSettings, none),
    )
    const user = userEvent.setup()
    renderApp('/adminuser/payment-rules', { user: staff })

    expect(await screen.findByLabelText('Order total from (PKR)')).toHaveValue('150000')
    // The rules' city is ticked under its zone's spelling.
    expect(screen.getByLabelText('Lahore')).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Clear this rule' }))
    expect(screen.getByLabelText('Advance (%)')).toHaveValue(null)
    await user.click(screen.getByLabelText('Lahore'))
    await user.click(screen.getByRole('button', { name: 'Save Payment Rules' }))

    await waitFor(() =>
      expect(api.callsTo(paths.payments.updatePaymentSettings)[0]?.body).toEqual({
        advance_percent_made_to_order: 0,
        advance_percent_over: null,
        cod_balance_cities: [],
      }),
    )
  })

  it('checks the percents before sending, and shows the server’s refusal keeping what was typed', async () => {
    const api = serve(
      none,
      answer(paths.payments.updatePaymentSettings, reply(400, { detail: 'The rules could not be saved.' })),
    )
    const user = userEvent.setup()
    renderApp('/adminuser/payment-rules', { user: staff })

    const madeToOrder = await screen.findByLabelText('Made-to-order advance (%)')
    await user.clear(madeToOrder)
    await user.type(madeToOrder, '150')
    await user.type(screen.getByLabelText('Order total from (PKR)'), '100000')
    await user.click(screen.getByRole('button', { name: 'Save Payment Rules' }))
    expect(
      await screen.findByText('The made-to-order advance is a whole number from 0 to 100.'),
    ).toBeInTheDocument()
    expect(screen.getByText('The advance percent is a whole number from 0 to 100.')).toBeInTheDocument()
    expect(api.callsTo(paths.payments.updatePaymentSettings)).toHaveLength(0)

    await user.clear(madeToOrder)
    await user.type(madeToOrder, '40')
    await user.type(screen.getByLabelText('Advance (%)'), '20')
    await user.click(screen.getByRole('button', { name: 'Save Payment Rules' }))
    expect(await screen.findByText('The rules could not be saved.')).toBeInTheDocument()
    expect(madeToOrder).toHaveValue(40)
  })

  it('is refused to a role without the settings', async () => {
    serveApi([answer(paths.auth.profile, staffAs('orders'))])
    renderApp('/adminuser/payment-rules', { user: staffAs('orders') })
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
  })

  it('reads in Urdu', async () => {
    serveApi([
      answer(paths.auth.profile, urduStaff),
      answer(paths.payments.getPaymentSettings, none),
      answer(paths.delivery.listDeliveryZones, zones),
    ])
    await readInUrdu()
    renderApp('/adminuser/payment-rules', { user: urduStaff })

    expect(await screen.findByRole('heading', { level: 1, name: 'ادائیگی کے اصول' })).toBeInTheDocument()
    expect(await screen.findByLabelText('آرڈر پر تیاری کی پیشگی رقم (%)')).toHaveValue(0)
    expect(screen.getByRole('button', { name: 'ادائیگی کے اصول محفوظ کریں' })).toBeInTheDocument()
  })
})
