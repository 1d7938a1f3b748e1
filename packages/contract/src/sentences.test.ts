import { describe, expect, it } from 'vitest'
import { sentenceIn, translateSentence, wordsIn } from './sentences'

const catalog = {
  'Product name is required.': 'پروڈکٹ کا نام ضروری ہے۔',
  'We do not deliver to {city} yet.': 'ہم ابھی {city} میں ڈیلیوری نہیں کرتے۔',
  'Only {available} of {name} left.': '{name} کے صرف {available} باقی ہیں۔',
}

describe('translateSentence', () => {
  it('translates a whole sentence', () => {
    expect(translateSentence('Product name is required.', catalog)).toBe('پروڈکٹ کا نام ضروری ہے۔')
  })

  it('fills a template’s places, in the translation’s order', () => {
    expect(translateSentence('We do not deliver to Gilgit yet.', catalog)).toBe(
      'ہم ابھی Gilgit میں ڈیلیوری نہیں کرتے۔',
    )
    expect(translateSentence('Only 2 of Walnut Sofa (3 seats.) left.', catalog)).toBe(
      'Walnut Sofa (3 seats.) کے صرف 2 باقی ہیں۔',
    )
  })

  it('leaves a sentence it does not know as it came', () => {
    expect(translateSentence('Something new.', catalog)).toBe('Something new.')
  })
})

describe('sentenceIn', () => {
  it('translates for an Urdu reader and leaves the English as it is', () => {
    expect(sentenceIn(catalog, 'ur', 'We do not deliver to Gilgit yet.')).toBe(
      'ہم ابھی Gilgit میں ڈیلیوری نہیں کرتے۔',
    )
    expect(sentenceIn(catalog, 'en', 'We do not deliver to Gilgit yet.')).toBe(
      'We do not deliver to Gilgit yet.',
    )
  })
})

describe('wordsIn', () => {
  it('says a message in English or in the catalog’s Urdu, its places filled', () => {
    const english = wordsIn(catalog, 'en')
    const urdu = wordsIn(catalog, 'ur')
    expect(english('Only {available} of {name} left.', { available: 2, name: 'Sofa {x}' })).toBe(
      'Only 2 of Sofa {x} left.',
    )
    expect(urdu('Only {available} of {name} left.', { available: 2, name: 'Sofa $&' })).toBe(
      'Sofa $& کے صرف 2 باقی ہیں۔',
    )
    expect(urdu('Product name is required.')).toBe('پروڈکٹ کا نام ضروری ہے۔')
  })

  it('compiles only for a message the catalog holds, with the values of its places', () => {
    const say = wordsIn(catalog, 'en')
    // @ts-expect-error: not a message of the catalog
    say('Something new.')
    // @ts-expect-error: the template's places need their values
    say('We do not deliver to {city} yet.')
    // @ts-expect-error: a value for each place
    say('Only {available} of {name} left.', { available: 2 })
  })
})
