import { Link, useParams } from 'react-router'
import { ChatThread } from '../../components/chat-thread'
import { useTitle } from '../../lib/use-title'

export function ConversationPage() {
  const id = Number(useParams().conversationId)
  useTitle(`Conversation #${id}`)
  return (
    <div className="container py-4 narrow-page">
      <Link to="/messages" className="back-link">
        ← Back to all conversations
      </Link>
      <h1 className="page-title mt-2">Conversation #{id}</h1>
      <p className="text-muted">Your messages with the Comfort Living team.</p>
      <ChatThread key={id} conversationId={id} />
    </div>
  )
}
