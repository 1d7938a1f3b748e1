import { type ListingView, listingTitle } from '@store/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage, i18n } from '../../lib/i18n'
import { listingTitleIn } from './listing-title'

const views: ListingView[] = [
  {},
  { listing: 'new-arrivals' },
  { listing: 'sale', inStock: true, page: 3 },
  { search: 'oak bed', page: 2 },
  { category: 'Sofas', colours: ['Green'], materials: ['Velvet', 'Linen'], inStock: true },
  { category: 'Beds', page: 4 },
  { inStock: true },
]

afterEach(() => activateLanguage('en', { remember: false }))

describe('a listing title in the reader’s language', () => {
  it('is word for word the server’s title in English', () => {
    for (const view of views) expect(listingTitleIn(i18n, view)).toBe(listingTitle(view))
  })

  it('is Urdu in Urdu, the category and the details as the shop named them', async () => {
    await activateLanguage('ur', { remember: false })
    expect(listingTitleIn(i18n, { listing: 'sale' })).toBe('سیل پر!')
    expect(
      listingTitleIn(i18n, { category: 'Sofas', colours: ['Green'], materials: ['Velvet'], page: 2 }),
    ).toBe('Sofas: Green، Velvet، صفحہ 2')
    expect(listingTitleIn(i18n, { search: 'oak', inStock: true })).toBe('تلاش: oak (اسٹاک میں)')
    expect(listingTitleIn(i18n, { inStock: true })).toBe('تمام مصنوعات (اسٹاک میں)')
  })
})
