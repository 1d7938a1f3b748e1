import {
  FIRST_SCREEN_CARDS,
  formatPkr,
  IMAGE_SIZES,
  type LanguageCode,
  LISTING_PAGE_SIZE,
  type ListingFilter,
  type ListingQuery,
  listingTitle,
  type Product,
  PUNCTUATION,
  pageTitle,
  type Say,
  STORE_NAME,
  sentenceIn,
  toPaisa,
  wordsIn,
} from '@store/contract'
import { type PageHead, snippet } from './head'
import { type PageWord, urduPageWords } from './pages-ur'

/** Open Graph's locale of a page in each language */
const LOCALES: Record<LanguageCode, string> = { en: 'en_PK', ur: 'ur_PK' }

const NOT_FOUND = {
  Product: { title: 'Product not found', description: 'This product is not in the {store} catalogue.' },
  Category: { title: 'Category not found', description: 'This category is not in the {store} catalogue.' },
} as const satisfies Record<'Product' | 'Category', { title: PageWord; description: PageWord }>

const COLLECTION_DESCRIPTIONS = {
  'new-arrivals':
    'The newest furniture and home pieces at {store}, priced in PKR and delivered across Pakistan.',
  'flash-deals': 'Flash deals at {store}: sale pieces with only a few left, priced in PKR.',
  sale: 'Furniture on sale at {store}, priced in PKR and delivered across Pakistan.',
} as const satisfies Record<ListingFilter, PageWord>

/** A catalogue listing's description: how many pieces, of what, with which details, whether in stock. */
function listingDescription(
  say: Say<PageWord>,
  listing: { count: number; what: string | null; details: string; inStock: boolean },
): string {
  const { count, what, details, inStock } = listing
  const values = {
    count,
    what: what ?? say('furniture and home décor'),
    details: details ? say(' in {details}', { details }) : '',
    inStock: inStock ? say(' in stock') : '',
    store: STORE_NAME,
  }
  return count === 1
    ? say(
        'Shop 1 piece of {what}{details}{inStock} at {store}, priced in PKR and delivered across Pakistan.',
        values,
      )
    : say(
        'Shop {count} pieces of {what}{details}{inStock} at {store}, priced in PKR and delivered across Pakistan.',
        values,
      )
}

/** The products' first pictures as preloads of the page's <img>s with these `sizes`; none for a product without. */
const preloadsOf = (products: readonly (Product | undefined)[], sizes: string): PageHead['preloads'] =>
  products.flatMap((product) => {
    const image = product?.images[0]
    return image ? [{ href: image.image_url, srcset: image.srcset, sizes }] : []
  })

const SCHEMA = 'https://schema.org'

/** Absolute URLs of the shop's pages, for one origin. */
export class ShopUrls {
  constructor(readonly origin: string) {}

  absolute = (path: string) => new URL(path, `${this.origin}/`).toString()
  home = () => this.absolute('/')
  products = () => this.absolute('/products')
  category = (slug: string) => this.absolute(`/products?category=${encodeURIComponent(slug)}`)
  product = (id: number) => this.absolute(`/product/${id}`)
}

const crumbs = (items: { name: string; url: string }[]) => ({
  '@context': SCHEMA,
  '@type': 'BreadcrumbList',
  itemListElement: items.map((item, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: item.name,
    item: item.url,
  })),
})

/** `description`: the template's own, the home page's; `featured`: the carousel's first product, whose picture is the page's largest */
export function homeHead(
  urls: ShopUrls,
  description: string,
  featured: Product | undefined,
  language: LanguageCode,
): PageHead {
  return {
    title: pageTitle(undefined, language),
    description: sentenceIn(urduPageWords, language, description),
    locale: LOCALES[language],
    canonical: urls.home(),
    type: 'website',
    preloads: preloadsOf([featured], IMAGE_SIZES.showcase),
    jsonLd: [
      { '@context': SCHEMA, '@type': 'WebSite', name: STORE_NAME, url: urls.home() },
      { '@context': SCHEMA, '@type': 'Organization', name: STORE_NAME, url: urls.home() },
    ],
  }
}

/** schema.org availability: in stock, made to order at stock 0, else out of stock. */
const availabilityOf = (product: Product) =>
  `${SCHEMA}/${product.stock > 0 ? 'InStock' : product.lead_time_days > 0 ? 'MadeToOrder' : 'OutOfStock'}`

const availabilityText = (product: Product, say: Say<PageWord>) =>
  product.stock > 0
    ? say('In stock')
    : product.lead_time_days > 0
      ? say('Made to order')
      : say('Out of stock')

/** A product's page; `product` as answered in the page's language (its Urdu texts when it has them). */
export function productHead(
  urls: ShopUrls,
  product: Product,
  categorySlug: string | null,
  language: LanguageCode,
): PageHead {
  const say = wordsIn(urduPageWords, language)
  const url = urls.product(product.id)
  const images = product.images.map((image) => urls.absolute(image.image_url))
  const [first] = product.images
  const listing = categorySlug ? urls.category(categorySlug) : urls.products()
  return {
    title: pageTitle(product.name),
    description: snippet(
      `${formatPkr(toPaisa(product.price))} · ${availabilityText(product, say)}${PUNCTUATION[language].fullStop} ${product.description}`,
    ),
    locale: LOCALES[language],
    canonical: url,
    type: 'product',
    image: first && {
      url: urls.absolute(first.image_url),
      width: first.width,
      height: first.height,
      alt: product.name,
    },
    price: product.price,
    preloads: preloadsOf([product], IMAGE_SIZES.gallery),
    jsonLd: [
      {
        '@context': SCHEMA,
        '@type': 'Product',
        '@id': `${url}#product`,
        name: product.name,
        description: product.description,
        sku: String(product.id),
        url,
        ...(images.length > 0 && { image: images }),
        category: product.category,
        brand: { '@type': 'Brand', name: STORE_NAME },
        ...(product.material && { material: product.material }),
        ...(product.colour && { color: product.colour }),
        offers: {
          '@type': 'Offer',
          url,
          price: product.price,
          priceCurrency: 'PKR',
          availability: availabilityOf(product),
          itemCondition: `${SCHEMA}/NewCondition`,
          seller: { '@type': 'Organization', name: STORE_NAME },
        },
        ...(product.review_count > 0 && {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.average_rating,
            reviewCount: product.review_count,
            bestRating: 5,
            worstRating: 1,
          },
        }),
      },
      crumbs([
        { name: say('Home'), url: urls.home() },
        { name: product.category, url: listing },
        { name: product.name, url },
      ]),
    ],
  }
}

/** Pages with no content of their own for search engines: the SPA shows its not-found. */
export function notFoundHead(
  urls: ShopUrls,
  path: string,
  what: 'Product' | 'Category',
  language: LanguageCode,
): PageHead {
  const say = wordsIn(urduPageWords, language)
  return {
    title: pageTitle(say(NOT_FOUND[what].title)),
    description: say(NOT_FOUND[what].description, { store: STORE_NAME }),
    locale: LOCALES[language],
    canonical: urls.absolute(path),
    robots: 'noindex',
    type: 'website',
    jsonLd: [],
  }
}

export interface ListingPage {
  listing: ListingFilter | null
  search: string
  query: ListingQuery
  page: number
  category: { name: string; slug: string } | null
  /** The page's products and how many match, for a catalogue listing (not a collection or search) */
  found: { count: number; results: Product[] } | null
  /** The products the page shows first, whatever the listing: their pictures are preloaded */
  shown: readonly Product[]
}

/** A listing's canonical address: its filters in one order and spelling, the sort left out (same set). */
export function listingCanonical(urls: ShopUrls, view: ListingPage): string {
  const params = new URLSearchParams()
  const { query } = view
  if (view.listing) params.set('filter', view.listing)
  if (view.search) params.set('search', view.search)
  if (view.category) params.set('category', view.category.slug)
  for (const name of ['material', 'colour'] as const) {
    const values = [...new Set(query[name]?.map((value) => value.trim().toLowerCase()))].sort()
    for (const value of values) params.append(name, value)
  }
  if (query.min_price) params.set('min_price', query.min_price)
  if (query.max_price) params.set('max_price', query.max_price)
  if (query.in_stock) params.set('in_stock', 'true')
  if (view.page > 1) params.set('page', String(view.page))
  const search = params.toString()
  return urls.absolute(search ? `/products?${search}` : '/products')
}

/** A listing's page; the category named and the products answered in the page's language. */
export function listingHead(urls: ShopUrls, view: ListingPage, language: LanguageCode): PageHead {
  const say = wordsIn(urduPageWords, language)
  const { query, found } = view
  const title = pageTitle(
    listingTitle(
      {
        listing: view.listing,
        search: view.search,
        category: view.category?.name,
        materials: query.material,
        colours: query.colour,
        inStock: query.in_stock === 'true',
        page: view.page,
      },
      language,
    ),
  )
  const canonical = listingCanonical(urls, view)
  const details = [...(query.colour ?? []), ...(query.material ?? [])].join(
    PUNCTUATION[language].listSeparator,
  )
  const description = view.listing
    ? say(COLLECTION_DESCRIPTIONS[view.listing], { store: STORE_NAME })
    : view.search
      ? say('Search results for “{words}” at {store}.', { words: view.search, store: STORE_NAME })
      : listingDescription(say, {
          count: found?.count ?? 0,
          what: view.category?.name ?? null,
          details,
          inStock: query.in_stock === 'true',
        })
  const first = found?.results.find((product) => product.images.length > 0)
  const image = first?.images[0]
  const trail = [
    { name: say('Home'), url: urls.home() },
    { name: say('All Products'), url: urls.products() },
    ...(view.listing ? [{ name: listingTitle({ listing: view.listing }, language), url: canonical }] : []),
    ...(view.category ? [{ name: view.category.name, url: urls.category(view.category.slug) }] : []),
  ]
  return {
    title,
    description,
    canonical,
    // Search results are not pages of their own for an index (Google's guidelines).
    ...(view.search && { robots: 'noindex, follow' }),
    locale: LOCALES[language],
    type: 'website',
    preloads: preloadsOf(view.shown.slice(0, FIRST_SCREEN_CARDS), IMAGE_SIZES.card),
    image: first &&
      image && {
        url: urls.absolute(image.image_url),
        width: image.width,
        height: image.height,
        alt: first.name,
      },
    jsonLd: [
      crumbs(trail),
      ...(found && found.results.length > 0
        ? [
            {
              '@context': SCHEMA,
              '@type': 'ItemList',
              numberOfItems: found.count,
              itemListElement: found.results.map((product, index) => ({
                '@type': 'ListItem',
                position: (view.page - 1) * LISTING_PAGE_SIZE + index + 1,
                url: urls.product(product.id),
                name: product.name,
              })),
            },
          ]
        : []),
    ],
  }
}
