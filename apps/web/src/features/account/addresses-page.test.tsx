import { paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, page, renderApp, reply, serveApi } from '../../test/app'
import { deliveryZone, savedAddress } from '../../test/fixtures'

const office = savedAddress({ id: 4, label: 'Office', address: '5 Mall Road', is_default: false })

function addressApi(...more: ReturnType<typeof answer>[]) {
  return serveApi([
    ...more,
    answer(paths.auth.profile, customer),
    answer(paths.delivery.listDeliveryZones, [deliveryZone()]),
    answer(paths.addresses.listAddresses, page([savedAddress(), office])),
  ])
}

describe('the address book', () => {
  it('lists the addresses with the default marked, and makes another the default', async () => {
    const api = addressApi(answer(paths.addresses.updateAddress, { ...office, is_default: true }))
    renderApp('/account/addresses', { user: customer })
    const home = (await screen.findByRole('heading', { name: /Home/ })).closest('li') as HTMLElement
    expect(home).toHaveTextContent('Default')
    expect(within(home).queryByRole('button', { name: 'Make default' })).toBeNull()

    const user = userEvent.setup()
    const officeCard = screen.getByRole('heading', { name: 'Office' }).closest('li') as HTMLElement
    await user.click(within(officeCard).getByRole('button', { name: 'Make default' }))
    await waitFor(() => expect(api.callsTo(paths.addresses.updateAddress)).toHaveLength(1))
    expect(api.callsTo(paths.addresses.updateAddress)[0]?.body).toMatchObject({
      label: 'Office',
      is_default: true,
    })
    expect(api.callsTo(paths.addresses.updateAddress)[0]?.params).toEqual({ id: '4' })
  })

  it('adds an address, showing the store’s field errors and keeping what was typed', async () => {
    const api = addressApi(
      answer(paths.addresses.createAddress, () =>
        api.callsTo(paths.addresses.createAddress).length === 1
          ? reply(400, {
              detail: 'Check the address.',
              errors: { postal_code: ['Postal code is too long.'] },
            })
          : savedAddress({ id: 9, label: 'Parents' }),
      ),
    )
    renderApp('/account/addresses', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add an address' }))
    const form = screen.getByRole('form', { name: 'New address' })
    await user.clear(within(form).getByLabelText('Label'))
    await user.type(within(form).getByLabelText('Label'), 'Parents')
    await user.type(within(form).getByLabelText('Mobile number'), '+923001234567')
    await user.type(within(form).getByLabelText('First name'), 'Amna')
    await user.type(within(form).getByLabelText('Last name'), 'Khan')
    await user.type(within(form).getByLabelText('Address'), '7 Jail Road')
    await user.type(within(form).getByLabelText('City'), 'Lahore')
    await user.type(within(form).getByLabelText('Postal code'), '54000')
    await user.click(within(form).getByRole('button', { name: 'Save address' }))

    expect(await within(form).findByText('Postal code is too long.')).toBeVisible()
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the address.')
    expect(within(form).getByLabelText('Address')).toHaveValue('7 Jail Road')

    await user.click(within(form).getByRole('button', { name: 'Save address' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New address' })).toBeNull())
    expect(api.callsTo(paths.addresses.createAddress)[1]?.body).toEqual({
      label: 'Parents',
      first_name: 'Amna',
      last_name: 'Khan',
      phone: '+923001234567',
      address: '7 Jail Road',
      city: 'Lahore',
      postal_code: '54000',
      is_default: false,
    })
  })
})
