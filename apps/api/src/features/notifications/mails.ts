import {
  type BankAccount,
  formatPkr,
  type LanguageCode,
  type LedgerMethod,
  type Order,
  type PaymentEntry,
  type PlacedStatus,
  type Say,
  STORE_NAME,
  toPaisa,
  wordsIn,
} from '@store/contract'
import { html } from './html'
import { type MailContent, mailLink, mailPage, paragraphs, textOf, textStart } from './mail-layout'
import { type MailWord, urduMailWords } from './mails-ur'

/*
 * Every mail and gateway text in the recipient's language (`users.language`): English, or Urdu
 * written right to left (the words in mails-ur.ts, the page around them in mail-layout.ts).
 */

const PAYMENT_METHODS = {
  cod: 'Cash on delivery',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card: 'Card',
  wallet: 'Wallet',
} as const satisfies Record<LedgerMethod, MailWord>

/** A payment method inside a sentence (lower case in English) */
const PAYMENT_METHODS_IN_TEXT = {
  cod: 'cash on delivery',
  bank_transfer: 'bank transfer',
  cash: 'cash',
  card: 'card',
  wallet: 'wallet',
} as const satisfies Record<LedgerMethod, MailWord>

const DATE_LOCALES: Record<LanguageCode, string> = { en: 'en-PK', ur: 'ur-PK' }

const pkr = (amount: string, exact = false) => formatPkr(toPaisa(amount), { exact })

/**
 * A calendar day as the site shows it: `Tue, 3 Nov` (`منگل، 3 نومبر` in Urdu). One formatter per
 * language: making one is most of the cost of a date's text, and every order's mail writes two.
 */
const dayFormats = new Map<LanguageCode, Intl.DateTimeFormat>()
function day(date: string, language: LanguageCode): string {
  let format = dayFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[language], {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    })
    dayFormats.set(language, format)
  }
  return format.format(new Date(`${date}T00:00:00Z`))
}

const deliveryEstimate = (order: Pick<Order, 'eta_min_date' | 'eta_max_date'>, language: LanguageCode) =>
  order.eta_min_date === order.eta_max_date
    ? day(order.eta_min_date, language)
    : `${day(order.eta_min_date, language)} – ${day(order.eta_max_date, language)}`

const itemName = (item: Order['items'][number]) => {
  const options = item.options.map((option) => `${option.name}: ${option.value}`).join(', ')
  return options ? `${item.product.name} (${options})` : item.product.name
}
const lineTotal = (item: Order['items'][number]) => formatPkr(toPaisa(item.price) * item.quantity)

/** The order's money, top to bottom as the checkout shows it; a zero discount or fee is left out. */
function totals(order: Order, say: Say<MailWord>): [string, string][] {
  const rows: [string, string][] = [[say('Subtotal'), pkr(order.subtotal)]]
  if (toPaisa(order.discount) > 0) {
    const code = order.coupon_code ?? say('coupon')
    rows.push([say('Discount ({code})', { code }), formatPkr(-toPaisa(order.discount))])
  }
  rows.push([say('Delivery'), toPaisa(order.delivery_fee) > 0 ? pkr(order.delivery_fee) : say('Free')])
  if (toPaisa(order.cod_fee) > 0) rows.push([say('Cash on delivery fee'), pkr(order.cod_fee)])
  rows.push([say('Total'), pkr(order.total_price)])
  return rows
}

/** Where and how to pay a bank transfer; null when staff have not set the account yet. */
function bankDetails(order: Order, bank: BankAccount | null, say: Say<MailWord>): [string, string][] | null {
  if (!bank?.account_number) return null
  return [
    [say('Bank'), bank.bank_name],
    [say('Account title'), bank.account_title],
    [say('Account number'), bank.account_number],
    ...(bank.iban ? [['IBAN', bank.iban] as [string, string]] : []),
    // What the customer writes on the transfer, as staff look for it: the same in every language.
    [say('Reference'), `Order #${order.id}`],
  ]
}

/** A cell's padding, on the side away from the text's start. */
const cellPadding = (language: LanguageCode) =>
  textStart(language) === 'left' ? '2px 16px 2px 0' : '2px 0 2px 16px'

const table = (rows: [string, string][], language: LanguageCode, boldLast = false) =>
  html`<table style="border-collapse: collapse">${rows.map(
    ([label, value], index) =>
      html`<tr${boldLast && index === rows.length - 1 ? html` style="font-weight: bold"` : ''}><td style="padding: ${cellPadding(language)}">${label}</td><td style="padding: 2px 0">${value}</td></tr>`,
  )}</table>`
const textTable = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`)

/** To the customer: what they ordered, what it costs, when it comes, and how to pay a transfer. */
export function orderPlacedMail(
  order: Order,
  bank: BankAccount | null,
  siteUrl: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const orderUrl = `${siteUrl}/orders/${order.id}`
  const greeting = say('Hello {name},', { name: order.first_name })
  const thanks = say(
    'Thank you for your order #{id}. We have received it and will call you on {phone} before we deliver.',
    { id: order.id, phone: order.phone },
  )
  const items = order.items.map((item) => `${itemName(item)} × ${item.quantity}: ${lineTotal(item)}`)
  const estimate = say('Expected delivery: {when}, to {address}, {city}.', {
    when: deliveryEstimate(order, language),
    address: order.address,
    city: order.city,
  })
  const payment = say('Payment: {method}', { method: say(PAYMENT_METHODS[order.payment_method]) })
  const bankRows = order.payment_method === 'bank_transfer' ? bankDetails(order, bank, say) : null
  const transfer = say('Please transfer {amount} to:', { amount: pkr(order.total_price, true) })
  const noBank = say('Message us for the bank details; we will answer quickly.')
  const upload = say('Then upload a photo of the receipt on your order page.')
  const isTransfer = order.payment_method === 'bank_transfer'
  return {
    subject: say('{store}: order #{id} received', { store: STORE_NAME, id: order.id }),
    text: textOf(
      greeting,
      thanks,
      [say('Items:'), ...items.map((line) => `- ${line}`)],
      textTable(totals(order, say)),
      estimate,
      payment,
      isTransfer &&
        (bankRows
          ? [transfer, ...textTable(bankRows), ...(bank?.instructions ? [bank.instructions] : []), upload]
          : [noBank]),
      say('Your order: {url}', { url: orderUrl }),
    ),
    html: mailPage(
      siteUrl,
      say('Order #{id} received', { id: order.id }),
      html`<p>${greeting}</p><p>${thanks}</p>
<table style="border-collapse: collapse; margin: 16px 0">${order.items.map(
        (item) =>
          html`<tr><td style="padding: ${cellPadding(language)}">${itemName(item)} × ${item.quantity}</td><td style="padding: 2px 0">${lineTotal(item)}</td></tr>`,
      )}</table>
${table(totals(order, say), language, true)}
<p>${estimate}</p>
<p>${payment}</p>
${isTransfer && (bankRows ? html`<p>${transfer}</p>${table(bankRows, language)}${bank?.instructions ? html`<p>${bank.instructions}</p>` : ''}<p>${upload}</p>` : html`<p>${noBank}</p>`)}
${mailLink(orderUrl, say('See your order'))}`,
      language,
    ),
  }
}

/** To staff: a new order to handle, with a link to it in the back office. */
export function newOrderMail(order: Order, siteUrl: string, language: LanguageCode): MailContent {
  const say = wordsIn(urduMailWords, language)
  const adminUrl = `${siteUrl}/adminuser/orders/${order.id}`
  const total = pkr(order.total_price)
  const lines = [
    say('{firstName} {lastName} ({phone}, {city}) placed order #{id} for {total}, {method}.', {
      firstName: order.first_name,
      lastName: order.last_name,
      phone: order.phone,
      city: order.city,
      id: order.id,
      total,
      method: say(PAYMENT_METHODS_IN_TEXT[order.payment_method]),
    }),
    ...order.items.map((item) => `${itemName(item)} × ${item.quantity}`),
  ]
  return {
    subject: say('New order #{id}: {total}', { id: order.id, total }),
    text: textOf(lines, say('Open it in the back office: {url}', { url: adminUrl })),
    html: mailPage(
      siteUrl,
      say('New order #{id}', { id: order.id }),
      html`${paragraphs(lines)}${mailLink(adminUrl, say('Open the order'))}`,
      language,
    ),
  }
}

/** What a change did to an order, in the customer's words. */
export interface OrderChangeFacts {
  orderId: number
  firstName: string
  status: PlacedStatus
  note: string
}

/** The change's news: the new status (a mail's sentence, or the gateway's that runs on from the shop's name). */
const orderNews = (change: OrderChangeFacts, say: Say<MailWord>, runsOn = false) =>
  say(runsOn ? `your order #{id} is now ${change.status}.` : `Your order #{id} is now ${change.status}.`, {
    id: change.orderId,
  })

/** To the customer: their order moved on. */
export function orderChangedMail(
  change: OrderChangeFacts,
  siteUrl: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const orderUrl = `${siteUrl}/orders/${change.orderId}`
  const lines = [
    say('Hello {name},', { name: change.firstName }),
    orderNews(change, say),
    ...(change.note ? [say('Note from us: {note}', { note: change.note })] : []),
  ]
  return {
    subject: say(`{store}: order #{id} is ${change.status}`, { store: STORE_NAME, id: change.orderId }),
    text: textOf(lines, say('Your order: {url}', { url: orderUrl })),
    html: mailPage(
      siteUrl,
      say('Order #{id}', { id: change.orderId }),
      html`${paragraphs(lines)}${mailLink(orderUrl, say('See your order'))}`,
      language,
    ),
  }
}

/** An order that was changed (its items, address, city or phone), and what its money comes to now. */
export interface OrderEditFacts {
  orderId: number
  firstName: string
  /** What changed, in the history's words */
  changes: string
  note: string
  total: string
  /** Still to pay, and paid beyond the new total (a refund owed) */
  balanceDue: string
  refundOwed: string
}

/** The money after an edit: the new total, and what is due or owed back. */
function editMoney(facts: OrderEditFacts, say: Say<MailWord>): string[] {
  const total = say('The new total is {total}.', { total: pkr(facts.total) })
  if (toPaisa(facts.refundOwed) > 0n) {
    return [
      total,
      say('You have paid {amount} more than that; we will refund it.', { amount: pkr(facts.refundOwed) }),
    ]
  }
  if (toPaisa(facts.balanceDue) > 0n)
    return [total, say('Left to pay: {amount}.', { amount: pkr(facts.balanceDue) })]
  return [total]
}

/** To the customer: their order was changed, by staff or by themselves. */
export function orderEditedMail(facts: OrderEditFacts, siteUrl: string, language: LanguageCode): MailContent {
  const say = wordsIn(urduMailWords, language)
  const orderUrl = `${siteUrl}/orders/${facts.orderId}`
  const lines = [
    say('Hello {name},', { name: facts.firstName }),
    say('Your order #{id} was changed: {changes}.', { id: facts.orderId, changes: facts.changes }),
    ...editMoney(facts, say),
    ...(facts.note ? [say('Note from us: {note}', { note: facts.note })] : []),
  ]
  return {
    subject: say('{store}: order #{id} was changed', { store: STORE_NAME, id: facts.orderId }),
    text: textOf(lines, say('Your order: {url}', { url: orderUrl })),
    html: mailPage(
      siteUrl,
      say('Order #{id}', { id: facts.orderId }),
      html`${paragraphs(lines)}${mailLink(orderUrl, say('See your order'))}`,
      language,
    ),
  }
}

export const orderEditedText = (facts: OrderEditFacts, siteUrl: string, language: LanguageCode) => {
  const say = wordsIn(urduMailWords, language)
  return [
    `${STORE_NAME}:`,
    say('your order #{id} was changed.', { id: facts.orderId }),
    ...editMoney(facts, say),
    `${siteUrl}/orders/${facts.orderId}`,
  ].join(' ')
}

/** A payment or refund the customer is told of, with what is left to pay after it. */
export interface PaymentFacts {
  orderId: number
  firstName: string
  entry: Pick<PaymentEntry, 'kind' | 'method' | 'amount' | 'status' | 'check_note'>
  balanceDue: string
}

/** What became of a payment or a refund: the subject and the sentence of its mail and text. */
function paymentNews(facts: PaymentFacts, say: Say<MailWord>) {
  const { entry, orderId: id } = facts
  const amount = pkr(entry.amount, true)
  if (entry.kind === 'refund') {
    return {
      subject: say('{store}: refund for order #{id}', { store: STORE_NAME, id }),
      news: say('We have refunded {amount} for order #{id} by {method}.', {
        amount,
        id,
        method: say(PAYMENT_METHODS_IN_TEXT[entry.method]),
      }),
    }
  }
  if (entry.status === 'rejected') {
    return {
      subject: say('{store}: payment for order #{id} not accepted', { store: STORE_NAME, id }),
      news: say('We could not accept your payment of {amount} for order #{id}: {reason}', {
        amount,
        id,
        reason: entry.check_note,
      }),
    }
  }
  const balance = toPaisa(facts.balanceDue)
  return {
    subject: say('{store}: payment for order #{id} received', { store: STORE_NAME, id }),
    news: [
      say('We received your payment of {amount} for order #{id}.', { amount, id }),
      balance > 0
        ? say('Still to pay: {balance}.', { balance: pkr(facts.balanceDue) })
        : say('Your order is paid in full.'),
    ].join(' '),
  }
}

/** To the customer: a payment confirmed or rejected, or a refund paid. */
export function paymentMail(facts: PaymentFacts, siteUrl: string, language: LanguageCode): MailContent {
  const say = wordsIn(urduMailWords, language)
  const orderUrl = `${siteUrl}/orders/${facts.orderId}`
  const { subject, news } = paymentNews(facts, say)
  const lines = [say('Hello {name},', { name: facts.firstName }), news]
  return {
    subject,
    text: textOf(lines, say('Your order: {url}', { url: orderUrl })),
    html: mailPage(
      siteUrl,
      say('Order #{id}', { id: facts.orderId }),
      html`${paragraphs(lines)}${mailLink(orderUrl, say('See your order'))}`,
      language,
    ),
  }
}

export const paymentText = (facts: PaymentFacts, siteUrl: string, language: LanguageCode) =>
  `${STORE_NAME}: ${paymentNews(facts, wordsIn(urduMailWords, language)).news} ${siteUrl}/orders/${facts.orderId}`

/** To staff: a bank receipt waits to be checked. */
export function paymentProofMail(
  order: { id: number; customer: string; amount: string },
  siteUrl: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const adminUrl = `${siteUrl}/adminuser/orders/${order.id}`
  const line = say(
    '{customer} sent a receipt of {amount} for order #{id}. Check the transfer and confirm or reject it on the order.',
    { customer: order.customer, id: order.id, amount: pkr(order.amount, true) },
  )
  return {
    subject: say('Receipt for order #{id} to check', { id: order.id }),
    text: textOf(line, say('Open it in the back office: {url}', { url: adminUrl })),
    html: mailPage(
      siteUrl,
      say('Receipt for order #{id}', { id: order.id }),
      html`<p>${line}</p>${mailLink(adminUrl, say('Open the order'))}`,
      language,
    ),
  }
}

/** A message as a mail quotes it. */
export interface MessageFacts {
  conversationId: number
  /** The customer's first name (the greeting of a reply) or full name (the sender of a question) */
  customer: string
  content: string
}

const quote = (content: string, language: LanguageCode) =>
  html`<blockquote style="border-${textStart(language)}: 3px solid #ccc; margin: 16px 0; padding: 4px 12px; white-space: pre-wrap">${content}</blockquote>`

/** To the customer: the shop answered in their conversation. */
export function storeReplyMail(message: MessageFacts, siteUrl: string, language: LanguageCode): MailContent {
  const say = wordsIn(urduMailWords, language)
  const url = `${siteUrl}/messages/${message.conversationId}`
  const intro = say('Hello {name}, we replied to your message:', { name: message.customer })
  return {
    subject: say('{store} replied to your message', { store: STORE_NAME }),
    text: textOf(intro, message.content, say('Reply here: {url}', { url })),
    html: mailPage(
      siteUrl,
      say('A reply from us'),
      html`<p>${intro}</p>${quote(message.content, language)}${mailLink(url, say('Read and reply'))}`,
      language,
    ),
  }
}

/** To staff: a customer wrote (a message, or a Buy Now inquiry). */
export function customerMessageMail(
  message: MessageFacts,
  siteUrl: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const url = `${siteUrl}/adminuser/messages/${message.conversationId}`
  const intro = say('{name} wrote:', { name: message.customer })
  return {
    subject: say('Message from {name}', { name: message.customer }),
    text: textOf(intro, message.content, say('Answer in the back office: {url}', { url })),
    html: mailPage(
      siteUrl,
      say('A customer message'),
      html`<p>${intro}</p>${quote(message.content, language)}${mailLink(url, say('Answer'))}`,
      language,
    ),
  }
}

/*
 * The gateway's short texts (an SMS or a WhatsApp message): plain, one or two sentences, a link.
 */

export const orderPlacedText = (order: Order, siteUrl: string, language: LanguageCode) => {
  const say = wordsIn(urduMailWords, language)
  const placed = say('{store}: we received your order #{id} ({total}). Expected delivery {when}.', {
    store: STORE_NAME,
    id: order.id,
    total: pkr(order.total_price),
    when: deliveryEstimate(order, language),
  })
  return `${placed} ${siteUrl}/orders/${order.id}`
}

export const orderChangedText = (change: OrderChangeFacts, siteUrl: string, language: LanguageCode) =>
  [
    `${STORE_NAME}:`,
    orderNews(change, wordsIn(urduMailWords, language), true),
    `${siteUrl}/orders/${change.orderId}`,
  ].join(' ')

export const storeReplyText = (message: MessageFacts, siteUrl: string, language: LanguageCode) =>
  `${wordsIn(urduMailWords, language)('{store} replied to your message.', { store: STORE_NAME })} ${siteUrl}/messages/${message.conversationId}`

/** An order's delivery day that staff moved. */
export interface DeliveryMovedFacts {
  orderId: number
  firstName: string
  /** YYYY-MM-DD */
  date: string
}

/** To the customer: their order comes on another day. */
export function deliveryMovedMail(
  facts: DeliveryMovedFacts,
  siteUrl: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const orderUrl = `${siteUrl}/orders/${facts.orderId}`
  const lines = [
    say('Hello {name},', { name: facts.firstName }),
    say('Your order #{id} will now be delivered on {day}.', {
      id: facts.orderId,
      day: day(facts.date, language),
    }),
  ]
  return {
    subject: say('{store}: a new delivery day for order #{id}', { store: STORE_NAME, id: facts.orderId }),
    text: textOf(lines, say('Your order: {url}', { url: orderUrl })),
    html: mailPage(
      siteUrl,
      say('Order #{id}', { id: facts.orderId }),
      html`${paragraphs(lines)}${mailLink(orderUrl, say('See your order'))}`,
      language,
    ),
  }
}

export const deliveryMovedText = (facts: DeliveryMovedFacts, siteUrl: string, language: LanguageCode) =>
  `${wordsIn(urduMailWords, language)('{store}: your order #{id} will now be delivered on {day}.', {
    store: STORE_NAME,
    id: facts.orderId,
    day: day(facts.date, language),
  })} ${siteUrl}/orders/${facts.orderId}`

/** A delivery the van could not make, and why. */
export interface DeliveryFailedFacts {
  orderId: number
  firstName: string
  reason: string
}

/** To the customer: the van came and could not deliver; the shop will call. */
export function deliveryFailedMail(
  facts: DeliveryFailedFacts,
  siteUrl: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const orderUrl = `${siteUrl}/orders/${facts.orderId}`
  const lines = [
    say('Hello {name},', { name: facts.firstName }),
    say('We could not deliver your order #{id} today: {reason}', { id: facts.orderId, reason: facts.reason }),
    say('We will call you to set another day.'),
  ]
  return {
    subject: say('{store}: we could not deliver order #{id}', { store: STORE_NAME, id: facts.orderId }),
    text: textOf(lines, say('Your order: {url}', { url: orderUrl })),
    html: mailPage(
      siteUrl,
      say('Order #{id}', { id: facts.orderId }),
      html`${paragraphs(lines)}${mailLink(orderUrl, say('See your order'))}`,
      language,
    ),
  }
}

export const deliveryFailedText = (facts: DeliveryFailedFacts, siteUrl: string, language: LanguageCode) =>
  `${wordsIn(urduMailWords, language)(
    '{store}: we could not deliver your order #{id} today. We will call you to set another day.',
    {
      store: STORE_NAME,
      id: facts.orderId,
    },
  )} ${siteUrl}/orders/${facts.orderId}`

/** To a staff member: the owner turned their two-factor sign-in off. */
export function twoFactorResetMail(firstName: string, siteUrl: string, language: LanguageCode): MailContent {
  const say = wordsIn(urduMailWords, language)
  const url = `${siteUrl}/adminuser/two-factor`
  const lines = [
    say('Hello {name},', { name: firstName }),
    say('The shop’s owner turned your two-factor sign-in off, as asked when a phone is lost.'),
    say('Set it up again with your new phone before you next work in the back office.'),
  ]
  return {
    subject: say('{store}: your two-factor sign-in was turned off', { store: STORE_NAME }),
    text: textOf(lines, say('Set it up here: {url}', { url })),
    html: mailPage(
      siteUrl,
      say('Two-factor sign-in'),
      html`${paragraphs(lines)}${mailLink(url, say('Set it up again'))}`,
      language,
    ),
  }
}
