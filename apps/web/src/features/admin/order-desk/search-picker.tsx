import { Trans } from '@lingui/react/macro'
import { type KeyboardEvent, type ReactNode, useState } from 'react'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'

interface SearchPickerProps<T> {
  id: string
  label: string
  placeholder?: string
  /** What is typed; the caller debounces it for its search */
  term: string
  onTermChange(term: string): void
  /** What the search found for the term typed (empty while nothing is typed) */
  results: readonly T[]
  /** The search for the latest words is on its way */
  searching: boolean
  /** Something typed and searched, nothing found */
  nothingFound: string
  keyOf(item: T): string | number
  render(item: T): ReactNode
  onPick(item: T): void
  /** The field's error, tied to it */
  error?: string | undefined
  help?: string
}

/**
 * A search box whose matches drop down as staff type (the ARIA combobox pattern): the arrows move
 * through them, Enter takes one, Escape closes the list. Shared by the customer and product search.
 */
export function SearchPicker<T>({
  id,
  label,
  placeholder,
  term,
  onTermChange,
  results,
  searching,
  nothingFound,
  keyOf,
  render,
  onPick,
  error,
  help,
}: SearchPickerProps<T>) {
  const [active, setActive] = useState(-1)
  const [open, setOpen] = useState(false)
  const listId = `${id}-list`
  const shown = open && term.trim() !== ''
  const activeItem = shown ? results[active] : undefined

  function pick(item: T) {
    onPick(item)
    setOpen(false)
    setActive(-1)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (results.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + results.length) % results.length)
    } else if (event.key === 'Enter') {
      // Enter takes the highlighted match, else the only one; it never submits the order form.
      event.preventDefault()
      const chosen = activeItem ?? (results.length === 1 ? results[0] : undefined)
      if (shown && chosen !== undefined) pick(chosen)
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const described = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <Form.Group controlId={id} className="position-relative">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeItem !== undefined ? `${id}-option-${keyOf(activeItem)}` : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
        isInvalid={Boolean(error)}
        placeholder={placeholder}
        value={term}
        onChange={(event) => {
          onTermChange(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        className="list-group position-absolute w-100 shadow-sm desk-picker-list"
        hidden={!shown || results.length === 0}
      >
        {results.map((item, index) => (
          <div
            key={keyOf(item)}
            id={`${id}-option-${keyOf(item)}`}
            role="option"
            aria-selected={index === active}
            // The box keeps the focus; the options are reached with the arrows (aria-activedescendant).
            tabIndex={-1}
            className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
            // Chosen before the box loses focus and closes the list.
            onMouseDown={(event) => {
              event.preventDefault()
              pick(item)
            }}
          >
            {render(item)}
          </div>
        ))}
      </div>
      {shown && results.length === 0 && (
        <div className="list-group position-absolute w-100 shadow-sm desk-picker-list" role="status">
          <div className="list-group-item text-body-secondary">
            {searching ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                <Trans>Searching…</Trans>
              </>
            ) : (
              nothingFound
            )}
          </div>
        </div>
      )}
    </Form.Group>
  )
}
