import { paths } from '@store/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, page, renderApp, serveApi } from '../../test/app'
import { product } from '../../test/fixtures'
import { SEARCH_DEBOUNCE_MS } from './search-box'

const sofa = product({ id: 7, name: 'Walnut Sofa', price: '125000.00' })

function serveCatalogue(results = [sofa]) {
  return serveApi([
    answer(paths.catalog.showcase, []),
    answer(paths.catalog.listProducts, (call) => page(call.query.get('search') ? results : [])),
  ])
}

const searches = (api: ReturnType<typeof serveApi>) =>
  api.callsTo(paths.catalog.listProducts).filter((call) => call.query.has('search'))

async function openHome() {
  const view = renderApp('/')
  const input = await screen.findByRole('searchbox', { name: 'Search products' })
  return { ...view, input, user: userEvent.setup({ delay: null }) }
}

afterEach(() => vi.useRealTimers())

describe('search box', () => {
  it('asks the server once, 500 ms after the last keystroke', async () => {
    const api = serveCatalogue()
    const { input } = await openHome()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    for (const text of ['s', 'so', 'sof', 'sofa']) {
      fireEvent.change(input, { target: { value: text } })
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 2))
    }
    expect(searches(api)).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 2 - 1))
    expect(searches(api)).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(searches(api).map((call) => call.query.get('search'))).toEqual(['sofa'])
    // The query cache batches its updates on a zero-delay timer: let those run before real time resumes.
    await act(() => vi.advanceTimersByTimeAsync(50))
    vi.useRealTimers()
    const results = await screen.findByRole('list', { name: 'Search results' })
    expect(within(results).getByText('Walnut Sofa')).toBeVisible()
    expect(within(results).getByText('PKR 125,000')).toBeVisible()
  })

  it('never searches blank text, and a blank submit goes nowhere', async () => {
    const api = serveCatalogue()
    const { input, user, router } = await openHome()
    await user.type(input, '   {Enter}')
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100))
    expect(searches(api)).toHaveLength(0)
    expect(router.state.location.pathname).toBe('/')
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument()
  })

  it('says when nothing matches', async () => {
    serveCatalogue([])
    const { input, user } = await openHome()
    await user.type(input, 'zzz')
    expect(await screen.findByText('No results found for "zzz"')).toBeVisible()
  })

  it('submits to the listing with the search text', async () => {
    serveCatalogue()
    const { input, user, router } = await openHome()
    await user.type(input, 'oak table{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'))
    expect(router.state.location.search).toBe('?search=oak%20table')
  })

  it('closes and clears on choosing a result, and closes on an outside click', async () => {
    serveCatalogue()
    const { input, user, router } = await openHome()
    await user.type(input, 'sofa')
    await user.click(await screen.findByRole('link', { name: /Walnut Sofa/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/7'))
    expect(input).toHaveValue('')
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument()

    await user.type(input, 'sofa')
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeVisible()
    await user.click(document.body)
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument()
    expect(input).toHaveValue('sofa')
  })
})
