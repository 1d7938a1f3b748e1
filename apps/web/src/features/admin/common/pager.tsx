import { Button } from 'react-bootstrap'

interface PagerProps {
  page: number
  pageSize: number
  count: number
  onPage(page: number): void
}

/** Previous/next for the paginated admin lists; hidden while everything fits on one page. */
export function Pager({ page, pageSize, count, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize))
  if (pages === 1) return null
  return (
    <nav aria-label="Pages" className="d-flex align-items-center justify-content-between gap-2 mt-3">
      <Button variant="outline-secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </Button>
      <span className="small text-body-secondary">
        Page {page} of {pages}
      </span>
      <Button variant="outline-secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next →
      </Button>
    </nav>
  )
}

/** The `page` search parameter as a page number, 1 when absent or nonsense. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}
