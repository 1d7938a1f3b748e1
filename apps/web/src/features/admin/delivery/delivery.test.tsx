import { type BankAccount, type Category, type DeliverySettings, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, page, renderApp, reply, serveApi, staff } from '../../../test/app'
import { deliveryZone } from '../../../test/fixtures'

const lahore = deliveryZone()
const quetta = deliveryZone({
  id: 2,
  city: 'Quetta',
  fee: '1200.00',
  free_over: null,
  eta_min_days: 5,
  eta_max_days: 9,
  cod_available: false,
  cod_fee: '0.00',
})
const account: BankAccount = {
  bank_name: 'Meezan Bank',
  account_title: 'Comfort Living',
  account_number: '0101-0123456',
  iban: 'PK36MEZN0001010123456789',
  instructions: 'Write your order number as the reference.',
}

function serve(overrides: Parameters<typeof serveApi>[0] = []) {
  return serveApi([
    ...overrides,
    answer(paths.auth.profile, staff),
    answer(paths.delivery.listDeliveryZones, [lahore, quetta]),
    answer(paths.delivery.getBankAccount, account),
  ])
}

describe('delivery zones page', () => {
  it('lists each zone with its fee, free-delivery threshold, days and cash on delivery', async () => {
    serve()
    renderApp('/adminuser/delivery-zones', { user: staff })

    const table = await screen.findByRole('table')
    const [, lahoreRow, quettaRow] = within(table).getAllByRole('row')
    expect(lahoreRow).toHaveTextContent('PKR 1,500')
    expect(lahoreRow).toHaveTextContent('PKR 100,000')
    expect(lahoreRow).toHaveTextContent('2–4 days')
    expect(lahoreRow).toHaveTextContent('Yes (+PKR 200)')
    expect(quettaRow).toHaveTextContent('Never')
    expect(quettaRow).toHaveTextContent('5–9 days')
    expect(quettaRow).toHaveTextContent('COD No')
    expect(screen.getByRole('link', { name: 'Delivery' })).toHaveAttribute('aria-current', 'page')
  })

  it('checks a new zone with the contract before sending it', async () => {
    const api = serve()
    const user = userEvent.setup()
    renderApp('/adminuser/delivery-zones', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Add Zone' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a delivery zone' })
    await user.type(within(dialog).getByLabelText('Delivery fee (PKR)'), '25O')
    await user.type(within(dialog).getByLabelText('Delivery in at least (days)'), '4')
    await user.type(within(dialog).getByLabelText('Delivery in at most (days)'), '2')
    await user.click(within(dialog).getByRole('button', { name: 'Add Zone' }))

    expect(await within(dialog).findByText('City is required.')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter an amount such as 12500 or 12500.50.')).toBeInTheDocument()
    expect(
      within(dialog).getByText('The latest delivery cannot come before the earliest.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText('City')).toHaveAttribute('aria-invalid', 'true')
    expect(api.callsTo(paths.delivery.createDeliveryZone)).toHaveLength(0)
  })

  it('sends a new zone as the contract types it: empty threshold is null, days are numbers', async () => {
    const api = serve([answer(paths.delivery.createDeliveryZone, { ...quetta, id: 3, city: 'Multan' })])
    const user = userEvent.setup()
    renderApp('/adminuser/delivery-zones', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Add Zone' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a delivery zone' })
    await user.type(within(dialog).getByLabelText('City'), ' Multan ')
    await user.type(within(dialog).getByLabelText('Delivery fee (PKR)'), '450')
    await user.type(within(dialog).getByLabelText('Delivery in at least (days)'), '3')
    await user.type(within(dialog).getByLabelText('Delivery in at most (days)'), '5')
    await user.type(within(dialog).getByLabelText('Cash on delivery fee (PKR)'), '99.50')
    await user.click(within(dialog).getByRole('button', { name: 'Add Zone' }))

    expect(await screen.findByText('Delivery to Multan added.')).toBeInTheDocument()
    expect(api.callsTo(paths.delivery.createDeliveryZone)[0]?.body).toEqual({
      city: 'Multan',
      fee: '450',
      free_over: null,
      eta_min_days: 3,
      eta_max_days: 5,
      cod_available: true,
      cod_fee: '99.50',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('keeps what was typed and shows the server’s sentence and field errors when it refuses', async () => {
    const api = serve([
      answer(
        paths.delivery.updateDeliveryZone,
        reply(409, {
          detail: 'Karachi already has a delivery zone.',
          errors: { city: ['Choose another city.'] },
        }),
      ),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/delivery-zones', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Edit Lahore' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit delivery to Lahore' })
    const city = within(dialog).getByLabelText('City')
    expect(city).toHaveValue('Lahore')
    expect(within(dialog).getByLabelText('Free delivery over (PKR)')).toHaveValue('100000')
    expect(within(dialog).getByLabelText('Cash on delivery offered')).toBeChecked()
    await user.clear(city)
    await user.type(city, 'Karachi')
    await user.click(within(dialog).getByRole('button', { name: 'Save Zone' }))

    expect(await within(dialog).findByText('Karachi already has a delivery zone.')).toBeInTheDocument()
    expect(within(dialog).getByText('Choose another city.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('City')).toHaveValue('Karachi')
    expect(api.callsTo(paths.delivery.updateDeliveryZone)[0]?.params).toEqual({ id: '1' })
  })

  it('deletes a zone only after confirmation', async () => {
    const api = serve([answer(paths.delivery.deleteDeliveryZone, undefined)])
    const user = userEvent.setup()
    renderApp('/adminuser/delivery-zones', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Delete Quetta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove delivery zone' })
    expect(api.callsTo(paths.delivery.deleteDeliveryZone)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Delivery to Quetta removed.')).toBeInTheDocument()
    expect(api.callsTo(paths.delivery.deleteDeliveryZone).map((call) => call.params)).toEqual([{ id: '2' }])
  })
})

describe('bank account form', () => {
  it('saves the account and shows field errors the server sends', async () => {
    let attempt = 0
    const api = serve([
      answer(paths.delivery.updateBankAccount, () =>
        ++attempt === 1
          ? reply(400, {
              detail: 'Check the highlighted fields.',
              errors: { account_number: ['Digits only.'] },
            })
          : { ...account, account_number: '0101123456' },
      ),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/delivery-zones', { user: staff })

    const number = await screen.findByLabelText('Account number')
    expect(number).toHaveValue('0101-0123456')
    await user.click(screen.getByRole('button', { name: 'Save Bank Account' }))
    expect(await screen.findByText('Digits only.')).toBeInTheDocument()
    expect(screen.getByText('Check the highlighted fields.')).toBeInTheDocument()

    await user.clear(number)
    await user.type(number, '0101123456')
    await user.click(screen.getByRole('button', { name: 'Save Bank Account' }))
    expect(await screen.findByText('Bank account saved.')).toBeInTheDocument()
    expect(api.callsTo(paths.delivery.updateBankAccount)[1]?.body).toEqual({
      ...account,
      account_number: '0101123456',
    })
  })

  it('refuses an IBAN that is not Pakistani without sending it', async () => {
    const api = serve()
    const user = userEvent.setup()
    renderApp('/adminuser/delivery-zones', { user: staff })

    const iban = await screen.findByLabelText('IBAN')
    await user.clear(iban)
    await user.type(iban, 'GB29NWBK60161331926819')
    await user.click(screen.getByRole('button', { name: 'Save Bank Account' }))

    expect(
      await screen.findByText('A Pakistani IBAN is PK, 2 digits and 20 letters or digits.'),
    ).toBeInTheDocument()
    expect(api.callsTo(paths.delivery.updateBankAccount)).toHaveLength(0)
  })
})

const categories: Category[] = [
  { id: 2, name: 'Sofas', name_ur: 'صوفے', slug: 'sofas', product_count: 3 },
  { id: 3, name: 'Beds', name_ur: 'بستر', slug: 'beds', product_count: 4 },
  { id: 4, name: 'Lamps', name_ur: 'لیمپ', slug: 'lamps', product_count: 9 },
]
const services: DeliverySettings = {
  holidays: ['2026-12-25'],
  floor_fee: '500.00',
  assembly_fees: [{ category_id: 3, category: 'Beds', fee: '2500.00' }],
}

describe('delivery days and services', () => {
  it('lists every category with its assembly fee, and saves holidays, the floor fee and the fees set', async () => {
    const api = serve([
      answer(paths.dispatch.getDeliverySettings, services),
      answer(paths.catalog.listCategories, page(categories)),
      answer(paths.dispatch.updateDeliverySettings, (call) => ({
        ...services,
        ...(call.body as object),
        assembly_fees: [],
      })),
    ])
    renderApp('/adminuser/delivery-zones', { user: staff })
    const section = await screen.findByRole('region', { name: 'Delivery days and services' })
    const user = userEvent.setup()
    const floorFee = await within(section).findByLabelText('Fee per floor without a lift (PKR)')
    expect(floorFee).toHaveValue('500')
    expect(within(section).getByLabelText('Assembly fee for Sofas (PKR)')).toHaveValue('')
    expect(within(section).getByLabelText('Assembly fee for Beds (PKR)')).toHaveValue('2500')
    expect(within(section).getByRole('list', { name: 'Holidays' })).toHaveTextContent('Fri, 25 Dec')

    await user.click(within(section).getByRole('button', { name: 'Remove the holiday Fri, 25 Dec' }))
    await user.type(within(section).getByLabelText('Add a holiday'), '2026-12-31')
    await user.click(within(section).getByRole('button', { name: 'Add' }))
    await user.clear(floorFee)
    await user.type(floorFee, '600')
    await user.type(within(section).getByLabelText('Assembly fee for Sofas (PKR)'), '1500')
    await user.click(within(section).getByRole('button', { name: 'Save Delivery Services' }))

    await waitFor(() =>
      expect(api.callsTo(paths.dispatch.updateDeliverySettings)[0]?.body).toEqual({
        holidays: ['2026-12-31'],
        floor_fee: '600',
        // An empty box assembles free: Lamps is not sent.
        assembly_fees: [
          { category_id: 2, fee: '1500' },
          { category_id: 3, fee: '2500' },
        ],
      }),
    )
  })

  it('refuses an amount that is not one before sending', async () => {
    const api = serve([
      answer(paths.dispatch.getDeliverySettings, services),
      answer(paths.catalog.listCategories, page(categories)),
    ])
    renderApp('/adminuser/delivery-zones', { user: staff })
    const section = await screen.findByRole('region', { name: 'Delivery days and services' })
    const user = userEvent.setup()
    await user.type(await within(section).findByLabelText('Assembly fee for Lamps (PKR)'), 'free')
    await user.click(within(section).getByRole('button', { name: 'Save Delivery Services' }))
    expect(await within(section).findByText(/amount/i)).toBeVisible()
    expect(api.callsTo(paths.dispatch.updateDeliverySettings)).toHaveLength(0)
  })
})
