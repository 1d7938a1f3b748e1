import { paths, type StoreDetails } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answer, renderApp, reply, serveApi, staff, staffAs } from '../../../test/app'
import { readInUrdu, urduStaff } from '../../../test/urdu-reader'

const details: StoreDetails = {
  legal_name: 'Comfort Living (Pvt) Ltd',
  address: '14 Main Boulevard\nGulberg III, Lahore',
  phone: '042 3575 0000',
  ntn: '1234567-8',
  strn: '',
  sales_tax_percent: '17.00',
  footer: 'Goods once delivered are exchanged within 7 days.',
  logo_url: null,
  invoice_on: 'confirmed',
}

function serve(current: StoreDetails, ...more: ReturnType<typeof answer>[]) {
  return serveApi([
    ...more,
    answer(paths.auth.profile, staff),
    answer(paths.documents.getStoreDetails, current),
  ])
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:new-logo')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => vi.restoreAllMocks())

describe('store details', () => {
  it('is in the menu after the payment rules, and shows the details as saved', async () => {
    serve(details)
    renderApp('/adminuser/store-details', { user: staff })

    expect(await screen.findByRole('heading', { level: 1, name: 'Store details' })).toBeInTheDocument()
    const links = within(screen.getByRole('navigation', { name: 'Admin sections' }))
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(links.indexOf('Store details')).toBe(links.indexOf('Payment rules') + 1)
    expect(await screen.findByLabelText('Legal name')).toHaveValue('Comfort Living (Pvt) Ltd')
    expect(screen.getByLabelText('Address')).toHaveValue('14 Main Boulevard\nGulberg III, Lahore')
    expect(screen.getByLabelText('NTN')).toHaveAccessibleDescription(/leave empty if the store has none/)
    expect(screen.getByLabelText('Sales tax included in prices (%)')).toHaveValue('17.00')
    expect(screen.getByLabelText('When the order is confirmed')).toBeChecked()
    expect(screen.getByText('No logo: the papers show the legal name alone.')).toBeInTheDocument()
  })

  it('saves what was typed', async () => {
    const api = serve(
      details,
      answer(paths.documents.updateStoreDetails, {
        ...details,
        strn: '32-77-8761-234-56',
        invoice_on: 'paid',
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/adminuser/store-details', { user: staff })

    await user.click(await screen.findByLabelText('STRN'))
    await user.paste('32-77-8761-234-56')
    const tax = screen.getByLabelText('Sales tax included in prices (%)')
    await user.clear(tax)
    await user.type(tax, '18')
    await user.click(screen.getByLabelText('When the order is fully paid'))
    await user.click(screen.getByRole('button', { name: 'Save Store Details' }))

    expect(await screen.findByText('Store details saved.')).toBeInTheDocument()
    expect(api.callsTo(paths.documents.updateStoreDetails)[0]?.body).toEqual({
      legal_name: 'Comfort Living (Pvt) Ltd',
      address: '14 Main Boulevard\nGulberg III, Lahore',
      phone: '042 3575 0000',
      ntn: '1234567-8',
      strn: '32-77-8761-234-56',
      sales_tax_percent: '18',
      footer: 'Goods once delivered are exchanged within 7 days.',
      invoice_on: 'paid',
    })
  })

  it('checks the form before sending, and shows the server’s field errors keeping what was typed', async () => {
    const api = serve(
      details,
      answer(
        paths.documents.updateStoreDetails,
        reply(400, {
          detail: 'Enter the NTN as FBR issued it: seven digits, a dash and a check digit.',
          errors: { ntn: ['Enter the NTN as FBR issued it: seven digits, a dash and a check digit.'] },
        }),
      ),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/adminuser/store-details', { user: staff })

    const legalName = await screen.findByLabelText('Legal name')
    await user.clear(legalName)
    const tax = screen.getByLabelText('Sales tax included in prices (%)')
    await user.clear(tax)
    await user.type(tax, '150')
    await user.click(screen.getByRole('button', { name: 'Save Store Details' }))
    expect(await screen.findByText('Enter the legal name.')).toBeInTheDocument()
    expect(screen.getByText('The sales tax is a percent from 0 to 100.')).toBeInTheDocument()
    expect(api.callsTo(paths.documents.updateStoreDetails)).toHaveLength(0)

    await user.click(legalName)
    await user.paste('Comfort Living')
    await user.clear(tax)
    await user.type(tax, '17')
    const ntn = screen.getByLabelText('NTN')
    await user.clear(ntn)
    await user.type(ntn, '12345678')
    await user.click(screen.getByRole('button', { name: 'Save Store Details' }))

    await waitFor(() =>
      expect(screen.getByLabelText('NTN')).toHaveAccessibleDescription(
        /seven digits, a dash and a check digit/,
      ),
    )
    expect(ntn).toHaveValue('12345678')
    expect(legalName).toHaveValue('Comfort Living')
    expect(api.callsTo(paths.documents.updateStoreDetails)).toHaveLength(1)
  })

  it('previews a new logo, uploads it, and removes it', async () => {
    const withLogo = { ...details, logo_url: '/media/store/logo-1.png' }
    const api = serve(
      details,
      answer(paths.documents.uploadStoreLogo, withLogo),
      answer(paths.documents.deleteStoreLogo, details),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/adminuser/store-details', { user: staff })

    const logo = new File(['png'], 'logo.png', { type: 'image/png' })
    await user.upload(await screen.findByLabelText('Choose a logo'), logo)
    expect(screen.getByRole('img', { name: 'Preview of the new logo' })).toHaveAttribute(
      'src',
      'blob:new-logo',
    )
    await user.click(screen.getByRole('button', { name: 'Upload Logo' }))

    expect(await screen.findByRole('img', { name: 'The logo on the papers' })).toHaveAttribute(
      'src',
      '/media/store/logo-1.png',
    )
    const sent = api.callsTo(paths.documents.uploadStoreLogo)[0]?.body as FormData
    expect((sent.get('logo') as File).name).toBe('logo.png')
    expect(screen.getByLabelText('Replace the logo')).toHaveValue('')

    await user.click(screen.getByRole('button', { name: 'Remove Logo' }))
    expect(await screen.findByText('No logo: the papers show the legal name alone.')).toBeInTheDocument()
    expect(api.callsTo(paths.documents.deleteStoreLogo)).toHaveLength(1)
  })

  it('shows why a logo was refused, and keeps the details form as it was', async () => {
    serve(
      details,
      answer(
        paths.documents.uploadStoreLogo,
        reply(400, { detail: 'The logo is not an image this store reads.' }),
      ),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/adminuser/store-details', { user: staff })

    await user.upload(
      await screen.findByLabelText('Choose a logo'),
      new File(['not a picture'], 'logo.png', { type: 'image/png' }),
    )
    await user.click(screen.getByRole('button', { name: 'Upload Logo' }))
    expect(await screen.findByText('The logo is not an image this store reads.')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Preview of the new logo' })).toBeInTheDocument()
  })

  it('says when the details could not be loaded', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.documents.getStoreDetails, reply(500, { detail: 'Something went wrong.' })),
    ])
    renderApp('/adminuser/store-details', { user: staff })
    expect(await screen.findByText('Could not load the store details.')).toBeInTheDocument()
  })

  it('is refused to a role without the settings', async () => {
    serveApi([answer(paths.auth.profile, staffAs('orders'))])
    renderApp('/adminuser/store-details', { user: staffAs('orders') })
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
  })

  it('reads in Urdu', async () => {
    serveApi([answer(paths.auth.profile, urduStaff), answer(paths.documents.getStoreDetails, details)])
    await readInUrdu()
    renderApp('/adminuser/store-details', { user: urduStaff })

    expect(await screen.findByRole('heading', { level: 1, name: 'اسٹور کی تفصیلات' })).toBeInTheDocument()
    expect(await screen.findByLabelText('قانونی نام')).toHaveValue('Comfort Living (Pvt) Ltd')
    expect(screen.getByRole('button', { name: 'اسٹور کی تفصیلات محفوظ کریں' })).toBeInTheDocument()
  })
})
