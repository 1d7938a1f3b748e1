import { type SentenceCatalog, translateSentence } from '@store/contract'
import { urduSentences, urduZodMessages } from '@store/contract/sentences-ur'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { collectSentences, type SentenceSource, shapeOf } from './sentence-sources'

/**
 * Issue 19: the API answers its sentences in Urdu, and the contract's messages are shown in Urdu in
 * the browser. Every sentence the code can produce (read from the source, apps/api/test/sentence-sources.ts)
 * must have its Urdu in packages/contract/src/sentences-ur.ts, and the catalog holds nothing no code says.
 */

const ARABIC_SCRIPT = /[\u0600-\u06FF]/
const PLACE = /\{(\w+)\}/g

/** A template with each place filled by a value no sentence holds, to see the catalog fill it back. */
const filled = (template: string) => template.replace(PLACE, (_, name: string) => `Zq${name}`)
const placesOf = (template: string) => [...template.matchAll(PLACE)].map((match) => match[1])

let sources: SentenceSource[]
beforeAll(() => {
  sources = collectSentences()
}, 60_000)

describe('the Urdu sentence catalog', () => {
  it('finds the sentences of both packages', () => {
    // A floor, so a broken reader cannot pass by finding nothing.
    expect(sources.length).toBeGreaterThan(180)
    const sentences = sources.map((source) => source.sentence)
    expect(sentences).toContain('Product name is required.')
    expect(sentences).toContain('We do not deliver to {city} yet.')
    expect(sentences).toContain('Authentication credentials were not provided or are invalid.')
  })

  it('translates every sentence the API and the contract can produce', () => {
    const missing = sources.filter(({ sentence }) => {
      const english = filled(sentence)
      const urdu = translateSentence(english, urduSentences)
      // Each place's value comes through, and the words around it are Urdu.
      const kept = placesOf(sentence).every(
        (name) => urdu.includes(`Zq${name}`) || !english.includes(`Zq${name}`),
      )
      return urdu === english || !ARABIC_SCRIPT.test(urdu) || !kept
    })
    expect(missing.map(({ sentence, at }) => `${at}: ${sentence}`)).toEqual([])
  })

  it('holds no sentence that no code produces', () => {
    const produced = new Set(sources.map(({ sentence }) => shapeOf(sentence)))
    const unused = Object.keys(urduSentences).filter(
      (english) => !Object.hasOwn(urduZodMessages, english) && !produced.has(shapeOf(english)),
    )
    expect(unused).toEqual([])
  })

  it('fills each translation only with places its English has', () => {
    const wrong = Object.entries(urduSentences).filter(([english, urdu]) => {
      const names = new Set(placesOf(english))
      return placesOf(urdu).some((name) => !names.has(name)) || !ARABIC_SCRIPT.test(urdu)
    })
    expect(wrong).toEqual([])
  })

  it('matches each sentence to its own entry, not to a broader template', () => {
    const catalogShapes = new Map(Object.keys(urduSentences).map((english) => [shapeOf(english), english]))
    const misrouted = sources.flatMap(({ sentence }) => {
      const own = catalogShapes.get(shapeOf(sentence))
      if (!own) return []
      const expected = translateSentence(filled(sentence), {
        [own]: urduSentences[own] ?? '',
      } as SentenceCatalog)
      const got = translateSentence(filled(sentence), urduSentences)
      return got === expected ? [] : [sentence]
    })
    expect(misrouted).toEqual([])
  })
})

describe("zod's own messages", () => {
  // What zod says for checks our schemas leave without a message of their own.
  const probes: [z.ZodType, unknown][] = [
    [z.string(), 1],
    [z.object({ name: z.string() }), {}],
    [z.string().max(2), 'abc'],
    [z.string().min(2), 'a'],
    [z.array(z.string()).max(1), ['a', 'b']],
    [z.array(z.string()).min(1), []],
    [z.number().max(2), 3],
    [z.number().lt(2), 3],
    [z.number().min(2), 1],
    [z.number().positive(), 0],
    [z.enum(['a', 'b']), 'c'],
    [z.literal('a'), 'b'],
    [z.strictObject({}), { x: 1 }],
    [z.strictObject({}), { x: 1, y: 2 }],
    [z.union([z.string(), z.number()]), true],
    [z.email(), 'x'],
    [z.string().regex(/^a$/), 'b'],
    [z.iso.datetime(), 'x'],
    [z.record(z.string().regex(/^\d+$/), z.number()), { a: 1 }],
  ]
  const messages = probes.flatMap(([schema, value]) =>
    (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message),
  )

  it('are each translated', () => {
    const untranslated = messages.filter((message) => translateSentence(message, urduSentences) === message)
    expect(untranslated).toEqual([])
  })

  it('are each a message zod gives', () => {
    const unused = Object.keys(urduZodMessages).filter(
      (english) => !messages.some((message) => translateSentence(message, { [english]: 'x' }) === 'x'),
    )
    expect(unused).toEqual([])
  })
})
