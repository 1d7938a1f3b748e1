import {
  type BankAccount,
  formatPkr,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  STORE_NAME,
  toPaisa,
} from '@store/contract'
import { html, type SafeHtml } from './html'

/** The shop's name as the site writes it (header, footer, page titles). */

/** What a mail says, before it has a recipient: a subject, plain text and a simple HTML version. */
export interface MailContent {
  subject: string
  text: string
  html: string
}

const pkr = (amount: string, exact = false) => formatPkr(toPaisa(amount), { exact })

const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  cod: 'Cash on delivery',
  bank_transfer: 'Bank transfer',
}

const PAYMENT_STATUSES: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  proof_submitted: 'Receipt submitted',
  paid: 'Paid',
  refunded: 'Refunded',
}

/** A calendar day as the site shows it: `Tue, 3 Nov`. */
const day = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-PK', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  })

const deliveryEstimate = (order: Pick<Order, 'eta_min_date' | 'eta_max_date'>) =>
  order.eta_min_date === order.eta_max_date
    ? day(order.eta_min_date)
    : `${day(order.eta_min_date)} – ${day(order.eta_max_date)}`

/** The page around every mail's HTML: a heading, the body, and the shop's name linking to the site. */
function page(siteUrl: string, heading: string, body: SafeHtml): string {
  return html`<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5; max-width: 600px; margin: 0 auto; padding: 16px">
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
function totals(order: Order): [string, string][] {
  const rows: [string, string][] = [['Subtotal', pkr(order.subtotal)]]
  if (toPaisa(order.discount) > 0) {
    rows.push([`Discount (${order.coupon_code ?? 'coupon'})`, formatPkr(-toPaisa(order.discount))])
  }
  rows.push(['Delivery', toPaisa(order.delivery_fee) > 0 ? pkr(order.delivery_fee) : 'Free'])
  if (toPaisa(order.cod_fee) > 0) rows.push(['Cash on delivery fee', pkr(order.cod_fee)])
  rows.push(['Total', pkr(order.total_price)])
  return rows
}

/** Where and how to pay a bank transfer; null when staff have not set the account yet. */
function bankDetails(order: Order, bank: BankAccount | null): [string, string][] | null {
  if (!bank?.account_number) return null
  return [
    ['Bank', bank.bank_name],
    ['Account title', bank.account_title],
    ['Account number', bank.account_number],
    ...(bank.iban ? [['IBAN', bank.iban] as [string, string]] : []),
    ['Reference', `Order #${order.id}`],
  ]
}

const table = (rows: [string, string][], boldLast = false) =>
  html`<table style="border-collapse: collapse">${rows.map(
    ([label, value], index) =>
      html`<tr${boldLast && index === rows.length - 1 ? html` style="font-weight: bold"` : ''}><td style="padding: 2px 16px 2px 0">${label}</td><td style="padding: 2px 0">${value}</td></tr>`,
  )}</table>`
const textTable = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`)

/** To the customer: what they ordered, what it costs, when it comes, and how to pay a transfer. */
export function orderPlacedMail(order: Order, bank: BankAccount | null, siteUrl: string): MailContent {
  const orderUrl = `${siteUrl}/orders/${order.id}`
  const greeting = `Hello ${order.first_name},`
  const thanks = `Thank you for your order #${order.id}. We have received it and will call you on ${order.phone} before we deliver.`
  const items = order.items.map((item) => `${itemName(item)} × ${item.quantity}: ${lineTotal(item)}`)
  const estimate = `Expected delivery: ${deliveryEstimate(order)}, to ${order.address}, ${order.city}.`
  const payment = `Payment: ${PAYMENT_METHODS[order.payment_method]}`
  const bankRows = order.payment_method === 'bank_transfer' ? bankDetails(order, bank) : null
  const transfer = `Please transfer ${pkr(order.total_price, true)} to:`
  const noBank = 'Message us for the bank details; we will answer quickly.'
  const upload = 'Then upload a photo of the receipt on your order page.'
  const isTransfer = order.payment_method === 'bank_transfer'
  return {
    subject: `${STORE_NAME}: order #${order.id} received`,
    text: textOf(
      greeting,
      thanks,
      ['Items:', ...items.map((line) => `- ${line}`)],
      textTable(totals(order)),
      estimate,
      payment,
      isTransfer &&
        (bankRows
          ? [transfer, ...textTable(bankRows), ...(bank?.instructions ? [bank.instructions] : []), upload]
          : [noBank]),
      `Your order: ${orderUrl}`,
    ),
    html: page(
      siteUrl,
      `Order #${order.id} received`,
      html`<p>${greeting}</p><p>${thanks}</p>
<table style="border-collapse: collapse; margin: 16px 0">${order.items.map(
        (item) =>
          html`<tr><td style="padding: 2px 16px 2px 0">${itemName(item)} × ${item.quantity}</td><td style="padding: 2px 0">${lineTotal(item)}</td></tr>`,
      )}</table>
${table(totals(order), true)}
<p>${estimate}</p>
<p>${payment}</p>
${isTransfer && (bankRows ? html`<p>${transfer}</p>${table(bankRows)}${bank?.instructions ? html`<p>${bank.instructions}</p>` : ''}<p>${upload}</p>` : html`<p>${noBank}</p>`)}
${link(orderUrl, 'See your order')}`,
    ),
  }
}

/** To staff: a new order to handle, with a link to it in the back office. */
export function newOrderMail(order: Order, siteUrl: string): MailContent {
  const adminUrl = `${siteUrl}/adminuser/orders/${order.id}`
  const lines = [
    `${order.first_name} ${order.last_name} (${order.phone}, ${order.city}) placed order #${order.id} for ${pkr(order.total_price)}, ${PAYMENT_METHODS[order.payment_method].toLowerCase()}.`,
    ...order.items.map((item) => `${itemName(item)} × ${item.quantity}`),
  ]
  return {
    subject: `New order #${order.id}: ${pkr(order.total_price)}`,
    text: textOf(lines, `Open it in the back office: ${adminUrl}`),
    html: page(
      siteUrl,
      `New order #${order.id}`,
      html`${paragraphs(lines)}${link(adminUrl, 'Open the order')}`,
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

/** To the customer: their order moved on (its status, its payment, or both). */
export function orderChangedMail(change: OrderChangeFacts, siteUrl: string): MailContent {
  const orderUrl = `${siteUrl}/orders/${change.orderId}`
  const news = [
    change.status && `Your order #${change.orderId} is now ${change.status}.`,
    change.paymentStatus && `Payment of order #${change.orderId}: ${PAYMENT_STATUSES[change.paymentStatus]}.`,
  ].filter((line): line is string => Boolean(line))
  const lines = [
    `Hello ${change.firstName},`,
    ...news,
    ...(change.note ? [`Note from us: ${change.note}`] : []),
  ]
  return {
    subject: `${STORE_NAME}: order #${change.orderId} ${change.status ? `is ${change.status}` : 'payment update'}`,
    text: textOf(lines, `Your order: ${orderUrl}`),
    html: page(
      siteUrl,
      `Order #${change.orderId}`,
      html`${paragraphs(lines)}${link(orderUrl, 'See your order')}`,
    ),
  }
}

/** To staff: a bank receipt waits to be checked. */
export function paymentProofMail(
  order: { id: number; customer: string; total: string },
  siteUrl: string,
): MailContent {
  const adminUrl = `${siteUrl}/adminuser/orders/${order.id}`
  const line = `${order.customer} uploaded the bank receipt of order #${order.id} (${pkr(order.total)}). Check the transfer and mark the order paid.`
  return {
    subject: `Receipt for order #${order.id} to check`,
    text: textOf(line, `Open it in the back office: ${adminUrl}`),
    html: page(
      siteUrl,
      `Receipt for order #${order.id}`,
      html`<p>${line}</p>${link(adminUrl, 'Open the order')}`,
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

const quote = (content: string) =>
  html`<blockquote style="border-left: 3px solid #ccc; margin: 16px 0; padding: 4px 12px; white-space: pre-wrap">${content}</blockquote>`

/** To the customer: the shop answered in their conversation. */
export function storeReplyMail(message: MessageFacts, siteUrl: string): MailContent {
  const url = `${siteUrl}/messages/${message.conversationId}`
  const intro = `Hello ${message.customer}, we replied to your message:`
  return {
    subject: `${STORE_NAME} replied to your message`,
    text: textOf(intro, message.content, `Reply here: ${url}`),
    html: page(
      siteUrl,
      'A reply from us',
      html`<p>${intro}</p>${quote(message.content)}${link(url, 'Read and reply')}`,
    ),
  }
}

/** To staff: a customer wrote (a message, or a Buy Now inquiry). */
export function customerMessageMail(message: MessageFacts, siteUrl: string): MailContent {
  const url = `${siteUrl}/adminuser/messages/${message.conversationId}`
  const intro = `${message.customer} wrote:`
  return {
    subject: `Message from ${message.customer}`,
    text: textOf(intro, message.content, `Answer in the back office: ${url}`),
    html: page(
      siteUrl,
      'A customer message',
      html`<p>${intro}</p>${quote(message.content)}${link(url, 'Answer')}`,
    ),
  }
}

/*
 * The gateway's short texts (an SMS or a WhatsApp message): plain, one or two sentences, a link.
 */

export const orderPlacedText = (order: Order, siteUrl: string) =>
  `${STORE_NAME}: we received your order #${order.id} (${pkr(order.total_price)}). Expected delivery ${deliveryEstimate(order)}. ${siteUrl}/orders/${order.id}`

export const orderChangedText = (change: OrderChangeFacts, siteUrl: string) =>
  [
    `${STORE_NAME}:`,
    change.status && `your order #${change.orderId} is now ${change.status}.`,
    change.paymentStatus && `Payment of order #${change.orderId}: ${PAYMENT_STATUSES[change.paymentStatus]}.`,
    `${siteUrl}/orders/${change.orderId}`,
  ]
    .filter(Boolean)
    .join(' ')

export const storeReplyText = (message: MessageFacts, siteUrl: string) =>
  `${STORE_NAME} replied to your message. ${siteUrl}/messages/${message.conversationId}`
