import {
  type ChosenOption,
  type Conversation,
  can,
  formatPkr,
  type InquiryDetails,
  type LanguageCode,
  type Message,
  type OptionChoices,
  type Participant,
  type ProductOption,
  type User,
  unitPricePaisa,
  wordsIn,
} from '@store/contract'
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { conversations, messages, users } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { productForChoice } from '../catalog/choices'
import type { Notifier } from '../notifications/service'
import { urduInquiryWords } from './inquiry-ur'

const messageColumns = {
  id: messages.id,
  content: messages.content,
  createdAt: messages.createdAt,
  senderId: users.id,
  senderFirstName: users.firstName,
  inquiry: messages.inquiry,
}

const selectMessages = (db: Db) =>
  db.select(messageColumns).from(messages).innerJoin(users, eq(users.id, messages.senderId))

function toMessage(row: Awaited<ReturnType<typeof selectMessages>>[number]): Message {
  return {
    id: row.id,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    sender: { id: row.senderId, first_name: row.senderFirstName },
    inquiry: row.inquiry,
  }
}

export async function getMessage(db: Db, messageId: number): Promise<Message | null> {
  const [row] = await selectMessages(db).where(eq(messages.id, messageId))
  return row ? toMessage(row) : null
}

/** A page of a conversation's messages, oldest first. */
export async function listMessages(
  db: Db,
  conversationId: number,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: Message[] }> {
  const [total] = await db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
  const rows = await selectMessages(db)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(window.limit)
    .offset(window.offset)
  return { count: total?.n ?? 0, results: rows.map(toMessage) }
}

/** Staff opened the conversation: the customer's messages so far are read (the staff badge drops). */
export async function markReadByStaff(db: Db, conversationId: number): Promise<void> {
  await db.update(conversations).set({ staffReadAt: new Date() }).where(eq(conversations.id, conversationId))
}

export async function postMessage(
  db: Db,
  notifier: Notifier,
  conversationId: number,
  {
    senderId,
    content,
    inquiry = null,
  }: { senderId: number; content: string; inquiry?: InquiryDetails | null },
): Promise<Message> {
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(messages)
      .values({ conversationId, senderId, content, inquiry })
      .returning({ id: messages.id, createdAt: messages.createdAt })
    if (!created) throw new Error('The message insert returned no row')
    await tx
      .update(conversations)
      .set({ lastMessageAt: created.createdAt })
      .where(eq(conversations.id, conversationId))
    await notifier.messagePosted(tx, conversationId, senderId, content)
    return created.id
  })
  const message = await getMessage(db, id)
  if (!message) throw new Error(`Message ${id} vanished right after it was posted`)
  return message
}

/** The customer's one conversation with the store, created on first use. */
export async function conversationOf(db: Db, customerId: number): Promise<number> {
  const [created] = await db
    .insert(conversations)
    .values({ customerId })
    .onConflictDoNothing()
    .returning({ id: conversations.id })
  if (created) return created.id
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.customerId, customerId))
  if (!existing) throw new Error(`The conversation of user ${customerId} vanished while it was being used`)
  return existing.id
}

/** Staff with the messages permission read every conversation; anyone else only their own. */
const visibleTo = (viewer: User): SQL | undefined =>
  can(viewer.role, 'messages') ? undefined : eq(conversations.customerId, viewer.id)

/** The conversation's id when the viewer may read it, else null (the same for one that does not exist). */
export async function findConversation(db: Db, conversationId: number, viewer: User): Promise<number | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), visibleTo(viewer)))
  return row?.id ?? null
}

// JSON built by PostgreSQL would print timestamps in the session's zone; the wire wants ISO in UTC.
const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const customer = alias(users, 'customer')

/**
 * A page of conversations, latest activity first, each with its participants (the customer, then the
 * staff who wrote in it) and last message: one query for the page, whatever its size, plus the count.
 */
export async function listConversations(
  db: Db,
  viewer: User,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: Conversation[] }> {
  const [total] = await db.select({ n: count() }).from(conversations).where(visibleTo(viewer))
  const rows = await db
    .select({
      id: conversations.id,
      createdAt: conversations.createdAt,
      customer: { id: customer.id, first_name: customer.firstName, last_name: customer.lastName },
      staff: sql<Participant[]>`coalesce((
        select json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name) order by u.id)
        from ${users} u
        where u.is_staff and u.id <> ${conversations.customerId} and exists (
          select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.sender_id = u.id)
      ), '[]'::json)`,
      lastMessage: sql<Message | null>`(
        select json_build_object(
          'id', m.id, 'content', m.content, 'timestamp', ${isoTimestamp(sql`m.created_at`)},
          'sender', json_build_object('id', s.id, 'first_name', s.first_name), 'inquiry', m.inquiry)
        from ${messages} m join ${users} s on s.id = m.sender_id
        where m.conversation_id = ${conversations.id}
        order by m.created_at desc, m.id desc
        limit 1)`,
    })
    .from(conversations)
    .innerJoin(customer, eq(customer.id, conversations.customerId))
    .where(visibleTo(viewer))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(window.limit)
    .offset(window.offset)
  return {
    count: total?.n ?? 0,
    results: rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      participants: [row.customer, ...row.staff],
      last_message: row.lastMessage,
    })),
  }
}

/**
 * Checks an inquiry's choices against a product's options: each named option must be the product's and
 * its value one of that option's own (400 naming the first problem otherwise), but unlike the cart an
 * option may be left open. Answers the choices made and the options still open, in the product's order.
 */
function partialChoices(productName: string, options: ProductOption[], choices: OptionChoices) {
  const known = new Set(options.map((option) => String(option.id)))
  const unknown = Object.keys(choices).find((key) => !known.has(key))
  if (unknown !== undefined) throw httpError(400, `"${productName}" has no option ${unknown}.`)
  const chosen: ChosenOption[] = []
  const open: string[] = []
  for (const option of options) {
    const valueId = choices[String(option.id)]
    if (valueId === undefined) {
      open.push(option.name)
      continue
    }
    const value = option.values.find((candidate) => candidate.id === valueId)
    if (!value) throw httpError(400, `That ${option.name} is not offered for "${productName}".`)
    chosen.push({ name: option.name, value: value.label })
  }
  return { chosen, open }
}

/**
 * Posts the Buy Now inquiry about a product into the customer's conversation with the store: the choices
 * made so far (options may be left open, and the message says which), the unit price they make and the
 * quantity when above one. The inquiry is kept with the message so staff can make an order of it.
 * Null when there is no such product; 400 for a foreign option or value.
 */
export async function sendProductInquiry(
  db: Db,
  notifier: Notifier,
  customerId: number,
  {
    productId,
    quantity,
    choices,
    language,
  }: { productId: number; quantity: number; choices: OptionChoices; language: LanguageCode },
): Promise<{ conversationId: number; message: Message } | null> {
  const product = await productForChoice(db, productId, { language })
  if (!product) return null
  const { chosen, open } = partialChoices(product.name, product.options, choices)
  // Written as the customer would, in the customer's language, the product by the name they saw.
  const say = wordsIn(urduInquiryWords, language)
  const comma = language === 'ur' ? '، ' : ', '
  const details = [
    chosen.map((choice) => `${choice.name}: ${choice.value}`).join(comma),
    open.length > 0 ? say('{options} still open', { options: open.join(comma) }) : '',
    formatPkr(unitPricePaisa(product.price, product.options, choices)),
  ]
    .filter((part) => part !== '')
    .join(language === 'ur' ? '؛ ' : '; ')
  const content =
    quantity > 1
      ? say('Hi, I am interested in {quantity} of "{name}" ({details}). Are they available?', {
          quantity: String(quantity),
          name: product.name,
          details,
        })
      : say('Hi, I am interested in "{name}" ({details}). Is it available?', { name: product.name, details })
  const conversationId = await conversationOf(db, customerId)
  const inquiry: InquiryDetails = { product_id: productId, quantity, options: choices }
  return {
    conversationId,
    message: await postMessage(db, notifier, conversationId, { senderId: customerId, content, inquiry }),
  }
}
