import { type ClaimStatus, type LanguageCode, type Say, STORE_NAME, wordsIn } from '@store/contract'
import { html } from './html'
import { type MailContent, mailLink, mailPage, paragraphs, textOf } from './mail-layout'
import { type MailWord, urduMailWords } from './mails-ur'

/* The mails after the sale: a claim moving on, and a request to cancel a confirmed order answered. */

/** A claim's new step, and staff's note with it. */
export interface ClaimFacts {
  claimId: number
  orderId: number
  firstName: string
  status: ClaimStatus
  note: string
  /** The pickup day (YYYY-MM-DD) once scheduled */
  pickupDate: string | null
}

const claimNews = (facts: ClaimFacts, say: Say<MailWord>): string => {
  const values = { id: facts.claimId, order: facts.orderId, date: facts.pickupDate ?? '' }
  switch (facts.status) {
    case 'requested':
      return say('We received your claim #{id} on order #{order} and will look at it soon.', values)
    case 'approved':
      return say('Your claim #{id} on order #{order} is approved.', values)
    case 'rejected':
      return say('Your claim #{id} on order #{order} is not accepted.', values)
    case 'pickup_scheduled':
      return say('We will collect the pieces of claim #{id} on {date}.', values)
    case 'received':
      return say('We received the pieces of claim #{id}.', values)
    case 'resolved':
      return say('Your claim #{id} on order #{order} is resolved.', values)
  }
}

const claimUrl = (facts: ClaimFacts, siteUrl: string) => `${siteUrl}/claims/${facts.claimId}`

/** To the customer: their claim moved on. */
export function claimMail(facts: ClaimFacts, siteUrl: string, language: LanguageCode): MailContent {
  const say = wordsIn(urduMailWords, language)
  const lines = [
    say('Hello {name},', { name: facts.firstName }),
    claimNews(facts, say),
    ...(facts.note ? [say('Note from us: {note}', { note: facts.note })] : []),
  ]
  const url = claimUrl(facts, siteUrl)
  return {
    subject: say('{store}: claim #{id}', { store: STORE_NAME, id: facts.claimId }),
    text: textOf(lines, say('Your claim: {url}', { url })),
    html: mailPage(
      siteUrl,
      say('Claim #{id}', { id: facts.claimId }),
      html`${paragraphs(lines)}${mailLink(url, say('See your claim'))}`,
      language,
    ),
  }
}

export const claimText = (facts: ClaimFacts, siteUrl: string, language: LanguageCode) =>
  `${STORE_NAME}: ${claimNews(facts, wordsIn(urduMailWords, language))} ${claimUrl(facts, siteUrl)}`

/** Staff's answer to a request to cancel a confirmed order. */
export interface CancellationFacts {
  orderId: number
  firstName: string
  approved: boolean
  /** What goes back to the customer (PKR 12,500) */
  refund: string
  note: string
}

const cancellationNews = (facts: CancellationFacts, say: Say<MailWord>) =>
  facts.approved
    ? say('Your order #{id} is cancelled as you asked; {refund} will be refunded.', {
        id: facts.orderId,
        refund: facts.refund,
      })
    : say('We could not cancel your order #{id}; it goes ahead.', { id: facts.orderId })

export function cancellationMail(
  facts: CancellationFacts,
  siteUrl: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const lines = [
    say('Hello {name},', { name: facts.firstName }),
    cancellationNews(facts, say),
    ...(facts.note ? [say('Note from us: {note}', { note: facts.note })] : []),
  ]
  const url = `${siteUrl}/orders/${facts.orderId}`
  return {
    subject: say('{store}: your cancellation of order #{id}', { store: STORE_NAME, id: facts.orderId }),
    text: textOf(lines, say('Your order: {url}', { url })),
    html: mailPage(
      siteUrl,
      say('Order #{id}', { id: facts.orderId }),
      html`${paragraphs(lines)}${mailLink(url, say('See your order'))}`,
      language,
    ),
  }
}

export const cancellationText = (facts: CancellationFacts, siteUrl: string, language: LanguageCode) =>
  `${STORE_NAME}: ${cancellationNews(facts, wordsIn(urduMailWords, language))} ${siteUrl}/orders/${facts.orderId}`

/** What waits for staff after a sale: a claim filed, or a request to cancel a confirmed order. */
export interface AfterSaleRequestFacts {
  orderId: number
  customer: string
  /** The claim filed; null for a request to cancel */
  claimId: number | null
}

/** To staff who handle orders: a customer's claim or request to cancel waits for them. */
export function afterSaleRequestMail(
  facts: AfterSaleRequestFacts,
  siteUrl: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const { claimId } = facts
  const adminUrl =
    claimId === null
      ? `${siteUrl}/adminuser/orders/${facts.orderId}`
      : `${siteUrl}/adminuser/claims/${claimId}`
  const line =
    claimId === null
      ? say('{customer} asked to cancel the confirmed order #{id}. Approve or refuse it on the order.', {
          customer: facts.customer,
          id: facts.orderId,
        })
      : say(
          '{customer} reported a problem with order #{id} (claim #{claim}). Look at it in the claims queue.',
          {
            customer: facts.customer,
            id: facts.orderId,
            claim: claimId,
          },
        )
  const heading =
    claimId === null
      ? say('Request to cancel order #{id}', { id: facts.orderId })
      : say('Claim #{id} to look at', { id: claimId })
  return {
    subject: heading,
    text: textOf(line, say('Open it in the back office: {url}', { url: adminUrl })),
    html: mailPage(siteUrl, heading, html`<p>${line}</p>${mailLink(adminUrl, say('Open it'))}`, language),
  }
}
