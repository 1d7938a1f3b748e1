import { describe, expect, it } from 'vitest'
import { apiAddress } from './first-screen'

describe('apiAddress', () => {
  it('fills in the path and writes the query in order of name, empty fields left out', () => {
    expect(apiAddress('/api/products/:id/reviews/:reviewId/', { id: 7, reviewId: 'a b' })).toBe(
      '/api/products/7/reviews/a%20b/',
    )
    expect(
      apiAddress(
        '/api/products/',
        {},
        { search: 'oak', page_size: 24, ordering: undefined, category: '', page: 1 },
      ),
    ).toBe('/api/products/?page=1&page_size=24&search=oak')
    expect(apiAddress('/api/products/', {}, {})).toBe('/api/products/')
  })

  it('gives one request one address whatever order its fields were written in', () => {
    const one = apiAddress(
      '/api/products/',
      {},
      { material: ['Teak', 'Oak'], category: 'beds', in_stock: 'true' },
    )
    const other = apiAddress(
      '/api/products/',
      {},
      { in_stock: 'true', category: 'beds', material: ['Teak', 'Oak'] },
    )
    expect(one).toBe(other)
    // A list repeats its name, in its own order; values are encoded.
    expect(one).toBe('/api/products/?category=beds&in_stock=true&material=Teak&material=Oak')
    expect(apiAddress('/api/products/', {}, { search: 'sofa & bed' })).toBe(
      '/api/products/?search=sofa+%26+bed',
    )
  })
})
