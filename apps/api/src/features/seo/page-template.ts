import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type LanguageCode, SPLASH_TEXT } from '@store/contract'
import { escapeHtml } from '../../lib/html'

/** The web app's index.html with a place for each page's own head (title, description, links, data). */
export interface PageTemplate {
  /** The template's own description: the home page's */
  defaultDescription: string
  /**
   * The page with this head, in the reader's language (`<html lang dir>`, stylesheet, splash), and
   * `bodyEnd` last in its body: data the scripts read, after what the browser should find first
   */
  render(head: string, language: LanguageCode, bodyEnd?: string): string
  /** index.html as it is, in the reader's language: the SPA fallback's page */
  shell(language: LanguageCode): string
  /**
   * `modulepreload` links for lazy modules of the web app (by their source path, e.g.
   * `src/app/pages/product-page.tsx`) and every chunk they import that index.html does not load
   * already: fetched alongside the first scripts rather than after them. None without Vite's manifest.
   */
  modulePreloads(sources: readonly string[]): string
}

/** A module in Vite's build manifest (`build.manifest`): its file and the chunks it imports */
interface ManifestChunk {
  file: string
  imports?: string[]
}

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="\/([^"]+)"/g

const TITLE = /<title>[^<]*<\/title>/
const BODY_END = /<\/body>/
const DESCRIPTION = /<meta name="description" content="([^"]*)"\s*\/?>\s*/
const HTML_TAG = /<html\b[^>]*>/
const SPLASH = /(<p class="splash-text">)[^<]*(<\/p>)/
/** Bootstrap's two stylesheets, as apps/web/scripts/bootstrap-stylesheets.ts links them */
const BOOTSTRAP_LINK = /<link\b[^>]*\bid="bootstrap-(ltr|rtl)"[^>]*>/g
const DISABLED = /\s+disabled(?:=(?:""|"disabled"|''))?(?=[\s/>])/g

/**
 * index.html for a reader of `language`, before any script runs (docs/api.md "Languages"): Urdu pages are
 * `<html lang="ur" dir="rtl">` with Bootstrap's right-to-left stylesheet on and its left-to-right one
 * off, and the splash in Urdu, so the first paint already has the page's direction and words.
 */
export function inLanguage(html: string, language: LanguageCode): string {
  const rtl = language === 'ur'
  return html
    .replace(HTML_TAG, `<html lang="${language}" dir="${rtl ? 'rtl' : 'ltr'}">`)
    .replace(BOOTSTRAP_LINK, (link, direction: string) => {
      const enabled = link.replace(DISABLED, '')
      const off = direction === 'ltr' ? rtl : !rtl
      return off ? enabled.replace(/\s*\/?>$/, (end) => ` disabled${end}`) : enabled
    })
    .replace(
      SPLASH,
      (_, open: string, close: string) => `${open}${escapeHtml(SPLASH_TEXT[language])}${close}`,
    )
}

/** Reads the built index.html once; fails at start when it lacks the title or description to replace. */
export function loadPageTemplate(file: string): PageTemplate {
  const html = readFileSync(file, 'utf8')
  const description = DESCRIPTION.exec(html)
  if (!TITLE.test(html) || !description)
    throw new Error(`${file} has no <title> or <meta name="description"> for the pages' own`)
  const shells = { en: inLanguage(html, 'en'), ur: inLanguage(html, 'ur') }
  if (!BODY_END.test(html)) throw new Error(`${file} has no </body>`)
  const parts = (language: LanguageCode) => {
    const [beforeTitle, afterTitle] = shells[language].replace(DESCRIPTION, '').split(TITLE) as [
      string,
      string,
    ]
    const [beforeBodyEnd, rest] = afterTitle.split(BODY_END) as [string, string]
    return [beforeTitle, beforeBodyEnd, `</body>${rest}`] as const
  }
  const split = { en: parts('en'), ur: parts('ur') }
  const manifestFile = path.join(path.dirname(file), '.vite', 'manifest.json')
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {}
  const initialFiles = new Set([...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]))
  return {
    defaultDescription: unescapeAttribute(description[1] ?? ''),
    render: (head, language, bodyEnd = '') => {
      const [beforeTitle, beforeBodyEnd, end] = split[language]
      return `${beforeTitle}${head}${beforeBodyEnd}${bodyEnd}${end}`
    },
    shell: (language) => shells[language],
    modulePreloads: (sources) =>
      lazyChunks(manifest, sources)
        .filter((chunk) => !initialFiles.has(chunk))
        .map((chunk) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(chunk)}" />`)
        .join('\n    '),
  }
}

/** The files of these modules and of every chunk they import, each once, the modules' own first. */
function lazyChunks(manifest: Record<string, ManifestChunk>, sources: readonly string[]): string[] {
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const source of sources) visit(source)
  return [...files]
}

const unescapeAttribute = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
