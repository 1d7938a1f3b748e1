import { type Order, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, renderApp, reply, serveApi, staff, staffAs } from '../../../test/app'
import { cart, order, productDetail } from '../../../test/fixtures'

const sofa = productDetail([], {
  id: 1,
  name: 'Chesterfield Sofa',
  price: '25000.00',
  options: [
    {
      id: 1,
      name: 'Fabric',
      values: [
        { id: 11, label: 'Beige linen', price_delta: '0.00' },
        { id: 12, label: 'Charcoal bouclé', price_delta: '8000.00' },
      ],
    },
  ],
})

const sofaOrder = (overrides: Partial<Order> = {}) =>
  order({
    total_price: '25000.00',
    balance_due: '25000.00',
    items: [
      {
        id: 1,
        quantity: 1,
        price: '25000.00',
        options: [{ name: 'Fabric', value: 'Beige linen' }],
        price_reason: null,
        product: { id: 1, name: 'Chesterfield Sofa', images: [] },
      },
    ],
    ...overrides,
  })

const charcoal = sofaOrder({
  total_price: '33000.00',
  subtotal: '33000.00',
  balance_due: '33000.00',
  items: [
    {
      id: 1,
      quantity: 1,
      price: '33000.00',
      options: [{ name: 'Fabric', value: 'Charcoal bouclé' }],
      price_reason: null,
      product: { id: 1, name: 'Chesterfield Sofa', images: [] },
    },
  ],
})

/** The back office's code loads on its first visit: slow in a test file's cold start on a busy machine. */
const BACK_OFFICE_LOAD = { timeout: 20_000 }

describe('changing a placed order', () => {
  it('lets the customer change the fabric and tells the difference and the new balance', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, cart([])),
      answer(paths.orders.getOrder, sofaOrder()),
      answer(paths.catalog.getProduct, sofa),
      answer(paths.orderDesk.editOrder, { order: charcoal, difference: '8000.00' }),
    ])
    renderApp('/orders/41', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Change order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change order #41' })
    const line = await within(dialog).findByRole('group', { name: 'Chesterfield Sofa' })
    expect(within(line).getByLabelText('Fabric')).toHaveValue('11')
    await user.selectOptions(within(line).getByLabelText('Fabric'), 'Charcoal bouclé')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes to order #41' }))

    expect(
      await screen.findAllByText('Your order now costs PKR 8,000 more. Balance due: PKR 33,000.'),
    ).not.toHaveLength(0)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent(/Balance due\s*PKR 33,000\.00/)
    // Only the lines changed: the delivery fields are not sent.
    expect(api.callsTo(paths.orderDesk.editOrder)[0]?.body).toEqual({
      note: '',
      items: [{ product_id: 1, quantity: 1, options: { '1': 12 } }],
    })
  })

  it('shows a refusal (a piece out of stock) and keeps what was typed', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, cart([])),
      answer(paths.orders.getOrder, sofaOrder()),
      answer(paths.catalog.getProduct, sofa),
      answer(paths.orderDesk.editOrder, reply(409, { detail: 'Only 1 of "Chesterfield Sofa" is left.' })),
    ])
    renderApp('/orders/41', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Change order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change order #41' })
    const quantity = await within(dialog).findByLabelText('Quantity')
    await user.clear(quantity)
    await user.type(quantity, '3')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes to order #41' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only 1 of "Chesterfield Sofa" is left.',
    )
    expect(within(dialog).getByLabelText('Quantity')).toHaveValue('3')
    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent(/Balance due\s*PKR 25,000\.00/)
  })

  it('sends no price for a line staff priced: only staff who may set a price send one', async () => {
    const priced = sofaOrder()
    priced.items = priced.items.map((item) => ({ ...item, price: '20000.00', price_reason: 'Floor model' }))
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, cart([])),
      answer(paths.orders.getOrder, priced),
      answer(paths.catalog.getProduct, sofa),
      answer(paths.orderDesk.editOrder, { order: priced, difference: '0.00' }),
    ])
    renderApp('/orders/41', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Change order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change order #41' })
    const quantity = await within(dialog).findByLabelText('Quantity')
    expect(within(dialog).queryByLabelText('Unit price (PKR)')).toBeNull()
    await user.clear(quantity)
    await user.type(quantity, '2')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes to order #41' }))
    await waitFor(() => expect(api.callsTo(paths.orderDesk.editOrder)).toHaveLength(1))
    expect(api.callsTo(paths.orderDesk.editOrder)[0]?.body).toEqual({
      note: '',
      items: [{ product_id: 1, quantity: 2, options: { '1': 11 } }],
    })
  })

  it('offers no change once the order is confirmed', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, cart([])),
      answer(paths.orders.getOrder, sofaOrder({ status: 'Processing', channel: 'phone' })),
    ])
    renderApp('/orders/41', { user: customer })
    await screen.findByRole('heading', { name: 'Order #41' })
    expect(screen.queryByRole('button', { name: 'Change order' })).toBeNull()
    expect(screen.getByText(/Ordered by phone/)).toBeVisible()
  })

  it('lets the owner set a unit price with its reason, and tells staff what to refund', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(
        paths.orders.getOrder,
        sofaOrder({ status: 'Processing', amount_paid: '25000.00', balance_due: '0.00' }),
      ),
      answer(paths.catalog.getProduct, sofa),
      answer(paths.orderDesk.editOrder, {
        order: sofaOrder({
          status: 'Processing',
          total_price: '22000.00',
          amount_paid: '25000.00',
          balance_due: '0.00',
        }),
        difference: '-3000.00',
      }),
    ])
    renderApp('/adminuser/orders/41', { user: staff })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit order' }, BACK_OFFICE_LOAD))
    const dialog = await screen.findByRole('dialog', { name: 'Edit order #41' })
    await user.type(await within(dialog).findByLabelText('Unit price (PKR)'), '22000')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes to order #41' }))
    expect(await within(dialog).findByText('Say why the price is changed.')).toBeVisible()
    expect(api.callsTo(paths.orderDesk.editOrder)).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Reason for the price'), 'Floor model')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes to order #41' }))
    expect(
      await screen.findAllByText('The order now costs PKR 3,000 less; refund PKR 3,000 to the customer.'),
    ).not.toHaveLength(0)
    expect(api.callsTo(paths.orderDesk.editOrder)[0]?.body).toEqual({
      note: '',
      items: [
        {
          product_id: 1,
          quantity: 1,
          options: { '1': 11 },
          unit_price: '22000',
          price_reason: 'Floor model',
        },
      ],
    })
  }, 30_000)

  it('gives a clerk the lines without prices', async () => {
    serveApi([
      answer(paths.auth.profile, staffAs('orders')),
      answer(paths.orders.getOrder, sofaOrder()),
      answer(paths.catalog.getProduct, sofa),
    ])
    renderApp('/adminuser/orders/41', { user: staffAs('orders') })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit order' }, BACK_OFFICE_LOAD))
    const dialog = await screen.findByRole('dialog', { name: 'Edit order #41' })
    expect(await within(dialog).findByLabelText('Quantity')).toBeVisible()
    expect(within(dialog).queryByLabelText('Unit price (PKR)')).toBeNull()
  }, 30_000)
})
