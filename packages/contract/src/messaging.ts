import { z } from 'zod'
import { OptionChoices } from './catalog'
import { BodyId, IdParams, multilineText, PageQuery, Paginated, type RouteSpec, Timestamp } from './common'
import { paths } from './paths'

export const MESSAGE_MAX_LENGTH = 2000

/** What a Buy Now inquiry asked about, kept with its message so staff can make an order of it. */
export const InquiryDetails = z.object({
  product_id: z.number().int(),
  quantity: z.number().int(),
  /** The choices made, by option id; options not in it are still open */
  options: OptionChoices,
})
export type InquiryDetails = z.infer<typeof InquiryDetails>

export const Message = z.object({
  id: z.number().int(),
  content: z.string(),
  timestamp: Timestamp,
  sender: z.object({ id: z.number().int(), first_name: z.string() }),
  /** Set on a Buy Now inquiry; null on any other message */
  inquiry: InquiryDetails.nullable(),
})
export type Message = z.infer<typeof Message>

export const Participant = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })
export type Participant = z.infer<typeof Participant>

export const Conversation = z.object({
  id: z.number().int(),
  created_at: Timestamp,
  participants: z.array(Participant),
  last_message: Message.nullable(),
})
export type Conversation = z.infer<typeof Conversation>

export const SendMessageBody = z.strictObject({
  content: multilineText()
    .trim()
    .min(1, 'A message cannot be blank.')
    .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`),
})
export type SendMessageBody = z.infer<typeof SendMessageBody>

/**
 * The inquiry names the choices made so far: some options may be left open (the message says which),
 * and the quantity is 1 unless said.
 */
export const BuyNowBody = z.strictObject({
  product_id: BodyId,
  quantity: z
    .number({ error: 'Quantity must be a whole number.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(1000, 'Quantity is at most 1000.')
    .default(1),
  options: OptionChoices.default({}),
})
export type BuyNowBody = z.infer<typeof BuyNowBody>

export const BuyNowAnswer = z.object({ message: z.string(), conversation_id: z.number().int() })
export type BuyNowAnswer = z.infer<typeof BuyNowAnswer>

/** docs/api.md: 20 a page, as every list. */
export const MessageListQuery = PageQuery
export type MessageListQuery = z.infer<typeof MessageListQuery>

export const messagingRoutes = {
  buyNow: {
    ...paths.messaging.buyNow,
    access: 'user',
    summary: 'Send the store an inquiry about a product',
    body: BuyNowBody,
    status: 201,
    response: BuyNowAnswer,
  },
  listConversations: {
    ...paths.messaging.listConversations,
    access: 'user',
    staffSeesAll: 'messages',
    summary: 'Conversations, latest activity first (staff with the messages permission see all)',
    query: PageQuery,
    status: 200,
    response: Paginated(Conversation),
  },
  listMessages: {
    ...paths.messaging.listMessages,
    access: 'user',
    staffSeesAll: 'messages',
    summary: 'Messages of a conversation, oldest first',
    params: IdParams,
    query: MessageListQuery,
    status: 200,
    response: Paginated(Message),
  },
  sendMessage: {
    ...paths.messaging.sendMessage,
    access: 'user',
    staffSeesAll: 'messages',
    summary: 'Post a message',
    params: IdParams,
    body: SendMessageBody,
    status: 201,
    response: Message,
  },
  messageEvents: {
    ...paths.messaging.messageEvents,
    access: 'user',
    staffSeesAll: 'messages',
    summary: 'Server-sent events: one `message` event per new message',
    params: IdParams,
    status: 200,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
