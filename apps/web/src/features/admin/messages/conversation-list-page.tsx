import { useQuery } from '@tanstack/react-query'
import { Alert, ListGroup } from 'react-bootstrap'
import { Link, useSearchParams } from 'react-router'
import { Loading } from '../../../components/loading'
import { formatDateTime } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { PageHeader } from '../common/page-header'
import { Pager, pageFrom } from '../common/pager'
import { CONVERSATIONS_PAGE_SIZE, conversationKeys, customerName, listConversations, preview } from './api'

export function ConversationListPage() {
  const { user } = useSession()
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params)
  // SPEC §6: the admin list loads only for a staff user.
  const conversations = useQuery({
    queryKey: conversationKeys.list(page),
    queryFn: () => listConversations(page),
    enabled: user?.is_staff === true,
  })

  return (
    <>
      <PageHeader title="User Conversations" subtitle="Manage all support and inquiry messages." />
      {conversations.isError ? (
        <Alert variant="danger">Could not load messages.</Alert>
      ) : !conversations.data ? (
        <Loading />
      ) : conversations.data.results.length === 0 ? (
        <p className="text-body-secondary">No active conversations.</p>
      ) : (
        <>
          <ListGroup className="shadow-sm">
            {conversations.data.results.map((conversation) => {
              const last = conversation.last_message
              return (
                <ListGroup.Item
                  key={conversation.id}
                  action
                  as={Link}
                  to={`/adminuser/messages/${conversation.id}`}
                  className="py-3"
                >
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <span className="fw-semibold">{customerName(conversation.participants)}</span>
                    <time
                      className="small text-body-secondary"
                      dateTime={last?.timestamp ?? conversation.created_at}
                    >
                      {formatDateTime(last?.timestamp ?? conversation.created_at)}
                    </time>
                  </div>
                  <p className="mb-0 small text-body-secondary text-truncate">
                    {last ? preview(last.content) : 'No messages yet.'}
                  </p>
                </ListGroup.Item>
              )
            })}
          </ListGroup>
          <Pager
            page={page}
            pageSize={CONVERSATIONS_PAGE_SIZE}
            count={conversations.data.count}
            onPage={(next) => setParams({ page: String(next) })}
          />
        </>
      )}
    </>
  )
}
