import { FIRST_ANSWERS_ID, type FirstAnswers, type LanguageCode } from '@store/contract'

/**
 * Past this age (from the page's request) an answer in the HTML is no better than asking again: it is
 * for drawing the first screen, not for a page the shopper comes back to later.
 */
const FRESH_FOR_MS = 10_000

function read(): FirstAnswers | null {
  const text = document.getElementById(FIRST_ANSWERS_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as FirstAnswers
  } catch {
    return null
  }
}

let firstAnswers = read()

/**
 * The answer the server put into the page's HTML for this address (docs/api.md "Search engines and
 * sharing": the first screen's data), taken once; undefined when there is none, it is in another
 * language than the reader's, or the page is no longer new.
 */
export function takeFirstAnswer(address: string, language: LanguageCode): unknown {
  if (!firstAnswers || performance.now() > FRESH_FOR_MS) {
    firstAnswers = null
    return undefined
  }
  const { answers } = firstAnswers
  if (firstAnswers.language !== language || !Object.hasOwn(answers, address)) return undefined
  const answer = answers[address]
  delete answers[address]
  return answer
}
