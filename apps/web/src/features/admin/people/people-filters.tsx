import { Trans, useLingui } from '@lingui/react/macro'
import { Role } from '@store/contract'
import { type FormEvent, useState } from 'react'
import { Button, Col, Form, InputGroup, Row } from 'react-bootstrap'
import { useSearchParams } from 'react-router'
import { ROLE_LABELS } from './role-labels'

export interface PeopleFilters {
  search?: string
  role?: Role
}

const FILTER_NAMES = ['search', 'role'] as const satisfies (keyof PeopleFilters)[]

export const isFiltered = (filters: PeopleFilters) => FILTER_NAMES.some((name) => filters[name])

/**
 * The people page's filters, kept in the query string (`?search=amna&role=manager`) so a bookmark or
 * a link opens the list filtered. A role the contract does not know is left out rather than sent.
 */
export function usePeopleFilters(): [PeopleFilters, (filters: PeopleFilters) => void] {
  const [params, setParams] = useSearchParams()
  const role = Role.safeParse(params.get('role'))
  const filters: PeopleFilters = {
    search: params.get('search')?.trim() || undefined,
    role: role.success ? role.data : undefined,
  }
  const setFilters = (next: PeopleFilters) =>
    setParams((current) => {
      const updated = new URLSearchParams(current)
      for (const name of FILTER_NAMES) {
        const value = next[name]
        if (value) updated.set(name, value)
        else updated.delete(name)
      }
      // Other filters give other pages: start again from the first.
      updated.delete('page')
      return updated
    })
  return [filters, setFilters]
}

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
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onChange({ ...filters, search: search.trim() || undefined })
  }
  return (
    <Form role="search" aria-label={t`Filter people`} className="mb-3" onSubmit={submit}>
      <Row className="g-2 align-items-end">
        <Form.Group as={Col} xs={12} md={7} lg={6}>
          <Form.Label htmlFor="people-search">
            <Trans>Search</Trans>
          </Form.Label>
          <InputGroup>
            <Form.Control
              dir="auto"
              id="people-search"
              type="search"
              value={search}
              maxLength={200}
              placeholder={t`Name or email`}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Button type="submit" variant="outline-primary">
              <Trans>Search</Trans>
            </Button>
          </InputGroup>
        </Form.Group>
        <Form.Group as={Col} xs={8} md={3} lg={2} controlId="people-role-filter">
          <Form.Label>
            <Trans>Role</Trans>
          </Form.Label>
          <Form.Select
            value={filters.role ?? ''}
            onChange={(event) => {
              const role = Role.safeParse(event.target.value)
              onChange({ ...filters, role: role.success ? role.data : undefined })
            }}
          >
            <option value="">{t`All`}</option>
            {Role.options.map((role) => (
              <option key={role} value={role}>
                {i18n._(ROLE_LABELS[role])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {isFiltered(filters) && (
          <Col xs="auto">
            <Button variant="link" onClick={() => onChange({})}>
              <Trans>Clear filters</Trans>
            </Button>
          </Col>
        )}
      </Row>
    </Form>
  )
}
