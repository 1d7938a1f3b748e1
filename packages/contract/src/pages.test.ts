import { describe, expect, it } from 'vitest'
import { listingTitle, listQueryFrom, pageOf, pageTitle } from './pages'

describe('page titles', () => {
  it('names the home page and any other page after the store', () => {
    expect(pageTitle()).toBe('Comfort Living — Furniture & Home')
    expect(pageTitle('Oak Sofa')).toBe('Oak Sofa | Comfort Living')
  })

  it('titles a listing by its collection, search, or category and chosen details', () => {
    expect(listingTitle({})).toBe('All Products')
    expect(listingTitle({ listing: 'sale', category: 'Beds', page: 3 })).toBe('On Sale!, page 3')
    expect(listingTitle({ search: 'oak bed', category: 'Beds' })).toBe('Search: oak bed')
    expect(
      listingTitle({
        category: 'Beds',
        colours: ['Black'],
        materials: ['Oak', 'Teak'],
        inStock: true,
        page: 2,
      }),
    ).toBe('Beds: Black, Oak, Teak (in stock), page 2')
  })
})

describe('page titles in Urdu', () => {
  it('names the home page in Urdu and keeps the store’s name', () => {
    expect(pageTitle(undefined, 'ur')).toBe('Comfort Living — فرنیچر اور گھر')
    expect(pageTitle('اخروٹ صوفہ', 'ur')).toBe('اخروٹ صوفہ | Comfort Living')
  })

  it('titles a listing in Urdu, the category by the name given', () => {
    expect(listingTitle({}, 'ur')).toBe('تمام پروڈکٹس')
    expect(listingTitle({ listing: 'sale', page: 3 }, 'ur')).toBe('سیل!، صفحہ 3')
    expect(listingTitle({ search: 'صوفہ' }, 'ur')).toBe('تلاش: صوفہ')
    expect(
      listingTitle(
        { category: 'صوفے', colours: ['Black'], materials: ['Oak'], inStock: true, page: 2 },
        'ur',
      ),
    ).toBe('صوفے: Black، Oak (اسٹاک میں)، صفحہ 2')
  })
})

describe('a listing address', () => {
  it('keeps what the API accepts and drops the rest', () => {
    const params = new URLSearchParams(
      'category=beds&min_price=1,500&max_price=abc&material=Oak&material=%20&colour=Black&in_stock=yes&ordering=cheapest',
    )
    expect(listQueryFrom(params, '')).toEqual({
      search: undefined,
      category: 'beds',
      min_price: '1500',
      max_price: undefined,
      material: ['Oak'],
      colour: ['Black'],
      in_stock: undefined,
      ordering: undefined,
    })
    expect(listQueryFrom(new URLSearchParams('ordering=-price&in_stock=true'), 'sofa')).toMatchObject({
      search: 'sofa',
      ordering: '-price',
      in_stock: 'true',
    })
  })

  it('reads the page as a whole number above 1, else 1', () => {
    for (const [query, page] of [
      ['page=3', 3],
      ['page=0', 1],
      ['page=2.5', 1],
      ['page=x', 1],
      ['', 1],
    ] as const)
      expect(pageOf(new URLSearchParams(query)), query).toBe(page)
  })
})
