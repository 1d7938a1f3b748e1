import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { MESSAGE_MAX_LENGTH, type Message, SendMessageBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { useSession } from '../data/auth'
import { threadQuery, useLiveThread, useSendMessage } from '../data/messaging'
import { formatDateTime } from '../lib/format'
import { localResolver } from '../lib/sentences'
import { toast } from '../lib/toast'
import { Loading } from './loading'
import { SubmitButton } from './submit-button'
import { TextField } from './text-field'

interface ChatThreadProps {
  conversationId: number
  /** What a reader may do with a message, under it (the back office's "Make an order" on an inquiry) */
  messageAction?: (message: Message) => ReactNode
}

/**
 * One conversation: its messages oldest first, a send box, a 10 s poll and the live event stream.
 * Shared by the shop's messages and the admin's conversation view.
 */
export function ChatThread({ conversationId, messageAction }: ChatThreadProps) {
  const { t } = useLingui()
  const { user } = useSession()
  const thread = useQuery(threadQuery(conversationId))
  useLiveThread(conversationId)
  const sendMessage = useSendMessage(conversationId)
  const form = useForm<SendMessageBody, unknown, z.output<typeof SendMessageBody>>({
    resolver: localResolver(zodResolver(SendMessageBody)),
    defaultValues: { content: '' },
  })
  const draft = useWatch({ control: form.control, name: 'content' })
  // docs/product.md §5: a message blank after trimming is not sent (the button stays disabled).
  const blank = !draft.trim()
  const listRef = useRef<HTMLOListElement>(null)

  const count = thread.data?.length ?? 0
  // Keeps the newest message in view as messages arrive, scrolling the list only, never the page.
  useEffect(() => {
    const list = listRef.current
    if (list && count) list.scrollTop = list.scrollHeight
  }, [count])

  const send = form.handleSubmit(async ({ content }) => {
    if (sendMessage.isPending) return
    try {
      await sendMessage.mutateAsync(content)
      form.reset()
    } catch {
      toast.error(t`Could not send message.`)
    }
  })

  function sendOnEnter(event: KeyboardEvent) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      // Enter on a blank box does nothing, as the disabled button does: no error to show.
      if (!blank) void send()
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
                {messageAction?.(message)}
              </li>
            )
          })}
        </ol>
      )}
      <Form className="chat-send" noValidate onSubmit={send}>
        <TextField
          form={form}
          name="content"
          id={`chat-draft-${conversationId}`}
          label={t`Your message`}
          labelHidden
          as="textarea"
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t`Type your message…`}
          onKeyDown={sendOnEnter}
          className="flex-grow-1"
        />
        <SubmitButton busy={sendMessage.isPending} disabled={blank}>
          <Trans>Send</Trans>
        </SubmitButton>
      </Form>
    </section>
  )
}
