import { type DeliveryZone, paths, type Quote, type QuoteBody } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type ApiCall, answer, customer, dropped, page, renderApp, reply, serveApi } from '../../test/app'
import { cart, deliveryZone, order, savedAddress } from '../../test/fixtures'

const oneLine = cart([{ id: 11, quantity: 2, price: '12500.00', name: 'Oak Side Table' }])
const zones: DeliveryZone[] = [
  deliveryZone(),
  deliveryZone({
    id: 2,
    city: 'Quetta',
    fee: '3500.00',
    free_over: null,
    cod_available: false,
    cod_fee: '0.00',
  }),
]

const DAYS = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']

/**
 * Prices the test cart as the server would: subtotal 25,000, the zone's fee, COD fee, WELCOME10 10%,
 * PKR 500 a floor without a lift and PKR 2,000 for assembly.
 */
function priced(call: ApiCall): Quote | ReturnType<typeof reply> {
  const body = call.body as QuoteBody
  const zone = zones.find((candidate) => candidate.city === body.city)
  if (!zone) return reply(400, { detail: `We do not deliver to ${body.city} yet.` })
  if (body.coupon_code && body.coupon_code.toUpperCase() !== 'WELCOME10') {
    return reply(400, { detail: `The coupon ${body.coupon_code} does not exist.` })
  }
  const discount = body.coupon_code ? 2500 : 0
  const codFee = body.payment_method === 'cod' ? Number(zone.cod_fee) : 0
  const services: Quote['services'] = [
    ...(body.assembly ? [{ code: 'assembly' as const, fee: '2000.00' }] : []),
    ...(body.floor && !body.lift ? [{ code: 'floor' as const, fee: (500 * body.floor).toFixed(2) }] : []),
  ]
  const total =
    25000 - discount + Number(zone.fee) + codFee + services.reduce((sum, { fee }) => sum + Number(fee), 0)
  return {
    subtotal: '25000.00',
    discount: discount.toFixed(2),
    delivery_fee: zone.fee,
    cod_fee: codFee.toFixed(2),
    total_price: total.toFixed(2),
    advance_due: '0.00',
    balance_due: total.toFixed(2),
    eta_min_days: zone.eta_min_days,
    eta_max_days: zone.eta_max_days,
    coupon: body.coupon_code ? { code: 'WELCOME10', discount: '2500.00' } : null,
    services,
    delivery_dates: DAYS,
    delivery_date: body.delivery_date ?? '2026-11-30',
  }
}

function checkoutApi(...more: ReturnType<typeof answer>[]) {
  // The first handler of a route answers it: the test's own come first.
  return serveApi([
    ...more,
    answer(paths.auth.profile, customer),
    answer(paths.cart.getCart, oneLine),
    answer(paths.delivery.listDeliveryZones, zones),
    answer(paths.addresses.listAddresses, page([])),
    answer(paths.orders.quoteOrder, priced),
  ])
}

async function fillAndPlace() {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Mobile number'), '0300 1234567')
  await user.type(screen.getByLabelText('Address'), '12 Canal Road')
  await user.type(screen.getByLabelText('City'), 'Lahore')
  await user.type(screen.getByLabelText('Postal code'), '54000')
  await user.click(screen.getByRole('button', { name: 'Place Order' }))
  return user
}

const summary = () => screen.findByRole('complementary', { name: 'Your Order' })
const keysOf = (calls: { headers: Headers }[]) => calls.map((call) => call.headers.get('idempotency-key'))

describe('checkout', () => {
  it('shows the lines and the total with two decimals', async () => {
    checkoutApi()
    renderApp('/checkout', { user: customer })
    expect(await summary()).toHaveTextContent('Oak Side Table × 2')
    expect(await summary()).toHaveTextContent('PKR 25,000.00')
    expect(await summary()).toHaveTextContent('Choose your city')
  })

  it('prices delivery and the COD fee for the city, and again for bank transfer', async () => {
    const api = checkoutApi()
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('City'), ' lahore')

    const totals = await summary()
    await waitFor(() => expect(totals).toHaveTextContent(/Total\s*PKR 26,700\.00/))
    expect(totals).toHaveTextContent(/Delivery\s*PKR 1,500\.00/)
    expect(totals).toHaveTextContent(/Cash on delivery fee\s*PKR 200\.00/)
    expect(totals).toHaveTextContent('Delivery to Lahore on Mon, 30 Nov.')

    await user.click(screen.getByLabelText(/Bank transfer/))
    await waitFor(() => expect(totals).toHaveTextContent(/Total\s*PKR 26,500\.00/))
    expect(totals).not.toHaveTextContent('Cash on delivery fee')
    expect(api.callsTo(paths.orders.quoteOrder).map((call) => call.body)).toEqual([
      { city: 'Lahore', payment_method: 'cod', floor: 0, lift: false, assembly: false },
      { city: 'Lahore', payment_method: 'bank_transfer', floor: 0, lift: false, assembly: false },
    ])
  })

  it('shows the advance due now and the balance on delivery when the store asks an advance', async () => {
    checkoutApi(
      answer(paths.orders.quoteOrder, (call) => {
        const quote = priced(call)
        return 'total_price' in quote
          ? { ...quote, total_price: '249000.00', advance_due: '124500.00', balance_due: '124500.00' }
          : quote
      }),
    )
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('City'), 'Lahore')

    const totals = await summary()
    await waitFor(() =>
      expect(totals).toHaveTextContent('Advance due now PKR 124,500 · Balance on delivery PKR 124,500'),
    )
  })

  it('says nothing of an advance when none is due', async () => {
    checkoutApi()
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('City'), 'Lahore')

    const totals = await summary()
    await waitFor(() => expect(totals).toHaveTextContent('Delivery to Lahore on Mon, 30 Nov.'))
    expect(totals).not.toHaveTextContent('Advance due now')
  })

  it('offers only bank transfer where cash on delivery is not available', async () => {
    checkoutApi()
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('City'), 'Quetta')
    expect(await screen.findByText('Not available in Quetta.')).toBeVisible()
    expect(screen.getByLabelText(/Cash on delivery/)).toBeDisabled()
    expect(screen.getByLabelText(/Bank transfer/)).toBeChecked()
  })

  it('refuses a city without delivery before sending the order, keeping what was typed', async () => {
    const api = checkoutApi()
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Mobile number'), '03001234567')
    await user.type(screen.getByLabelText('Address'), '1 Marine Drive')
    await user.type(screen.getByLabelText('City'), 'Gwadar')
    await user.type(screen.getByLabelText('Postal code'), '91200')
    await user.click(screen.getByRole('button', { name: 'Place Order' }))

    expect(await screen.findByText('We do not deliver to Gwadar yet.')).toBeVisible()
    expect(screen.getByLabelText('City')).toHaveValue('Gwadar')
    expect(api.callsTo(paths.orders.placeOrder)).toHaveLength(0)
  })

  it('checks the mobile number', async () => {
    checkoutApi()
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Mobile number'), '12345')
    await user.click(screen.getByRole('button', { name: 'Place Order' }))
    expect(
      await screen.findByText('Enter a mobile number such as 03001234567 or +923001234567.'),
    ).toBeVisible()
  })

  it('applies a coupon through the quote, shows the store’s refusal, and orders with it', async () => {
    const api = checkoutApi(answer(paths.orders.placeOrder, order()), answer(paths.orders.getOrder, order()))
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('City'), 'Lahore')
    const coupon = screen.getByLabelText('Coupon code')

    await user.type(coupon, 'NOPE')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('The coupon NOPE does not exist.')).toBeVisible()
    expect(coupon).toHaveValue('NOPE')

    await user.clear(coupon)
    await user.type(coupon, 'welcome10')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    const totals = await summary()
    await waitFor(() => expect(totals).toHaveTextContent(/Discount \(WELCOME10\)\s*−PKR 2,500\.00/))
    expect(totals).toHaveTextContent(/Total\s*PKR 24,200\.00/)

    await user.type(screen.getByLabelText('Mobile number'), '03001234567')
    await user.type(screen.getByLabelText('Address'), '12 Canal Road')
    await user.type(screen.getByLabelText('Postal code'), '54000')
    await user.click(screen.getByRole('button', { name: 'Place Order' }))
    await screen.findByRole('heading', { name: 'Order #41' })
    expect(api.callsTo(paths.orders.placeOrder)[0]?.body).toMatchObject({
      city: 'Lahore',
      phone: '03001234567',
      payment_method: 'cod',
      coupon_code: 'WELCOME10',
    })
  })

  it('prices the floor and assembly, and orders with the day, floor, lift and assembly chosen', async () => {
    const api = checkoutApi(answer(paths.orders.placeOrder, order()), answer(paths.orders.getOrder, order()))
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('City'), 'Lahore')
    const date = screen.getByLabelText('Delivery date')
    await waitFor(() => expect(date).toHaveDisplayValue('Mon, 30 Nov'))
    expect(
      within(date)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mon, 30 Nov', 'Tue, 1 Dec', 'Wed, 2 Dec', 'Thu, 3 Dec'])
    // On the ground floor a lift has nothing to carry.
    expect(screen.getByLabelText('There is a lift')).toBeDisabled()

    await user.selectOptions(date, '2026-12-02')
    await user.clear(screen.getByLabelText('Floor'))
    await user.type(screen.getByLabelText('Floor'), '3')
    await user.click(screen.getByLabelText('Assemble the furniture'))
    const totals = await summary()
    await waitFor(() => expect(totals).toHaveTextContent(/Carrying up 3 floors\s*PKR 1,500\.00/))
    expect(totals).toHaveTextContent(/Assembly\s*PKR 2,000\.00/)
    expect(totals).toHaveTextContent(/Total\s*PKR 30,200\.00/)
    expect(totals).toHaveTextContent('Delivery to Lahore on Wed, 2 Dec.')

    await user.type(screen.getByLabelText('Mobile number'), '03001234567')
    await user.type(screen.getByLabelText('Address'), '12 Canal Road')
    await user.type(screen.getByLabelText('Postal code'), '54000')
    await user.click(screen.getByRole('button', { name: 'Place Order' }))
    await screen.findByRole('heading', { name: 'Order #41' })
    expect(api.callsTo(paths.orders.placeOrder)[0]?.body).toMatchObject({
      city: 'Lahore',
      delivery_date: '2026-12-02',
      floor: 3,
      lift: false,
      assembly: true,
    })
  })

  it('asks another city’s quote from its earliest day, not the day picked for the last city', async () => {
    const api = checkoutApi()
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    const city = await screen.findByLabelText('City')
    await user.type(city, 'Lahore')
    const date = screen.getByLabelText('Delivery date')
    await waitFor(() => expect(date).toBeEnabled())
    await user.selectOptions(date, '2026-12-02')
    await user.clear(city)
    await user.type(city, 'Quetta')
    await waitFor(() =>
      expect(api.callsTo(paths.orders.quoteOrder).at(-1)?.body).toMatchObject({ city: 'Quetta' }),
    )
    const quetta = api
      .callsTo(paths.orders.quoteOrder)
      .map((call) => call.body as QuoteBody)
      .filter((body) => body.city === 'Quetta')
    expect(quetta.every((body) => body.delivery_date === undefined)).toBe(true)
    await waitFor(() => expect(date).toHaveDisplayValue('Mon, 30 Nov'))
  })

  it('offers the days again when the day picked is no longer offered, instead of a stuck choice', async () => {
    const stale = (call: ApiCall) =>
      (call.body as QuoteBody).delivery_date === '2026-12-02'
        ? reply(400, { detail: 'We cannot deliver on 2026-12-02; choose one of the days offered.' })
        : priced(call)
    checkoutApi(answer(paths.orders.quoteOrder, stale))
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('City'), 'Lahore')
    const date = screen.getByLabelText('Delivery date')
    await waitFor(() => expect(date).toBeEnabled())
    await user.selectOptions(date, '2026-12-02')
    await waitFor(() => expect(date).toHaveDisplayValue('Mon, 30 Nov'))
    expect(date).toBeEnabled()
  })

  it('starts from the default address and saves a new one to the book on request', async () => {
    const api = checkoutApi(
      answer(paths.addresses.listAddresses, page([savedAddress()])),
      answer(paths.addresses.createAddress, savedAddress({ id: 4, label: 'Office', is_default: false })),
      answer(paths.orders.placeOrder, order()),
      answer(paths.orders.getOrder, order()),
    )
    renderApp('/checkout', { user: customer })
    const user = userEvent.setup()
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveValue('12 Canal Road'))
    expect(screen.getByLabelText('Mobile number')).toHaveValue('03001234567')

    await user.selectOptions(screen.getByLabelText('Deliver to'), 'A new address')
    await user.clear(screen.getByLabelText('Address'))
    await user.type(screen.getByLabelText('Address'), '5 Mall Road')
    await user.click(screen.getByLabelText('Save this address to my address book'))
    await user.clear(screen.getByLabelText('Address label'))
    await user.type(screen.getByLabelText('Address label'), 'Office')
    await user.click(screen.getByRole('button', { name: 'Place Order' }))

    await screen.findByRole('heading', { name: 'Order #41' })
    expect(api.callsTo(paths.addresses.createAddress)[0]?.body).toEqual({
      label: 'Office',
      first_name: 'Amna',
      last_name: 'Khan',
      phone: '03001234567',
      address: '5 Mall Road',
      city: 'Lahore',
      postal_code: '54000',
    })
  })

  it('retries a placement whose answer was lost with the same key, and shows the one order', async () => {
    let attempts = 0
    const api = checkoutApi(
      answer(paths.orders.placeOrder, () => (++attempts === 1 ? dropped() : order())),
      answer(paths.orders.getOrder, order()),
    )
    const { router } = renderApp('/checkout', { user: customer })
    await fillAndPlace()

    expect(await screen.findByRole('heading', { name: 'Order #41' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/orders/41')
    const [first, second] = keysOf(api.callsTo(paths.orders.placeOrder))
    expect(first).toMatch(/^[\w-]{1,200}$/)
    expect(second).toBe(first)
  })

  it('keeps the key while the store has not answered, and starts a new one after a refusal', async () => {
    let attempts = 0
    const api = checkoutApi(
      answer(paths.orders.placeOrder, () =>
        ++attempts <= 2 ? dropped() : reply(400, { detail: 'Only 1 left of "Oak Side Table".' }),
      ),
    )
    renderApp('/checkout', { user: customer })
    const user = await fillAndPlace()
    const form = screen.getByRole('form', { name: 'Shipping details' })
    // Both tries of the first press went unanswered: the form says so and keeps what was typed.
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'An error occurred while placing your order. Check stock or try again.',
    )
    expect(screen.getByLabelText('City')).toHaveValue('Lahore')

    await user.click(screen.getByRole('button', { name: 'Place Order' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only 1 left of "Oak Side Table".')
    await user.click(screen.getByRole('button', { name: 'Place Order' }))
    await within(form).findByRole('alert')

    const keys = keysOf(api.callsTo(paths.orders.placeOrder))
    expect(keys).toHaveLength(4)
    // The press after the lost answers reuses their key; the one after the refusal is a new attempt.
    expect(new Set(keys.slice(0, 3)).size).toBe(1)
    expect(keys[3]).not.toBe(keys[0])
  })
})
