import type { Db } from '../../db/client'
import { escapeHtml } from '../../lib/html'
import type { ShopUrls } from './pages'
import { countProducts, sitemapCategories, sitemapPageStarts, sitemapProducts } from './service'

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_LIMIT = 50_000

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'

interface Entry {
  loc: string
  lastmod: Date | null
}

const entryXml = (tag: 'url' | 'sitemap', { loc, lastmod }: Entry) =>
  `<${tag}><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</${tag}>`

const urlset = (entries: Entry[]) =>
  `${XML}<urlset ${NAMESPACE}>\n${entries.map((entry) => entryXml('url', entry)).join('\n')}\n</urlset>\n`

const latest = (dates: Date[]) =>
  dates.reduce<Date | null>((last, date) => (last && last >= date ? last : date), null)

/** The home page, the whole listing and every category page, with when each last changed. */
async function pageEntries(db: Db, urls: ShopUrls): Promise<Entry[]> {
  const categories = await sitemapCategories(db)
  const lastChange = latest(categories.map((category) => category.lastmod))
  return [
    { loc: urls.home(), lastmod: lastChange },
    { loc: urls.products(), lastmod: lastChange },
    ...categories.map((category) => ({ loc: urls.category(category.slug), lastmod: category.lastmod })),
  ]
}

const productEntries = async (db: Db, urls: ShopUrls, afterId: number, limit: number) =>
  (await sitemapProducts(db, afterId, limit)).map((row) => ({
    loc: urls.product(row.id),
    lastmod: row.lastmod,
  }))

/**
 * /sitemap.xml: every page in one file while they fit; past the protocol's limit, an index of
 * /sitemap-pages.xml (home, listing, categories) and /sitemap-products-N.xml, `pageSize` products each.
 */
export async function sitemapXml(db: Db, urls: ShopUrls, pageSize = SITEMAP_LIMIT): Promise<string> {
  const pages = await pageEntries(db, urls)
  if (pages.length + (await countProducts(db)) <= pageSize)
    return urlset([...pages, ...(await productEntries(db, urls, 0, pageSize - pages.length))])
  const starts = await sitemapPageStarts(db, pageSize)
  const parts = [
    {
      loc: urls.absolute('/sitemap-pages.xml'),
      lastmod: latest(pages.flatMap((page) => page.lastmod ?? [])),
    },
    ...starts.map((_, index) => ({
      loc: urls.absolute(`/sitemap-products-${index + 1}.xml`),
      lastmod: null,
    })),
  ]
  return `${XML}<sitemapindex ${NAMESPACE}>\n${parts.map((part) => entryXml('sitemap', part)).join('\n')}\n</sitemapindex>\n`
}

export async function sitemapPagesXml(db: Db, urls: ShopUrls): Promise<string> {
  return urlset(await pageEntries(db, urls))
}

/** Part `part` (from 1) of the products' sitemap; null past the last. */
export async function sitemapProductsXml(
  db: Db,
  urls: ShopUrls,
  part: number,
  pageSize = SITEMAP_LIMIT,
): Promise<string | null> {
  const starts = await sitemapPageStarts(db, pageSize)
  const afterId = starts[part - 1]
  if (afterId === undefined) return null
  return urlset(await productEntries(db, urls, afterId, pageSize))
}

export function robotsTxt(urls: ShopUrls): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /adminuser/',
    '',
    `Sitemap: ${urls.absolute('/sitemap.xml')}`,
    '',
  ].join('\n')
}
