import { Trans, useLingui } from '@lingui/react/macro'
import type { DeskCustomer } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import Col from 'react-bootstrap/Col'
import Row from 'react-bootstrap/Row'
import { deskCustomersQuery } from '../../../data/order-desk'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { type DeskErrors, DeskField } from './desk-field'
import type { CustomerValues } from './desk-values'
import { SearchPicker } from './search-picker'

/** How long typing pauses before the search is asked. */
const SEARCH_DELAY_MS = 250

/**
 * The order's customer: found by name, phone or email as staff type, or a new one (name and mobile;
 * an email, when given, makes them an account).
 */
export function CustomerPicker({
  value,
  onChange,
  errors,
  /** The delivery details of a customer found, to start the order's address from */
  onFound,
}: {
  value: CustomerValues
  onChange(value: CustomerValues): void
  errors: DeskErrors
  onFound(customer: DeskCustomer): void
}) {
  const { t } = useLingui()
  const [term, setTerm] = useState('')
  const search = useDebouncedValue(term.trim(), SEARCH_DELAY_MS)
  const found = useQuery(deskCustomersQuery(search))
  const results = search === term.trim() ? (found.data?.results ?? []) : []

  if (value.kind === 'found') {
    const { first_name, last_name, phone, email } = value.customer
    return (
      <div className="d-flex flex-wrap align-items-center gap-2" data-testid="desk-customer">
        <div className="flex-grow-1">
          <div className="fw-semibold">
            {first_name} {last_name}
          </div>
          <div className="small text-body-secondary">{[phone, email].filter(Boolean).join(' · ')}</div>
        </div>
        <Button variant="outline-secondary" size="sm" onClick={() => onChange({ kind: 'none' })}>
          <Trans>Change customer</Trans>
        </Button>
      </div>
    )
  }

  if (value.kind === 'new') {
    const set = (part: Partial<typeof value>) => onChange({ ...value, ...part })
    return (
      <fieldset className="d-grid gap-2">
        <legend className="h6 mb-0">
          <Trans>New customer</Trans>
        </legend>
        <Row className="g-2">
          <Col xs={12} sm={6}>
            <DeskField
              id="desk-first-name"
              label={t`First name`}
              error={errors['customer.first_name']}
              value={value.first_name}
              onChange={(first_name) => set({ first_name })}
              autoComplete="off"
            />
          </Col>
          <Col xs={12} sm={6}>
            <DeskField
              id="desk-last-name"
              label={t`Last name`}
              error={errors['customer.last_name']}
              value={value.last_name}
              onChange={(last_name) => set({ last_name })}
              autoComplete="off"
            />
          </Col>
          <Col xs={12} sm={6}>
            <DeskField
              id="desk-customer-phone"
              label={t`Mobile number`}
              error={errors['customer.phone']}
              value={value.phone}
              onChange={(phone) => set({ phone })}
              type="tel"
              inputMode="tel"
              placeholder="03001234567"
            />
          </Col>
          <Col xs={12} sm={6}>
            <DeskField
              id="desk-customer-email"
              label={t`Email (optional)`}
              error={errors['customer.email']}
              help={t`With an email the customer gets an account and a link to set a password.`}
              value={value.email}
              onChange={(email) => set({ email })}
              type="email"
            />
          </Col>
        </Row>
        <div>
          <Button variant="link" className="p-0" onClick={() => onChange({ kind: 'none' })}>
            <Trans>Find a customer instead</Trans>
          </Button>
        </div>
      </fieldset>
    )
  }

  return (
    <div className="d-grid gap-2">
      <SearchPicker<DeskCustomer>
        id="desk-customer-search"
        label={t`Find a customer`}
        placeholder={t`Name, phone or email`}
        term={term}
        onTermChange={setTerm}
        results={results}
        searching={found.isFetching || search !== term.trim()}
        nothingFound={t`No customer matches. Add a new one.`}
        keyOf={(customer) => customer.id}
        render={(customer) => (
          <>
            <span className="fw-medium">
              {customer.first_name} {customer.last_name}
            </span>
            <span className="d-block small">
              {[customer.phone, customer.email].filter(Boolean).join(' · ')}
            </span>
          </>
        )}
        onPick={(customer) => {
          onChange({ kind: 'found', customer })
          onFound(customer)
        }}
        error={errors.customer}
      />
      <div>
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => onChange({ kind: 'new', first_name: '', last_name: '', phone: '', email: '' })}
        >
          <Trans>New customer</Trans>
        </Button>
      </div>
    </div>
  )
}
