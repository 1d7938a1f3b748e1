import { Trans, useLingui } from '@lingui/react/macro'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'

/** What a shopper sees instead of a blank page when a screen fails, e.g. after a deploy replaced its code. */
export function RouteError() {
  const { t } = useLingui()
  const error = useRouteError()
  console.error(error)
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main className="container py-5 text-center">
      <h1 className="h3">{notFound ? t`Page not found` : t`Something went wrong`}</h1>
      <p className="text-muted">
        {notFound
          ? t`The page you were looking for does not exist.`
          : t`Please reload the page and try again.`}
      </p>
      <div className="d-flex gap-2 justify-content-center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </button>
        <Link to="/" className="btn btn-outline-primary">
          <Trans>Home page</Trans>
        </Link>
      </div>
    </main>
  )
}
