import {
  type BankAccount,
  formatPkr,
  type LanguageCode,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  STORE_NAME,
  toPaisa,
} from '@store/contract'
import { html, type SafeHtml } from './html'

/** What a mail says, before it has a recipient: a subject, plain text and a simple HTML version. */
export interface MailContent {
  subject: string
  text: string
  html: string
}

/**
 * Every mail and gateway text in the recipient's language (`users.language`): English, or Urdu
 * written right to left. Amounts stay `PKR 12,500` with Latin digits in both, as the site shows them.
 */
interface Words {
  /** `<html>`'s attributes, the body's style, and the side a text starts on */
  page: { attributes: SafeHtml; style: string; start: 'left' | 'right' }
  dateLocale: string
  paymentMethods: Record<PaymentMethod, string>
  paymentStatuses: Record<PaymentStatus, string>
  hello: (name: string) => string
  orderLabel: (id: number) => string
  subtotal: string
  discount: (code: string | null) => string
  delivery: string
  free: string
  codFee: string
  total: string
  bank: string
  accountTitle: string
  accountNumber: string
  reference: string
  placed: {
    subject: (id: number) => string
    heading: (id: number) => string
    thanks: (id: number, phone: string) => string
    items: string
    estimate: (when: string, address: string, city: string) => string
    payment: (method: string) => string
    transfer: (amount: string) => string
    noBank: string
    upload: string
    yourOrder: (url: string) => string
    seeOrder: string
  }
  newOrder: {
    subject: (id: number, total: string) => string
    heading: (id: number) => string
    line: (order: Order, total: string, method: string) => string
    open: (url: string) => string
    link: string
  }
  changed: {
    subject: (id: number, status: OrderStatus | null) => string
    status: (id: number, status: OrderStatus) => string
    payment: (id: number, status: string) => string
    note: (note: string) => string
  }
  proof: {
    subject: (id: number) => string
    heading: (id: number) => string
    line: (customer: string, id: number, total: string) => string
  }
  reply: {
    subject: string
    heading: string
    intro: (name: string) => string
    here: (url: string) => string
    link: string
  }
  customerMessage: {
    subject: (name: string) => string
    heading: string
    intro: (name: string) => string
    answer: (url: string) => string
    link: string
  }
  texts: {
    placed: (id: number, total: string, when: string) => string
    /** Runs on from the shop's name */
    status: (id: number, status: OrderStatus) => string
    replied: string
  }
}

const ENGLISH: Words = {
  page: {
    attributes: html``,
    style:
      'font-family: Arial, sans-serif; color: #222; line-height: 1.5; max-width: 600px; margin: 0 auto; padding: 16px',
    start: 'left',
  },
  dateLocale: 'en-PK',
  paymentMethods: { cod: 'Cash on delivery', bank_transfer: 'Bank transfer' },
  paymentStatuses: {
    unpaid: 'Unpaid',
    proof_submitted: 'Receipt submitted',
    paid: 'Paid',
    refunded: 'Refunded',
  },
  hello: (name) => `Hello ${name},`,
  orderLabel: (id) => `Order #${id}`,
  subtotal: 'Subtotal',
  discount: (code) => `Discount (${code ?? 'coupon'})`,
  delivery: 'Delivery',
  free: 'Free',
  codFee: 'Cash on delivery fee',
  total: 'Total',
  bank: 'Bank',
  accountTitle: 'Account title',
  accountNumber: 'Account number',
  reference: 'Reference',
  placed: {
    subject: (id) => `${STORE_NAME}: order #${id} received`,
    heading: (id) => `Order #${id} received`,
    thanks: (id, phone) =>
      `Thank you for your order #${id}. We have received it and will call you on ${phone} before we deliver.`,
    items: 'Items:',
    estimate: (when, address, city) => `Expected delivery: ${when}, to ${address}, ${city}.`,
    payment: (method) => `Payment: ${method}`,
    transfer: (amount) => `Please transfer ${amount} to:`,
    noBank: 'Message us for the bank details; we will answer quickly.',
    upload: 'Then upload a photo of the receipt on your order page.',
    yourOrder: (url) => `Your order: ${url}`,
    seeOrder: 'See your order',
  },
  newOrder: {
    subject: (id, total) => `New order #${id}: ${total}`,
    heading: (id) => `New order #${id}`,
    line: (order, total, method) =>
      `${order.first_name} ${order.last_name} (${order.phone}, ${order.city}) placed order #${order.id} for ${total}, ${method.toLowerCase()}.`,
    open: (url) => `Open it in the back office: ${url}`,
    link: 'Open the order',
  },
  changed: {
    subject: (id, status) => `${STORE_NAME}: order #${id} ${status ? `is ${status}` : 'payment update'}`,
    status: (id, status) => `Your order #${id} is now ${status}.`,
    payment: (id, status) => `Payment of order #${id}: ${status}.`,
    note: (note) => `Note from us: ${note}`,
  },
  proof: {
    subject: (id) => `Receipt for order #${id} to check`,
    heading: (id) => `Receipt for order #${id}`,
    line: (customer, id, total) =>
      `${customer} uploaded the bank receipt of order #${id} (${total}). Check the transfer and mark the order paid.`,
  },
  reply: {
    subject: `${STORE_NAME} replied to your message`,
    heading: 'A reply from us',
    intro: (name) => `Hello ${name}, we replied to your message:`,
    here: (url) => `Reply here: ${url}`,
    link: 'Read and reply',
  },
  customerMessage: {
    subject: (name) => `Message from ${name}`,
    heading: 'A customer message',
    intro: (name) => `${name} wrote:`,
    answer: (url) => `Answer in the back office: ${url}`,
    link: 'Answer',
  },
  texts: {
    placed: (id, total, when) =>
      `${STORE_NAME}: we received your order #${id} (${total}). Expected delivery ${when}.`,
    status: (id, status) => `your order #${id} is now ${status}.`,
    replied: `${STORE_NAME} replied to your message.`,
  },
}

/** An order's status as a mail's subject names it, and as a sentence telling the customer. */
const URDU_STATUS: Record<OrderStatus, { short: string; sentence: (id: number) => string }> = {
  Pending: { short: 'زیرِ التوا', sentence: (id) => `آپ کا آرڈر نمبر ${id} اب زیرِ التوا ہے۔` },
  Processing: { short: 'تیاری میں', sentence: (id) => `آپ کا آرڈر نمبر ${id} اب تیار کیا جا رہا ہے۔` },
  Shipped: { short: 'روانہ', sentence: (id) => `آپ کا آرڈر نمبر ${id} روانہ کر دیا گیا ہے۔` },
  Delivered: { short: 'پہنچ گیا', sentence: (id) => `آپ کا آرڈر نمبر ${id} آپ تک پہنچا دیا گیا ہے۔` },
  Cancelled: { short: 'منسوخ', sentence: (id) => `آپ کا آرڈر نمبر ${id} منسوخ کر دیا گیا ہے۔` },
}

const URDU: Words = {
  page: {
    attributes: html` lang="ur" dir="rtl"`,
    // Nastaliq where the reader has it, with the line height its tall letters need.
    style:
      'font-family: Noto Nastaliq Urdu, Jameel Noori Nastaleeq, Urdu Typesetting, Tahoma, serif; color: #222; line-height: 2.2; direction: rtl; text-align: right; max-width: 600px; margin: 0 auto; padding: 16px',
    start: 'right',
  },
  dateLocale: 'ur-PK',
  paymentMethods: { cod: 'کیش آن ڈیلیوری', bank_transfer: 'بینک ٹرانسفر' },
  paymentStatuses: {
    unpaid: 'ابھی ادا نہیں ہوئی',
    proof_submitted: 'رسید جمع ہو گئی',
    paid: 'ادا ہو گئی',
    refunded: 'رقم واپس کر دی گئی',
  },
  hello: (name) => `السلام علیکم ${name}،`,
  orderLabel: (id) => `آرڈر نمبر ${id}`,
  subtotal: 'ذیلی میزان',
  discount: (code) => `رعایت (${code ?? 'کوپن'})`,
  delivery: 'ڈیلیوری',
  free: 'مفت',
  codFee: 'کیش آن ڈیلیوری فیس',
  total: 'کل رقم',
  bank: 'بینک',
  accountTitle: 'اکاؤنٹ ٹائٹل',
  accountNumber: 'اکاؤنٹ نمبر',
  reference: 'حوالہ',
  placed: {
    subject: (id) => `${STORE_NAME}: آرڈر نمبر ${id} موصول ہو گیا`,
    heading: (id) => `آرڈر نمبر ${id} موصول ہو گیا`,
    thanks: (id, phone) =>
      `آرڈر نمبر ${id} کا بہت شکریہ۔ ہمیں آپ کا آرڈر مل گیا ہے، اور ڈیلیوری سے پہلے ہم آپ کو ${phone} پر فون کریں گے۔`,
    items: 'اشیاء:',
    estimate: (when, address, city) => `متوقع ڈیلیوری: ${when}، پتا: ${address}، ${city}۔`,
    payment: (method) => `ادائیگی: ${method}`,
    transfer: (amount) => `براہِ کرم ${amount} اس اکاؤنٹ میں منتقل کریں:`,
    noBank: 'بینک کی تفصیلات کے لیے ہمیں پیغام بھیجیں؛ ہم جلد جواب دیں گے۔',
    upload: 'پھر اپنے آرڈر کے صفحے پر رسید کی تصویر اپ لوڈ کر دیں۔',
    yourOrder: (url) => `آپ کا آرڈر: ${url}`,
    seeOrder: 'اپنا آرڈر دیکھیں',
  },
  newOrder: {
    subject: (id, total) => `نیا آرڈر نمبر ${id}: ${total}`,
    heading: (id) => `نیا آرڈر نمبر ${id}`,
    line: (order, total, method) =>
      `${order.first_name} ${order.last_name} (${order.phone}، ${order.city}) نے ${total} کا آرڈر نمبر ${order.id} دیا ہے، ادائیگی: ${method}۔`,
    open: (url) => `بیک آفس میں کھولیں: ${url}`,
    link: 'آرڈر کھولیں',
  },
  changed: {
    subject: (id, status) =>
      `${STORE_NAME}: آرڈر نمبر ${id} — ${status ? URDU_STATUS[status].short : 'ادائیگی کی تازہ صورتِ حال'}`,
    status: (id, status) => URDU_STATUS[status].sentence(id),
    payment: (id, status) => `آرڈر نمبر ${id} کی ادائیگی: ${status}۔`,
    note: (note) => `ہماری طرف سے نوٹ: ${note}`,
  },
  proof: {
    subject: (id) => `آرڈر نمبر ${id} کی رسید چیک کرنی ہے`,
    heading: (id) => `آرڈر نمبر ${id} کی رسید`,
    line: (customer, id, total) =>
      `${customer} نے آرڈر نمبر ${id} (${total}) کی بینک رسید اپ لوڈ کی ہے۔ ٹرانسفر چیک کر کے آرڈر کو ادا شدہ درج کریں۔`,
  },
  reply: {
    subject: `${STORE_NAME} نے آپ کے پیغام کا جواب دیا`,
    heading: 'ہماری طرف سے جواب',
    intro: (name) => `السلام علیکم ${name}، ہم نے آپ کے پیغام کا جواب دیا ہے:`,
    here: (url) => `یہاں جواب دیں: ${url}`,
    link: 'پڑھیں اور جواب دیں',
  },
  customerMessage: {
    subject: (name) => `${name} کا پیغام`,
    heading: 'گاہک کا پیغام',
    intro: (name) => `${name} نے لکھا:`,
    answer: (url) => `بیک آفس میں جواب دیں: ${url}`,
    link: 'جواب دیں',
  },
  texts: {
    placed: (id, total, when) =>
      `${STORE_NAME}: ہمیں آپ کا آرڈر نمبر ${id} (${total}) مل گیا ہے۔ متوقع ڈیلیوری ${when}۔`,
    status: (id, status) => URDU_STATUS[status].sentence(id),
    replied: `${STORE_NAME} نے آپ کے پیغام کا جواب دیا ہے۔`,
  },
}

const WORDS: Record<LanguageCode, Words> = { en: ENGLISH, ur: URDU }

const pkr = (amount: string, exact = false) => formatPkr(toPaisa(amount), { exact })

/**
 * A calendar day as the site shows it: `Tue, 3 Nov` (`منگل، 3 نومبر` in Urdu). One formatter per
 * language: making one is most of the cost of a date's text, and every order's mail writes two.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>()
function day(date: string, words: Words): string {
  let format = dayFormats.get(words.dateLocale)
  if (!format) {
    format = new Intl.DateTimeFormat(words.dateLocale, {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    })
    dayFormats.set(words.dateLocale, format)
  }
  return format.format(new Date(`${date}T00:00:00Z`))
}

const deliveryEstimate = (order: Pick<Order, 'eta_min_date' | 'eta_max_date'>, words: Words) =>
  order.eta_min_date === order.eta_max_date
    ? day(order.eta_min_date, words)
    : `${day(order.eta_min_date, words)} – ${day(order.eta_max_date, words)}`

/** The page around every mail's HTML: a heading, the body, and the shop's name linking to the site. */
function page(siteUrl: string, heading: string, body: SafeHtml, words: Words): string {
  const { attributes, style } = words.page
  return html`<!doctype html>
<html${attributes}><body style="${style}">
<h1 style="font-size: 20px">${heading}</h1>
${body}
<p style="margin-top: 32px; color: #777; font-size: 13px"><a href="${siteUrl}" style="color: #777">${STORE_NAME}</a></p>
</body></html>
`.value
}

const link = (url: string, label: string) => html`<p><a href="${url}">${label}</a></p>`
const paragraphs = (lines: string[]) => lines.map((line) => html`<p>${line}</p>`)
const textOf = (...blocks: (string | string[] | false)[]) =>
  `${blocks
    .filter((block) => block !== false)
    .map((block) => (Array.isArray(block) ? block.join('\n') : block))
    .join('\n\n')}\n\n${STORE_NAME}\n`

const itemName = (item: Order['items'][number]) => {
  const options = item.options.map((option) => `${option.name}: ${option.value}`).join(', ')
  return options ? `${item.product.name} (${options})` : item.product.name
}
const lineTotal = (item: Order['items'][number]) => formatPkr(toPaisa(item.price) * item.quantity)

/** The order's money, top to bottom as the checkout shows it; a zero discount or fee is left out. */
function totals(order: Order, words: Words): [string, string][] {
  const rows: [string, string][] = [[words.subtotal, pkr(order.subtotal)]]
  if (toPaisa(order.discount) > 0) {
    rows.push([words.discount(order.coupon_code), formatPkr(-toPaisa(order.discount))])
  }
  rows.push([words.delivery, toPaisa(order.delivery_fee) > 0 ? pkr(order.delivery_fee) : words.free])
  if (toPaisa(order.cod_fee) > 0) rows.push([words.codFee, pkr(order.cod_fee)])
  rows.push([words.total, pkr(order.total_price)])
  return rows
}

/** Where and how to pay a bank transfer; null when staff have not set the account yet. */
function bankDetails(order: Order, bank: BankAccount | null, words: Words): [string, string][] | null {
  if (!bank?.account_number) return null
  return [
    [words.bank, bank.bank_name],
    [words.accountTitle, bank.account_title],
    [words.accountNumber, bank.account_number],
    ...(bank.iban ? [['IBAN', bank.iban] as [string, string]] : []),
    // What the customer writes on the transfer, as staff look for it: the same in every language.
    [words.reference, `Order #${order.id}`],
  ]
}

/** A cell's padding, on the side away from the text's start. */
const cellPadding = (words: Words) => (words.page.start === 'left' ? '2px 16px 2px 0' : '2px 0 2px 16px')

const table = (rows: [string, string][], words: Words, boldLast = false) =>
  html`<table style="border-collapse: collapse">${rows.map(
    ([label, value], index) =>
      html`<tr${boldLast && index === rows.length - 1 ? html` style="font-weight: bold"` : ''}><td style="padding: ${cellPadding(words)}">${label}</td><td style="padding: 2px 0">${value}</td></tr>`,
  )}</table>`
const textTable = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`)

/** To the customer: what they ordered, what it costs, when it comes, and how to pay a transfer. */
export function orderPlacedMail(
  order: Order,
  bank: BankAccount | null,
  siteUrl: string,
  language: LanguageCode = 'en',
): MailContent {
  const words = WORDS[language]
  const orderUrl = `${siteUrl}/orders/${order.id}`
  const greeting = words.hello(order.first_name)
  const thanks = words.placed.thanks(order.id, order.phone)
  const items = order.items.map((item) => `${itemName(item)} × ${item.quantity}: ${lineTotal(item)}`)
  const estimate = words.placed.estimate(deliveryEstimate(order, words), order.address, order.city)
  const payment = words.placed.payment(words.paymentMethods[order.payment_method])
  const bankRows = order.payment_method === 'bank_transfer' ? bankDetails(order, bank, words) : null
  const transfer = words.placed.transfer(pkr(order.total_price, true))
  const { noBank, upload } = words.placed
  const isTransfer = order.payment_method === 'bank_transfer'
  return {
    subject: words.placed.subject(order.id),
    text: textOf(
      greeting,
      thanks,
      [words.placed.items, ...items.map((line) => `- ${line}`)],
      textTable(totals(order, words)),
      estimate,
      payment,
      isTransfer &&
        (bankRows
          ? [transfer, ...textTable(bankRows), ...(bank?.instructions ? [bank.instructions] : []), upload]
          : [noBank]),
      words.placed.yourOrder(orderUrl),
    ),
    html: page(
      siteUrl,
      words.placed.heading(order.id),
      html`<p>${greeting}</p><p>${thanks}</p>
<table style="border-collapse: collapse; margin: 16px 0">${order.items.map(
        (item) =>
          html`<tr><td style="padding: ${cellPadding(words)}">${itemName(item)} × ${item.quantity}</td><td style="padding: 2px 0">${lineTotal(item)}</td></tr>`,
      )}</table>
${table(totals(order, words), words, true)}
<p>${estimate}</p>
<p>${payment}</p>
${isTransfer && (bankRows ? html`<p>${transfer}</p>${table(bankRows, words)}${bank?.instructions ? html`<p>${bank.instructions}</p>` : ''}<p>${upload}</p>` : html`<p>${noBank}</p>`)}
${link(orderUrl, words.placed.seeOrder)}`,
      words,
    ),
  }
}

/** To staff: a new order to handle, with a link to it in the back office. */
export function newOrderMail(order: Order, siteUrl: string, language: LanguageCode = 'en'): MailContent {
  const words = WORDS[language]
  const adminUrl = `${siteUrl}/adminuser/orders/${order.id}`
  const total = pkr(order.total_price)
  const lines = [
    words.newOrder.line(order, total, words.paymentMethods[order.payment_method]),
    ...order.items.map((item) => `${itemName(item)} × ${item.quantity}`),
  ]
  return {
    subject: words.newOrder.subject(order.id, total),
    text: textOf(lines, words.newOrder.open(adminUrl)),
    html: page(
      siteUrl,
      words.newOrder.heading(order.id),
      html`${paragraphs(lines)}${link(adminUrl, words.newOrder.link)}`,
      words,
    ),
  }
}

/** What a change did to an order, in the customer's words. */
export interface OrderChangeFacts {
  orderId: number
  firstName: string
  status: OrderStatus | null
  paymentStatus: PaymentStatus | null
  note: string
}

const orderNews = (change: OrderChangeFacts, words: Words, status = words.changed.status) =>
  [
    change.status && status(change.orderId, change.status),
    change.paymentStatus &&
      words.changed.payment(change.orderId, words.paymentStatuses[change.paymentStatus]),
  ].filter((line): line is string => Boolean(line))

/** To the customer: their order moved on (its status, its payment, or both). */
export function orderChangedMail(
  change: OrderChangeFacts,
  siteUrl: string,
  language: LanguageCode = 'en',
): MailContent {
  const words = WORDS[language]
  const orderUrl = `${siteUrl}/orders/${change.orderId}`
  const lines = [
    words.hello(change.firstName),
    ...orderNews(change, words),
    ...(change.note ? [words.changed.note(change.note)] : []),
  ]
  return {
    subject: words.changed.subject(change.orderId, change.status),
    text: textOf(lines, words.placed.yourOrder(orderUrl)),
    html: page(
      siteUrl,
      words.orderLabel(change.orderId),
      html`${paragraphs(lines)}${link(orderUrl, words.placed.seeOrder)}`,
      words,
    ),
  }
}

/** To staff: a bank receipt waits to be checked. */
export function paymentProofMail(
  order: { id: number; customer: string; total: string },
  siteUrl: string,
  language: LanguageCode = 'en',
): MailContent {
  const words = WORDS[language]
  const adminUrl = `${siteUrl}/adminuser/orders/${order.id}`
  const line = words.proof.line(order.customer, order.id, pkr(order.total))
  return {
    subject: words.proof.subject(order.id),
    text: textOf(line, words.newOrder.open(adminUrl)),
    html: page(
      siteUrl,
      words.proof.heading(order.id),
      html`<p>${line}</p>${link(adminUrl, words.newOrder.link)}`,
      words,
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

const quote = (content: string, words: Words) => {
  return html`<blockquote style="border-${words.page.start}: 3px solid #ccc; margin: 16px 0; padding: 4px 12px; white-space: pre-wrap">${content}</blockquote>`
}

/** To the customer: the shop answered in their conversation. */
export function storeReplyMail(
  message: MessageFacts,
  siteUrl: string,
  language: LanguageCode = 'en',
): MailContent {
  const words = WORDS[language]
  const url = `${siteUrl}/messages/${message.conversationId}`
  const intro = words.reply.intro(message.customer)
  return {
    subject: words.reply.subject,
    text: textOf(intro, message.content, words.reply.here(url)),
    html: page(
      siteUrl,
      words.reply.heading,
      html`<p>${intro}</p>${quote(message.content, words)}${link(url, words.reply.link)}`,
      words,
    ),
  }
}

/** To staff: a customer wrote (a message, or a Buy Now inquiry). */
export function customerMessageMail(
  message: MessageFacts,
  siteUrl: string,
  language: LanguageCode = 'en',
): MailContent {
  const words = WORDS[language]
  const url = `${siteUrl}/adminuser/messages/${message.conversationId}`
  const intro = words.customerMessage.intro(message.customer)
  return {
    subject: words.customerMessage.subject(message.customer),
    text: textOf(intro, message.content, words.customerMessage.answer(url)),
    html: page(
      siteUrl,
      words.customerMessage.heading,
      html`<p>${intro}</p>${quote(message.content, words)}${link(url, words.customerMessage.link)}`,
      words,
    ),
  }
}

/*
 * The gateway's short texts (an SMS or a WhatsApp message): plain, one or two sentences, a link.
 */

export const orderPlacedText = (order: Order, siteUrl: string, language: LanguageCode = 'en') => {
  const words = WORDS[language]
  const placed = words.texts.placed(order.id, pkr(order.total_price), deliveryEstimate(order, words))
  return `${placed} ${siteUrl}/orders/${order.id}`
}

export const orderChangedText = (
  change: OrderChangeFacts,
  siteUrl: string,
  language: LanguageCode = 'en',
) => {
  const words = WORDS[language]
  const news = orderNews(change, words, words.texts.status)
  return [`${STORE_NAME}:`, ...news, `${siteUrl}/orders/${change.orderId}`].join(' ')
}

export const storeReplyText = (message: MessageFacts, siteUrl: string, language: LanguageCode = 'en') =>
  `${WORDS[language].texts.replied} ${siteUrl}/messages/${message.conversationId}`
