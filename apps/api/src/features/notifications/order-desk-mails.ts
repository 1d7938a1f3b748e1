import { formatPkr, type LanguageCode, type Say, STORE_NAME, wordsIn } from '@store/contract'
import { toPaisa } from '../../lib/money'
import { html } from './html'
import { type MailContent, mailLink, mailPage, paragraphs, textOf } from './mail-layout'
import { type MailWord, urduMailWords } from './mails-ur'

/* The mails of the order desk: an order staff put together, sent to its customer to look at and accept. */

/** A draft sent to its customer: the order, what it comes to, and the link that shows it. */
export interface OrderSentFacts {
  orderId: number
  firstName: string
  total: string
  advanceDue: string
  link: string
}

const sentNews = (facts: OrderSentFacts, say: Say<MailWord>) =>
  say('your order #{id} ({total}) is ready for you to look at and accept.', {
    id: facts.orderId,
    total: formatPkr(Number(toPaisa(facts.total))),
  })

/** To the customer: the order staff took for them, with its review link (good for 7 days). */
export function orderSentMail(facts: OrderSentFacts, siteUrl: string, language: LanguageCode): MailContent {
  const say = wordsIn(urduMailWords, language)
  const lines = [
    say('Hello {name},', { name: facts.firstName }),
    `${STORE_NAME}: ${sentNews(facts, say)}`,
    ...(toPaisa(facts.advanceDue) > 0n
      ? [
          say('An advance of {amount} is due once you accept.', {
            amount: formatPkr(Number(toPaisa(facts.advanceDue))),
          }),
        ]
      : []),
    say('The link works for 7 days.'),
  ]
  return {
    subject: say('{store}: your order #{id}', { store: STORE_NAME, id: facts.orderId }),
    text: textOf(lines, facts.link),
    html: mailPage(
      siteUrl,
      say('{store}: your order #{id}', { store: STORE_NAME, id: facts.orderId }),
      html`${paragraphs(lines)}${mailLink(facts.link, say('See the order'))}`,
      language,
    ),
  }
}

export const orderSentText = (facts: OrderSentFacts, language: LanguageCode) =>
  `${STORE_NAME}: ${sentNews(facts, wordsIn(urduMailWords, language))} ${facts.link}`
