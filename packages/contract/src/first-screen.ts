import type { LanguageCode } from './languages'

/**
 * A call's address as the web app sends it: the route's path with its parameters filled in, then the
 * query's fields in order of name, empty ones left out (a list repeats its name,
 * `material=Oak&material=Teak`, in its own order). The same request is the same string whoever writes
 * it, so the server can key the answers it puts into a page's HTML by it.
 */
export function apiAddress(
  path: string,
  params?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])))
  const search = new URLSearchParams()
  for (const name of Object.keys(query ?? {}).sort()) {
    const value = query?.[name]
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(name, String(item))
    }
  }
  const text = search.toString()
  return text ? `${filled}?${text}` : filled
}

/** The id of the `<script type="application/json">` in a shop page's HTML that holds its first answers */
export const FIRST_ANSWERS_ID = 'first-answers'

/**
 * The API's answers a page's first screen draws, as the server put them into the page: by address
 * (`apiAddress`), in the page's language. The web app takes each once instead of asking again.
 */
export interface FirstAnswers {
  language: LanguageCode
  answers: Record<string, unknown>
}
