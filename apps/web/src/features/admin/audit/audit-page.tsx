import type { AuditEntry } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Table } from 'react-bootstrap'
import { Loading } from '../../../components/loading'
import { Pager, usePageParam } from '../../../components/pager'
import { auditListQuery } from '../../../data/audit'
import { PageHeader } from '../common/page-header'
import {
  AuditFilterForm,
  type AuditFilters,
  ENTITY_LABELS,
  isFiltered,
  useAuditFilters,
} from './audit-filters'
import { changesOf } from './audit-values'

const PAGE_SIZE = 50

const count = new Intl.NumberFormat('en-PK')

/** To the second, on the reader's own clock: two changes a minute apart must read apart. */
const formatMoment = (iso: string) =>
  new Date(iso).toLocaleString('en-PK', { dateStyle: 'medium', timeStyle: 'medium' })

/** The changed fields, one a line: "field: before → after". */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry)
  if (changes.length === 0) return <span className="text-body-secondary">—</span>
  return (
    <ul className="list-unstyled mb-0 small admin-audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="fw-medium">{change.field}:</span>{' '}
          <span className="text-body-secondary">{change.before}</span> → <span>{change.after}</span>
        </li>
      ))}
    </ul>
  )
}

const keyOf = (filters: AuditFilters) =>
  JSON.stringify([filters.actor, filters.entity, filters.entity_id, filters.from, filters.to])

/** The audit log: every staff change, newest first, with who made it, from where, and what it changed. */
export function AuditPage() {
  const page = usePageParam()
  const [filters, setFilters] = useAuditFilters()
  const filtered = isFiltered(filters)
  const entries = useQuery(auditListQuery({ ...filters, page, page_size: PAGE_SIZE }))

  return (
    <>
      <PageHeader title="Audit log" subtitle="Every change staff made, newest first." />
      <AuditFilterForm key={keyOf(filters)} filters={filters} onChange={setFilters} />
      {entries.isPending ? (
        <Loading />
      ) : entries.isError ? (
        <Alert variant="danger">Could not load the audit log.</Alert>
      ) : entries.data.count === 0 ? (
        <p className="text-body-secondary" role="status">
          {filtered ? 'No changes match these filters.' : 'No changes recorded yet.'}
        </p>
      ) : (
        <>
          {filtered && (
            <p className="small text-body-secondary" role="status">
              {count.format(entries.data.count)}{' '}
              {entries.data.count === 1 ? 'change matches' : 'changes match'}
            </p>
          )}
          <Table responsive className="align-top bg-white shadow-sm admin-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Who</th>
                <th scope="col">Record</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.data.results.map((entry) => (
                <tr key={entry.id}>
                  <td className="text-nowrap">
                    <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
                  </td>
                  <td>
                    {entry.actor?.email ?? 'System'}
                    <div className="small text-body-secondary text-nowrap">IP {entry.ip ?? '—'}</div>
                  </td>
                  <td className="text-nowrap">
                    <span>
                      {ENTITY_LABELS[entry.entity]}
                      {entry.entity_id !== null && ` #${entry.entity_id}`}
                    </span>
                    <div>
                      <code className="small">{entry.action}</code>
                    </div>
                  </td>
                  <td>
                    <Changes entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={page} count={entries.data.count} pageSize={PAGE_SIZE} />
        </>
      )}
    </>
  )
}
