import { type ProductFacets, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type ApiCall, answer, page, renderApp, serveApi } from '../../test/app'
import { product } from '../../test/fixtures'

const facets: ProductFacets = {
  categories: [
    { name: 'Sofas', count: 4 },
    { name: 'Beds', count: 2 },
  ],
  materials: [
    { value: 'Oak', count: 3 },
    { value: 'Sheesham wood', count: 3 },
  ],
  colours: [{ value: 'Walnut', count: 2 }],
  price: { min: '12500.00', max: '245000.00' },
  in_stock: 5,
}

const lastQuery = (calls: ApiCall[]) => calls.at(-1)?.query

describe('the listing filters', () => {
  it('reads its filters and sort from the URL, and a change goes back to the URL and the API', async () => {
    const api = serveApi([
      answer(paths.catalog.listProducts, page([product({ id: 3, name: 'Oak Bed' })])),
      answer(paths.catalog.facets, facets),
      answer(paths.catalog.showcase, []),
    ])
    const { router } = renderApp('/products?material=Oak&ordering=price&page=2')
    expect(await screen.findByRole('heading', { name: 'All Products' })).toBeVisible()
    await waitFor(() => expect(api.callsTo(paths.catalog.listProducts)).not.toHaveLength(0))
    const listed = lastQuery(api.callsTo(paths.catalog.listProducts))
    expect(listed?.getAll('material')).toEqual(['Oak'])
    expect(listed?.get('ordering')).toBe('price')
    expect(listed?.get('page')).toBe('2')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price')

    // jsdom's window is as narrow as a phone's: the filters are fetched when their panel is opened.
    expect(screen.queryByRole('checkbox', { name: 'Oak (3)' })).not.toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }))
    // Drawn in the page first, then moved into the opened panel (react-bootstrap's offcanvas).
    await screen.findByRole('dialog', { name: 'Filters' })
    const oak = await screen.findByRole('checkbox', { name: 'Oak (3)' })
    expect(oak).toBeChecked()
    await user.click(screen.getByRole('checkbox', { name: 'Walnut (2)' }))
    await waitFor(() =>
      expect(router.state.location.search).toBe('?material=Oak&ordering=price&colour=Walnut'),
    )
    await waitFor(() =>
      expect(lastQuery(api.callsTo(paths.catalog.listProducts))?.get('colour')).toBe('Walnut'),
    )
    // Facet counts are asked with the filters but not the page or the sort.
    const facetQuery = lastQuery(api.callsTo(paths.catalog.facets))
    expect(facetQuery?.get('colour')).toBe('Walnut')
    expect(facetQuery?.has('ordering')).toBe(false)

    await user.click(screen.getByRole('radio', { name: 'Sofas (4)' }))
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('category')).toBe('Sofas'),
    )

    await user.type(screen.getByLabelText('Min'), '20000')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('min_price')).toBe('20000'),
    )

    await user.click(screen.getByRole('button', { name: 'Clear all' }))
    await waitFor(() => expect(router.state.location.search).toBe('?ordering=price'))
  })

  it('keeps the collections as they are: no filters on New Arrivals', async () => {
    serveApi([answer(paths.catalog.listNewArrivals, page([product()]))])
    renderApp('/products?filter=new-arrivals')
    expect(await screen.findByRole('heading', { name: 'New Arrivals' })).toBeVisible()
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('navigation', { name: 'Collections' })).getAllByRole('link')).toHaveLength(
      4,
    )
  })
})
