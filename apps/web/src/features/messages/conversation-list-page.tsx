import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import { Link } from 'react-router'
import { Loading } from '../../components/loading'
import { Pager, usePageParam } from '../../components/pager'
import { useSession } from '../../data/auth'
import { conversationListQuery } from '../../data/messaging'
import { formatDateTime } from '../../lib/format'
import { useTitle } from '../../lib/use-title'

/** docs/api.md: every list pages by 20 unless asked otherwise. */
const PAGE_SIZE = 20

export function ConversationListPage() {
  const { t } = useLingui()
  useTitle(t`My Messages`)
  const { user } = useSession()
  const page = usePageParam()
  const conversations = useQuery(conversationListQuery({ page, page_size: PAGE_SIZE }))
  return (
    <div className="container py-4 narrow-page">
      <h1 className="page-title">
        <Trans>My Messages</Trans>
      </h1>
      {conversations.isPending ? (
        <Loading label={t`Loading your messages...`} />
      ) : conversations.isError ? (
        <Alert variant="danger">
          <Trans>Could not load your messages.</Trans>
        </Alert>
      ) : conversations.data.count === 0 ? (
        <div className="empty-state">
          <p>
            <Trans>You have no messages. Start a conversation by clicking "Buy Now" on a product page.</Trans>
          </p>
          <Link to="/products" className="btn btn-primary">
            <Trans>Browse Products</Trans>
          </Link>
        </div>
      ) : (
        <>
          <ul className="conversation-list card">
            {conversations.data.results.map((conversation) => {
              const last = conversation.last_message
              const conversationId = conversation.id
              const from =
                last && (last.sender.id === user?.id ? t`You` : last.sender.first_name || 'Comfort Living')
              return (
                <li key={conversation.id}>
                  <Link to={`/messages/${conversation.id}`} className="conversation-row">
                    <span className="conversation-title">
                      <Trans>Conversation #{conversationId} with Comfort Living</Trans>
                      {last && (
                        <time className="text-muted small" dateTime={last.timestamp}>
                          {formatDateTime(last.timestamp)}
                        </time>
                      )}
                    </span>
                    <span className="conversation-preview">
                      {last ? `${from}: ${last.content}` : t`No messages yet`}
                    </span>
                  </Link>
                </li>
              )
            })}
          </ul>
          <Pager page={page} count={conversations.data.count} pageSize={PAGE_SIZE} />
        </>
      )}
    </div>
  )
}
