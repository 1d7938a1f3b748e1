import type { SentenceCatalog } from '@store/contract'

/**
 * The Buy Now inquiry in Urdu, in the catalog format of the API's sentences
 * (packages/contract/src/sentences.ts): the English text is the key.
 */
export const urduInquiryWords = {
  'Hi, I am interested in "{name}" ({choices}; {price}). Is it available?':
    'السلام علیکم، مجھے "{name}" ({choices}؛ {price}) میں دلچسپی ہے۔ کیا یہ دستیاب ہے؟',
  'Hi, I am interested in "{name}" ({price}). Is it available?':
    'السلام علیکم، مجھے "{name}" ({price}) میں دلچسپی ہے۔ کیا یہ دستیاب ہے؟',
} satisfies SentenceCatalog
