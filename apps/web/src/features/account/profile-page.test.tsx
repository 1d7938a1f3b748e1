import { paths, type SignedInDevice } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../lib/format'
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

const thisBrowser: SignedInDevice = {
  id: 31,
  browser: 'Chrome',
  os: 'Windows',
  ip: '203.0.113.7',
  signed_in_at: '2026-11-20T09:00:00Z',
  last_used_at: '2026-11-27T18:30:00Z',
  current: true,
}
const phone: SignedInDevice = {
  ...thisBrowser,
  id: 32,
  browser: 'Safari',
  os: 'iPhone',
  ip: '2001:db8::1',
  current: false,
}
const laptop: SignedInDevice = {
  ...thisBrowser,
  id: 33,
  browser: 'Firefox',
  os: null,
  ip: null,
  current: false,
}
const unknown: SignedInDevice = { ...thisBrowser, id: 34, browser: null, os: 'Android', current: false }
const nameless: SignedInDevice = { ...thisBrowser, id: 35, browser: null, os: null, current: false }

describe('/account/profile signed-in devices', () => {
  it('lists each device by browser, system, address and last use, this one marked and first', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.auth.listSessions, [phone, thisBrowser, laptop, unknown, nameless]),
    ])
    renderApp('/account/profile', { user: customer })
    const list = await screen.findByRole('list', { name: 'Signed-in devices' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Chrome on Windows',
      'Safari on iPhone',
      'Firefox',
      'Unknown browser on Android',
      'Unknown browser',
    ])
    const [current, iphone, firefox] = items as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(current).getByText('This device')).toBeInTheDocument()
    expect(within(current).queryByRole('button')).not.toBeInTheDocument()
    expect(current).toHaveTextContent('203.0.113.7')
    const lastUsed = formatDateTime(thisBrowser.last_used_at)
    expect(within(current).getByText(lastUsed)).toHaveAttribute('datetime', thisBrowser.last_used_at)
    expect(within(iphone).queryByText('This device')).not.toBeInTheDocument()
    expect(iphone).toHaveTextContent('2001:db8::1')
    expect(firefox).toHaveTextContent('Address unknown')
    // Each button names its device, and its details (address, last use) tell two alike apart.
    const signOut = within(iphone).getByRole('button', { name: 'Sign out Safari on iPhone' })
    expect(signOut).toHaveAccessibleDescription(`2001:db8::1 · Last used ${lastUsed}`)
  })

  it('signs one other device out, says so and asks for the list again', async () => {
    let devices = [thisBrowser, phone, laptop]
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.auth.listSessions, () => devices),
      answer(paths.auth.endSession, ({ params }) => {
        devices = devices.filter((device) => device.id !== Number(params.id))
        return undefined
      }),
    ])
    renderApp('/account/profile', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }))
    expect(await screen.findByText('Safari on iPhone is signed out.')).toBeInTheDocument()
    expect(api.callsTo(paths.auth.endSession).map((call) => call.params)).toEqual([{ id: '32' }])
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign out Safari on iPhone' })).not.toBeInTheDocument(),
    )
    expect(api.callsTo(paths.auth.listSessions)).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Sign out Firefox' })).toBeEnabled()
  })

  it('takes a device already signed out (404) as signed out', async () => {
    let devices = [thisBrowser, laptop]
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.auth.listSessions, () => devices),
      answer(paths.auth.endSession, () => {
        devices = [thisBrowser]
        return reply(404, { detail: 'Not found.' })
      }),
    ])
    renderApp('/account/profile', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Sign out Firefox' }))
    expect(await screen.findByText('Firefox is signed out.')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).not.toBeInTheDocument(),
    )
  })

  it('signs out all other devices after asking, and keeps them when the question is cancelled', async () => {
    let devices = [thisBrowser, phone, laptop]
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.auth.listSessions, () => devices),
      answer(paths.auth.endOtherSessions, () => {
        devices = [thisBrowser]
        return undefined
      }),
    ])
    renderApp('/account/profile', { user: customer })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }))
    let dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo(paths.auth.endOtherSessions)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }))
    dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' })
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }))
    expect(await screen.findByText('Other devices have been signed out.')).toBeInTheDocument()
    expect(api.callsTo(paths.auth.endOtherSessions)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const list = screen.getByRole('list', { name: 'Signed-in devices' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).not.toBeInTheDocument()
  })

  it('says when the list cannot load, and tries again', async () => {
    let failing = true
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.auth.listSessions, () => (failing ? reply(503, { detail: 'Try later.' }) : [thisBrowser])),
    ])
    renderApp('/account/profile', { user: customer })
    const user = userEvent.setup()
    expect(await screen.findByText('Could not load your signed-in devices.')).toBeInTheDocument()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    const list = await screen.findByRole('list', { name: 'Signed-in devices' })
    expect(within(list).getByText('Chrome on Windows')).toBeInTheDocument()
  })
})
