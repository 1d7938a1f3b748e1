import { paths } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { answer, customer, dropped, page, renderApp, serveApi } from '../test/app'

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
