import { type LanguageCode, PUNCTUATION } from './languages'
import { paths } from './paths'
import { type SentenceCatalog, wordsIn } from './sentences'

/**
 * The shop's page titles, written once: the server puts them into the HTML it sends (for search
 * engines and link previews) and the web app sets the same ones, so the tab never changes its name
 * when the app takes over.
 */
export const STORE_NAME = 'Comfort Living'

/**
 * The titles' and the splash's words in Urdu, in the catalog format of the API's sentences
 * (sentences.ts): the English text is the key. The collections' titles are docs/product.md §2's.
 */
export const urduPageTitles = {
  '{store} — Furniture & Home': '{store} — فرنیچر اور گھر',
  'Loading your comfort...': 'آپ کے آرام کا سامان تیار ہو رہا ہے...',
  'New Arrivals': 'نئی آمد',
  'Flash Deals': 'فلیش ڈیلز',
  'On Sale!': 'سیل!',
  'Search: {search}': 'تلاش: {search}',
  'All Products': 'تمام پروڈکٹس',
  ' (in stock)': ' (اسٹاک میں)',
  ', page {page}': '، صفحہ {page}',
} satisfies SentenceCatalog

/** A page's title in the tab; the home page's when none is given (in Urdu for `'ur'`). */
export const pageTitle = (title?: string, language: LanguageCode = 'en'): string =>
  title
    ? `${title} | ${STORE_NAME}`
    : wordsIn(urduPageTitles, language)('{store} — Furniture & Home', { store: STORE_NAME })

/** The splash's words (app/splash.tsx, and index.html before any script runs), by language. */
export const SPLASH_TEXT: Record<LanguageCode, string> = {
  en: wordsIn(urduPageTitles, 'en')('Loading your comfort...'),
  ur: wordsIn(urduPageTitles, 'ur')('Loading your comfort...'),
}

/** Products on a listing page: four rows of the widest grid, divisible by 2, 3 and 4 so every row is full. */
export const LISTING_PAGE_SIZE = 24

/**
 * The listing's cards whose pictures are on the first screen: a desktop row of four, two phone rows
 * of two. The page asks for them first, and the server's HTML preloads them.
 */
export const FIRST_SCREEN_CARDS = 4

/** The home page's newest products ("Our Collection"): three rows of four, two rows of six on phones */
export const HOME_COLLECTION_SIZE = 12

/** Every category in one page: a store has tens, not hundreds */
export const ALL_CATEGORIES_PAGE_SIZE = 100

/**
 * The `sizes` of each page's first pictures: the web app's <img> and the server's preload of the
 * same picture must agree, or the browser fetches it twice.
 */
export const IMAGE_SIZES = {
  /** A product page's main picture */
  gallery: '(min-width: 992px) 50vw, 100vw',
  /** A product card in a grid: 2 a row on phones, 3 from md, 4 from xl */
  card: '(min-width: 1200px) 300px, (min-width: 768px) 33vw, 50vw',
  /** The home page's carousel */
  showcase: '(min-width: 992px) 60vw, 100vw',
} as const

/** docs/product.md §2: the listing's `filter` values and the title each gives the page. */
export const LISTING_TITLES = {
  'new-arrivals': 'New Arrivals',
  'flash-deals': 'Flash Deals',
  sale: 'On Sale!',
} as const

export type ListingFilter = keyof typeof LISTING_TITLES

/** docs/product.md §2: each listing `filter` is a list of its own. */
export const LISTING_ROUTES = {
  'new-arrivals': paths.catalog.listNewArrivals,
  'flash-deals': paths.catalog.listFlashDeals,
  sale: paths.catalog.listSale,
} as const satisfies Record<ListingFilter, unknown>

export function listingOf(filter: string | null | undefined): ListingFilter | null {
  return filter && Object.hasOwn(LISTING_TITLES, filter) ? (filter as ListingFilter) : null
}

/**
 * The list's orderings (docs/api.md), here rather than beside the schemas so the web app reads them without
 * zod.
 */
export const PRODUCT_ORDERINGS = ['-created_at', 'price', '-price', '-average_rating', 'name'] as const

/** A listing's catalogue query as its address holds it (the page and the collection aside). */
export interface ListingQuery {
  search?: string | undefined
  category?: string | undefined
  min_price?: string | undefined
  max_price?: string | undefined
  material?: string[] | undefined
  colour?: string[] | undefined
  in_stock?: 'true' | undefined
  ordering?: (typeof PRODUCT_ORDERINGS)[number] | undefined
}

/** An amount as typed in a price box: grouping commas and spaces are dropped, then two decimals at most. */
export function amountFrom(typed: string | null | undefined): string | undefined {
  const value = typed?.replace(/[,\s]/g, '')
  return value && /^\d{1,10}(\.\d{1,2})?$/.test(value) ? value : undefined
}

/**
 * The listing's query as the URL holds it, read alike by the web app and by the server's HTML for the
 * same address. Nonsense is dropped rather than sent: the API would answer it with a 400.
 */
export function listQueryFrom(params: URLSearchParams, search: string): ListingQuery {
  const amount = (name: string) => amountFrom(params.get(name))
  const words = (name: string) => {
    const values = params.getAll(name).filter((value) => value.trim() !== '')
    return values.length > 0 ? values : undefined
  }
  const ordering = params.get('ordering')
  return {
    search: search || undefined,
    category: params.get('category') || undefined,
    min_price: amount('min_price'),
    max_price: amount('max_price'),
    material: words('material'),
    colour: words('colour'),
    in_stock: params.get('in_stock') === 'true' ? 'true' : undefined,
    ordering: PRODUCT_ORDERINGS.find((each) => each === ordering),
  }
}

/** The page number an address asks for (`?page=`): 1 unless a whole number above 1. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}

/** What a listing page shows, as its address says (the category by its name). */
export interface ListingView {
  listing?: ListingFilter | null
  search?: string | undefined
  category?: string | undefined
  materials?: readonly string[] | undefined
  colours?: readonly string[] | undefined
  inStock?: boolean
  page?: number
}

/**
 * A listing's title: the collection, the search, or the category with the chosen materials and
 * colours; in Urdu for `'ur'` (the category's name as given, the reader's one).
 */
export function listingTitle(view: ListingView, language: LanguageCode = 'en'): string {
  const say = wordsIn(urduPageTitles, language)
  const title = view.listing
    ? say(LISTING_TITLES[view.listing])
    : view.search
      ? say('Search: {search}', { search: view.search })
      : withDetails(
          view.category ?? say('All Products'),
          [...(view.colours ?? []), ...(view.materials ?? [])],
          PUNCTUATION[language].listSeparator,
        )
  const stock = !view.listing && view.inStock ? say(' (in stock)') : ''
  const page = view.page && view.page > 1 ? say(', page {page}', { page: view.page }) : ''
  return `${title}${stock}${page}`
}

const withDetails = (base: string, details: string[], comma: string) =>
  details.length > 0 ? `${base}: ${details.join(comma)}` : base
