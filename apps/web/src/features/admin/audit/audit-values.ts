import { msg } from '@lingui/core/macro'
import type { AuditEntry } from '@store/contract'
import { i18n } from '../../../lib/i18n'

/**
 * One recorded value as staff read it: text as it is ("(empty)" when blank), numbers and yes/no plainly,
 * "none" for null, and lists and objects as compact JSON. "—" marks a side that has no such field (a
 * record's creation has no before, its deletion no after).
 */
export function formatValue(value: unknown): string {
  if (value === undefined) return '—'
  if (value === null) return i18n._(msg`none`)
  if (typeof value === 'string') return value === '' ? i18n._(msg`(empty)`) : value
  if (typeof value === 'boolean') return value ? i18n._(msg`yes`) : i18n._(msg`no`)
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}

export interface FieldChange {
  field: string
  before: string
  after: string
}

/** The fields an entry changed, in the order the server listed them (before's first, then after's new ones). */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = entry.before ?? {}
  const after = entry.after ?? {}
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return fields.map((field) => ({
    field,
    before: formatValue(Object.hasOwn(before, field) ? before[field] : undefined),
    after: formatValue(Object.hasOwn(after, field) ? after[field] : undefined),
  }))
}
