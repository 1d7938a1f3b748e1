import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  ALL_CATEGORIES_PAGE_SIZE,
  apiAddress,
  FIRST_ANSWERS_ID,
  FIRST_SCREEN_CARDS,
  type FirstAnswers,
  HOME_COLLECTION_SIZE,
  IMAGE_SIZES,
  LISTING_PAGE_SIZE,
  paths,
} from '@store/contract'
import { eq } from 'drizzle-orm'
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { call, createTestApp, createTestUser, type TestContext } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { categories, products } from '../../db/schema'
import { ShopUrls } from './pages'
import { sitemapProductsXml, sitemapXml } from './sitemap'

// The server's HTML read as a crawler reads it: parsed, no script run (jsdom runs none unless asked).
// index.html with Bootstrap's two stylesheets linked as the build links them
// (apps/web/scripts/bootstrap-stylesheets.ts: the right-to-left one disabled).
const webDist = mkdtempSync(path.join(tmpdir(), 'store-web-'))
writeFileSync(
  path.join(webDist, 'index.html'),
  readFileSync(path.resolve(import.meta.dirname, '../../../../web/index.html'), 'utf8').replace(
    '<head>',
    '<head>\n    <link rel="stylesheet" id="bootstrap-ltr" href="/assets/bootstrap-ltr-Ab1.css">\n' +
      '    <link rel="stylesheet" id="bootstrap-rtl" href="/assets/bootstrap-rtl-Cd2.css" disabled>',
  ),
)
// Vite's manifest as `build.manifest` writes it: the product page's lazy chunk imports the entry's
// chunk (loaded by index.html already) and a chunk of its own; each language's pages catalog is a chunk.
mkdirSync(path.join(webDist, '.vite'))
writeFileSync(
  path.join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/app/pages/product-page.tsx': {
      file: 'assets/product-page-P1.js',
      isDynamicEntry: true,
      imports: ['_main.js', '_reviews-R1.js'],
    },
    '_main.js': { file: 'src/main.tsx' },
    '_reviews-R1.js': { file: 'assets/reviews-R1.js', imports: ['_main.js'] },
    'src/locales/en/pages.po': { file: 'assets/pages-En1.js', isDynamicEntry: true },
    'src/locales/ur/pages.po': { file: 'assets/pages-Ur1.js', isDynamicEntry: true },
  }),
)

const ORIGIN = 'https://shop.example.com'
let context: TestContext

beforeAll(async () => {
  context = await createTestApp({ env: 'production', webDistDir: webDist, publicUrl: ORIGIN })
})
afterAll(async () => {
  await context.close()
  rmSync(webDist, { recursive: true, force: true })
})

async function crawl(url: string, headers: Record<string, string> = {}) {
  const answer = await context.app.inject({ method: 'GET', url, headers })
  const { document } = new JSDOM(answer.body).window
  const all = (selector: string) => [...document.querySelectorAll(selector)]
  const content = (selector: string) => {
    const found = all(selector)
    expect(found, selector).toHaveLength(1)
    return found[0]?.getAttribute('content') ?? found[0]?.getAttribute('href')
  }
  return {
    answer,
    document,
    title: document.title,
    description: content('meta[name="description"]'),
    canonical: content('link[rel="canonical"]'),
    og: (property: string) => content(`meta[property="${property}"]`),
    robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    preloads: preloadsOf(document),
    jsonLd: all('script[type="application/ld+json"]').map((script) => JSON.parse(script.textContent ?? '')),
    scripts: all('script').map((script) => script.getAttribute('type')),
    firstAnswers: firstAnswersOf(document),
    modulePreloads: all('link[rel="modulepreload"]').map((link) => link.getAttribute('href')),
  }
}

/** The first screen's answers the page holds (exactly one element of them) */
function firstAnswersOf(document: Document): FirstAnswers | null {
  const element = document.getElementById(FIRST_ANSWERS_ID)
  return element ? (JSON.parse(element.textContent ?? '') as FirstAnswers) : null
}

/** The API's own answer at an address, as the web app would get it (the page keys its answers by address) */
async function apiAnswer(address: string, headers: Record<string, string> = {}) {
  const answer = await call(context.app, { method: 'GET', url: address, headers })
  expect(answer.status, address).toBe(200)
  return answer.body
}

/** The page's image preloads, in the page's order. */
function preloadsOf(document: Document) {
  return [...document.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
    href: link.getAttribute('href'),
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
  }))
}

// What Google's rich results need of each type (schema.org URLs for the enumerations).
const Url = z.url().startsWith(`${ORIGIN}/`)
const ProductLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  description: z.string(),
  sku: z.string(),
  url: Url,
  image: z.array(Url).min(1).optional(),
  offers: z.object({
    '@type': z.literal('Offer'),
    url: Url,
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.literal('PKR'),
    availability: z.enum([
      'https://schema.org/InStock',
      'https://schema.org/OutOfStock',
      'https://schema.org/MadeToOrder',
    ]),
  }),
  aggregateRating: z
    .object({
      '@type': z.literal('AggregateRating'),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.number().int().positive(),
    })
    .optional(),
})
const BreadcrumbLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.object({ '@type': z.literal('ListItem'), position: z.number().int(), name: z.string(), item: Url }),
    )
    .min(2),
})

function ldOfType(jsonLd: unknown[], type: string) {
  const found = jsonLd.filter((object) => (object as { '@type'?: string })['@type'] === type)
  expect(found, type).toHaveLength(1)
  return found[0]
}

/** The app still takes over: its root with the splash and its module script are in the page. */
function expectTheApp(page: Awaited<ReturnType<typeof crawl>>) {
  expect(page.answer.headers['content-type']).toMatch(/^text\/html/)
  expect(page.document.querySelector('#root .splash')).not.toBeNull()
  expect(page.scripts.filter((type) => type === 'module')).toHaveLength(1)
  expect(page.document.querySelectorAll('title')).toHaveLength(1)
}

describe('GET /product/{id}', () => {
  it("gives the product's own title, description, canonical link, Open Graph and JSON-LD", async () => {
    const product = await insertProduct(context.database.db, {
      name: 'Walnut Coffee Table',
      price: '12500.00',
      stock: 4,
      withImage: true,
    })
    const page = await crawl(`/product/${product.id}?utm_source=mail`)
    expect(page.answer.statusCode).toBe(200)
    expectTheApp(page)
    expect(page.title).toBe('Walnut Coffee Table | Comfort Living')
    expect(page.description).toBe('PKR 12,500 · In stock. A product made for a test.')
    expect(page.canonical).toBe(`${ORIGIN}/product/${product.id}`)
    expect(page.og('og:type')).toBe('product')
    expect(page.og('og:title')).toBe('Walnut Coffee Table | Comfort Living')
    expect(page.og('og:url')).toBe(`${ORIGIN}/product/${product.id}`)
    expect(page.og('og:image')).toBe(`${ORIGIN}/media/products/test-${product.id}-640.webp`)
    expect(page.og('product:price:amount')).toBe('12500.00')
    expect(page.robots).toBeNull()
    // The main picture is on its way before any script runs, as the gallery's <img> will ask for it.
    expect(page.preloads).toEqual([
      {
        href: `/media/products/test-${product.id}-640.webp`,
        srcset: `/media/products/test-${product.id}-320.webp 320w, /media/products/test-${product.id}-640.webp 640w`,
        sizes: IMAGE_SIZES.gallery,
      },
    ])

    const ld = ProductLd.parse(ldOfType(page.jsonLd, 'Product'))
    expect(ld).toMatchObject({
      name: 'Walnut Coffee Table',
      sku: String(product.id),
      offers: { price: '12500.00', priceCurrency: 'PKR', availability: 'https://schema.org/InStock' },
    })
    expect(ld.aggregateRating).toBeUndefined()
    const crumbs = BreadcrumbLd.parse(ldOfType(page.jsonLd, 'BreadcrumbList'))
    expect(crumbs.itemListElement.map((item) => [item.position, item.name, item.item])).toEqual([
      [1, 'Home', `${ORIGIN}/`],
      [2, 'Test furniture', `${ORIGIN}/products?category=test-furniture`],
      [3, 'Walnut Coffee Table', `${ORIGIN}/product/${product.id}`],
    ])
  })

  it('rates a reviewed product and follows a price change at once', async () => {
    const product = await insertProduct(context.database.db, { name: 'Reviewed Chair', price: '8000.00' })
    const customer = await createTestUser(context)
    const review = await callRoute(context.app, paths.reviews.createReview, {
      params: { id: product.id },
      body: { rating: 4, comment: 'Sturdy.' },
      user: customer,
    })
    expect(review.status).toBe(201)
    await context.database.db.update(products).set({ price: '7500.50' }).where(eq(products.id, product.id))

    const ld = ProductLd.parse(ldOfType((await crawl(`/product/${product.id}`)).jsonLd, 'Product'))
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 })
    expect(ld.offers.price).toBe('7500.50')
  })

  it('says out of stock, or made to order for a piece made on request', async () => {
    const soldOut = await insertProduct(context.database.db, { stock: 0 })
    const madeToOrder = await insertProduct(context.database.db, { stock: 0, leadTimeDays: 21 })
    const availability = async (id: number) =>
      ProductLd.parse(ldOfType((await crawl(`/product/${id}`)).jsonLd, 'Product')).offers.availability
    expect(await availability(soldOut.id)).toBe('https://schema.org/OutOfStock')
    expect(await availability(madeToOrder.id)).toBe('https://schema.org/MadeToOrder')
    expect((await crawl(`/product/${madeToOrder.id}`)).description).toMatch(/^PKR 1,000 · Made to order\./)
  })

  it('escapes a name and description that try to end the script or an attribute', async () => {
    const name = `Sofa</script><script>alert(1)</script> "big" & 'soft' <!-- \u2028`
    const description = `Ends here --> </title><img src=x onerror=alert(2)> "quoted"`
    const product = await insertProduct(context.database.db, { name })
    await context.database.db.update(products).set({ description }).where(eq(products.id, product.id))

    const page = await crawl(`/product/${product.id}`)
    expectTheApp(page)
    expect(page.title).toBe(`${name} | Comfort Living`)
    expect(page.og('og:title')).toBe(`${name} | Comfort Living`)
    expect(page.description).toBe(`PKR 1,000 · In stock. ${description.replace(/\s+/g, ' ')}`)
    // Nothing the text held became an element: one module script, three data blocks, no image.
    expect(page.scripts.sort()).toEqual([
      'application/json',
      'application/ld+json',
      'application/ld+json',
      'module',
    ])
    expect(page.firstAnswers?.answers[`/api/products/${product.id}/`]).toMatchObject({ name, description })
    expect(page.document.querySelectorAll('img:not(.splash-logo)')).toHaveLength(0)
    const ld = ProductLd.parse(ldOfType(page.jsonLd, 'Product'))
    expect(ld.name).toBe(name)
    expect(ld.description).toBe(description)
    expect(page.answer.body).not.toContain('</script><script>alert(1)')
  })

  it('answers 404 with the app (so it shows its not-found) for an unknown or malformed id', async () => {
    for (const url of ['/product/987654', '/product/abc', '/product/99999999999', '/product/0']) {
      const page = await crawl(url)
      expect(page.answer.statusCode, url).toBe(404)
      expectTheApp(page)
      expect(page.title).toBe('Product not found | Comfort Living')
      expect(page.robots).toBe('noindex')
      expect(page.jsonLd).toEqual([])
    }
  })

  it('keeps the Content-Security-Policy without inline scripts: JSON-LD is data', async () => {
    const product = await insertProduct(context.database.db)
    const answer = await context.app.inject({ method: 'GET', url: `/product/${product.id}` })
    const scriptSrc = /script-src ([^;]*)/.exec(String(answer.headers['content-security-policy']))?.[1]
    expect(scriptSrc).toBe("'self'")
  })
})

describe('GET /products', () => {
  let categorySlug: string
  beforeAll(async () => {
    const db = context.database.db
    const [category] = await db
      .insert(categories)
      .values({ name: 'Living Room' })
      .returning({ id: categories.id, slug: categories.slug })
    if (!category) throw new Error('no category')
    categorySlug = category.slug
    const sofa = await insertProduct(db, { name: 'Oak Sofa', withImage: true })
    const table = await insertProduct(db, { name: 'Teak Table' })
    await db
      .update(products)
      .set({ categoryId: category.id, material: 'Oak', colour: 'Black' })
      .where(eq(products.id, sofa.id))
    await db
      .update(products)
      .set({ categoryId: category.id, material: 'Teak' })
      .where(eq(products.id, table.id))
  })

  it('names the whole catalogue with its count, and lists the page in JSON-LD', async () => {
    const total = await context.database.db.$count(products)
    const page = await crawl('/products')
    expect(page.answer.statusCode).toBe(200)
    expectTheApp(page)
    expect(page.title).toBe('All Products | Comfort Living')
    expect(page.description).toBe(
      `Shop ${total} pieces of furniture and home décor at Comfort Living, priced in PKR and delivered across Pakistan.`,
    )
    expect(page.canonical).toBe(`${ORIGIN}/products`)
    expect(page.og('og:type')).toBe('website')
    const list = ldOfType(page.jsonLd, 'ItemList') as { itemListElement: { position: number; url: string }[] }
    expect(list.itemListElement.length).toBe(Math.min(total, 24))
    expect(list.itemListElement[0]).toMatchObject({
      position: 1,
      url: expect.stringMatching(`^${ORIGIN}/product/\\d+$`),
    })
    BreadcrumbLd.parse(ldOfType(page.jsonLd, 'BreadcrumbList'))
  })

  it('gives a category its name, by name or slug, with the slug in the canonical link', async () => {
    for (const url of [
      '/products?category=Living%20Room',
      `/products?category=${categorySlug}&ordering=price`,
    ]) {
      const page = await crawl(url)
      expect(page.title, url).toBe('Living Room | Comfort Living')
      expect(page.description).toBe(
        'Shop 2 pieces of Living Room at Comfort Living, priced in PKR and delivered across Pakistan.',
      )
      expect(page.canonical).toBe(`${ORIGIN}/products?category=living-room`)
      expect(page.og('og:image')).toMatch(new RegExp(`^${ORIGIN}/media/products/test-\\d+-640\\.webp$`))

      const crumbs = BreadcrumbLd.parse(ldOfType(page.jsonLd, 'BreadcrumbList'))
      expect(crumbs.itemListElement.at(-1)).toMatchObject({
        name: 'Living Room',
        item: `${ORIGIN}/products?category=living-room`,
      })
    }
  })

  it("preloads the first screen's card pictures in the page's own order, skipping cards without", async () => {
    const db = context.database.db
    const [study] = await db.insert(categories).values({ name: 'Study' }).returning({ id: categories.id })
    if (!study) throw new Error('no category')
    const made = []
    for (const withImage of [true, true, true, false, true, true]) {
      const product = await insertProduct(db, { withImage })
      await db.update(products).set({ categoryId: study.id }).where(eq(products.id, product.id))
      made.push({ id: product.id, withImage })
    }
    const picture = (id: number) => `/media/products/test-${id}-640.webp`
    // Newest first: the last made leads; of the first four cards, three have a picture.
    const newest = await crawl('/products?category=study')
    const firstCards = made.toReversed().slice(0, FIRST_SCREEN_CARDS)
    expect(newest.preloads.map((preload) => preload.href)).toEqual(
      firstCards.filter((card) => card.withImage).map((card) => picture(card.id)),
    )
    expect(newest.preloads.every((preload) => preload.sizes === IMAGE_SIZES.card)).toBe(true)
    // A collection's first cards too, though its head names no count.
    const arrivals = await crawl('/products?filter=new-arrivals')
    expect(arrivals.preloads[0]?.href).toBe(picture(made.at(-1)?.id ?? 0))
  })

  it('names the filters in the title and writes them once in the canonical link', async () => {
    const page = await crawl(
      '/products?colour=Black&category=living-room&material=Teak&material=oak&in_stock=true&page=1',
    )
    expect(page.title).toBe('Living Room: Black, Teak, oak (in stock) | Comfort Living')
    expect(page.description).toBe(
      'Shop 1 piece of Living Room in Black, Teak, oak in stock at Comfort Living, priced in PKR and delivered across Pakistan.',
    )
    expect(page.canonical).toBe(
      `${ORIGIN}/products?category=living-room&material=oak&material=teak&colour=black&in_stock=true`,
    )
  })

  it('titles the collections and keeps searches out of the index', async () => {
    const arrivals = await crawl('/products?filter=new-arrivals&page=2')
    expect(arrivals.title).toBe('New Arrivals, page 2 | Comfort Living')
    expect(arrivals.canonical).toBe(`${ORIGIN}/products?filter=new-arrivals&page=2`)
    const search = await crawl('/products?search=%3Cscript%3Esofa')
    expect(search.title).toBe('Search: <script>sofa | Comfort Living')
    expect(search.robots).toBe('noindex, follow')
  })

  it('answers 404 for a category that does not exist', async () => {
    const page = await crawl('/products?category=spaceships')
    expect(page.answer.statusCode).toBe(404)
    expectTheApp(page)
    expect(page.robots).toBe('noindex')
  })
})

describe('GET /', () => {
  it('gives the home page its canonical link and the site in JSON-LD', async () => {
    const page = await crawl('/')
    expect(page.answer.statusCode).toBe(200)
    expectTheApp(page)
    expect(page.title).toBe('Comfort Living — Furniture & Home')
    expect(page.description).toContain('delivered across Pakistan')
    expect(page.canonical).toBe(`${ORIGIN}/`)
    expect(ldOfType(page.jsonLd, 'WebSite')).toMatchObject({ name: 'Comfort Living', url: `${ORIGIN}/` })
  })

  it("preloads the carousel's first picture: the newest featured product's", async () => {
    const featured = await insertProduct(context.database.db, { withImage: true })
    await context.database.db.update(products).set({ isFeatured: true }).where(eq(products.id, featured.id))
    const page = await crawl('/')
    expect(page.preloads).toMatchObject([
      { href: `/media/products/test-${featured.id}-640.webp`, sizes: IMAGE_SIZES.showcase },
    ])
  })
})

/** The <loc> and <lastmod> of each <url> (or <sitemap>) of a sitemap, parsed as XML. */
function sitemapEntries(xml: string, tag: 'url' | 'sitemap' = 'url') {
  const { document } = new JSDOM(xml, { contentType: 'application/xml' }).window
  return [...document.getElementsByTagName(tag)].map((entry) => ({
    loc: entry.getElementsByTagName('loc')[0]?.textContent ?? '',
    lastmod: entry.getElementsByTagName('lastmod')[0]?.textContent ?? null,
  }))
}

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists every product and category page with when it last changed', async () => {
    const db = context.database.db
    const answer = await context.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^application\/xml/)
    const entries = sitemapEntries(answer.body)
    const locs = entries.map((entry) => entry.loc)
    const allProducts = await db.select({ id: products.id }).from(products)
    const allCategories = await db.select({ slug: categories.slug }).from(categories)
    expect(locs.sort()).toEqual(
      [
        `${ORIGIN}/`,
        `${ORIGIN}/products`,
        ...allCategories.map((category) => `${ORIGIN}/products?category=${category.slug}`),
        ...allProducts.map((product) => `${ORIGIN}/product/${product.id}`),
      ].sort(),
    )
    for (const entry of entries) expect(new Date(entry.lastmod ?? '').toISOString()).toBe(entry.lastmod)
  })

  it("moves a product's and its category's lastmod when the product changes", async () => {
    const product = await insertProduct(context.database.db)
    const lastmodOf = async (loc: string) =>
      sitemapEntries((await context.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).find(
        (entry) => entry.loc === loc,
      )?.lastmod
    const before = await lastmodOf(`${ORIGIN}/product/${product.id}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await context.database.db.update(products).set({ price: '999.00' }).where(eq(products.id, product.id))
    const after = await lastmodOf(`${ORIGIN}/product/${product.id}`)
    expect(before && after && after > before).toBe(true)
    expect(await lastmodOf(`${ORIGIN}/products?category=test-furniture`)).toBe(after)
  })

  it('splits into an index of files once the pages pass a file’s size', async () => {
    const db = context.database.db
    const urls = new ShopUrls(ORIGIN)
    const allProducts = await db.select({ id: products.id }).from(products).orderBy(products.id)
    const index = sitemapEntries(await sitemapXml(db, urls, 4), 'sitemap').map((entry) => entry.loc)
    const parts = Math.ceil(allProducts.length / 4)
    expect(index).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      ...Array.from({ length: parts }, (_, n) => `${ORIGIN}/sitemap-products-${n + 1}.xml`),
    ])
    const listed: string[] = []
    for (let part = 1; part <= parts; part += 1) {
      const xml = await sitemapProductsXml(db, urls, part, 4)
      listed.push(...sitemapEntries(xml ?? '').map((entry) => entry.loc))
    }
    expect(listed).toEqual(allProducts.map((product) => urls.product(product.id)))
    expect(await sitemapProductsXml(db, urls, parts + 1, 4)).toBeNull()
    const pages = await context.app.inject({ method: 'GET', url: '/sitemap-pages.xml' })
    expect(sitemapEntries(pages.body).map((entry) => entry.loc)).toContain(
      `${ORIGIN}/products?category=living-room`,
    )
  })

  it('names the sitemap in robots.txt, at the request’s own address when no PUBLIC_URL is set', async () => {
    const robots = await context.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(robots.headers['content-type']).toMatch(/^text\/plain/)
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
    expect(robots.body).toContain('Disallow: /adminuser/')

    const plain = await createTestApp({ env: 'production', webDistDir: webDist })
    try {
      const answer = await plain.app.inject({
        method: 'GET',
        url: '/robots.txt',
        headers: { host: 'store.test:8080' },
      })
      expect(answer.body).toContain('Sitemap: http://store.test:8080/sitemap.xml')
    } finally {
      await plain.close()
    }
  })
})

describe('pages in the language the browser chose (the lang cookie)', () => {
  const URDU = { cookie: 'theme=light; lang=ur' }
  const direction = (page: Awaited<ReturnType<typeof crawl>>) => {
    const root = page.document.documentElement
    const link = (id: string) => page.document.getElementById(id)
    return {
      lang: root.getAttribute('lang'),
      dir: root.getAttribute('dir'),
      ltrOff: link('bootstrap-ltr')?.hasAttribute('disabled'),
      rtlOff: link('bootstrap-rtl')?.hasAttribute('disabled'),
      splash: page.document.querySelector('.splash-text')?.textContent,
    }
  }

  it('serves a product page in Urdu: right to left, the RTL stylesheet on, the splash and head in Urdu', async () => {
    const product = await insertProduct(context.database.db, {
      name: 'Sheesham Bench',
      nameUr: 'شیشم کا بینچ',
      descriptionUr: 'مضبوط شیشم کی لکڑی کا بینچ۔',
      price: '18000.00',
      stock: 3,
    })
    const page = await crawl(`/product/${product.id}`, URDU)
    expect(page.answer.statusCode).toBe(200)
    expectTheApp(page)
    expect(direction(page)).toEqual({
      lang: 'ur',
      dir: 'rtl',
      ltrOff: true,
      rtlOff: false,
      splash: 'آپ کے آرام کا سامان تیار ہو رہا ہے...',
    })
    expect(page.title).toBe('شیشم کا بینچ | Comfort Living')
    expect(page.description).toBe('PKR 18,000 · اسٹاک میں موجود۔ مضبوط شیشم کی لکڑی کا بینچ۔')
    expect(page.og('og:locale')).toBe('ur_PK')
    expect(page.canonical).toBe(`${ORIGIN}/product/${product.id}`)
    expect(ProductLd.parse(ldOfType(page.jsonLd, 'Product')).name).toBe('شیشم کا بینچ')
    expect(page.answer.headers.vary).toMatch(/cookie/i)

    // Without the cookie, the same page is in English, as it always was.
    const english = await crawl(`/product/${product.id}`)
    expect(direction(english)).toEqual({
      lang: 'en',
      dir: 'ltr',
      ltrOff: false,
      rtlOff: true,
      splash: 'Loading your comfort...',
    })
    expect(english.title).toBe('Sheesham Bench | Comfort Living')
    expect(english.description).toBe('PKR 18,000 · In stock. A product made for a test.')
    expect(english.og('og:locale')).toBe('en_PK')
  })

  it('keeps a product without Urdu texts in English inside the Urdu page', async () => {
    const product = await insertProduct(context.database.db, { name: 'Plain Bench', price: '9000.00' })
    const page = await crawl(`/product/${product.id}`, URDU)
    expect(direction(page).dir).toBe('rtl')
    expect(page.title).toBe('Plain Bench | Comfort Living')
    expect(page.description).toBe('PKR 9,000 · اسٹاک میں موجود۔ A product made for a test.')
  })

  it('names a listing by the Urdu category name, which its address may also use', async () => {
    const product = await insertProduct(context.database.db, { name: 'Urdu Shelf' })
    await context.database.db
      .update(categories)
      .set({ nameUr: 'ٹیسٹ فرنیچر' })
      .where(eq(categories.id, product.categoryId))
    const page = await crawl('/products?category=test-furniture', URDU)
    expect(page.answer.statusCode).toBe(200)
    expect(page.title).toBe('ٹیسٹ فرنیچر | Comfort Living')
    expect(page.description).toMatch(/^Comfort Living پر ٹیسٹ فرنیچر کے \d+ پیس؛ قیمتیں روپوں \(PKR\) میں/)
    const byUrduName = await crawl(`/products?category=${encodeURIComponent('ٹیسٹ فرنیچر')}`, URDU)
    expect(byUrduName.answer.statusCode).toBe(200)
    expect(byUrduName.canonical).toBe(`${ORIGIN}/products?category=test-furniture`)
    const english = await crawl('/products?category=test-furniture')
    expect(english.title).toBe('Test furniture | Comfort Living')
    await context.database.db
      .update(categories)
      .set({ nameUr: '' })
      .where(eq(categories.id, product.categoryId))
  })

  it('serves the app’s other pages (the SPA fallback) in the chosen language too', async () => {
    const urdu = await context.app.inject({ method: 'GET', url: '/cart', headers: URDU })
    expect(urdu.statusCode).toBe(200)
    expect(urdu.headers['content-type']).toMatch(/^text\/html/)
    expect(urdu.headers.vary).toMatch(/cookie/i)
    const { document } = new JSDOM(urdu.body).window
    expect(document.documentElement.getAttribute('dir')).toBe('rtl')
    expect(document.getElementById('bootstrap-ltr')?.hasAttribute('disabled')).toBe(true)
    expect(document.getElementById('bootstrap-rtl')?.hasAttribute('disabled')).toBe(false)
    expect(document.title).toBe('Comfort Living — Furniture & Home')
    const english = await context.app.inject({ method: 'GET', url: '/cart' })
    const englishDocument = new JSDOM(english.body).window.document
    expect(englishDocument.documentElement.getAttribute('dir')).toBe('ltr')
    expect(englishDocument.getElementById('bootstrap-rtl')?.hasAttribute('disabled')).toBe(true)
    expect(englishDocument.querySelector('.splash-text')?.textContent).toBe('Loading your comfort...')
  })
})

describe("the first screen's answers in the page (no round trip before it draws)", () => {
  it('holds the showcase and the newest products on the home page, as the API answers them', async () => {
    const page = await crawl('/')
    const collection = apiAddress('/api/products/', {}, { page_size: HOME_COLLECTION_SIZE })
    expect(page.firstAnswers).toEqual({
      language: 'en',
      answers: {
        '/api/products/showcase/': await apiAnswer('/api/products/showcase/'),
        [collection]: await apiAnswer(collection),
      },
    })
    // Last in the body: the stylesheets and scripts come first in the bytes.
    expect(page.document.body.lastElementChild?.id).toBe(FIRST_ANSWERS_ID)
  })

  it("holds the product with its reviews, in the page's language, and preloads the page's code", async () => {
    const product = await insertProduct(context.database.db, { name: 'Rosewood Desk', nameUr: 'شیشم کی میز' })
    const address = `/api/products/${product.id}/`
    const english = await crawl(`/product/${product.id}`)
    expect(english.firstAnswers).toEqual({ language: 'en', answers: { [address]: await apiAnswer(address) } })
    expect(english.modulePreloads).toEqual([
      '/assets/product-page-P1.js',
      '/assets/reviews-R1.js',
      '/assets/pages-En1.js',
    ])

    const urdu = await crawl(`/product/${product.id}`, { cookie: 'lang=ur' })
    const answer = await apiAnswer(address, { 'accept-language': 'ur' })
    expect(answer.name).toBe('شیشم کی میز')
    expect(urdu.firstAnswers).toEqual({ language: 'ur', answers: { [address]: answer } })
    expect(urdu.modulePreloads).toEqual([
      '/assets/product-page-P1.js',
      '/assets/reviews-R1.js',
      '/assets/pages-Ur1.js',
    ])
    // Other pages' code is in the first scripts already.
    expect((await crawl('/')).modulePreloads).toEqual([])
  })

  it('holds no answer for a product that is not there', async () => {
    expect((await crawl('/product/987654')).firstAnswers).toEqual({ language: 'en', answers: {} })
  })

  it("holds a listing's page, its facets and the categories, whatever the order of its address", async () => {
    const page = await crawl(
      '/products?ordering=price&material=Teak&category=living-room&material=Oak&page=1',
    )
    const filters = { category: 'living-room', material: ['Teak', 'Oak'] }
    const list = apiAddress(
      '/api/products/',
      {},
      {
        ...filters,
        ordering: 'price',
        page: 1,
        page_size: LISTING_PAGE_SIZE,
      },
    )
    const facets = apiAddress('/api/products/facets/', {}, filters)
    const allCategories = apiAddress('/api/categories/', {}, { page_size: ALL_CATEGORIES_PAGE_SIZE })
    expect(page.firstAnswers?.answers).toEqual({
      [list]: await apiAnswer(list),
      [facets]: await apiAnswer(facets),
      [allCategories]: await apiAnswer(allCategories),
    })
    expect(Object.keys((await crawl('/products?filter=sale')).firstAnswers?.answers ?? {})).toEqual([
      apiAddress('/api/products/sale/', {}, { page: 1, page_size: LISTING_PAGE_SIZE }),
    ])
    expect(Object.keys((await crawl('/products?search=oak')).firstAnswers?.answers ?? {}).sort()).toEqual([
      apiAddress('/api/products/', {}, { page: 1, page_size: LISTING_PAGE_SIZE, search: 'oak' }),
      apiAddress('/api/products/facets/', {}, { search: 'oak' }),
    ])
  })
})
