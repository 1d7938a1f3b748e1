import type { SentenceCatalog } from '@store/contract'

/**
 * The Buy Now inquiry in Urdu, in the catalog format of the API's sentences
 * (packages/contract/src/sentences.ts): the English text is the key. `{details}` is the choices made,
 * the options still open and the price, joined by semicolons.
 */
export const urduInquiryWords = {
  'Hi, I am interested in "{name}" ({details}). Is it available?':
    'السلام علیکم، مجھے "{name}" ({details}) میں دلچسپی ہے۔ کیا یہ دستیاب ہے؟',
  'Hi, I am interested in {quantity} of "{name}" ({details}). Are they available?':
    'السلام علیکم، مجھے "{name}" کے {quantity} عدد ({details}) میں دلچسپی ہے۔ کیا یہ دستیاب ہیں؟',
  '{options} still open': '{options} کا انتخاب ابھی باقی ہے',
} satisfies SentenceCatalog
