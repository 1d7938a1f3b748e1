import { paths } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, renderApp, reply, serveApi, staff } from '../test/app'
import { cart } from '../test/fixtures'

const shop = (user = customer) => [
  answer(paths.auth.profile, user),
  answer(paths.cart.getCart, cart([])),
  answer(paths.catalog.showcase, []),
  answer(paths.catalog.listProducts, { count: 0, next: null, previous: null, results: [] }),
]

describe('login guard', () => {
  it('shows the splash, not the login page, while the session loads', async () => {
    serveApi(shop())
    renderApp('/orders', { user: customer })
    expect(screen.getByText('Loading your comfort...')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Log In' })).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeVisible()
  })

  it('sends a visitor to /login, replacing the history entry', async () => {
    serveApi(shop())
    const { router } = renderApp('/cart')
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('tells a customer the admin area is not for them', async () => {
    serveApi(shop())
    renderApp('/adminuser/dashboard', { user: customer })
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeVisible()
    expect(screen.getByText('You do not have permission to view this page.')).toBeVisible()
  })
})

describe('after login', () => {
  async function logIn(user: typeof customer) {
    serveApi([...shop(user), answer(paths.auth.login, { access: 'a.b.c', refresh: 'r' })])
    const view = renderApp('/login')
    const input = userEvent.setup()
    await input.type(await screen.findByLabelText('Email'), user.email)
    await input.type(screen.getByLabelText('Password'), 'correct horse')
    await input.click(screen.getByRole('button', { name: 'Log In' }))
    return view
  }

  it('sends a customer home, and staff to the admin dashboard', async () => {
    const { router } = await logIn(customer)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument()
    // The account links sit in the desktop bar and in the phone menu; CSS shows one of them.
    expect(await screen.findAllByRole('link', { name: 'My Orders' })).not.toHaveLength(0)
  })

  it('sends staff to the admin dashboard', async () => {
    const { router } = await logIn(staff)
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/dashboard'))
  })

  it('says so when the credentials are wrong, keeping what was typed', async () => {
    serveApi([...shop(), answer(paths.auth.login, reply(401, { detail: 'No active account.' }))])
    renderApp('/login')
    const input = userEvent.setup()
    await input.type(await screen.findByLabelText('Email'), 'amna@example.com')
    await input.type(screen.getByLabelText('Password'), 'wrong')
    await input.click(screen.getByRole('button', { name: 'Log In' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to log in. Please check your credentials.',
    )
    expect(screen.getByLabelText('Email')).toHaveValue('amna@example.com')
  })
})

describe('sign-up', () => {
  it('keeps submit disabled until the terms are ticked', async () => {
    serveApi(shop())
    renderApp('/signup')
    const submit = await screen.findByRole('button', { name: 'Sign Up' })
    expect(submit).toBeDisabled()
    const input = userEvent.setup()
    const terms = screen.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ })
    await input.click(terms)
    expect(submit).toBeEnabled()
    await input.click(terms)
    expect(submit).toBeDisabled()
    expect(
      await screen.findByText('You must agree to the terms and privacy policy to continue.'),
    ).toBeVisible()
  })
})
