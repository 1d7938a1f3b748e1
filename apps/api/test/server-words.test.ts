import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type SentenceCatalog, sentenceIn, urduPageTitles } from '@store/contract'
import { describe, expect, it } from 'vitest'
import { urduInquiryWords } from '../src/features/messaging/inquiry-ur'
import { urduMailWords } from '../src/features/notifications/mails-ur'
import { urduPageWords } from '../src/features/seo/pages-ur'

/**
 * The server's own catalogs (mails, the Buy Now inquiry, page heads and titles), in the format of the API's sentences
 * (sentences-complete.test.ts checks those): each translation says its message in Urdu and fills
 * only places its English has. That each message the code says is in its catalog, tsc checks.
 */

const ARABIC_SCRIPT = /[\u0600-\u06FF]/
const PLACE = /\{(\w+)\}/g
const placesOf = (template: string) => [...template.matchAll(PLACE)].map((match) => match[1])
/** A translation with no words of its own, only places and punctuation (` ({details})`) */
const wordless = (template: string) => !/\p{L}/u.test(template.replace(PLACE, ''))

const catalogs: [string, SentenceCatalog][] = [
  ['the contract’s page titles', urduPageTitles],
  ['mails-ur.ts', urduMailWords],
  ['inquiry-ur.ts', urduInquiryWords],
  ['pages-ur.ts', urduPageWords],
]

describe.each(catalogs)('the server catalog %s', (_, catalog) => {
  it('says every message in Urdu', () => {
    const english = Object.entries(catalog).filter(([, urdu]) => !ARABIC_SCRIPT.test(urdu) && !wordless(urdu))
    expect(english).toEqual([])
  })

  it('fills each translation only with places its English has', () => {
    const wrong = Object.entries(catalog).filter(([message, urdu]) => {
      const names = new Set(placesOf(message))
      return placesOf(urdu).some((name) => !names.has(name))
    })
    expect(wrong).toEqual([])
  })
})

describe('the home page’s description', () => {
  it('is the web app’s own (index.html), translated for an Urdu reader', () => {
    const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8')
    const description = /<meta name="description" content="([^"]*)"/.exec(indexHtml)?.[1] ?? ''
    expect(description).not.toBe('')
    expect(sentenceIn(urduPageWords, 'ur', description)).toMatch(ARABIC_SCRIPT)
  })
})
