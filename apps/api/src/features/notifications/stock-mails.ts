import { type LanguageCode, type Say, STORE_NAME, wordsIn } from '@store/contract'
import { html } from './html'
import { type MailContent, mailLink, mailPage, paragraphs, textOf } from './mail-layout'
import { type MailWord, urduMailWords } from './mails-ur'

/* The mails of the stock ledger: to staff when a product runs low, to a shopper when it is back. */

/** A product whose stock crossed its low-stock threshold. */
export interface LowStockFacts {
  productId: number
  name: string
  stock: number
  threshold: number
}

const lowStockNews = (facts: LowStockFacts, say: Say<MailWord>) =>
  say('{name} is low on stock: {stock} left (the threshold is {threshold}).', {
    name: facts.name,
    stock: facts.stock,
    threshold: facts.threshold,
  })

/** To staff who keep the catalogue: a product fell to its low-stock threshold. */
export function lowStockMail(facts: LowStockFacts, siteUrl: string, language: LanguageCode): MailContent {
  const say = wordsIn(urduMailWords, language)
  const adminUrl = `${siteUrl}/adminuser/products/edit/${facts.productId}`
  const line = lowStockNews(facts, say)
  return {
    subject: say('Low stock: {name}', { name: facts.name }),
    text: textOf(line, say('Open it in the back office: {url}', { url: adminUrl })),
    html: mailPage(
      siteUrl,
      say('Low stock: {name}', { name: facts.name }),
      html`<p>${line}</p>${mailLink(adminUrl, say('Open the product'))}`,
      language,
    ),
  }
}

export const lowStockText = (facts: LowStockFacts, siteUrl: string, language: LanguageCode) =>
  `${STORE_NAME}: ${lowStockNews(facts, wordsIn(urduMailWords, language))} ${siteUrl}/adminuser/products/edit/${facts.productId}`

/** A product a shopper asked about is back in stock. */
export interface BackInStockFacts {
  productId: number
  firstName: string
  /** The product's name in the shopper's language */
  name: string
}

/** To the shopper who asked: the product is back in stock (their request is used). */
export function backInStockMail(
  facts: BackInStockFacts,
  siteUrl: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const url = `${siteUrl}/product/${facts.productId}`
  const lines = [
    say('Hello {name},', { name: facts.firstName }),
    say('Good news: {product} is back in stock. Order it before it sells out again.', {
      product: facts.name,
    }),
  ]
  return {
    subject: say('{store}: {product} is back in stock', { store: STORE_NAME, product: facts.name }),
    text: textOf(lines, say('See it here: {url}', { url })),
    html: mailPage(
      siteUrl,
      say('{product} is back in stock', { product: facts.name }),
      html`${paragraphs(lines)}${mailLink(url, say('See the product'))}`,
      language,
    ),
  }
}

export const backInStockText = (facts: BackInStockFacts, siteUrl: string, language: LanguageCode) =>
  `${wordsIn(urduMailWords, language)('{store}: {product} is back in stock.', { store: STORE_NAME, product: facts.name })} ${siteUrl}/product/${facts.productId}`
