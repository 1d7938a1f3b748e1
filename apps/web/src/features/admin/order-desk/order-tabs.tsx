import { Trans, useLingui } from '@lingui/react/macro'
import Nav from 'react-bootstrap/Nav'
import { Link, useSearchParams } from 'react-router'

/**
 * The order list's two views: placed orders, and the drafts staff are still putting together
 * (`?status=Draft`), listed apart. The other filters carry over; the page starts again.
 */
export function OrderTabs({ drafts }: { drafts: boolean }) {
  const { t } = useLingui()
  const [params] = useSearchParams()
  const to = (status: 'Draft' | undefined) => {
    const next = new URLSearchParams(params)
    next.delete('page')
    if (status) next.set('status', status)
    else next.delete('status')
    const search = next.toString()
    return search ? `/adminuser/orders?${search}` : '/adminuser/orders'
  }
  return (
    <Nav variant="tabs" className="mb-3" as="nav" aria-label={t`Orders or drafts`}>
      <Nav.Item>
        <Nav.Link as={Link} to={to(undefined)} active={!drafts} aria-current={drafts ? undefined : 'page'}>
          <Trans>Orders</Trans>
        </Nav.Link>
      </Nav.Item>
      <Nav.Item>
        <Nav.Link as={Link} to={to('Draft')} active={drafts} aria-current={drafts ? 'page' : undefined}>
          <Trans>Drafts</Trans>
        </Nav.Link>
      </Nav.Item>
    </Nav>
  )
}
