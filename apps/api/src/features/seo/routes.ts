import { LISTING_PAGE_SIZE, listingOf, listQueryFrom, pageOf } from '@store/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { inReadersLanguage } from '../../lib/error-handler'
import { cookieLanguage } from '../../lib/language'
import { getProduct, listFeaturedProducts, listProducts } from '../catalog/service'
import { type PageHead, renderHead } from './head'
import type { PageTemplate } from './page-template'
import { homeHead, type ListingPage, listingHead, notFoundHead, productHead, ShopUrls } from './pages'
import { categorySlugOf, findCategory } from './service'
import { robotsTxt, sitemapPagesXml, sitemapProductsXml, sitemapXml } from './sitemap'

/** PostgreSQL's integer: a larger id is no product, not a database error. */
const MAX_ID = 2_147_483_647

export interface SeoOptions {
  /** The web app's index.html; null when this process serves no web app (development, API only) */
  template: PageTemplate | null
}

/**
 * What search engines and link previews read before any script runs: each shop page's own head in
 * the HTML (title, description, canonical link, Open Graph, JSON-LD), the sitemap and robots.txt.
 */
export async function seoFeature(app: FastifyInstance, { template }: SeoOptions) {
  const { db, storage } = app
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

  const sendPage = (request: FastifyRequest, reply: FastifyReply, head: PageHead, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      // The page's data changes with the catalogue: always revalidated, as index.html was.
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .send(template.render(renderHead(head), languageOf(request)))

  app.get('/', async (request, reply) => {
    const language = languageOf(request)
    const [featured] = await listFeaturedProducts(db, storage, 1, language)
    return sendPage(
      request,
      reply,
      homeHead(urlsFor(request), template.defaultDescription, featured, language),
    )
  })

  app.get<{ Params: { productId: string } }>('/product/:productId', async (request, reply) => {
    const urls = urlsFor(request)
    const language = languageOf(request)
    const id = Number(request.params.productId)
    const product =
      Number.isInteger(id) && id > 0 && id <= MAX_ID ? await getProduct(db, storage, id, language) : null
    // Still the app's HTML, so the shopper sees the app's own not-found; the status tells crawlers.
    if (!product) {
      const head = notFoundHead(urls, `/product/${request.params.productId}`, 'Product', language)
      return sendPage(request, reply, head, 404)
    }
    const head = productHead(urls, product, await categorySlugOf(db, product.category_id), language)
    return sendPage(request, reply, head)
  })

  app.get('/products', async (request, reply) => {
    const urls = urlsFor(request)
    const language = languageOf(request)
    const params = new URL(request.url, 'http://localhost').searchParams
    // Read exactly as the web app reads the same address (the contract's listQueryFrom).
    const listing = listingOf(params.get('filter'))
    const search = listing ? '' : (params.get('search') ?? '').trim()
    const query = listing ? {} : listQueryFrom(params, search)
    const page = pageOf(params)
    const category = query.category ? await findCategory(db, query.category, language) : null
    if (query.category && !category)
      return sendPage(request, reply, notFoundHead(urls, request.url, 'Category', language), 404)
    // A catalogue page names its count and shows its first picture; collections and searches need neither.
    const found =
      listing || search
        ? null
        : await listProducts(
            db,
            storage,
            {
              category: category?.slug,
              minPrice: query.min_price,
              maxPrice: query.max_price,
              materials: query.material,
              colours: query.colour,
              inStock: query.in_stock === 'true',
            },
            { limit: LISTING_PAGE_SIZE, offset: (page - 1) * LISTING_PAGE_SIZE },
            query.ordering,
            language,
          )
    const view: ListingPage = { listing, search, query, page, category, found }
    return sendPage(request, reply, listingHead(urls, view, language))
  })
}
