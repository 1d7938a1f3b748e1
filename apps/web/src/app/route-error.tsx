import { isRouteErrorResponse, Link, useRouteError } from 'react-router'

/** What a shopper sees instead of a blank page when a screen fails, e.g. after a deploy replaced its code. */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main className="container py-5 text-center">
      <h1 className="h3">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="text-muted">
        {notFound ? 'The page you were looking for does not exist.' : 'Please reload the page and try again.'}
      </p>
      <div className="d-flex gap-2 justify-content-center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn btn-outline-primary">
          Home page
        </Link>
      </div>
    </main>
  )
}
