import { Trans, useLingui } from '@lingui/react/macro'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@store/contract'
import { type FormEvent, useState } from 'react'
import { Button, Col, Form, InputGroup, Row } from 'react-bootstrap'
import { useSearchParams } from 'react-router'
import type { OrderListFilters } from '../../../data/orders'
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './status-labels'

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value)

const FILTER_NAMES = ['status', 'payment_status', 'search'] as const satisfies (keyof OrderListFilters)[]

export const isFiltered = (filters: OrderListFilters) => FILTER_NAMES.some((name) => filters[name])

/**
 * The order list's filters, kept in the query string (`?status=Pending&payment_status=proof_submitted
 * &search=…`) so a link (the dashboard's) or a bookmark opens the list filtered. Values the API does
 * not know are left out rather than sent.
 */
export function useOrderFilters(): [OrderListFilters, (filters: OrderListFilters) => void] {
  const [params, setParams] = useSearchParams()
  const filters: OrderListFilters = {
    status: oneOf(ORDER_STATUSES, params.get('status')),
    payment_status: oneOf(PAYMENT_STATUSES, params.get('payment_status')),
    search: params.get('search')?.trim() || undefined,
  }
  const setFilters = (next: OrderListFilters) =>
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

interface FilterSelectProps<T extends string> {
  id: string
  label: string
  value: T | undefined
  /** Each choice as [value, label]; "All" (no filter) comes first */
  options: [T, string][]
  onChange(value: T | undefined): void
}

function FilterSelect<T extends string>({ id, label, value, options, onChange }: FilterSelectProps<T>) {
  const { t } = useLingui()
  return (
    <Form.Group as={Col} xs={6} lg={2} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value ?? ''} onChange={(event) => onChange((event.target.value || undefined) as T)}>
        <option value="">{t`All`}</option>
        {options.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  )
}

/**
 * Status and payment apply as they are chosen; the search words when Search (or Enter) is pressed,
 * not at every key. Give it a new `key` when the URL's search changes, so the box shows what is searched.
 */
export function OrderFilters({
  filters,
  onChange,
}: {
  filters: OrderListFilters
  onChange(filters: OrderListFilters): void
}) {
  const { i18n, t } = useLingui()
  const [search, setSearch] = useState(filters.search ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onChange({ ...filters, search: search.trim() || undefined })
  }
  return (
    <Form role="search" aria-label={t`Filter orders`} className="mb-3" onSubmit={submit}>
      <Row className="g-2 align-items-end">
        <FilterSelect
          id="order-status-filter"
          label={t`Status`}
          value={filters.status}
          options={ORDER_STATUSES.map((status) => [status, i18n._(ORDER_STATUS_LABELS[status])])}
          onChange={(status) => onChange({ ...filters, status })}
        />
        <FilterSelect
          id="order-payment-filter"
          label={t`Payment`}
          value={filters.payment_status}
          options={PAYMENT_STATUSES.map((status) => [status, i18n._(PAYMENT_STATUS_LABELS[status])])}
          onChange={(payment_status) => onChange({ ...filters, payment_status })}
        />
        <Form.Group as={Col} xs={12} lg={6}>
          <Form.Label htmlFor="order-search">
            <Trans>Search</Trans>
          </Form.Label>
          <InputGroup>
            <Form.Control
              dir="auto"
              id="order-search"
              type="search"
              value={search}
              maxLength={200}
              placeholder={t`Order number, name, phone or email`}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Button type="submit" variant="outline-primary">
              <Trans>Search</Trans>
            </Button>
          </InputGroup>
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
