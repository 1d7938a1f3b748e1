import {
  ALL_CATEGORIES_PAGE_SIZE,
  HOME_COLLECTION_SIZE,
  type LanguageCode,
  LISTING_PAGE_SIZE,
  LISTING_ROUTES,
  listingOf,
  listQueryFrom,
  pageOf,
  paths,
} from '@store/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { inReadersLanguage } from '../../lib/error-handler'
import { cookieLanguage } from '../../lib/language'
import { FirstScreen } from './first-screen'
import { type PageHead, renderHead } from './head'
import type { PageTemplate } from './page-template'
import { homeHead, type ListingPage, listingHead, notFoundHead, productHead, ShopUrls } from './pages'
import { categorySlugOf, findCategory } from './service'
import { robotsTxt, sitemapPagesXml, sitemapProductsXml, sitemapXml } from './sitemap'

/** PostgreSQL's integer: a larger id is no product, not a database error. */
const MAX_ID = 2_147_483_647

/** The product page's lazy module and the catalog of texts it draws (app/router.tsx loads them together) */
const productPageModules = (language: LanguageCode) => [
  'src/app/pages/product-page.tsx',
  `src/locales/${language}/pages.po`,
]

export interface SeoOptions {
  /** The web app's index.html; null when this process serves no web app (development, API only) */
  template: PageTemplate | null
}

/**
 * What search engines and link previews read before any script runs: each shop page's own head in
 * the HTML (title, description, canonical link, Open Graph, JSON-LD), the sitemap and robots.txt.
 */
export async function seoFeature(app: FastifyInstance, { template }: SeoOptions) {
  const { db } = app
  // PUBLIC_URL when set; otherwise the address the request came to (trusted proxies' headers included).
  const urlsFor = (request: FastifyRequest) =>
    new ShopUrls(app.config.publicUrl ?? `${request.protocol}://${request.host}`)

  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml)

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(urlsFor(request))),
  )

  app.get('/sitemap.xml', async (request, reply) => sendXml(reply, await sitemapXml(db, urlsFor(request))))

  app.get('/sitemap-pages.xml', async (request, reply) =>
    sendXml(reply, await sitemapPagesXml(db, urlsFor(request))),
  )

  app.get<{ Params: { part: string } }>('/sitemap-products-:part.xml', async (request, reply) => {
    const part = Number(request.params.part)
    const xml =
      Number.isInteger(part) && part > 0 ? await sitemapProductsXml(db, urlsFor(request), part) : null
    if (!xml) return reply.code(404).send(inReadersLanguage(request, { detail: 'No such sitemap.' }))
    return sendXml(reply, xml)
  })

  if (!template) return

  /** The page's language: the one the browser chose (the web app's `lang` cookie), English otherwise. */
  const languageOf = (request: FastifyRequest) => cookieLanguage(request.headers.cookie)

  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    {
      head,
      firstScreen,
      status = 200,
      modules = [],
    }: { head: PageHead; firstScreen: FirstScreen; status?: number; modules?: readonly string[] },
  ) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      // The page's data changes with the catalogue: always revalidated, as index.html was.
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .send(
        template.render(
          [renderHead(head), template.modulePreloads(modules)].filter(Boolean).join('\n    '),
          languageOf(request),
          // After the page's stylesheets and scripts in the bytes, so the browser asks for those first.
          firstScreen.element(),
        ),
      )

  app.get('/', async (request, reply) => {
    const language = languageOf(request)
    const firstScreen = new FirstScreen(app, language)
    const [showcase] = await Promise.all([
      firstScreen.ask(paths.catalog.showcase),
      firstScreen.ask(paths.catalog.listProducts, { query: { page_size: HOME_COLLECTION_SIZE } }),
    ])
    const head = homeHead(urlsFor(request), template.defaultDescription, showcase?.[0], language)
    return sendPage(request, reply, { head, firstScreen })
  })

  app.get<{ Params: { productId: string } }>('/product/:productId', async (request, reply) => {
    const urls = urlsFor(request)
    const language = languageOf(request)
    const firstScreen = new FirstScreen(app, language)
    const id = Number(request.params.productId)
    const product =
      Number.isInteger(id) && id > 0 && id <= MAX_ID
        ? await firstScreen.ask(paths.catalog.getProduct, { params: { id } })
        : null
    // Still the app's HTML, so the shopper sees the app's own not-found; the status tells crawlers.
    if (!product) {
      const head = notFoundHead(urls, `/product/${request.params.productId}`, 'Product', language)
      return sendPage(request, reply, { head, firstScreen, status: 404 })
    }
    const head = productHead(urls, product, await categorySlugOf(db, product.category_id), language)
    return sendPage(request, reply, { head, firstScreen, modules: productPageModules(language) })
  })

  app.get('/products', async (request, reply) => {
    const urls = urlsFor(request)
    const language = languageOf(request)
    const firstScreen = new FirstScreen(app, language)
    const params = new URL(request.url, 'http://localhost').searchParams
    // Read exactly as the web app reads the same address (the contract's listQueryFrom).
    const listing = listingOf(params.get('filter'))
    const search = listing ? '' : (params.get('search') ?? '').trim()
    const query = listing ? {} : listQueryFrom(params, search)
    const page = pageOf(params)
    const category = query.category ? await findCategory(db, query.category, language) : null
    if (query.category && !category)
      return sendPage(request, reply, {
        head: notFoundHead(urls, request.url, 'Category', language),
        firstScreen,
        status: 404,
      })
    // The answers product-list-page.tsx asks for: the page of products, the facets of a catalogue
    // listing (its filters, whatever the order and page), every category when one is chosen.
    const pageQuery = { page, page_size: LISTING_PAGE_SIZE }
    const { ordering: _ordering, ...filters } = query
    const [found] = await Promise.all([
      listing
        ? firstScreen.ask(LISTING_ROUTES[listing], { query: pageQuery })
        : firstScreen.ask(paths.catalog.listProducts, { query: { ...query, ...pageQuery } }),
      listing ? null : firstScreen.ask(paths.catalog.facets, { query: filters }),
      category
        ? firstScreen.ask(paths.catalog.listCategories, { query: { page_size: ALL_CATEGORIES_PAGE_SIZE } })
        : null,
    ])
    // A catalogue page names its count and shows its first picture; collections and searches need neither.
    const view: ListingPage = {
      listing,
      search,
      query,
      page,
      category,
      found: listing || search ? null : found,
      shown: found?.results ?? [],
    }
    return sendPage(request, reply, { head: listingHead(urls, view, language), firstScreen })
  })
}
