import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useParams } from 'react-router'
import { ChatThread } from '../../../components/chat-thread'
import { useTitle } from '../../../lib/use-title'

export function ConversationPage() {
  const { t } = useLingui()
  const { conversationId } = useParams()
  useTitle(t`Conversation ${conversationId}`)
  return (
    <div className="admin-narrow">
      <Link to="/adminuser/messages" className="d-inline-block mb-3">
        <Trans>← Back to User Conversations</Trans>
      </Link>
      <h1 className="h3 mb-4">
        <Trans>Viewing Conversation ID: {conversationId}</Trans>
      </h1>
      <ChatThread key={conversationId} conversationId={Number(conversationId)} />
    </div>
  )
}
