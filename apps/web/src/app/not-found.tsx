import { Link } from 'react-router'
import { useTitle } from '../lib/use-title'

export function NotFound() {
  useTitle('Page not found')
  return (
    <div className="container py-5 empty-state">
      <h1 className="page-title">Page not found</h1>
      <p className="text-muted">The page you were looking for has moved or never existed.</p>
      <Link to="/" className="btn btn-primary">
        Back to the home page
      </Link>
    </div>
  )
}
