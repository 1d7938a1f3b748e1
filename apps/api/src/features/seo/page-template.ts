import { readFileSync } from 'node:fs'

/** The web app's index.html with a place for each page's own head (title, description, links, data). */
export interface PageTemplate {
  /** The template's own description: the home page's */
  defaultDescription: string
  render(head: string): string
}

const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta name="description" content="([^"]*)"\s*\/?>\s*/

/** Reads the built index.html once; fails at start when it lacks the title or description to replace. */
export function loadPageTemplate(file: string): PageTemplate {
  const html = readFileSync(file, 'utf8')
  const description = DESCRIPTION.exec(html)
  if (!TITLE.test(html) || !description)
    throw new Error(`${file} has no <title> or <meta name="description"> for the pages' own`)
  const [before, after] = html.replace(DESCRIPTION, '').split(TITLE) as [string, string]
  return {
    defaultDescription: unescapeAttribute(description[1] ?? ''),
    render: (head) => `${before}${head}${after}`,
  }
}

const unescapeAttribute = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
