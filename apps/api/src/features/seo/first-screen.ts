import {
  apiAddress,
  FIRST_ANSWERS_ID,
  type FirstAnswers,
  type LanguageCode,
  type RouteAddress,
  type RouteAnswer,
  type RouteSpecAt,
} from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { jsonForScript } from './head'

interface Ask {
  params?: Readonly<Record<string, string | number>>
  query?: Readonly<Record<string, unknown>>
}

/**
 * The API's answers a page's first screen draws, asked of this process's own API while the page is
 * made (through the catalogue cache, in the page's language) and sent inside its HTML: the web app
 * draws the screen without waiting for a round trip after its scripts, and the page's head is made
 * from the very answers the screen shows.
 */
export class FirstScreen {
  readonly #answers: Record<string, unknown> = {}

  constructor(
    private readonly app: FastifyInstance,
    private readonly language: LanguageCode,
  ) {}

  /**
   * The route's answer, kept for the page; null for a client error (an unknown product), which the
   * app asks again to show as it shows any. A server error fails the page, as the API call would.
   */
  async ask<A extends RouteAddress>(
    route: A,
    { params, query }: Ask = {},
  ): Promise<RouteAnswer<RouteSpecAt<A>> | null> {
    const address = apiAddress(route.path, params, query)
    const answer = await this.app.inject({
      method: 'GET',
      url: address,
      headers: { accept: 'application/json', 'accept-language': this.language },
    })
    if (answer.statusCode >= 500) throw new Error(`${address} answered ${answer.statusCode}`)
    if (answer.statusCode !== 200) return null
    const body = answer.json()
    this.#answers[address] = body
    return body
  }

  /** The `<script type="application/json">` element holding the answers, for the page's head */
  element(): string {
    const content: FirstAnswers = { language: this.language, answers: this.#answers }
    return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${jsonForScript(content)}</script>`
  }
}
