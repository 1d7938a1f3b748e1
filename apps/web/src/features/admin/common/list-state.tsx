import type { Paginated } from '@store/contract'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Alert, Table } from 'react-bootstrap'
import { Loading } from '../../../components/loading'
import { Pager } from '../../../components/pager'

interface ListStateProps<T> {
  query: UseQueryResult<T>
  /** What the spinner tells screen readers, when more than "Loading..." */
  loadingLabel?: string
  /** The sentence when the list could not be loaded */
  failure: ReactNode
  isEmpty(data: T): boolean
  /** The sentence when there is nothing to list */
  empty: ReactNode
  /** Where filters change the empty sentence, screen readers are told of it (role="status"). */
  announced?: boolean
  children(data: T): ReactNode
}

/** A back-office list while it loads, when it failed, when it is empty, and otherwise what it lists. */
export function ListState<T>({
  query,
  loadingLabel,
  failure,
  isEmpty,
  empty,
  announced = false,
  children,
}: ListStateProps<T>) {
  if (query.isPending) return <Loading label={loadingLabel} />
  if (query.isError) return <Alert variant="danger">{failure}</Alert>
  if (isEmpty(query.data)) {
    return (
      <p className="text-body-secondary" role={announced ? 'status' : undefined}>
        {empty}
      </p>
    )
  }
  return children(query.data)
}

interface PagedListStateProps<Item> extends Omit<ListStateProps<Paginated<Item>>, 'isEmpty' | 'children'> {
  page: number
  pageSize: number
  /** Over a filtered list: how many records match ("3 orders match"), announced as it changes */
  matches?(count: number): ReactNode
  children(items: Item[]): ReactNode
}

/** A list the API answers a page at a time: the states of `ListState`, then the page and its links. */
export function PagedListState<Item>({
  page,
  pageSize,
  matches,
  children,
  ...states
}: PagedListStateProps<Item>) {
  return (
    <ListState {...states} isEmpty={(data) => data.count === 0}>
      {(data) => (
        <>
          {matches && (
            <p className="small text-body-secondary" role="status">
              {matches(data.count)}
            </p>
          )}
          {children(data.results)}
          <Pager page={page} count={data.count} pageSize={pageSize} />
        </>
      )}
    </ListState>
  )
}

export interface ListColumn {
  label: string
  /** Bootstrap's display classes, for a column only wide screens show */
  className?: string
}

/** The back office's table of records: its column heads, then one row a record. */
export function ListTable({
  columns,
  hover = true,
  align = 'middle',
  children,
}: {
  columns: ListColumn[]
  /** Off where a row is no target (the audit log) */
  hover?: boolean
  align?: 'middle' | 'top'
  children: ReactNode
}) {
  return (
    <Table responsive hover={hover} className={`align-${align} bg-white shadow-sm admin-table`}>
      <thead>
        <tr>
          {columns.map(({ label, className }) => (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  )
}
