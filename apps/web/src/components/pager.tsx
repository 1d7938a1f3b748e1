import { Trans, useLingui } from '@lingui/react/macro'
import { pageOf } from '@store/contract'
import { Link, useSearchParams } from 'react-router'

/** The `page` search parameter as a page number, 1 when absent or nonsense. */
export function usePageParam(): number {
  const [params] = useSearchParams()
  return pageOf(params)
}

/** How many page links stand on each side of the current one. */
const NEIGHBOURS = 2

/**
 * The page numbers to show: the first, the last and the current one's neighbours; null marks a gap.
 * A gap never stands for a single page: that page is shown instead.
 */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const anchors = [1, ...Array.from({ length: 2 * NEIGHBOURS + 1 }, (_, i) => page - NEIGHBOURS + i), pages]
  const kept = [...new Set(anchors)].filter((target) => target >= 1 && target <= pages).sort((a, b) => a - b)
  const shown: (number | null)[] = []
  for (const target of kept) {
    const previous = shown.at(-1)
    if (typeof previous === 'number' && target - previous === 2) shown.push(previous + 1)
    else if (typeof previous === 'number' && target - previous > 2) shown.push(null)
    shown.push(target)
  }
  return shown
}

/**
 * Page links that keep the other query parameters, for the shop and the back office alike; hidden
 * when everything fits on one page. Links, not buttons: a page can be bookmarked and opened in a tab.
 */
export function Pager({ page, count, pageSize }: { page: number; count: number; pageSize: number }) {
  const { t } = useLingui()
  const [params] = useSearchParams()
  const pages = Math.ceil(count / pageSize)
  if (pages <= 1) return null
  const hrefOf = (target: number) => {
    const next = new URLSearchParams(params)
    if (target === 1) next.delete('page')
    else next.set('page', String(target))
    return `?${next.toString()}`
  }
  return (
    <nav aria-label={t`Pages`} className="d-flex justify-content-center mt-4">
      <ul className="pagination flex-wrap">
        <li className={`page-item ${page <= 1 ? 'disabled' : ''}`}>
          {page <= 1 ? (
            <span className="page-link">
              <Trans>Previous</Trans>
            </span>
          ) : (
            <Link className="page-link" to={hrefOf(page - 1)}>
              <Trans>Previous</Trans>
            </Link>
          )}
        </li>
        {pageWindow(page, pages).map((target, index) =>
          target === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={target} className={`page-item ${target === page ? 'active' : ''}`}>
              <Link
                className="page-link"
                to={hrefOf(target)}
                aria-current={target === page ? 'page' : undefined}
                aria-label={t`Page ${target}`}
              >
                {target}
              </Link>
            </li>
          ),
        )}
        <li className={`page-item ${page >= pages ? 'disabled' : ''}`}>
          {page >= pages ? (
            <span className="page-link">
              <Trans>Next</Trans>
            </span>
          ) : (
            <Link className="page-link" to={hrefOf(page + 1)}>
              <Trans>Next</Trans>
            </Link>
          )}
        </li>
      </ul>
    </nav>
  )
}
