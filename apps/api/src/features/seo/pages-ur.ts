import type { SentenceCatalog } from '@store/contract'

/*
 * The words of the server's page heads in Urdu, in the catalog format of the API's sentences
 * (packages/contract/src/sentences.ts): the English text is the key. A listing's description is
 * put together from parts whose order Urdu changes: its details and "in stock" are places of their
 * own, each empty when the listing has none, so their words start with the space before them.
 */

/** The page heads' words in Urdu (pages.ts). */
export const urduPageWords = {
  Home: 'ہوم',
  'All Products': 'تمام پروڈکٹس',
  // The web app's index.html describes the home page: its own words, in Urdu
  '{store}: furniture and home furnishings delivered across Pakistan, priced in PKR.':
    '{store}: فرنیچر اور گھر کی آرائش، قیمتیں روپوں (PKR) میں، اور پورے پاکستان میں ڈیلیوری۔',

  // A product
  'In stock': 'اسٹاک میں موجود',
  'Made to order': 'آرڈر پر تیار',
  'Out of stock': 'اسٹاک ختم',
  'Product not found': 'پروڈکٹ نہیں ملی',
  'This product is not in the {store} catalogue.': 'یہ پروڈکٹ {store} کی فہرست میں نہیں۔',
  'Category not found': 'کیٹیگری نہیں ملی',
  'This category is not in the {store} catalogue.': 'یہ کیٹیگری {store} کی فہرست میں نہیں۔',

  // Listings
  'The newest furniture and home pieces at {store}, priced in PKR and delivered across Pakistan.':
    '{store} کا نیا فرنیچر اور گھر کی آرائش، قیمتیں روپوں (PKR) میں، اور پورے پاکستان میں ڈیلیوری۔',
  'Flash deals at {store}: sale pieces with only a few left, priced in PKR.':
    '{store} کی فلیش ڈیلز: سیل کے وہ پیس جو بس چند ہی باقی ہیں، قیمتیں روپوں (PKR) میں۔',
  'Furniture on sale at {store}, priced in PKR and delivered across Pakistan.':
    '{store} پر سیل کا فرنیچر، قیمتیں روپوں (PKR) میں، اور پورے پاکستان میں ڈیلیوری۔',
  'Search results for “{words}” at {store}.': '{store} پر “{words}” کی تلاش کے نتائج۔',
  'Shop 1 piece of {what}{details}{inStock} at {store}, priced in PKR and delivered across Pakistan.':
    '{store} پر {what} کے 1 پیس{details}{inStock}؛ قیمتیں روپوں (PKR) میں، اور پورے پاکستان میں ڈیلیوری۔',
  'Shop {count} pieces of {what}{details}{inStock} at {store}, priced in PKR and delivered across Pakistan.':
    '{store} پر {what} کے {count} پیس{details}{inStock}؛ قیمتیں روپوں (PKR) میں، اور پورے پاکستان میں ڈیلیوری۔',
  'furniture and home décor': 'فرنیچر اور گھر کی آرائش',
  ' in {details}': ' ({details})',
  ' in stock': '، جو اسٹاک میں موجود ہیں',
} satisfies SentenceCatalog

/** A message the page heads can say */
export type PageWord = keyof typeof urduPageWords
