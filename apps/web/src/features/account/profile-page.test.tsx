import { paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, renderApp, reply, serveApi } from '../../test/app'

describe('/account/profile', () => {
  it('is linked in the header and saves names, phone and the email switch', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.auth.updateProfile, {
        ...customer,
        first_name: 'Amna B',
        phone: '03001234567',
        notify_email: false,
      }),
    ])
    renderApp('/account/addresses', { user: customer })
    const user = userEvent.setup()
    // The header's account links: in the collapsed menu and on the bar, My Profile beside My Addresses.
    const addresses = await screen.findAllByRole('link', { name: 'My Addresses' })
    expect(addresses[0]?.nextElementSibling).toHaveTextContent('My Profile')
    const [profileLink] = screen.getAllByRole('link', { name: 'My Profile' })
    if (!profileLink) throw new Error('no profile link')
    await user.click(profileLink)
    const form = await screen.findByRole('form', { name: 'Your details' })
    expect(within(form).getByLabelText('First name')).toHaveValue('Amna')
    const emails = within(form).getByRole('switch', { name: 'Email me about my orders and messages' })
    expect(emails).toBeChecked()

    await user.type(within(form).getByLabelText('First name'), ' B')
    await user.type(within(form).getByLabelText('Mobile number'), '0300 1234567')
    await user.click(emails)
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument()
    expect(api.callsTo(paths.auth.updateProfile)[0]?.body).toEqual({
      first_name: 'Amna B',
      last_name: 'Khan',
      phone: '03001234567',
      notify_email: false,
    })
  })

  it('changes the password with the current one, then logs back in with the new one', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.auth.updateProfile, ({ body }) =>
        (body as { current_password: string }).current_password === 'right-password'
          ? customer
          : reply(400, {
              detail: 'The current password is not correct.',
              errors: { current_password: ['The current password is not correct.'] },
            }),
      ),
      answer(paths.auth.login, { access: 'new-access', refresh: 'new-refresh' }),
    ])
    renderApp('/account/profile', { user: customer })
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Change password' })
    await user.type(within(form).getByLabelText('Current password'), 'wrong-password')
    await user.type(within(form).getByLabelText('New password'), 'brand-new-pass')
    await user.type(within(form).getByLabelText('Confirm new password'), 'brand-new-pass')
    await user.click(within(form).getByRole('button', { name: 'Change Password' }))
    expect(await within(form).findAllByText('The current password is not correct.')).not.toHaveLength(0)
    expect(api.callsTo(paths.auth.login)).toHaveLength(0)

    await user.clear(within(form).getByLabelText('Current password'))
    await user.type(within(form).getByLabelText('Current password'), 'right-password')
    await user.click(within(form).getByRole('button', { name: 'Change Password' }))
    expect(
      await screen.findByText('Password changed. Other devices have been signed out.'),
    ).toBeInTheDocument()
    expect(api.callsTo(paths.auth.updateProfile)[1]?.body).toEqual({
      current_password: 'right-password',
      password: 'brand-new-pass',
    })
    expect(api.callsTo(paths.auth.login)[0]?.body).toEqual({
      email: customer.email,
      password: 'brand-new-pass',
    })
    await waitFor(() => expect(localStorage.getItem('access_token')).toBe('new-access'))
    expect(within(form).getByLabelText('New password')).toHaveValue('')
  })

  it('checks that the new passwords match before sending', async () => {
    const api = serveApi([answer(paths.auth.profile, customer)])
    renderApp('/account/profile', { user: customer })
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Change password' })
    await user.type(within(form).getByLabelText('Current password'), 'right-password')
    await user.type(within(form).getByLabelText('New password'), 'brand-new-pass')
    await user.type(within(form).getByLabelText('Confirm new password'), 'brand-new-pasS')
    await user.click(within(form).getByRole('button', { name: 'Change Password' }))
    expect(await within(form).findByText('The passwords do not match.')).toBeInTheDocument()
    expect(api.callsTo(paths.auth.updateProfile)).toHaveLength(0)
  })
})
