import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useSession, useSessionLoading } from '../data/auth'

/**
 * docs/product.md §2: nothing while the session loads; the page for a user; else /login, replacing history.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user } = useSession()
  const loading = useSessionLoading()
  const location = useLocation()
  if (loading) return null
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />
  return children
}

/**
 * docs/product.md §2's refusal: a customer at the back office, or staff at a page their role does not open.
 */
export function AccessDenied({ as: Tag = 'main' }: { as?: 'main' | 'div' }) {
  return (
    <Tag className="container py-5 text-center">
      <h1 className="h3">
        <Trans>Access Denied</Trans>
      </h1>
      <p>
        <Trans>You do not have permission to view this page.</Trans>
      </p>
    </Tag>
  )
}

/** docs/product.md §2: anonymous → /login; a logged-in customer is told they may not enter. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user } = useSession()
  const loading = useSessionLoading()
  if (loading) return null
  if (!user) return <Navigate to="/login" replace />
  if (!user.is_staff) return <AccessDenied />
  return children
}
