import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type LanguageCode, sentenceIn } from '@store/contract'
import { urduSentences } from '@store/contract/sentences-ur'
import type { FastifyInstance, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader's language (docs/api.md "Languages"): `?lang=`, else Accept-Language; English by default */
    language: LanguageCode
  }
}

/**
 * The language an Accept-Language header prefers most: Urdu when its first choice (by weight, then
 * order) is `ur` or a regional `ur-*`; English otherwise, since the shop speaks no third language.
 */
export function acceptedLanguage(header: string | undefined): LanguageCode {
  if (!header) return DEFAULT_LANGUAGE
  let best: { tag: string; weight: number } | null = null
  for (const entry of header.split(',')) {
    const [tag = '', ...parameters] = entry.trim().split(';')
    const quality = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='))
    const weight = quality === undefined ? 1 : Number(quality.slice(2))
    if (!tag || !Number.isFinite(weight) || weight <= 0) continue
    if (!best || weight > best.weight) best = { tag: tag.trim().toLowerCase(), weight }
  }
  return best && (best.tag === 'ur' || best.tag.startsWith('ur-')) ? 'ur' : DEFAULT_LANGUAGE
}

/** The language a `lang` cookie names (the web app's choice, for the server's HTML); English otherwise. */
export function cookieLanguage(header: string | undefined): LanguageCode {
  for (const pair of (header ?? '').split(';')) {
    const [name, value] = pair.split('=')
    if (name?.trim() === LANGUAGE_COOKIE) {
      const language = value?.trim()
      return isLanguage(language) ? language : DEFAULT_LANGUAGE
    }
  }
  return DEFAULT_LANGUAGE
}

/**
 * Sets `request.language` on every request, before anything can fail: `?lang=ur|en` first, then
 * Accept-Language. `lang` is then taken out of the query, so a route's query schema never sees it
 * (every route accepts it) and nothing else reads it as a filter.
 */
export function registerRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE)
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | undefined
    const asked = query?.lang
    if (query && Object.hasOwn(query, 'lang')) delete query.lang
    request.language = isLanguage(asked) ? asked : acceptedLanguage(request.headers['accept-language'])
  })
}

/** A text as a reader of `language` sees it: the Urdu one when there is one, else the English one. */
export const shown = (language: LanguageCode, english: string, urdu: string): string =>
  language === 'ur' && urdu ? urdu : english

/**
 * A sentence the API sends outside an error (a 2xx answer's `message`) in the reader's language,
 * from the same catalog as `detail` (the completeness test reads the sentences passed here).
 */
export const translated = (language: LanguageCode, sentence: string): string =>
  sentenceIn(urduSentences, language, sentence)
