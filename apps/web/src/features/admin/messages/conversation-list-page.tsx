import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ListGroup } from 'react-bootstrap'
import { Link } from 'react-router'
import { usePageParam } from '../../../components/pager'
import { useCan } from '../../../data/access'
import { conversationListQuery } from '../../../data/messaging'
import { formatDateTime } from '../../../lib/format'
import { useOpenedFromList } from '../common/back-to-list'
import { PagedListState } from '../common/list-state'
import { PageHeader } from '../common/page-header'
import { customerName, preview } from './conversation-row'

const PAGE_SIZE = 50

export function ConversationListPage() {
  const { t } = useLingui()
  const page = usePageParam()
  const openedFromList = useOpenedFromList()
  // docs/product.md §6: the admin list loads only for staff (with roles: staff who may read the messages).
  const conversations = useQuery({
    ...conversationListQuery({ page, page_size: PAGE_SIZE }),
    enabled: useCan('messages'),
  })

  return (
    <>
      <PageHeader title={t`User Conversations`} subtitle={t`Manage all support and inquiry messages.`} />
      <PagedListState
        query={conversations}
        page={page}
        pageSize={PAGE_SIZE}
        failure={<Trans>Could not load messages.</Trans>}
        empty={<Trans>No active conversations.</Trans>}
      >
        {(results) => (
          <ListGroup className="shadow-sm">
            {results.map((conversation) => {
              const last = conversation.last_message
              return (
                <ListGroup.Item
                  key={conversation.id}
                  action
                  as={Link}
                  to={`/adminuser/messages/${conversation.id}`}
                  state={openedFromList}
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
                    {last ? preview(last.content) : t`No messages yet.`}
                  </p>
                </ListGroup.Item>
              )
            })}
          </ListGroup>
        )}
      </PagedListState>
    </>
  )
}
