import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useParams } from 'react-router'
import { ChatThread } from '../../components/chat-thread'
import { useTitle } from '../../lib/use-title'

export function ConversationPage() {
  const { t } = useLingui()
  const id = Number(useParams().conversationId)
  useTitle(t`Conversation #${id}`)
  return (
    <div className="container py-4 narrow-page">
      <Link to="/messages" className="back-link">
        <span className="pointing">←</span> <Trans>Back to all conversations</Trans>
      </Link>
      <h1 className="page-title mt-2">
        <Trans>Conversation #{id}</Trans>
      </h1>
      <p className="text-muted">
        <Trans>Your messages with the Comfort Living team.</Trans>
      </p>
      <ChatThread key={id} conversationId={id} />
    </div>
  )
}
