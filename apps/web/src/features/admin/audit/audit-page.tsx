import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type AuditEntry, DEFAULT_LANGUAGE } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { usePageParam } from '../../../components/pager'
import { auditListQuery } from '../../../data/audit'
import { isFiltered } from '../common/filter-form'
import { ListTable, PagedListState } from '../common/list-state'
import { useCountFormat, useIntlLocale } from '../common/locale'
import { PageHeader } from '../common/page-header'
import { AuditFilterForm, type AuditFilters, ENTITY_LABELS, useAuditFilters } from './audit-filters'
import { changesOf } from './audit-values'

const PAGE_SIZE = 50

/** To the second, on the reader's own clock: two changes a minute apart must read apart. */
const formatMoment = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' })

/**
 * The changed fields, one a line: "field: before → after". Each part is isolated (bdi), so a line of
 * English values in an Urdu page still reads in the page's direction, its arrow turned with it.
 */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry)
  if (changes.length === 0) return <span className="text-body-secondary">—</span>
  return (
    <ul className="list-unstyled mb-0 small admin-audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <bdi className="fw-medium">{change.field}:</bdi>{' '}
          <bdi className="text-body-secondary">{change.before}</bdi> <span className="admin-flip">→</span>{' '}
          <bdi>{change.after}</bdi>
        </li>
      ))}
    </ul>
  )
}

/** What an action did, by the part after the record's kind (`product.update` → update). */
const ACTION_LABELS: Record<string, MessageDescriptor> = {
  create: msg`created`,
  update: msg`changed`,
  delete: msg`deleted`,
  delete_image: msg`image removed`,
  two_factor: msg`two-factor sign-in turned on`,
}

/**
 * The action as recorded (`order.update`), which English readers read as it is; readers of another
 * language get its words before it.
 */
function ActionLabel({ action }: { action: string }) {
  const { i18n } = useLingui()
  const verb = ACTION_LABELS[action.slice(action.indexOf('.') + 1)]
  const code = <code className="small">{action}</code>
  if (i18n.locale === DEFAULT_LANGUAGE || !verb) return code
  return (
    <>
      <span className="small">{i18n._(verb)}</span> <bdi>{code}</bdi>
    </>
  )
}

const keyOf = (filters: AuditFilters) =>
  JSON.stringify([filters.actor, filters.entity, filters.entity_id, filters.from, filters.to])

/** "3 changes match": the count as the page writes numbers, its words by the plural rules. */
function Matches({ count, shown }: { count: number; shown: string }) {
  return <Plural value={count} one={`${shown} change matches`} other={`${shown} changes match`} />
}

/** The audit log: every staff change, newest first, with who made it, from where, and what it changed. */
export function AuditPage() {
  const { i18n, t } = useLingui()
  const count = useCountFormat()
  const locale = useIntlLocale()
  const page = usePageParam()
  const [filters, setFilters] = useAuditFilters()
  const filtered = isFiltered(filters)
  const entries = useQuery(auditListQuery({ ...filters, page, page_size: PAGE_SIZE }))

  return (
    <>
      <PageHeader title={t`Audit log`} subtitle={t`Every change staff made, newest first.`} />
      <AuditFilterForm key={keyOf(filters)} filters={filters} onChange={setFilters} />
      <PagedListState
        query={entries}
        page={page}
        pageSize={PAGE_SIZE}
        failure={<Trans>Could not load the audit log.</Trans>}
        empty={filtered ? t`No changes match these filters.` : t`No changes recorded yet.`}
        announced
        matches={filtered ? (total) => <Matches count={total} shown={count(total)} /> : undefined}
      >
        {(results) => (
          <ListTable
            hover={false}
            align="top"
            columns={[{ label: t`Time` }, { label: t`Who` }, { label: t`Record` }, { label: t`Changes` }]}
          >
            {results.map((entry) => (
              <tr key={entry.id}>
                <td className="text-nowrap">
                  <time dateTime={entry.at}>{formatMoment(entry.at, locale)}</time>
                </td>
                <td>
                  {entry.actor?.email ?? t`System`}
                  <div className="small text-body-secondary text-nowrap">IP {entry.ip ?? '—'}</div>
                </td>
                <td className="text-nowrap">
                  <span>
                    {i18n._(ENTITY_LABELS[entry.entity])}
                    {entry.entity_id !== null && ` #${entry.entity_id}`}
                  </span>
                  <div>
                    <ActionLabel action={entry.action} />
                  </div>
                </td>
                <td>
                  <Changes entry={entry} />
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </PagedListState>
    </>
  )
}
