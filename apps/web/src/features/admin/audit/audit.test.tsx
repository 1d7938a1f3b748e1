import { paths, type User } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type ApiCall, answer, page, renderApp, reply, serveApi, staff, staffAs } from '../../../test/app'
import { auditEntry, order, productDetail } from '../../../test/fixtures'
import { readInUrdu, urduStaff } from '../../../test/urdu-reader'

const asked = (call: ApiCall | undefined) => Object.fromEntries(call?.query ?? [])

const rows = () => screen.getAllByRole('row').slice(1)

describe('audit log', () => {
  it('shows each entry: local time, who, IP, action, record and the changed fields', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(
        paths.audit.listAudit,
        page([
          auditEntry({
            before: {
              price: '125000.00',
              stock: 4,
              is_on_sale: false,
              colour: null,
              options: [],
              name: 'Sofa',
            },
            after: {
              price: '119000.00',
              stock: 0,
              is_on_sale: true,
              colour: 'Walnut',
              options: [{ name: 'Size', values: ['2 seats'] }],
              name: '',
            },
          }),
          auditEntry({
            id: 899,
            at: '2026-03-01T06:00:00.000Z',
            actor: null,
            ip: null,
            action: 'category.create',
            entity: 'category',
            entity_id: 3,
            before: null,
            after: { name: 'Outdoor' },
          }),
        ]),
      ),
    ])
    renderApp('/adminuser/audit', { user: staff })

    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeVisible()
    const headers = (await screen.findAllByRole('columnheader')).map((header) => header.textContent)
    expect(headers).toEqual(['Time', 'Who', 'Record', 'Changes'])
    const [update, create] = rows() as [HTMLElement, HTMLElement]

    const at = new Date('2026-03-02T11:15:30.000Z').toLocaleString('en-PK', {
      dateStyle: 'medium',
      timeStyle: 'medium',
    })
    expect(within(update).getByText(at)).toHaveAttribute('datetime', '2026-03-02T11:15:30.000Z')
    expect(within(update).getByText('sana@example.com')).toBeVisible()
    expect(within(update).getByText('IP 203.0.113.7')).toBeVisible()
    expect(within(update).getByText('product.update')).toBeVisible()
    expect(within(update).getByText('Product #7')).toBeVisible()
    const changes = within(update)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(changes).toEqual([
      'price: 125000.00 → 119000.00',
      'stock: 4 → 0',
      'is_on_sale: no → yes',
      'colour: none → Walnut',
      'options: [] → [{"name":"Size","values":["2 seats"]}]',
      'name: Sofa → (empty)',
    ])

    expect(within(create).getByText('System')).toBeVisible()
    expect(within(create).getByText('IP —')).toBeVisible()
    expect(within(create).getByText('category.create')).toBeVisible()
    expect(within(create).getByText('Category #3')).toBeVisible()
    expect(within(create).getByRole('listitem')).toHaveTextContent('name: — → Outdoor')
  })

  it('asks the API for the filters in the URL and shows them in the fields', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.audit.listAudit, page([auditEntry()])),
    ])
    renderApp('/adminuser/audit?actor=sana&entity=order&entity_id=41&from=2026-03-01&to=2026-03-31&page=3', {
      user: staff,
    })

    expect(await screen.findByLabelText('Who')).toHaveValue('sana')
    expect(screen.getByLabelText('What')).toHaveValue('order')
    expect(screen.getByLabelText('Record id')).toHaveValue('41')
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01')
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-31')
    await waitFor(() =>
      expect(asked(api.callsTo(paths.audit.listAudit)[0])).toEqual({
        actor: 'sana',
        entity: 'order',
        entity_id: '41',
        from: '2026-03-01',
        to: '2026-03-31',
        page: '3',
        page_size: '50',
      }),
    )
  })

  it('leaves out what the API would refuse', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.audit.listAudit, page([auditEntry()])),
    ])
    renderApp('/adminuser/audit?entity=spaceship&entity_id=abc&from=March', { user: staff })
    await waitFor(() => expect(api.callsTo(paths.audit.listAudit)).toHaveLength(1))
    expect(asked(api.callsTo(paths.audit.listAudit)[0])).toEqual({ page: '1', page_size: '50' })
  })

  it('puts the chosen filters into the URL and the query, back on page 1', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.audit.listAudit, { ...page([auditEntry()]), count: 120 }),
    ])
    const input = userEvent.setup()
    const { router } = renderApp('/adminuser/audit?page=2', { user: staff })

    expect(await screen.findByRole('navigation', { name: 'Pages' })).toBeVisible()
    await input.type(screen.getByLabelText('Who'), ' sana@example.com ')
    await input.selectOptions(screen.getByLabelText('What'), 'Product')
    await input.type(screen.getByLabelText('Record id'), 'seven')
    await input.click(screen.getByRole('button', { name: 'Filter' }))
    expect(await screen.findByText('Enter a record number, such as 41.')).toBeVisible()
    expect(router.state.location.search).toBe('?page=2')

    await input.clear(screen.getByLabelText('Record id'))
    await input.type(screen.getByLabelText('Record id'), '7')
    await input.type(screen.getByLabelText('From'), '2026-03-01')
    await input.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?actor=sana%40example.com&entity=product&entity_id=7&from=2026-03-01',
      ),
    )
    await waitFor(() =>
      expect(asked(api.callsTo(paths.audit.listAudit).at(-1))).toEqual({
        actor: 'sana@example.com',
        entity: 'product',
        entity_id: '7',
        from: '2026-03-01',
        page: '1',
        page_size: '50',
      }),
    )
    await input.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.getByLabelText('Who')).toHaveValue('')
  })

  it('says when nothing matches', async () => {
    serveApi([answer(paths.auth.profile, staff), answer(paths.audit.listAudit, page([]))])
    renderApp('/adminuser/audit?entity=coupon', { user: staff })
    expect(await screen.findByText('No changes match these filters.')).toBeVisible()
  })

  it('names the stock ledger’s records: locations, stock and the stock settings', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(
        paths.audit.listAudit,
        page([
          auditEntry({ id: 1, action: 'location.create', entity: 'location', entity_id: 2 }),
          auditEntry({ id: 2, action: 'stock.adjust', entity: 'stock', entity_id: 7 }),
          auditEntry({ id: 3, action: 'stock_settings.update', entity: 'stock_settings', entity_id: null }),
        ]),
      ),
    ])
    renderApp('/adminuser/audit', { user: staff })

    const table = await screen.findByRole('table')
    const [, location, stock, settings] = within(table).getAllByRole('row')
    expect(location).toHaveTextContent('Location')
    expect(stock).toHaveTextContent('Stock')
    expect(settings).toHaveTextContent('Stock settings')
    const entity = screen.getByLabelText('What')
    expect(within(entity).getByRole('option', { name: 'Stock settings' })).toBeInTheDocument()
  })

  it('says when the log cannot load', async () => {
    serveApi([answer(paths.auth.profile, staff), answer(paths.audit.listAudit, reply(500))])
    renderApp('/adminuser/audit', { user: staff })
    expect(await screen.findByText('Could not load the audit log.')).toBeVisible()
  })
})

describe('History links', () => {
  const productPage = (user: User) =>
    serveApi([
      answer(paths.auth.profile, user),
      answer(
        paths.catalog.listCategories,
        page([{ id: 3, name: 'Sofas', name_ur: '', slug: 'sofas', product_count: 1 }]),
      ),
      answer(paths.catalog.getProduct, productDetail([], { id: 7 })),
    ])
  const orderPage = (user: User) =>
    serveApi([answer(paths.auth.profile, user), answer(paths.orders.getOrder, order())])

  it('lead from a product’s edit page to its history', async () => {
    productPage(staff)
    renderApp('/adminuser/products/edit/7', { user: staff })
    expect(await screen.findByRole('link', { name: 'History of this product' })).toHaveAttribute(
      'href',
      '/adminuser/audit?entity=product&entity_id=7',
    )
  })

  it('lead from an order to its history', async () => {
    orderPage(staffAs('manager'))
    renderApp('/adminuser/orders/41', { user: staffAs('manager') })
    expect(await screen.findByRole('link', { name: 'History of order #41' })).toHaveAttribute(
      'href',
      '/adminuser/audit?entity=order&entity_id=41',
    )
  })

  it('are not shown to a role that may not read the log: orders', async () => {
    orderPage(staffAs('orders'))
    renderApp('/adminuser/orders/41', { user: staffAs('orders') })
    expect(await screen.findByRole('heading', { name: 'Order #41' })).toBeVisible()
    expect(screen.queryByRole('link', { name: /History/ })).not.toBeInTheDocument()
  })

  it('are not shown to a role that may not read the log: catalogue', async () => {
    productPage(staffAs('catalogue'))
    renderApp('/adminuser/products/edit/7', { user: staffAs('catalogue') })
    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeVisible()
    expect(screen.queryByRole('link', { name: /History/ })).not.toBeInTheDocument()
  })
})

describe('audit log in Urdu', () => {
  it('names records, actions and the values none/yes/no in Urdu, the field names as the API has them', async () => {
    serveApi([
      answer(paths.auth.profile, urduStaff),
      answer(
        paths.audit.listAudit,
        page([
          auditEntry({
            actor: null,
            before: { is_on_sale: false, colour: null },
            after: { is_on_sale: true, colour: 'Walnut' },
          }),
        ]),
      ),
    ])
    await readInUrdu()
    renderApp('/adminuser/audit', { user: urduStaff })

    expect(await screen.findByRole('heading', { name: 'آڈٹ لاگ' })).toBeVisible()
    const headers = (await screen.findAllByRole('columnheader')).map((header) => header.textContent)
    expect(headers).toEqual(['وقت', 'کس نے', 'ریکارڈ', 'تبدیلیاں'])
    const [row] = rows() as [HTMLElement]
    expect(within(row).getByText('سسٹم', { exact: false })).toBeVisible()
    expect(within(row).getByText('پروڈکٹ #7')).toBeVisible()
    expect(within(row).getByText('تبدیل کیا گیا')).toBeVisible()
    expect(within(row).getByText('product.update')).toBeVisible()
    const changes = within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(changes).toEqual(['is_on_sale: نہیں → ہاں', 'colour: کچھ نہیں → Walnut'])
  })
})
