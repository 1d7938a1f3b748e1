import type { SentenceCatalog } from './sentences'

/** The API's and the contract's sentences in Urdu (see sentences.ts). */
export const urduSentences: SentenceCatalog = {}
