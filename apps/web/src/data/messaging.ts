import { type BuyNowBody, type Message, type PageQuery, paths } from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { call, pathOf } from '../lib/api'
import { followEventStream } from '../lib/event-stream'

/** docs/product.md §4 and §9: a thread is polled every 10 seconds, beside the live stream. */
const THREAD_POLL_MS = 10_000

/** One key factory for the shop's and the back office's conversations and threads. */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (query: PageQuery) => [...conversationKeys.lists(), query] as const,
  messages: (conversationId: number) => [...conversationKeys.all, conversationId, 'messages'] as const,
}

/** A page of conversations, the latest message first: a customer's own, or every one for staff. */
export const conversationListQuery = (query: PageQuery) =>
  queryOptions({
    queryKey: conversationKeys.list(query),
    queryFn: ({ signal }) => call(paths.messaging.listConversations, { query, signal }),
    placeholderData: keepPreviousData,
  })

const MESSAGE_PAGE_SIZE = 100

/** Every message of a thread, oldest first (fetched 100 a page, the most the API gives at once). */
async function listMessages(conversationId: number, signal: AbortSignal): Promise<Message[]> {
  const route = paths.messaging.listMessages
  const params = { id: conversationId }
  const first = await call(route, { params, query: { page_size: MESSAGE_PAGE_SIZE }, signal })
  const messages = [...first.results]
  const pages = Math.ceil(first.count / MESSAGE_PAGE_SIZE)
  for (let page = 2; page <= pages; page++) {
    const next = await call(route, { params, query: { page, page_size: MESSAGE_PAGE_SIZE }, signal })
    messages.push(...next.results)
  }
  return sortMessages(messages)
}

/** docs/product.md §4: a thread reads oldest first; a message already in the list is not shown twice. */
function sortMessages(messages: Message[]): Message[] {
  const byId = new Map(messages.map((message) => [message.id, message]))
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id - b.id)
}

export const threadQuery = (conversationId: number) =>
  queryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ signal }) => listMessages(conversationId, signal),
    refetchInterval: THREAD_POLL_MS,
  })

/** A message joins its thread in the cache at once, and the lists re-sort by their latest message. */
function useMessageArrived() {
  const queryClient = useQueryClient()
  return useCallback(
    (conversationId: number, message: Message) => {
      queryClient.setQueryData<Message[]>(conversationKeys.messages(conversationId), (old) =>
        sortMessages([...(old ?? []), message]),
      )
      return queryClient.invalidateQueries({ queryKey: conversationKeys.lists() })
    },
    [queryClient],
  )
}

export function useSendMessage(conversationId: number) {
  const arrived = useMessageArrived()
  return useMutation({
    mutationFn: (content: string) =>
      call(paths.messaging.sendMessage, { params: { id: conversationId }, body: { content } }),
    onSuccess: (message) => arrived(conversationId, message),
  })
}

/** Follows the thread's live event stream while the component is mounted. */
export function useLiveThread(conversationId: number) {
  const arrived = useMessageArrived()
  useEffect(() => {
    const controller = new AbortController()
    followEventStream(
      pathOf(paths.messaging.messageEvents, { id: conversationId }),
      (event) => {
        if (event.event !== 'message') return
        try {
          arrived(conversationId, JSON.parse(event.data) as Message)
        } catch {
          // A malformed event is skipped; the next poll brings the thread back in step.
        }
      },
      controller.signal,
    )
    return () => controller.abort()
  }, [conversationId, arrived])
}

/** docs/product.md §1: Buy Now posts an inquiry about the product into the customer's conversation. */
export function useSendInquiry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BuyNowBody) => call(paths.messaging.buyNow, { body }),
    onSuccess: (answer) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: conversationKeys.messages(answer.conversation_id) }),
      ]),
  })
}
