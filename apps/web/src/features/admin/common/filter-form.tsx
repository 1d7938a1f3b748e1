import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent, ReactNode } from 'react'
import { Button, Col, type ColProps, Form, InputGroup, Row } from 'react-bootstrap'
import { useSearchParams } from 'react-router'

type FilterValues<F> = { [K in keyof F]?: string | number }

/** Whether any filter is set. */
export const isFiltered = <F extends FilterValues<F>>(filters: F) =>
  Object.values(filters).some((value) => value !== undefined && value !== '')

/**
 * A list's filters, kept in the query string so a link or a bookmark opens the list filtered. `read`
 * leaves out values the API would refuse rather than send them.
 */
export function useFilterParams<F extends FilterValues<F>>(
  names: readonly (keyof F & string)[],
  read: (params: URLSearchParams) => F,
): [F, (filters: F) => void] {
  const [params, setParams] = useSearchParams()
  const setFilters = (next: F) =>
    setParams((current) => {
      const updated = new URLSearchParams(current)
      for (const name of names) {
        const value = next[name]
        if (value !== undefined && value !== '') updated.set(name, String(value))
        else updated.delete(name)
      }
      // Other filters give other pages: start again from the first.
      updated.delete('page')
      return updated
    })
  return [read(params), setFilters]
}

type Columns = Pick<ColProps, 'xs' | 'md' | 'lg' | 'xl'>

/**
 * A list's filter form: a search landmark with its fields in one row, and "Clear filters" once any
 * filter is set. The browser checks nothing; each form says what it refuses, in the reader's language.
 */
export function FilterForm({
  label,
  filtered,
  onSubmit,
  onClear,
  children,
}: {
  label: string
  filtered: boolean
  onSubmit(): void
  onClear(): void
  children: ReactNode
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <Form role="search" aria-label={label} className="mb-3" noValidate onSubmit={submit}>
      <Row className="g-2 align-items-end">
        {children}
        {filtered && (
          <Col xs="auto">
            <Button variant="link" onClick={onClear}>
              <Trans>Clear filters</Trans>
            </Button>
          </Col>
        )}
      </Row>
    </Form>
  )
}

/** The search box and its button: the words apply when the form is sent, not at every key. */
export function SearchField({
  id,
  value,
  placeholder,
  onChange,
  ...columns
}: Columns & { id: string; value: string; placeholder: string; onChange(value: string): void }) {
  return (
    <Form.Group as={Col} {...columns}>
      <Form.Label htmlFor={id}>
        <Trans>Search</Trans>
      </Form.Label>
      <InputGroup>
        <Form.Control
          dir="auto"
          id={id}
          type="search"
          value={value}
          maxLength={200}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
        <Button type="submit" variant="outline-primary">
          <Trans>Search</Trans>
        </Button>
      </InputGroup>
    </Form.Group>
  )
}

interface FilterSelectProps<T extends string> extends Columns {
  id: string
  label: string
  /** The choice shown: one of the options' values, or none for the first choice */
  value: string | undefined
  /** Each choice as [value, label], after the first choice, which filters nothing */
  options: [T, string][]
  /** The first choice's label, "All" unless given */
  anyLabel?: string
  onChange(value: T | undefined): void
}

export function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  anyLabel,
  onChange,
  ...columns
}: FilterSelectProps<T>) {
  const { t } = useLingui()
  return (
    <Form.Group as={Col} {...columns} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {/* The value is one of the options' own, or '' for none. */}
      <Form.Select value={value ?? ''} onChange={(event) => onChange((event.target.value || undefined) as T)}>
        <option value="">{anyLabel ?? t`All`}</option>
        {options.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  )
}
