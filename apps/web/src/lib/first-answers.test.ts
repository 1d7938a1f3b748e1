import { FIRST_ANSWERS_ID } from '@store/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** The module as a fresh page loads it: it reads the page's element once, at import. */
async function pageWith(content: string) {
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = FIRST_ANSWERS_ID
  element.textContent = content
  document.head.append(element)
  vi.resetModules()
  return import('./first-answers')
}

describe('takeFirstAnswer', () => {
  beforeEach(() => vi.spyOn(performance, 'now').mockReturnValue(500))
  afterEach(() => {
    document.getElementById(FIRST_ANSWERS_ID)?.remove()
    vi.restoreAllMocks()
  })

  it('gives each answer of the page once, for its address and language only', async () => {
    const { takeFirstAnswer } = await pageWith(
      JSON.stringify({ language: 'en', answers: { '/api/products/7/': { id: 7 } } }),
    )
    expect(takeFirstAnswer('/api/products/8/', 'en')).toBeUndefined()
    expect(takeFirstAnswer('/api/products/7/', 'ur')).toBeUndefined()
    expect(takeFirstAnswer('/api/products/7/', 'en')).toEqual({ id: 7 })
    expect(takeFirstAnswer('/api/products/7/', 'en')).toBeUndefined()
  })

  it('gives nothing once the page is no longer new', async () => {
    const { takeFirstAnswer } = await pageWith(JSON.stringify({ language: 'en', answers: { '/api/x/': 1 } }))
    vi.spyOn(performance, 'now').mockReturnValue(60_000)
    expect(takeFirstAnswer('/api/x/', 'en')).toBeUndefined()
  })

  it('gives nothing when the element is not JSON', async () => {
    const { takeFirstAnswer } = await pageWith('{"language":"en","answers":{"/api/x/":1}')
    expect(takeFirstAnswer('/api/x/', 'en')).toBeUndefined()
  })
})
