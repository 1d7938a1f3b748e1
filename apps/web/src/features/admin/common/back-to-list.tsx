import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'

/** What a list puts in the history entry of a row's page it opens: its own query (filters, page) */
interface OpenedFromList {
  listSearch: string
}

/** The `state` of a list's links to its rows' pages, so those pages can lead back to the list as it stands. */
export function useOpenedFromList(): OpenedFromList {
  return { listSearch: useLocation().search }
}

/**
 * A row's page's link back to its list, at the filters and page the list had when it opened the
 * page (`useOpenedFromList`); the list's first page when the page was opened some other way.
 */
export function BackToList({ to, children }: { to: string; children: ReactNode }) {
  const search = (useLocation().state as Partial<OpenedFromList> | null)?.listSearch
  const back = typeof search === 'string' && search.startsWith('?') ? `${to}${search}` : to
  return (
    <Link to={back} className="d-inline-block mb-3">
      {children}
    </Link>
  )
}
