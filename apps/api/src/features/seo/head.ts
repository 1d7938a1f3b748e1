import { STORE_NAME } from '@store/contract'
import { escapeHtml } from '../../lib/html'

/** What a page tells search engines and link previews, in the HTML before any script runs. */
export interface PageHead {
  title: string
  description: string
  /** Absolute URL */
  canonical: string
  /** e.g. 'noindex, follow' for search results and pages that are not there */
  robots?: string
  type: 'website' | 'product'
  image?: { url: string; width?: number; height?: number; alt: string } | undefined
  /** Open Graph product tags (price in PKR) */
  price?: string
  /** Open Graph's locale: the page's language (en_PK unless told) */
  locale?: string
  /** schema.org objects, each written as its own JSON-LD block */
  jsonLd: object[]
  /**
   * The first screen's pictures (its largest among them), fetched from the HTML rather than after the
   * scripts and the data they ask for; `srcset` and `sizes` exactly as the page's <img> has them
   */
  preloads?: { href: string; srcset: string; sizes: string }[]
}

/**
 * JSON that cannot end its <script> element or open a comment in it: `<`, `>` and `&` become
 * \u escapes (the same JSON to a parser), as do the two line separators old parsers choke on.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`

/** The head elements of one page, in place of the template's title and description. */
export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    ...(head.preloads ?? []).map(
      (preload) =>
        `<link rel="preload" as="image" href="${escapeHtml(preload.href)}" imagesrcset="${escapeHtml(preload.srcset)}" imagesizes="${escapeHtml(preload.sizes)}" fetchpriority="high" />`,
    ),
    meta('name', 'description', head.description),
    ...(head.robots ? [meta('name', 'robots', head.robots)] : []),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:site_name', STORE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:locale', head.locale ?? 'en_PK'),
  ]
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image.url))
    if (head.image.width && head.image.height) {
      tags.push(meta('property', 'og:image:width', String(head.image.width)))
      tags.push(meta('property', 'og:image:height', String(head.image.height)))
    }
    tags.push(meta('property', 'og:image:alt', head.image.alt))
  }
  if (head.price) {
    tags.push(meta('property', 'product:price:amount', head.price))
    tags.push(meta('property', 'product:price:currency', 'PKR'))
  }
  tags.push(meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'))
  // Data, not code: the CSP's script-src does not apply to a type the browser does not run.
  for (const object of head.jsonLd)
    tags.push(`<script type="application/ld+json">${jsonForScript(object)}</script>`)
  return tags.join('\n    ')
}

/** Cut to about a search result's snippet, at a word, with an ellipsis when cut. */
export function snippet(text: string, length = 155): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= length) return flat
  const cut = flat.slice(0, length - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`
}
