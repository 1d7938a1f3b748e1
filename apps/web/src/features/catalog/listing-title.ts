import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ListingFilter, ListingView } from '@store/contract'

/** docs/product.md §2's collection titles (contract pages.ts LISTING_TITLES), in the reader's language. */
export const LISTING_NAMES: Record<ListingFilter, MessageDescriptor> = {
  'new-arrivals': msg`New Arrivals`,
  'flash-deals': msg`Flash Deals`,
  sale: msg`On Sale!`,
}

export const ALL_PRODUCTS = msg`All Products`

/**
 * contract pages.ts `listingTitle` in the reader's language, the same words in English (the server's
 * HTML has that one): the collection, the search, or the category with the chosen details.
 */
export function listingTitleIn(i18n: I18n, view: ListingView): string {
  const { search, page } = view
  const details = [...(view.colours ?? []), ...(view.materials ?? [])]
  let title: string
  if (view.listing) title = i18n._(LISTING_NAMES[view.listing])
  else if (search) title = i18n._(msg`Search: ${search}`)
  else {
    const base = view.category ?? i18n._(ALL_PRODUCTS)
    // Urdu lists with its own comma.
    const list = details.join(i18n.locale === 'ur' ? '، ' : ', ')
    title = details.length > 0 ? i18n._(msg`${base}: ${list}`) : base
  }
  if (!view.listing && view.inStock) title = i18n._(msg`${title} (in stock)`)
  if (page && page > 1) title = i18n._(msg`${title}, page ${page}`)
  return title
}
