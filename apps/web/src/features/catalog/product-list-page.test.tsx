import { paths } from '@store/contract'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { answer, page, renderApp, serveApi } from '../../test/app'
import { product } from '../../test/fixtures'

describe('the product listing', () => {
  it('says when a search shows the closest matches rather than products holding every word', async () => {
    serveApi([
      answer(paths.catalog.listProducts, {
        ...page([product({ name: 'Brass Arc Floor Lamp' }), product({ id: 2, name: 'Oak Wardrobe' })]),
        partial_match: { words_matched: 1, words_total: 2 },
      }),
    ])
    renderApp('/products?search=brass%20wardrobe')
    expect(await screen.findByText('Results for “brass wardrobe”', { exact: false })).toBeVisible()
    expect(
      await screen.findByText('No product matches every word; showing products that match 1 of 2 words.'),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'Oak Wardrobe' })).toBeVisible()
  })
})
