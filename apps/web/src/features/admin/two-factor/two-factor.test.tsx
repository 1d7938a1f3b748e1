import { paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { staffKeys } from '../../../app/admin/data'
import { orderKeys } from '../../../data/orders'
import { queryClient } from '../../../data/query-client'
import { answer, renderApp, reply, serveApi, staff, staffAs } from '../../../test/app'

const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauth_url:
    'otpauth://totp/Comfort%20Living:sana%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Comfort%20Living',
}
const codes = ['k7q2-m9xp', 'a4rt-8cw2', 'zz91-b3kd']

/** Types the password again and starts the setup, as staff do. */
async function startSetup(input: ReturnType<typeof userEvent.setup>) {
  await input.type(await screen.findByLabelText('Your password'), 'my-own-password')
  await input.click(screen.getByRole('button', { name: 'Set up' }))
}

describe('two-factor setup', () => {
  it('draws the QR code here, shows the key, confirms a code and shows the recovery codes once', async () => {
    let enabled = false
    const api = serveApi([
      answer(paths.auth.profile, () => ({ ...staff, two_factor_enabled: enabled })),
      answer(paths.auth.twoFactorSetup, setup),
      answer(paths.auth.twoFactorConfirm, () => {
        enabled = true
        return { recovery_codes: codes }
      }),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/two-factor', { user: staff })

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
    expect(screen.getByText('Off')).toBeVisible()
    await startSetup(input)

    const qr = await screen.findByRole('img', { name: 'QR code for signing in as sana@example.com' })
    expect(qr.tagName.toLowerCase()).toBe('svg')
    // Drawn from the address, not fetched: dark modules in one path, no image loaded from anywhere.
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^(M\d+ \d+h1v1h-1z)+$/)
    expect(document.querySelector('img[src*="otpauth"], img[src^="http"]')).toBeNull()
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeVisible()

    await input.type(screen.getByLabelText('Six-digit code'), '123456')
    await input.click(screen.getByRole('button', { name: 'Turn on' }))

    const saved = await screen.findByRole('region', { name: 'Save these recovery codes now' })
    expect(
      within(saved)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes)
    expect(api.callsTo(paths.auth.twoFactorConfirm)[0]?.body).toEqual({ code: '123456' })
    await waitFor(() => expect(screen.getByText('On')).toBeVisible())

    await input.click(screen.getByRole('button', { name: 'Copy codes' }))
    expect(await navigator.clipboard.readText()).toBe(codes.join('\n'))
    expect(await screen.findByText('Recovery codes copied.')).toBeInTheDocument()
  })

  it('shows the server’s sentence at the field for a wrong code, keeping it', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.auth.twoFactorSetup, setup),
      answer(
        paths.auth.twoFactorConfirm,
        reply(400, { detail: 'That code is not right. Check the time on your phone.' }),
      ),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/two-factor', { user: staff })

    await startSetup(input)
    const code = await screen.findByLabelText('Six-digit code')
    await input.type(code, '000000')
    await input.click(screen.getByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText('That code is not right. Check the time on your phone.')).toBeVisible()
    expect(code).toHaveValue('000000')
    expect(screen.queryByText('Save these recovery codes now')).not.toBeInTheDocument()
  })

  it('asks for the password again, and shows the server’s sentence at it, keeping what was typed', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(
        paths.auth.twoFactorSetup,
        reply(400, {
          detail: 'The current password is not correct.',
          errors: { current_password: ['The current password is not correct.'] },
        }),
      ),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/two-factor', { user: staff })
    await input.click(await screen.findByRole('button', { name: 'Set up' }))
    expect(await screen.findByText('Enter your password.')).toBeVisible()
    expect(api.callsTo(paths.auth.twoFactorSetup)).toHaveLength(0)

    await startSetup(input)
    expect(await screen.findByText('The current password is not correct.')).toBeVisible()
    expect(screen.getByLabelText('Your password')).toHaveValue('my-own-password')
    expect(api.callsTo(paths.auth.twoFactorSetup)[0]?.body).toEqual({ current_password: 'my-own-password' })
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument()
  })

  it('checks the code’s six digits before asking the server', async () => {
    const api = serveApi([answer(paths.auth.profile, staff), answer(paths.auth.twoFactorSetup, setup)])
    const input = userEvent.setup()
    renderApp('/adminuser/two-factor', { user: staff })
    await startSetup(input)
    await input.type(await screen.findByLabelText('Six-digit code'), '12a')
    await input.click(screen.getByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText('Enter the six digits your authenticator app shows.')).toBeVisible()
    expect(api.callsTo(paths.auth.twoFactorConfirm)).toHaveLength(0)
  })

  it('gives new recovery codes for a code, and turns it off for another', async () => {
    const user = { ...staffAs('support'), two_factor_enabled: true }
    const api = serveApi([
      answer(paths.auth.profile, user),
      answer(paths.auth.twoFactorRecoveryCodes, (call) =>
        (call.body as { code: string }).code === '111111'
          ? { recovery_codes: codes }
          : reply(400, { detail: 'That code is not right.', errors: { code: ['That code is not right.'] } }),
      ),
      answer(paths.auth.twoFactorDisable, { ...user, two_factor_enabled: false }),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/two-factor', { user })
    const renew = await screen.findByRole('form', { name: 'New recovery codes' })
    await input.type(within(renew).getByLabelText('Code from your app, or a recovery code'), '222222')
    await input.click(within(renew).getByRole('button', { name: 'Get new codes' }))
    expect(await within(renew).findByText('That code is not right.')).toBeVisible()
    await input.clear(within(renew).getByLabelText('Code from your app, or a recovery code'))
    await input.type(within(renew).getByLabelText('Code from your app, or a recovery code'), '111111')
    await input.click(within(renew).getByRole('button', { name: 'Get new codes' }))
    expect(await screen.findByRole('region', { name: 'Save these recovery codes now' })).toBeVisible()
    expect(api.callsTo(paths.auth.twoFactorRecoveryCodes).at(-1)?.body).toEqual({ code: '111111' })
  })

  it('turns it off with a code, and says it is off', async () => {
    const user = { ...staffAs('support'), two_factor_enabled: true }
    const api = serveApi([
      answer(paths.auth.profile, user),
      answer(paths.auth.twoFactorDisable, { ...user, two_factor_enabled: false }),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/two-factor', { user })
    const off = await screen.findByRole('form', { name: 'Turn off two-factor sign-in' })
    await input.type(within(off).getByLabelText('Code from your app, or a recovery code'), '123456')
    await input.click(within(off).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText('Off')).toBeVisible()
    expect(api.callsTo(paths.auth.twoFactorDisable)[0]?.body).toEqual({ code: '123456' })
    expect(screen.getByRole('button', { name: 'Set up' })).toBeVisible()
  })

  it('says when it is on already', async () => {
    const user = { ...staffAs('support'), two_factor_enabled: true }
    serveApi([answer(paths.auth.profile, user)])
    renderApp('/adminuser/two-factor', { user })
    expect(await screen.findByText('On')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Set up' })).not.toBeInTheDocument()
  })
})

describe('a shop that requires two-factor sign-in for staff', () => {
  const sentence =
    'This shop requires two-factor sign-in for staff. Set it up under Two-factor sign-in in the back office first.'

  it('shows the server’s sentence in the back office, with the way to the setup', async () => {
    serveApi([
      answer(paths.auth.profile, staffAs('orders')),
      answer(paths.orders.listOrders, reply(403, { detail: sentence })),
      answer(paths.auth.twoFactorSetup, setup),
    ])
    const input = userEvent.setup()
    const { router } = renderApp('/adminuser/orders', { user: staffAs('orders') })

    expect(await screen.findByText(sentence)).toBeVisible()
    await input.click(screen.getByRole('link', { name: 'Set up two-factor sign-in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/two-factor'))
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeVisible()
  })

  it('once it is on, marks stale what the server refused, not what it answered', async () => {
    let enabled = false
    serveApi([
      answer(paths.auth.profile, () => ({ ...staffAs('orders'), two_factor_enabled: enabled })),
      answer(paths.orders.listOrders, reply(403, { detail: sentence })),
      answer(paths.auth.twoFactorSetup, setup),
      answer(paths.auth.twoFactorConfirm, () => {
        enabled = true
        return { recovery_codes: codes }
      }),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/orders', { user: staffAs('orders') })
    await input.click(await screen.findByRole('link', { name: 'Set up two-factor sign-in' }))
    await startSetup(input)
    await input.type(await screen.findByLabelText('Six-digit code'), '123456')
    await input.click(screen.getByRole('button', { name: 'Turn on' }))
    await screen.findByRole('region', { name: 'Save these recovery codes now' })

    const invalidated = (queryKey: readonly unknown[]) =>
      queryClient.getQueryCache().find({ queryKey, exact: false })?.state.isInvalidated
    await waitFor(() => expect(invalidated(orderKeys.lists())).toBe(true))
    expect(invalidated(staffKeys.counts())).toBe(false)
  })
})
