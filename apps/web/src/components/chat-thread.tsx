import { Trans, useLingui } from '@lingui/react/macro'
import { MESSAGE_MAX_LENGTH } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import toast from 'react-hot-toast'
import { useSession } from '../data/auth'
import { threadQuery, useLiveThread, useSendMessage } from '../data/messaging'
import { formatDateTime } from '../lib/format'
import { Loading } from './loading'

interface ChatThreadProps {
  conversationId: number
}

/**
 * One conversation: its messages oldest first, a send box, a 10 s poll and the live event stream.
 * Shared by the shop's messages and the admin's conversation view.
 */
export function ChatThread({ conversationId }: ChatThreadProps) {
  const { t } = useLingui()
  const { user } = useSession()
  const thread = useQuery(threadQuery(conversationId))
  useLiveThread(conversationId)
  const sendMessage = useSendMessage(conversationId)
  const [draft, setDraft] = useState('')
  const listRef = useRef<HTMLOListElement>(null)

  const count = thread.data?.length ?? 0
  // Keeps the newest message in view as messages arrive, scrolling the list only, never the page.
  useEffect(() => {
    const list = listRef.current
    if (list && count) list.scrollTop = list.scrollHeight
  }, [count])

  async function send(event?: FormEvent) {
    event?.preventDefault()
    const content = draft.trim()
    // docs/product.md §5: a message blank after trimming is not sent.
    if (!content || sendMessage.isPending) return
    try {
      await sendMessage.mutateAsync(content)
      setDraft('')
    } catch {
      toast.error(t`Could not send message.`)
    }
  }

  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }

  if (thread.isPending) return <Loading label={t`Loading conversation...`} />
  // A failed poll keeps the thread on screen; only a thread that never loaded shows the error.
  if (thread.isError && !thread.data)
    return (
      <Alert variant="danger">
        <Trans>Could not load this conversation.</Trans>
      </Alert>
    )

  const textareaId = `chat-draft-${conversationId}`
  return (
    <section className="chat-thread card" aria-label={t`Conversation`}>
      {thread.data.length === 0 ? (
        <p className="chat-empty text-muted">
          <Trans>No messages yet. Write the first one below.</Trans>
        </p>
      ) : (
        <ol className="chat-messages" ref={listRef} aria-live="polite">
          {thread.data.map((message) => {
            const mine = message.sender.id === user?.id
            return (
              <li key={message.id} className={mine ? 'chat-message mine' : 'chat-message'}>
                <div className="chat-bubble" dir="auto">
                  {message.content}
                </div>
                <div className="chat-meta">
                  {mine ? t`You` : message.sender.first_name || t`A User`} ·{' '}
                  <time dateTime={message.timestamp}>{formatDateTime(message.timestamp)}</time>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      <Form className="chat-send" onSubmit={send}>
        <Form.Label htmlFor={textareaId} className="visually-hidden">
          <Trans>Your message</Trans>
        </Form.Label>
        <Form.Control
          as="textarea"
          id={textareaId}
          rows={2}
          value={draft}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t`Type your message…`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={sendOnEnter}
        />
        <Button type="submit" disabled={sendMessage.isPending || !draft.trim()}>
          {sendMessage.isPending ? <Spinner animation="border" size="sm" aria-hidden="true" /> : null}{' '}
          <Trans>Send</Trans>
        </Button>
      </Form>
    </section>
  )
}
