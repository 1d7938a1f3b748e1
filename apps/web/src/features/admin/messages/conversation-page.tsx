import { Trans, useLingui } from '@lingui/react/macro'
import { useParams } from 'react-router'
import { ChatThread } from '../../../components/chat-thread'
import { useTitle } from '../../../lib/use-title'
import { BackToList } from '../common/back-to-list'
import { MakeOrderLink } from '../order-desk/make-order-link'

export function ConversationPage() {
  const { t } = useLingui()
  const { conversationId } = useParams()
  useTitle(t`Conversation ${conversationId}`)
  return (
    <div className="admin-narrow">
      <BackToList to="/adminuser/messages">
        <Trans>← Back to User Conversations</Trans>
      </BackToList>
      <h1 className="h3 mb-4">
        <Trans>Viewing Conversation ID: {conversationId}</Trans>
      </h1>
      <ChatThread
        key={conversationId}
        conversationId={Number(conversationId)}
        messageAction={(message) => <MakeOrderLink message={message} />}
      />
    </div>
  )
}
