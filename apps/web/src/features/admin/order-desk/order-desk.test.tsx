import {
  type DeskCustomer,
  type Message,
  type Order,
  paths,
  type SentDraft,
  type StaffQuote,
} from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, page, renderApp, reply, serveApi, staff, staffAs } from '../../../test/app'
import { deliveryZone, order, product } from '../../../test/fixtures'
import { readInUrdu, urduStaff } from '../../../test/urdu-reader'

const sofa = product({
  id: 7,
  name: 'Chesterfield Sofa',
  price: '150000.00',
  options: [
    {
      id: 3,
      name: 'Fabric',
      values: [
        { id: 31, label: 'Beige linen', price_delta: '0.00' },
        { id: 32, label: 'Charcoal boucle', price_delta: '8000.00' },
      ],
    },
  ],
})

const amna: DeskCustomer = {
  id: 5,
  first_name: 'Amna',
  last_name: 'Khan',
  email: 'amna@example.com',
  phone: '03001234567',
  has_email: true,
  city: 'Lahore',
  address: '12 Canal Road',
}

const quote: StaffQuote = {
  subtotal: '158000.00',
  discount: '0.00',
  delivery_fee: '1500.00',
  cod_fee: '0.00',
  total_price: '159500.00',
  advance_due: '47850.00',
  balance_due: '111650.00',
  eta_min_days: 2,
  eta_max_days: 4,
  coupon: null,
  services: [],
  delivery_dates: ['2026-03-04'],
  delivery_date: '2026-03-04',
  lines: [
    {
      product_id: 7,
      name: 'Chesterfield Sofa',
      options: [{ name: 'Fabric', value: 'Charcoal boucle' }],
      quantity: 1,
      catalogue_price: '158000.00',
      unit_price: '158000.00',
      line_total: '158000.00',
      in_stock: 3,
    },
  ],
}

const draft = (overrides: Partial<Order> = {}) =>
  order({
    id: 77,
    status: 'Draft',
    channel: 'phone',
    created_by: { id: 1, first_name: 'Sana' },
    note: 'Called at noon',
    ...overrides,
  })

/** The desk's reads: zones, customers, products and the quote. */
const deskApi = () => [
  answer(paths.delivery.listDeliveryZones, [deliveryZone(), deliveryZone({ id: 2, city: 'Karachi' })]),
  answer(paths.orderDesk.findCustomers, (call) =>
    page(call.query.get('search')?.toLowerCase().startsWith('am') ? [amna] : []),
  ),
  answer(paths.catalog.listProducts, (call) =>
    page(call.query.get('search')?.toLowerCase().includes('chest') ? [sofa] : []),
  ),
  answer(paths.orderDesk.quoteStaffOrder, quote),
]

async function fillOrder(user: ReturnType<typeof userEvent.setup>) {
  const customerBox = await screen.findByRole('combobox', { name: 'Find a customer' })
  await user.type(customerBox, 'amn')
  await screen.findByRole('option', { name: /Amna Khan/ })
  await user.keyboard('{ArrowDown}{Enter}')
  expect(await screen.findByTestId('desk-customer')).toHaveTextContent('Amna Khan')

  await user.type(screen.getByRole('combobox', { name: 'Add a product' }), 'chest')
  await screen.findByRole('option', { name: /Chesterfield Sofa/ })
  await user.keyboard('{Enter}')
  const fabric = await screen.findByLabelText('Fabric of Chesterfield Sofa')
  await user.selectOptions(fabric, 'Charcoal boucle (+PKR 8,000)')
  const quantity = screen.getByLabelText('Quantity of Chesterfield Sofa')
  await user.clear(quantity)
  await user.type(quantity, '2')
  await user.click(screen.getByLabelText('Phone'))
}

describe('order desk: a new order', { timeout: 30_000 }, () => {
  it('finds the customer and the product by keyboard, prices it live and saves a draft of the contract’s shape', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      ...deskApi(),
      answer(paths.orderDesk.createStaffOrder, draft()),
      answer(paths.orders.getOrder, draft()),
    ])
    const user = userEvent.setup()
    const { router } = renderApp('/adminuser/orders/new', { user: staff })

    await fillOrder(user)
    // The customer's own city and address start the delivery's.
    expect(screen.getByLabelText('Delivery city')).toHaveValue('Lahore')
    expect(screen.getByLabelText('Address')).toHaveValue('12 Canal Road')
    await waitFor(() =>
      expect(screen.getByTestId('desk-total')).toHaveTextContent(
        'Total PKR 159,500, advance due PKR 47,850, balance PKR 111,650',
      ),
    )
    expect(api.callsTo(paths.orderDesk.quoteStaffOrder).at(-1)?.body).toMatchObject({
      items: [{ product_id: 7, quantity: 2, options: { 3: 32 } }],
      city: 'Lahore',
    })

    await user.type(screen.getByLabelText('Order discount'), '2000')
    await user.type(screen.getByLabelText('Note (optional)'), 'Wants it before Eid')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/orders/77'))
    expect(api.callsTo(paths.orderDesk.createStaffOrder)[0]?.body).toEqual({
      customer: { id: 5 },
      channel: 'phone',
      items: [{ product_id: 7, quantity: 2, options: { 3: 32 } }],
      city: 'Lahore',
      address: '12 Canal Road',
      payment_method: 'cod',
      discount: '2000',
      note: 'Wants it before Eid',
    })
  })

  it('asks a new customer’s name and mobile, says what an email gives, and keeps what was typed when refused', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      ...deskApi(),
      answer(
        paths.orderDesk.createStaffOrder,
        reply(400, {
          detail: 'The request is not valid.',
          errors: { 'customer.phone': ['Enter a mobile number such as 03001234567 or +923001234567.'] },
        }),
      ),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/new', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'New customer' }))
    expect(
      screen.getByText('With an email the customer gets an account and a link to set a password.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    // The contract's own sentences, under their fields, before anything is sent.
    expect(await screen.findByText('First name is required.')).toBeInTheDocument()
    expect(screen.getByText('Add at least one product.')).toBeInTheDocument()
    expect(screen.getByText('Choose phone, WhatsApp or showroom.')).toBeInTheDocument()
    expect(api.callsTo(paths.orderDesk.createStaffOrder)).toHaveLength(0)

    await user.type(screen.getByLabelText('First name'), 'Bilal')
    await user.type(screen.getByLabelText('Last name'), 'Ahmed')
    await user.type(screen.getByLabelText('Mobile number'), '03111234567')
    await user.type(screen.getByRole('combobox', { name: 'Add a product' }), 'chest')
    await screen.findByRole('option', { name: /Chesterfield Sofa/ })
    await user.keyboard('{Enter}')
    const fabric = await screen.findByLabelText('Fabric of Chesterfield Sofa')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(fabric).toHaveAccessibleDescription('Choose the Fabric of Chesterfield Sofa.'))
    await user.selectOptions(fabric, 'Beige linen')
    await user.selectOptions(screen.getByLabelText('Delivery city'), 'Karachi')
    await user.type(screen.getByLabelText('Address'), 'House 4, Clifton')
    await user.click(screen.getByLabelText('WhatsApp'))
    await user.click(screen.getByRole('button', { name: 'Save draft' }))

    const phone = screen.getByLabelText('Mobile number')
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Enter a mobile number such as/))
    expect(phone).toHaveValue('03111234567')
    expect(screen.getByRole('alert')).toHaveTextContent('The request is not valid.')
    expect(api.callsTo(paths.orderDesk.createStaffOrder)[0]?.body).toMatchObject({
      customer: { first_name: 'Bilal', last_name: 'Ahmed', phone: '03111234567' },
      channel: 'whatsapp',
      city: 'Karachi',
    })
  })

  it('offers another unit price, with its reason, to a manager only', async () => {
    serveApi([answer(paths.auth.profile, staffAs('orders')), ...deskApi()])
    const clerk = userEvent.setup()
    const { unmount } = renderApp('/adminuser/orders/new', { user: staffAs('orders') })
    await clerk.type(await screen.findByRole('combobox', { name: 'Add a product' }), 'chest')
    await screen.findByRole('option', { name: /Chesterfield Sofa/ })
    await clerk.keyboard('{Enter}')
    await screen.findByLabelText('Quantity of Chesterfield Sofa')
    expect(screen.queryByLabelText('Unit price of Chesterfield Sofa')).not.toBeInTheDocument()
    unmount()

    const api = serveApi([
      answer(paths.auth.profile, staffAs('manager')),
      ...deskApi(),
      answer(paths.orderDesk.createStaffOrder, draft()),
      answer(paths.orders.getOrder, draft()),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/new', { user: staffAs('manager') })
    await fillOrder(user)
    expect(screen.queryByLabelText('Why this price for Chesterfield Sofa')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Unit price of Chesterfield Sofa'), '140000')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Say why the price is changed.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Why this price for Chesterfield Sofa'), 'Showroom piece')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(api.callsTo(paths.orderDesk.createStaffOrder)).toHaveLength(1))
    expect(api.callsTo(paths.orderDesk.createStaffOrder)[0]?.body).toMatchObject({
      items: [
        {
          product_id: 7,
          quantity: 2,
          options: { 3: 32 },
          unit_price: '140000',
          price_reason: 'Showroom piece',
        },
      ],
    })
  })
})

describe('order desk: a draft', { timeout: 30_000 }, () => {
  it('is confirmed, or its refusal shown, and sent with a link to copy', async () => {
    let confirmed = false
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, draft({ email: '' })),
      answer(paths.orderDesk.confirmDraft, () => {
        if (confirmed) return draft({ status: 'Pending' })
        confirmed = true
        return reply(409, { detail: 'Only 0 of "Chesterfield Sofa" left in stock.' })
      }),
      answer(paths.orderDesk.sendDraft, {
        order: draft(),
        link: 'http://store.test/orders/77/review?token=abc',
        expires_at: '2026-03-08T09:30:00.000Z',
        mailed: false,
      } satisfies SentDraft),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/orders/77', { user: staff })

    const panel = await screen.findByTestId('draft-panel')
    expect(within(panel).getByText('Taken by Sana · Phone')).toBeInTheDocument()
    // A draft has no status or payment to change yet.
    expect(screen.queryByRole('form', { name: 'Update order #77' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Delivery day' })).not.toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'Edit draft' })).toHaveAttribute(
      'href',
      '/adminuser/orders/77/edit',
    )

    await user.click(within(panel).getByRole('button', { name: 'Send to customer' }))
    const sent = await within(panel).findByTestId('draft-sent-link')
    expect(within(sent).getByLabelText('Link for the customer')).toHaveValue(
      'http://store.test/orders/77/review?token=abc',
    )
    expect(sent).toHaveTextContent('The customer has no email, so no mail went out')
    expect(within(sent).getByRole('button', { name: 'Copy' })).toBeInTheDocument()

    await user.click(within(panel).getByRole('button', { name: 'Confirm' }))
    expect(await within(panel).findByText('Only 0 of "Chesterfield Sofa" left in stock.')).toHaveAttribute(
      'role',
      'alert',
    )
    await user.click(within(panel).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.queryByTestId('draft-panel')).not.toBeInTheDocument())
    expect(api.callsTo(paths.orderDesk.confirmDraft)).toHaveLength(2)
    expect(await screen.findByRole('form', { name: 'Update order #77' })).toBeInTheDocument()
  })

  it('is deleted after a confirmation, back to the drafts', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, draft()),
      answer(paths.orderDesk.deleteDraft, undefined),
      answer(paths.orders.listOrders, page<Order>([])),
    ])
    const user = userEvent.setup()
    const { router } = renderApp('/adminuser/orders/77', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Delete draft' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete draft order #77?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=Draft'))
    expect(api.callsTo(paths.orderDesk.deleteDraft)).toHaveLength(1)
    expect(await screen.findByText('No draft orders.')).toBeInTheDocument()
  })

  it('opens again in the form, filled in, and is saved with PUT', async () => {
    const saved = draft({
      city: 'Lahore',
      address: '12 Canal Road',
      phone: '03001234567',
      items: [
        {
          id: 1,
          quantity: 2,
          price: '140000.00',
          options: [{ name: 'Fabric', value: 'Charcoal boucle' }],
          price_reason: 'Showroom piece',
          product: { id: 7, name: 'Chesterfield Sofa', images: [] },
        },
      ],
    })
    const api = serveApi([
      answer(paths.auth.profile, staff),
      ...deskApi(),
      answer(paths.orders.getOrder, saved),
      answer(paths.catalog.getProduct, { ...sofa, reviews: [] }),
      answer(paths.orderDesk.findCustomers, page([amna])),
      answer(paths.orderDesk.updateDraft, saved),
    ])
    const user = userEvent.setup()
    const { router } = renderApp('/adminuser/orders/77/edit', { user: staff })

    expect(await screen.findByTestId('desk-customer')).toHaveTextContent('Amna Khan')
    expect(screen.getByLabelText('Fabric of Chesterfield Sofa')).toHaveValue('32')
    expect(screen.getByLabelText('Quantity of Chesterfield Sofa')).toHaveValue(2)
    expect(screen.getByLabelText('Why this price for Chesterfield Sofa')).toHaveValue('Showroom piece')
    expect(screen.getByLabelText('Phone')).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/orders/77'))
    expect(api.callsTo(paths.orderDesk.updateDraft)[0]?.body).toMatchObject({
      customer: { id: 5 },
      channel: 'phone',
      items: [
        {
          product_id: 7,
          quantity: 2,
          options: { 3: 32 },
          unit_price: '140000.00',
          price_reason: 'Showroom piece',
        },
      ],
      note: 'Called at noon',
    })
  })
})

describe('order desk: the order list', () => {
  it('lists drafts apart, marks an old one stale, and filters by channel', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.listOrders, (call) =>
        call.query.get('status') === 'Draft'
          ? page([
              draft({ created_at: '2020-01-01T00:00:00.000Z' }),
              draft({ id: 78, created_at: new Date().toISOString() }),
            ])
          : page([order({ channel: 'whatsapp' })]),
      ),
    ])
    const user = userEvent.setup()
    const { router } = renderApp('/adminuser/orders', { user: staff })

    expect(await screen.findByRole('link', { name: 'New order' })).toHaveAttribute(
      'href',
      '/adminuser/orders/new',
    )
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement
    expect(within(row).getByTestId('order-channel')).toHaveTextContent('WhatsApp')

    await user.selectOptions(screen.getByLabelText('Channel'), 'Showroom')
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo(paths.orders.listOrders).at(-1)?.query ?? [])).toMatchObject({
        channel: 'showroom',
      }),
    )

    await user.click(screen.getByRole('link', { name: 'Drafts' }))
    await waitFor(() => expect(router.state.location.search).toBe('?channel=showroom&status=Draft'))
    expect(await screen.findByRole('link', { name: 'Drafts' })).toHaveAttribute('aria-current', 'page')
    // The status filter is the tab's own.
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument()
    const rows = (await screen.findAllByRole('row')).slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0] as HTMLElement).getByText('Stale')).toBeInTheDocument()
    expect(within(rows[1] as HTMLElement).queryByText('Stale')).not.toBeInTheDocument()
    expect(Object.fromEntries(api.callsTo(paths.orders.listOrders).at(-1)?.query ?? [])).toMatchObject({
      status: 'Draft',
      channel: 'showroom',
    })
  })
})

describe('order desk: from an inquiry', () => {
  it('opens a new order for the customer who asked, with the product and the choices made', async () => {
    const inquiry: Message = {
      id: 9,
      content: 'I would like to buy "Chesterfield Sofa" (Fabric: Charcoal boucle), 2 pieces.',
      timestamp: '2026-03-01T09:00:00.000Z',
      sender: { id: 5, first_name: 'Amna' },
      inquiry: { product_id: 7, quantity: 2, options: { 3: 32 } },
    }
    serveApi([
      answer(paths.auth.profile, staff),
      ...deskApi(),
      answer(
        paths.messaging.listMessages,
        page([inquiry, { ...inquiry, id: 10, inquiry: null, content: 'Hello' }]),
      ),
      answer(paths.catalog.getProduct, { ...sofa, reviews: [] }),
    ])
    const user = userEvent.setup()
    const { router } = renderApp('/adminuser/messages/3', { user: staff })

    const links = await screen.findAllByRole('link', { name: 'Make an order' })
    expect(links).toHaveLength(1)
    await user.click(links[0] as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/orders/new'))
    expect(await screen.findByTestId('desk-customer')).toHaveTextContent('Amna')
    expect(await screen.findByLabelText('Fabric of Chesterfield Sofa')).toHaveValue('32')
    expect(screen.getByLabelText('Quantity of Chesterfield Sofa')).toHaveValue(2)
  })
})

describe('order desk in Urdu', () => {
  it('reads the form, its channels and the contract’s sentences in Urdu', async () => {
    serveApi([answer(paths.auth.profile, urduStaff), ...deskApi()])
    await readInUrdu()
    const user = userEvent.setup()
    renderApp('/adminuser/orders/new', { user: urduStaff })

    expect(await screen.findByRole('heading', { name: 'نیا آرڈر' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'گاہک تلاش کریں' })).toBeInTheDocument()
    expect(screen.getByLabelText('واٹس ایپ')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'ڈرافٹ محفوظ کریں' }))
    expect(await screen.findByText('گاہک منتخب کریں، یا نیا گاہک شامل کریں۔')).toBeInTheDocument()
  })
})
