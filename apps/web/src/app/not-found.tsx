import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { useTitle } from '../lib/use-title'

export function NotFound() {
  const { t } = useLingui()
  useTitle(t`Page not found`)
  return (
    <div className="container py-5 empty-state">
      <h1 className="page-title">
        <Trans>Page not found</Trans>
      </h1>
      <p className="text-muted">
        <Trans>The page you were looking for has moved or never existed.</Trans>
      </p>
      <Link to="/" className="btn btn-primary">
        <Trans>Back to the home page</Trans>
      </Link>
    </div>
  )
}
