import { type Message, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, eventStream, page, renderApp, reply, serveApi } from '../test/app'

const sent = (content: string): Message => ({
  id: 7,
  content,
  timestamp: '2026-03-01T12:00:00.000Z',
  sender: { id: customer.id, first_name: customer.first_name },
  inquiry: null,
})

describe('the message box of a conversation', () => {
  it('sends the trimmed message on Enter and empties the box; a blank one is not sent', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.messaging.listMessages, page([])),
      answer(paths.messaging.messageEvents, eventStream([])),
      answer(paths.messaging.sendMessage, (call) => sent((call.body as { content: string }).content)),
    ])
    renderApp('/messages/5', { user: customer })
    const box = await screen.findByLabelText('Your message')
    const send = screen.getByRole('button', { name: 'Send' })
    const user = userEvent.setup()

    await user.type(box, '   ')
    expect(send).toBeDisabled()
    await user.type(box, '{Enter}')
    expect(api.callsTo(paths.messaging.sendMessage)).toHaveLength(0)
    expect(box).not.toHaveAttribute('aria-invalid', 'true')

    await user.clear(box)
    await user.type(box, '  Is it available in walnut?  {Enter}')
    await waitFor(() => expect(box).toHaveValue(''))
    expect(api.callsTo(paths.messaging.sendMessage)[0]?.body).toEqual({
      content: 'Is it available in walnut?',
    })
    const thread = screen.getByRole('region', { name: 'Conversation' })
    expect(within(thread).getByText('Is it available in walnut?')).toBeInTheDocument()
    expect(send).toBeDisabled()
  })

  it('keeps the message in the box when it could not be sent', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.messaging.listMessages, page([])),
      answer(paths.messaging.messageEvents, eventStream([])),
      answer(paths.messaging.sendMessage, reply(500)),
    ])
    renderApp('/messages/5', { user: customer })
    const box = await screen.findByLabelText('Your message')
    const user = userEvent.setup()
    await user.type(box, 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Could not send message.')).toBeInTheDocument()
    expect(box).toHaveValue('Hello')
  })
})
