import { MESSAGE_MAX_LENGTH, type Message } from '@store/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import toast from 'react-hot-toast'
import { followEventStream } from '../lib/event-stream'
import { formatDateTime } from '../lib/format'
import { conversationKeys, listMessages, sendMessage, sortMessages } from '../lib/messaging'
import { useSession } from '../lib/session'
import { Loading } from './loading'

/** SPEC §4 and §9: the thread is polled every 10 seconds, beside the live stream. */
export const THREAD_POLL_MS = 10_000

interface ChatThreadProps {
  conversationId: number
}

/**
 * One conversation: its messages oldest first, a send box, a 10 s poll and the live event stream.
 * Shared by the shop's messages and the admin's conversation view.
 */
export function ChatThread({ conversationId }: ChatThreadProps) {
  const { user } = useSession()
  const queryClient = useQueryClient()
  const key = conversationKeys.messages(conversationId)
  const thread = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listMessages(conversationId, signal),
    refetchInterval: THREAD_POLL_MS,
  })
  const [draft, setDraft] = useState('')
  const [sending, setSending] = useState(false)
  const listRef = useRef<HTMLOListElement>(null)

  useEffect(() => {
    const controller = new AbortController()
    const streamKey = conversationKeys.messages(conversationId)
    followEventStream(
      `/api/conversations/${conversationId}/events/`,
      (event) => {
        if (event.event !== 'message') return
        try {
          const message = JSON.parse(event.data) as Message
          queryClient.setQueryData<Message[]>(streamKey, (old) => sortMessages([...(old ?? []), message]))
          queryClient.invalidateQueries({ queryKey: conversationKeys.list() })
        } catch {
          // A malformed event is skipped; the next poll brings the thread back in step.
        }
      },
      controller.signal,
    )
    return () => controller.abort()
  }, [conversationId, queryClient])

  const count = thread.data?.length ?? 0
  // Keeps the newest message in view as messages arrive, scrolling the list only, never the page.
  useEffect(() => {
    const list = listRef.current
    if (list && count) list.scrollTop = list.scrollHeight
  }, [count])

  async function send(event?: FormEvent) {
    event?.preventDefault()
    const content = draft.trim()
    // SPEC §5: a message blank after trimming is not sent.
    if (!content || sending) return
    setSending(true)
    try {
      const message = await sendMessage(conversationId, content)
      queryClient.setQueryData<Message[]>(key, (old) => sortMessages([...(old ?? []), message]))
      queryClient.invalidateQueries({ queryKey: conversationKeys.list() })
      setDraft('')
    } catch {
      toast.error('Could not send message.')
    } finally {
      setSending(false)
    }
  }

  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }

  if (thread.isPending) return <Loading label="Loading conversation..." />
  // A failed poll keeps the thread on screen; only a thread that never loaded shows the error.
  if (thread.isError && !thread.data) return <Alert variant="danger">Could not load this conversation.</Alert>

  const textareaId = `chat-draft-${conversationId}`
  return (
    <section className="chat-thread card" aria-label="Conversation">
      {thread.data.length === 0 ? (
        <p className="chat-empty text-muted">No messages yet. Write the first one below.</p>
      ) : (
        <ol className="chat-messages" ref={listRef} aria-live="polite">
          {thread.data.map((message) => {
            const mine = message.sender.id === user?.id
            return (
              <li key={message.id} className={mine ? 'chat-message mine' : 'chat-message'}>
                <div className="chat-bubble">{message.content}</div>
                <div className="chat-meta">
                  {mine ? 'You' : message.sender.first_name || 'A User'} ·{' '}
                  <time dateTime={message.timestamp}>{formatDateTime(message.timestamp)}</time>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      <Form className="chat-send" onSubmit={send}>
        <Form.Label htmlFor={textareaId} className="visually-hidden">
          Your message
        </Form.Label>
        <Form.Control
          as="textarea"
          id={textareaId}
          rows={2}
          value={draft}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder="Type your message…"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={sendOnEnter}
        />
        <Button type="submit" disabled={sending || !draft.trim()}>
          {sending ? <Spinner animation="border" size="sm" aria-hidden="true" /> : null} Send
        </Button>
      </Form>
    </section>
  )
}
