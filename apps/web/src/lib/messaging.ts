import type { Conversation, Message, Paginated } from '@store/contract'
import { api } from './api'

export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => [...conversationKeys.all, 'list'] as const,
  messages: (conversationId: number) => [...conversationKeys.all, conversationId, 'messages'] as const,
}

export const listConversations = () =>
  api.get<Paginated<Conversation>>('/api/conversations/', { page_size: 100 })

const MESSAGE_PAGE_SIZE = 100

/** Every message of a thread, oldest first (API.md pages them by 100). */
export async function listMessages(conversationId: number, signal?: AbortSignal): Promise<Message[]> {
  const path = `/api/conversations/${conversationId}/messages/`
  const first = await api.get<Paginated<Message>>(path, { page_size: MESSAGE_PAGE_SIZE }, signal)
  const messages = [...first.results]
  const pages = Math.ceil(first.count / MESSAGE_PAGE_SIZE)
  for (let page = 2; page <= pages; page++) {
    const next = await api.get<Paginated<Message>>(path, { page, page_size: MESSAGE_PAGE_SIZE }, signal)
    messages.push(...next.results)
  }
  return sortMessages(messages)
}

/** SPEC §4: a thread reads oldest first; a message already in the list is not shown twice. */
export function sortMessages(messages: Message[]): Message[] {
  const byId = new Map(messages.map((message) => [message.id, message]))
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id - b.id)
}

export const sendMessage = (conversationId: number, content: string) =>
  api.post<Message>(`/api/conversations/${conversationId}/messages/`, { content })
