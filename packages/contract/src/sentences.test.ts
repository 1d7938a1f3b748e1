import { describe, expect, it } from 'vitest'
import { translateSentence } from './sentences'

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
