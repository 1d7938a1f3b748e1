import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { OptionalPart } from './optional-part'

function Broken(): never {
  throw new Error('chunk failed to load')
}

describe('OptionalPart', () => {
  it('leaves a failed part out and keeps the rest of the page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <main>
        <h1>All Products</h1>
        <OptionalPart>
          <Broken />
        </OptionalPart>
      </main>,
    )
    expect(screen.getByRole('heading', { name: 'All Products' })).toBeVisible()
    vi.restoreAllMocks()
  })
})
