import {
  type Location,
  type ProductDetail,
  paths,
  type StockLevels,
  type StockMovement,
} from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, page, renderApp, reply, serveApi, staff } from '../../../test/app'
import { productDetail } from '../../../test/fixtures'
import { readInUrdu, urduStaff } from '../../../test/urdu-reader'

const mainStore: Location = { id: 1, name: 'Main store', kind: 'warehouse', city: 'Lahore', is_active: true }
const gulberg: Location = {
  id: 2,
  name: 'Gulberg showroom',
  kind: 'showroom',
  city: 'Lahore',
  is_active: true,
}
const oldShop: Location = { id: 3, name: 'Old workshop', kind: 'workshop', city: 'Sialkot', is_active: false }

const chair: ProductDetail = productDetail([], { id: 7, name: 'Oak Chair', stock: 12 })

const levels = (overrides: Partial<StockLevels> = {}): StockLevels => ({
  product_id: 7,
  name: 'Oak Chair',
  stock: 12,
  low_stock_threshold: null,
  threshold: 5,
  by_location: [
    { location_id: 1, name: 'Main store', quantity: 10 },
    { location_id: 2, name: 'Gulberg showroom', quantity: 2 },
  ],
  ...overrides,
})

const movement = (overrides: Partial<StockMovement> = {}): StockMovement => ({
  id: 1,
  product_id: 7,
  product_name: 'Oak Chair',
  location_id: 1,
  location_name: 'Main store',
  delta: 12,
  reason: 'opening',
  reference: null,
  note: '',
  actor: null,
  at: '2026-11-20T09:00:00.000Z',
  ...overrides,
})

function serve(overrides: Parameters<typeof serveApi>[0] = []) {
  return serveApi([
    ...overrides,
    answer(paths.auth.profile, staff),
    answer(paths.stock.listLocations, [mainStore, gulberg, oldShop]),
    answer(
      paths.catalog.listCategories,
      page([{ id: 3, name: 'Sofas', name_ur: '', slug: 'sofas', product_count: 1 }]),
    ),
    answer(paths.catalog.getProduct, chair),
    answer(paths.stock.getStockLevels, levels()),
    answer(paths.stock.listMovements, page<StockMovement>([])),
  ])
}

describe('locations page', () => {
  it('lists the locations with their kind and city, an inactive one marked', async () => {
    serve()
    renderApp('/adminuser/locations', { user: staff })

    const table = await screen.findByRole('table')
    const [, main, , old] = within(table).getAllByRole('row')
    expect(main).toHaveTextContent('Main store')
    expect(main).toHaveTextContent('Warehouse')
    expect(main).toHaveTextContent('Lahore')
    expect(old).toHaveTextContent('Inactive')
    expect(screen.getByRole('link', { name: 'Locations' })).toHaveAttribute('aria-current', 'page')
  })

  it('adds a showroom as the contract types it, after checking the name and city', async () => {
    const api = serve([answer(paths.stock.createLocation, { ...gulberg, id: 4, name: 'DHA showroom' })])
    const user = userEvent.setup()
    renderApp('/adminuser/locations', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Add Location' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a location' })
    await user.click(within(dialog).getByRole('button', { name: 'Add Location' }))
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('City')).toHaveAttribute('aria-invalid', 'true')
    expect(api.callsTo(paths.stock.createLocation)).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Name'), 'DHA showroom')
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Showroom')
    await user.type(within(dialog).getByLabelText('City'), 'Lahore')
    await user.click(within(dialog).getByRole('button', { name: 'Add Location' }))

    expect(await screen.findByText('Location "DHA showroom" added.')).toBeInTheDocument()
    expect(api.callsTo(paths.stock.createLocation)[0]?.body).toEqual({
      name: 'DHA showroom',
      kind: 'showroom',
      city: 'Lahore',
      is_active: true,
    })
  })

  it('edits a location from its own values, and can set it inactive', async () => {
    const api = serve([answer(paths.stock.updateLocation, { ...gulberg, is_active: false })])
    const user = userEvent.setup()
    renderApp('/adminuser/locations', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Edit Gulberg showroom' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gulberg showroom' })
    expect(within(dialog).getByLabelText('Kind')).toHaveValue('showroom')
    const active = within(dialog).getByLabelText('Active')
    expect(active).toHaveAccessibleDescription('Orders take stock only from active locations.')
    await user.click(active)
    await user.click(within(dialog).getByRole('button', { name: 'Save Location' }))

    expect(await screen.findByText('Location "Gulberg showroom" updated.')).toBeInTheDocument()
    const [update] = api.callsTo(paths.stock.updateLocation)
    expect(update?.params).toEqual({ id: '2' })
    expect(update?.body).toEqual({
      name: 'Gulberg showroom',
      kind: 'showroom',
      city: 'Lahore',
      is_active: false,
    })
  })

  it('shows the server’s sentence when a location that holds stock cannot be deleted', async () => {
    const api = serve([
      answer(
        paths.stock.deleteLocation,
        reply(409, { detail: 'Main store holds stock: move or write it off first.' }),
      ),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/locations', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Delete Main store' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete location' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Main store holds stock: move or write it off first.')).toBeInTheDocument()
    expect(api.callsTo(paths.stock.deleteLocation)[0]?.params).toEqual({ id: '1' })
  })
})

describe('the product’s stock panel', () => {
  it('shows the stock at each location, the total and the store’s threshold', async () => {
    serve()
    renderApp('/adminuser/products/edit/7', { user: staff })

    const table = await screen.findByRole('table', { name: 'Stock by location' })
    const [, main, showroom, total] = within(table).getAllByRole('row')
    expect(main).toHaveTextContent('Main store10')
    expect(showroom).toHaveTextContent('Gulberg showroom2')
    expect(total).toHaveTextContent('Total12')
    expect(screen.getByText("Low stock at 5 units or fewer (the store's default).")).toBeInTheDocument()
    // The product form says where its stock box makes a change.
    expect(await screen.findByLabelText('Stock', { selector: 'input' })).toHaveAccessibleDescription(
      'A change here is made at Main store; the other locations keep theirs. Count or move stock in the Stock panel below.',
    )
  })

  it('says nothing of locations on the stock box while only the first location holds stock', async () => {
    serve([
      answer(
        paths.stock.getStockLevels,
        levels({
          by_location: [
            { location_id: 1, name: 'Main store', quantity: 12 },
            { location_id: 2, name: 'Gulberg showroom', quantity: 0 },
          ],
        }),
      ),
    ])
    renderApp('/adminuser/products/edit/7', { user: staff })

    expect(await screen.findByRole('table', { name: 'Stock by location' })).toBeInTheDocument()
    expect(screen.getByLabelText('Stock', { selector: 'input' })).not.toHaveAttribute('aria-describedby')
  })

  it('asks for a reason, then records a count as the number counted', async () => {
    const api = serve([answer(paths.stock.adjustStock, levels({ stock: 9 }))])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })

    const form = within(await screen.findByRole('form', { name: 'Adjust stock' }))
    await user.type(form.getByLabelText('Units (+ in, − out)'), '3')
    await user.click(form.getByRole('button', { name: 'Adjust Stock' }))
    expect(await form.findByText('Choose why the stock changes.')).toBeInTheDocument()
    expect(api.callsTo(paths.stock.adjustStock)).toHaveLength(0)

    await user.selectOptions(form.getByLabelText('Reason'), 'Count')
    await user.type(form.getByLabelText('Number counted'), '7')
    await user.type(form.getByLabelText('Note (optional)'), 'Friday count')
    await user.click(form.getByRole('button', { name: 'Record Count' }))

    expect(await screen.findByText('Stock updated.')).toBeInTheDocument()
    expect(api.callsTo(paths.stock.adjustStock)[0]?.body).toEqual({
      product_id: 7,
      location_id: 1,
      reason: 'count',
      count: 7,
      note: 'Friday count',
    })
    await waitFor(() => expect(form.getByLabelText('Number counted')).toHaveValue(null))
  })

  it('brings the product form’s stock box to the new total after the panel changes the stock', async () => {
    let total = 12
    serve([
      answer(paths.catalog.getProduct, () => ({ ...chair, stock: total })),
      answer(paths.stock.adjustStock, () => {
        total = 15
        return levels({ stock: 15 })
      }),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })

    const box = await screen.findByLabelText('Stock', { selector: 'input' })
    await waitFor(() => expect(box).toHaveValue(12))
    const form = within(await screen.findByRole('form', { name: 'Adjust stock' }))
    await user.selectOptions(form.getByLabelText('Reason'), 'Production')
    await user.type(form.getByLabelText('Units (+ in, − out)'), '3')
    await user.click(form.getByRole('button', { name: 'Adjust Stock' }))

    // Saving the form now must not put the old total back.
    await waitFor(() => expect(box).toHaveValue(15))
  })

  it('writes off units as a negative change, and shows the server’s sentence when too few are there', async () => {
    const api = serve([
      answer(
        paths.stock.adjustStock,
        reply(409, { detail: 'Gulberg showroom holds 2 units: it cannot go below 0.' }),
      ),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })

    const form = within(await screen.findByRole('form', { name: 'Adjust stock' }))
    await user.selectOptions(form.getByLabelText('Location'), 'Gulberg showroom')
    await user.selectOptions(form.getByLabelText('Reason'), 'Write-off')
    await user.type(form.getByLabelText('Units (+ in, − out)'), '-5')
    await user.click(form.getByRole('button', { name: 'Adjust Stock' }))

    expect(await form.findByRole('alert')).toHaveTextContent(
      'Gulberg showroom holds 2 units: it cannot go below 0.',
    )
    expect(api.callsTo(paths.stock.adjustStock)[0]?.body).toEqual({
      product_id: 7,
      location_id: 2,
      reason: 'write_off',
      delta: -5,
      note: '',
    })
  })

  it('moves units from one location to another, never to the same one', async () => {
    const api = serve([answer(paths.stock.transferStock, levels())])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })

    const form = within(await screen.findByRole('form', { name: 'Move stock' }))
    await user.selectOptions(form.getByLabelText('To'), 'Main store')
    await user.type(form.getByLabelText('Quantity'), '2')
    await user.click(form.getByRole('button', { name: 'Move Stock' }))
    expect(await form.findByText('Choose another location to move to.')).toBeInTheDocument()

    await user.selectOptions(form.getByLabelText('To'), 'Gulberg showroom')
    await user.click(form.getByRole('button', { name: 'Move Stock' }))

    expect(await screen.findByText('Stock moved.')).toBeInTheDocument()
    expect(api.callsTo(paths.stock.transferStock)[0]?.body).toEqual({
      product_id: 7,
      from: 1,
      to: 2,
      quantity: 2,
      note: '',
    })
  })

  it('lists the product’s history: who, where, why, the units and the order that moved them', async () => {
    const api = serve([
      answer(
        paths.stock.listMovements,
        page<StockMovement>([
          movement({
            id: 3,
            delta: -3,
            reason: 'count',
            actor: { id: 1, first_name: 'Sana' },
            note: 'Friday count',
          }),
          movement({ id: 2, delta: -1, reason: 'sale', reference: { kind: 'order', id: 41 } }),
          movement(),
        ]),
      ),
    ])
    renderApp('/adminuser/products/edit/7', { user: staff })

    const history = within(await screen.findByRole('region', { name: 'Stock history' }))
    const [, counted, sold, opening] = (await history.findAllByRole('row')) as HTMLElement[]
    expect(counted).toHaveTextContent('Sana')
    expect(counted).toHaveTextContent('Count')
    expect(counted).toHaveTextContent('−3')
    expect(counted).toHaveTextContent('Friday count')
    expect(sold).toHaveTextContent('Customer')
    expect(within(sold as HTMLElement).getAllByRole('link', { name: 'Order #41' })[0]).toHaveAttribute(
      'href',
      '/adminuser/orders/41',
    )
    expect(opening).toHaveTextContent('System')
    expect(opening).toHaveTextContent('Opening stock')
    expect(opening).toHaveTextContent('+12')
    const [call] = api.callsTo(paths.stock.listMovements)
    expect(call?.query.get('product')).toBe('7')
    expect(call?.query.get('page')).toBe('1')
  })
})

describe('in Urdu', () => {
  it('names the kinds, the columns and the actions of the locations page', async () => {
    serve([answer(paths.auth.profile, urduStaff)])
    await readInUrdu()
    renderApp('/adminuser/locations', { user: urduStaff })

    expect(await screen.findByText('مقامات', { selector: 'h1' })).toBeInTheDocument()
    expect(await screen.findByText('گودام', { selector: 'td' })).toBeInTheDocument()
    expect(screen.getByText('غیر فعال')).toBeInTheDocument()
    expect(screen.getByText('مقام شامل کریں', { selector: 'button' })).toBeInTheDocument()
  })
})

describe('low stock page', () => {
  it('lists the products low on stock, each linking to its page, with stock by location', async () => {
    serve([
      answer(
        paths.stock.listLowStock,
        page([
          levels({ stock: 3, threshold: 5 }),
          levels({ product_id: 8, name: 'Teak Table', stock: 0, threshold: 5, by_location: [] }),
        ]),
      ),
      answer(paths.stock.getStockSettings, { low_stock_threshold: 5 }),
    ])
    renderApp('/adminuser/low-stock', { user: staff })

    expect(await screen.findByRole('link', { name: 'Oak Chair' })).toHaveAttribute(
      'href',
      '/adminuser/products/edit/7',
    )
    const row = screen.getByRole('link', { name: 'Oak Chair' }).closest('tr') as HTMLElement
    expect(row).toHaveTextContent('3 (threshold 5)')
    expect(row).toHaveTextContent('Main store: 10')
    const never = screen.getByRole('link', { name: 'Teak Table' }).closest('tr') as HTMLElement
    expect(never).toHaveTextContent('Not kept at any location yet.')
  })

  it('saves the store’s default threshold as a number, after checking it', async () => {
    const api = serve([
      answer(paths.stock.listLowStock, page<StockLevels>([])),
      answer(paths.stock.getStockSettings, { low_stock_threshold: 5 }),
      answer(paths.stock.updateStockSettings, { low_stock_threshold: 8 }),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/low-stock', { user: staff })

    expect(await screen.findByText('No product is low on stock.')).toBeInTheDocument()
    const box = await screen.findByLabelText("Store's default threshold (units)")
    expect(box).toHaveValue(5)
    await user.clear(box)
    await user.click(screen.getByRole('button', { name: 'Save Threshold' }))
    expect(await screen.findByText('The threshold is a whole number from 0 to 10,000.')).toBeInTheDocument()

    await user.type(box, '8')
    await user.click(screen.getByRole('button', { name: 'Save Threshold' }))
    expect(await screen.findByText('Default threshold saved.')).toBeInTheDocument()
    expect(api.callsTo(paths.stock.updateStockSettings)[0]?.body).toEqual({ low_stock_threshold: 8 })
  })
})
