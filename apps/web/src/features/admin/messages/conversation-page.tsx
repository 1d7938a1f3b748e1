import { Link, useParams } from 'react-router'
import { ChatThread } from '../../../components/chat-thread'
import { useTitle } from '../../../lib/use-title'

export function ConversationPage() {
  const { conversationId } = useParams()
  useTitle(`Conversation ${conversationId}`)
  return (
    <div className="admin-narrow">
      <Link to="/adminuser/messages" className="d-inline-block mb-3">
        ← Back to User Conversations
      </Link>
      <h1 className="h3 mb-4">Viewing Conversation ID: {conversationId}</h1>
      <ChatThread key={conversationId} conversationId={Number(conversationId)} />
    </div>
  )
}
