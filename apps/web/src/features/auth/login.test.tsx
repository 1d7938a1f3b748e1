import { paths, type StaffRole } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, page, renderApp, reply, serveApi, staffAs } from '../../test/app'
import { order } from '../../test/fixtures'

/** The back office's first pages answer empty, so a landing renders. */
const backOffice = [
  answer(paths.catalog.listProducts, page([])),
  answer(paths.orders.listOrders, page([])),
  answer(paths.messaging.listConversations, page([])),
]

async function typePassword(email: string) {
  const input = userEvent.setup()
  await input.type(await screen.findByLabelText('Email'), email)
  await input.type(screen.getByLabelText('Password'), 'correct horse')
  await input.click(screen.getByRole('button', { name: 'Log In' }))
  return input
}

describe('login of staff', () => {
  it.each<[StaffRole, string]>([
    ['catalogue', '/adminuser/products'],
    ['orders', '/adminuser/orders'],
    ['support', '/adminuser/messages'],
  ])('sends the %s role to %s', async (role, home) => {
    serveApi([
      answer(paths.auth.login, { access: 'a.b.c', refresh: 'r' }),
      answer(paths.auth.profile, staffAs(role)),
      ...backOffice,
    ])
    const { router } = renderApp('/login')
    await typePassword(`${role}@example.com`)
    await waitFor(() => expect(router.state.location.pathname).toBe(home))
  })
})

describe('login of a customer sent to sign in', () => {
  it('goes back to the page that asked (a review link’s order), but never to another site', async () => {
    serveApi([
      answer(paths.auth.login, { access: 'a.b.c', refresh: 'r' }),
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, order()),
    ])
    const { router } = renderApp('/login?redirect=%2Forders%2F41')
    await typePassword(customer.email)
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/41'))
  })

  it('goes home when the address to go back to is another site', async () => {
    serveApi([
      answer(paths.auth.login, { access: 'a.b.c', refresh: 'r' }),
      answer(paths.auth.profile, customer),
      ...backOffice,
    ])
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2F')
    await typePassword(customer.email)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})

describe('two-factor login', () => {
  const user = { ...staffAs('catalogue'), two_factor_enabled: true }

  it('asks for the code after the password, verifies it, then carries on as any login', async () => {
    const api = serveApi([
      answer(paths.auth.login, { mfa_required: true, mfa_token: 'mfa-1' }),
      answer(paths.auth.twoFactorVerify, { access: 'a.b.c', refresh: 'r2' }),
      answer(paths.auth.profile, user),
      ...backOffice,
    ])
    const { router } = renderApp('/login')
    const input = await typePassword(user.email)

    const code = await screen.findByLabelText('Authentication code')
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(api.callsTo(paths.auth.profile)).toHaveLength(0)

    await input.type(code, ' 123456 ')
    await input.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/products'))
    expect(api.callsTo(paths.auth.twoFactorVerify)[0]?.body).toEqual({ mfa_token: 'mfa-1', code: '123456' })
    expect(localStorage.getItem('refresh_token')).toBe('r2')
    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument()
  })

  it('shows the server’s sentence at the field for a wrong code, keeping what was typed', async () => {
    let attempts = 0
    const api = serveApi([
      answer(paths.auth.login, { mfa_required: true, mfa_token: 'mfa-1' }),
      answer(paths.auth.twoFactorVerify, () => {
        attempts += 1
        return attempts === 1
          ? reply(400, { detail: 'That code is not right, or it has expired.' })
          : { access: 'a.b.c', refresh: 'r' }
      }),
      answer(paths.auth.profile, user),
      ...backOffice,
    ])
    const { router } = renderApp('/login')
    const input = await typePassword(user.email)

    const code = await screen.findByLabelText('Authentication code')
    await input.type(code, '654321')
    await input.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('That code is not right, or it has expired.')).toBeVisible()
    expect(code).toHaveValue('654321')
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.pathname).toBe('/login')

    // A recovery code works in the same field.
    await input.clear(code)
    await input.type(code, 'k7q2-m9xp')
    await input.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/products'))
    expect(api.callsTo(paths.auth.twoFactorVerify)[1]?.body).toEqual({
      mfa_token: 'mfa-1',
      code: 'k7q2-m9xp',
    })
  })

  it('goes back to the password on request', async () => {
    serveApi([answer(paths.auth.login, { mfa_required: true, mfa_token: 'mfa-1' })])
    renderApp('/login')
    const input = await typePassword(user.email)
    await input.click(await screen.findByRole('button', { name: 'Start again with your password' }))
    expect(await screen.findByLabelText('Password')).toHaveValue('')
  })
})
