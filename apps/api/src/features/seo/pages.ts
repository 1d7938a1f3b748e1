import {
  FIRST_SCREEN_CARDS,
  formatPkr,
  IMAGE_SIZES,
  type LanguageCode,
  LISTING_PAGE_SIZE,
  LISTING_TITLES,
  LISTING_TITLES_UR,
  type ListingFilter,
  type ListingQuery,
  listingTitle,
  type Product,
  pageTitle,
  STORE_NAME,
  toPaisa,
} from '@store/contract'
import { type PageHead, snippet } from './head'

/** What the heads say, by the page's language: English, and Urdu for a browser that chose it. */
interface HeadWords {
  locale: string
  home: string
  allProducts: string
  /** The home page's description when the template's own (English) one is not the page's language */
  homeDescription: string | null
  availability: { inStock: string; madeToOrder: string; outOfStock: string }
  notFound: Record<'Product' | 'Category', { title: string; description: string }>
  collections: Record<ListingFilter, string>
  collectionNames: Record<ListingFilter, string>
  search: (words: string) => string
  listing: (count: number, what: string | null, details: string, inStock: boolean) => string
}

const PKR_DELIVERED = 'priced in PKR and delivered across Pakistan'
const ENGLISH: HeadWords = {
  locale: 'en_PK',
  home: 'Home',
  allProducts: 'All Products',
  homeDescription: null,
  availability: { inStock: 'In stock', madeToOrder: 'Made to order', outOfStock: 'Out of stock' },
  notFound: {
    Product: {
      title: 'Product not found',
      description: `This product is not in the ${STORE_NAME} catalogue.`,
    },
    Category: {
      title: 'Category not found',
      description: `This category is not in the ${STORE_NAME} catalogue.`,
    },
  },
  collections: {
    'new-arrivals': `The newest furniture and home pieces at ${STORE_NAME}, ${PKR_DELIVERED}.`,
    'flash-deals': `Flash deals at ${STORE_NAME}: sale pieces with only a few left, priced in PKR.`,
    sale: `Furniture on sale at ${STORE_NAME}, ${PKR_DELIVERED}.`,
  },
  collectionNames: LISTING_TITLES,
  search: (words) => `Search results for “${words}” at ${STORE_NAME}.`,
  listing: (count, what, details, inStock) =>
    `Shop ${count} ${count === 1 ? 'piece' : 'pieces'} of ${what ?? 'furniture and home décor'}${
      details ? ` in ${details}` : ''
    }${inStock ? ' in stock' : ''} at ${STORE_NAME}, ${PKR_DELIVERED}.`,
}

const URDU_PKR_DELIVERED = 'قیمتیں روپوں (PKR) میں، اور پورے پاکستان میں ڈیلیوری'
const URDU: HeadWords = {
  locale: 'ur_PK',
  home: 'ہوم',
  allProducts: 'تمام پروڈکٹس',
  homeDescription: `${STORE_NAME}: فرنیچر اور گھر کی آرائش، ${URDU_PKR_DELIVERED}۔`,
  availability: { inStock: 'اسٹاک میں موجود', madeToOrder: 'آرڈر پر تیار', outOfStock: 'اسٹاک ختم' },
  notFound: {
    Product: { title: 'پروڈکٹ نہیں ملی', description: `یہ پروڈکٹ ${STORE_NAME} کی فہرست میں نہیں۔` },
    Category: { title: 'کیٹیگری نہیں ملی', description: `یہ کیٹیگری ${STORE_NAME} کی فہرست میں نہیں۔` },
  },
  collections: {
    'new-arrivals': `${STORE_NAME} کا نیا فرنیچر اور گھر کی آرائش، ${URDU_PKR_DELIVERED}۔`,
    'flash-deals': `${STORE_NAME} کی فلیش ڈیلز: سیل کے وہ پیس جو بس چند ہی باقی ہیں، قیمتیں روپوں (PKR) میں۔`,
    sale: `${STORE_NAME} پر سیل کا فرنیچر، ${URDU_PKR_DELIVERED}۔`,
  },
  collectionNames: LISTING_TITLES_UR,
  search: (words) => `${STORE_NAME} پر “${words}” کی تلاش کے نتائج۔`,
  listing: (count, what, details, inStock) =>
    `${STORE_NAME} پر ${what ?? 'فرنیچر اور گھر کی آرائش'} کے ${count} پیس${details ? ` (${details})` : ''}${
      inStock ? '، جو اسٹاک میں موجود ہیں' : ''
    }؛ ${URDU_PKR_DELIVERED}۔`,
}

const WORDS: Record<LanguageCode, HeadWords> = { en: ENGLISH, ur: URDU }

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

/** `featured`: the carousel's first product, whose picture is the page's largest */
export function homeHead(
  urls: ShopUrls,
  description: string,
  featured: Product | undefined,
  language: LanguageCode,
): PageHead {
  return {
    title: pageTitle(undefined, language),
    description: WORDS[language].homeDescription ?? description,
    locale: WORDS[language].locale,
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

const availabilityText = (product: Product, { availability }: HeadWords) =>
  product.stock > 0
    ? availability.inStock
    : product.lead_time_days > 0
      ? availability.madeToOrder
      : availability.outOfStock

/** A product's page; `product` as answered in the page's language (its Urdu texts when it has them). */
export function productHead(
  urls: ShopUrls,
  product: Product,
  categorySlug: string | null,
  language: LanguageCode,
): PageHead {
  const words = WORDS[language]
  const url = urls.product(product.id)
  const images = product.images.map((image) => urls.absolute(image.image_url))
  const [first] = product.images
  const listing = categorySlug ? urls.category(categorySlug) : urls.products()
  const stop = language === 'ur' ? '۔' : '.'
  return {
    title: pageTitle(product.name),
    description: snippet(
      `${formatPkr(toPaisa(product.price))} · ${availabilityText(product, words)}${stop} ${product.description}`,
    ),
    locale: words.locale,
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
        { name: words.home, url: urls.home() },
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
  const words = WORDS[language]
  return {
    title: pageTitle(words.notFound[what].title),
    description: words.notFound[what].description,
    locale: words.locale,
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
  const words = WORDS[language]
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
  const details = [...(query.colour ?? []), ...(query.material ?? [])].join(language === 'ur' ? '، ' : ', ')
  const description = view.listing
    ? words.collections[view.listing]
    : view.search
      ? words.search(view.search)
      : words.listing(found?.count ?? 0, view.category?.name ?? null, details, query.in_stock === 'true')
  const first = found?.results.find((product) => product.images.length > 0)
  const image = first?.images[0]
  const trail = [
    { name: words.home, url: urls.home() },
    { name: words.allProducts, url: urls.products() },
    ...(view.listing ? [{ name: words.collectionNames[view.listing], url: canonical }] : []),
    ...(view.category ? [{ name: view.category.name, url: urls.category(view.category.slug) }] : []),
  ]
  return {
    title,
    description,
    canonical,
    // Search results are not pages of their own for an index (Google's guidelines).
    ...(view.search && { robots: 'noindex, follow' }),
    locale: words.locale,
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
