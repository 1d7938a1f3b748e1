import { readFileSync } from 'node:fs'
import { type LanguageCode, SPLASH_TEXT } from '@store/contract'
import { escapeHtml } from '../../lib/html'

/** The web app's index.html with a place for each page's own head (title, description, links, data). */
export interface PageTemplate {
  /** The template's own description: the home page's */
  defaultDescription: string
  /** The page with this head, in the reader's language (`<html lang dir>`, stylesheet, splash) */
  render(head: string, language: LanguageCode): string
  /** index.html as it is, in the reader's language: the SPA fallback's page */
  shell(language: LanguageCode): string
}

const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta name="description" content="([^"]*)"\s*\/?>\s*/
const HTML_TAG = /<html\b[^>]*>/
const SPLASH = /(<p class="splash-text">)[^<]*(<\/p>)/
/** Bootstrap's two stylesheets, as apps/web/scripts/bootstrap-stylesheets.ts links them */
const BOOTSTRAP_LINK = /<link\b[^>]*\bid="bootstrap-(ltr|rtl)"[^>]*>/g
const DISABLED = /\s+disabled(?:=(?:""|"disabled"|''))?(?=[\s/>])/g

/**
 * index.html for a reader of `language`, before any script runs (API.md "Languages"): Urdu pages are
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
  const parts = (language: LanguageCode) =>
    shells[language].replace(DESCRIPTION, '').split(TITLE) as [string, string]
  const split = { en: parts('en'), ur: parts('ur') }
  return {
    defaultDescription: unescapeAttribute(description[1] ?? ''),
    render: (head, language) => {
      const [before, after] = split[language]
      return `${before}${head}${after}`
    },
    shell: (language) => shells[language],
  }
}

const unescapeAttribute = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
