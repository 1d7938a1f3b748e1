import { paths } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { answer, customer, dropped, page, renderApp, reply, serveApi } from '../test/app'

const splashGone = () =>
  waitFor(() => expect(screen.queryByText('Loading your comfort...')).not.toBeInTheDocument())

describe('session start', () => {
  afterEach(() => {
    window.dispatchEvent(new Event('pageshow'))
  })

  it('logs the user out when the profile call fails (docs/product.md §4)', async () => {
    serveApi([answer(paths.auth.profile, dropped()), answer(paths.catalog.showcase, [])])
    renderApp('/', { user: customer })
    await splashGone()
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
  })

  it('keeps the tokens when the profile call is cut off by the page being left (a quick reload)', async () => {
    const api = serveApi([
      answer(paths.auth.profile, () => {
        window.dispatchEvent(new Event('pagehide'))
        return dropped()
      }),
      answer(paths.catalog.showcase, []),
      answer(paths.catalog.listProducts, page([])),
    ])
    renderApp('/', { user: customer })
    await waitFor(() => expect(api.callsTo(paths.auth.profile)).toHaveLength(1))
    await splashGone()
    expect(localStorage.getItem('access_token')).not.toBeNull()
    expect(localStorage.getItem('refresh_token')).toBe('refresh')
  })
})

describe('a session ended on the server', () => {
  const refused = reply(401, { detail: 'Authentication credentials were not provided.' })

  it('drops back to signed out at the next call, says so, and asks for the login', async () => {
    // Signed out from another device: this browser's access token and then its refresh are refused.
    let signedOut = false
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.auth.listSessions, []),
      answer(paths.addresses.listAddresses, () => (signedOut ? refused : page([]))),
      answer(paths.auth.refresh, refused),
    ])
    const { router } = renderApp('/account/profile', { user: customer })
    await screen.findByText('No signed-in devices to show.')
    signedOut = true
    await router.navigate('/account/addresses')
    expect(await screen.findByText('You have been signed out. Log in again to continue.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument()
    expect(screen.queryAllByRole('link', { name: 'My Profile' })).toHaveLength(0)
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
    expect(api.callsTo(paths.auth.refresh)).toHaveLength(1)
  })

  it('stays signed in when the refresh never answered (a dropped connection)', async () => {
    let offline = false
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.auth.listSessions, []),
      answer(paths.addresses.listAddresses, () => (offline ? refused : page([]))),
      answer(paths.auth.refresh, dropped()),
    ])
    const { router } = renderApp('/account/profile', { user: customer })
    await screen.findByText('No signed-in devices to show.')
    offline = true
    await router.navigate('/account/addresses')
    expect(await screen.findByText('Could not load your addresses.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/account/addresses')
    expect(localStorage.getItem('refresh_token')).toBe('refresh')
  })
})
