import { Link, useSearchParams } from 'react-router'

/** Page links that keep the other query parameters; hidden when everything fits on one page. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const [params] = useSearchParams()
  if (pages <= 1) return null
  const hrefOf = (target: number) => {
    const next = new URLSearchParams(params)
    if (target === 1) next.delete('page')
    else next.set('page', String(target))
    return `?${next.toString()}`
  }
  return (
    <nav aria-label="Pages" className="d-flex justify-content-center mt-4">
      <ul className="pagination">
        <li className={`page-item ${page <= 1 ? 'disabled' : ''}`}>
          {page <= 1 ? (
            <span className="page-link">Previous</span>
          ) : (
            <Link className="page-link" to={hrefOf(page - 1)}>
              Previous
            </Link>
          )}
        </li>
        {Array.from({ length: pages }, (_, index) => index + 1).map((target) => (
          <li key={target} className={`page-item ${target === page ? 'active' : ''}`}>
            <Link
              className="page-link"
              to={hrefOf(target)}
              aria-current={target === page ? 'page' : undefined}
              aria-label={`Page ${target}`}
            >
              {target}
            </Link>
          </li>
        ))}
        <li className={`page-item ${page >= pages ? 'disabled' : ''}`}>
          {page >= pages ? (
            <span className="page-link">Next</span>
          ) : (
            <Link className="page-link" to={hrefOf(page + 1)}>
              Next
            </Link>
          )}
        </li>
      </ul>
    </nav>
  )
}
