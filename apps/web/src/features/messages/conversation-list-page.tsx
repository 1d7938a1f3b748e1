import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import { Link } from 'react-router'
import { Loading } from '../../components/loading'
import { Pager, usePageParam } from '../../components/pager'
import { useSession } from '../../data/auth'
import { conversationListQuery } from '../../data/messaging'
import { formatDateTime } from '../../lib/format'
import { useTitle } from '../../lib/use-title'

/** API.md: every list pages by 20 unless asked otherwise. */
const PAGE_SIZE = 20

export function ConversationListPage() {
  useTitle('My Messages')
  const { user } = useSession()
  const page = usePageParam()
  const conversations = useQuery(conversationListQuery({ page, page_size: PAGE_SIZE }))
  return (
    <div className="container py-4 narrow-page">
      <h1 className="page-title">My Messages</h1>
      {conversations.isPending ? (
        <Loading label="Loading your messages..." />
      ) : conversations.isError ? (
        <Alert variant="danger">Could not load your messages.</Alert>
      ) : conversations.data.count === 0 ? (
        <div className="empty-state">
          <p>You have no messages. Start a conversation by clicking "Buy Now" on a product page.</p>
          <Link to="/products" className="btn btn-primary">
            Browse Products
          </Link>
        </div>
      ) : (
        <>
          <ul className="conversation-list card">
            {conversations.data.results.map((conversation) => {
              const last = conversation.last_message
              const from =
                last && (last.sender.id === user?.id ? 'You' : last.sender.first_name || 'Comfort Living')
              return (
                <li key={conversation.id}>
                  <Link to={`/messages/${conversation.id}`} className="conversation-row">
                    <span className="conversation-title">
                      Conversation #{conversation.id} with Comfort Living
                      {last && (
                        <time className="text-muted small" dateTime={last.timestamp}>
                          {formatDateTime(last.timestamp)}
                        </time>
                      )}
                    </span>
                    <span className="conversation-preview">
                      {last ? `${from}: ${last.content}` : 'No messages yet'}
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
