import { can, messagingRoutes } from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf } from '../../lib/auth'
import { notFound } from '../../lib/errors'
import { translated } from '../../lib/language'
import { manageStreams } from '../../lib/live-events'
import { pageWindow, paginate } from '../../lib/pagination'
import { perMinute } from '../../lib/rate-limit'
import { implement } from '../../lib/route'
import { ConversationEvents, openMessageStream } from './events'
import {
  findConversation,
  listConversations,
  listMessages,
  markReadByStaff,
  postMessage,
  sendProductInquiry,
} from './service'

export async function messagingFeature(app: FastifyInstance) {
  const events = new ConversationEvents(app.database, app.log)
  manageStreams(app, events, {
    name: 'event_stream_clients',
    help: 'Live message streams open on this process',
  })
  const postingLimit = perMinute(app.config.rateLimits.messages, (request) => String(request.user?.id))

  /** The conversation of the path when the caller may read it; 404 alike for others and for none. */
  async function readableConversation(request: FastifyRequest<{ Params: { id: number } }>) {
    const conversationId = await findConversation(app.db, request.params.id, callerOf(request))
    if (!conversationId) throw notFound('Conversation not found.')
    return conversationId
  }

  implement(
    app,
    messagingRoutes.buyNow,
    async (request) => {
      const { product_id, quantity, options } = request.body
      const sent = await sendProductInquiry(app.db, app.notifier, callerOf(request).id, {
        productId: product_id,
        quantity,
        choices: options,
        language: request.language,
      })
      if (!sent) throw notFound('Product not found.')
      await events.publish(sent.conversationId, sent.message.id)
      return {
        message: translated(
          request.language,
          'Your inquiry has been sent. We will reply in your messages soon.',
        ),
        conversation_id: sent.conversationId,
      }
    },
    postingLimit,
  )

  implement(app, messagingRoutes.listConversations, async (request) => {
    const page = await listConversations(app.db, callerOf(request), pageWindow(request.query))
    return paginate(request, request.query, page.count, page.results)
  })

  implement(app, messagingRoutes.listMessages, async (request) => {
    const conversationId = await readableConversation(request)
    if (can(callerOf(request).role, 'messages')) await markReadByStaff(app.db, conversationId)
    const page = await listMessages(app.db, conversationId, pageWindow(request.query))
    return paginate(request, request.query, page.count, page.results)
  })

  implement(
    app,
    messagingRoutes.sendMessage,
    async (request) => {
      const conversationId = await readableConversation(request)
      const message = await postMessage(app.db, app.notifier, conversationId, {
        senderId: callerOf(request).id,
        content: request.body.content,
      })
      await events.publish(conversationId, message.id)
      return message
    },
    postingLimit,
  )

  implement(app, messagingRoutes.messageEvents, async (request, reply) =>
    openMessageStream(
      events,
      { conversationId: await readableConversation(request), userId: callerOf(request).id },
      reply,
    ),
  )
}
