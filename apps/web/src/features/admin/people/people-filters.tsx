import { useLingui } from '@lingui/react/macro'
import { Role } from '@store/contract'
import { useState } from 'react'
import { FilterForm, FilterSelect, isFiltered, SearchField, useFilterParams } from '../common/filter-form'
import { ROLE_LABELS } from './role-labels'

export interface PeopleFilters {
  search?: string
  role?: Role
}

const FILTER_NAMES = ['search', 'role'] as const satisfies (keyof PeopleFilters)[]

/**
 * The people page's filters, kept in the query string (`?search=amna&role=manager`) so a bookmark or
 * a link opens the list filtered. A role the contract does not know is left out rather than sent.
 */
export const usePeopleFilters = () =>
  useFilterParams<PeopleFilters>(FILTER_NAMES, (params) => {
    const role = Role.safeParse(params.get('role'))
    return {
      search: params.get('search')?.trim() || undefined,
      role: role.success ? role.data : undefined,
    }
  })

/**
 * The role applies as it is chosen; the search words when Search (or Enter) is pressed. Give it a new
 * `key` when the URL's search changes, so the box shows what is searched.
 */
export function PeopleFilterForm({
  filters,
  onChange,
}: {
  filters: PeopleFilters
  onChange(filters: PeopleFilters): void
}) {
  const { i18n, t } = useLingui()
  const [search, setSearch] = useState(filters.search ?? '')
  return (
    <FilterForm
      label={t`Filter people`}
      filtered={isFiltered(filters)}
      onSubmit={() => onChange({ ...filters, search: search.trim() || undefined })}
      onClear={() => onChange({})}
    >
      <SearchField
        id="people-search"
        value={search}
        placeholder={t`Name or email`}
        onChange={setSearch}
        xs={12}
        md={7}
        lg={6}
      />
      <FilterSelect
        id="people-role-filter"
        label={t`Role`}
        value={filters.role}
        options={Role.options.map((role) => [role, i18n._(ROLE_LABELS[role])])}
        onChange={(role) => onChange({ ...filters, role })}
        xs={8}
        md={3}
        lg={2}
      />
    </FilterForm>
  )
}
