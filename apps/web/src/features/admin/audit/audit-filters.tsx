import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { AuditEntity, Id } from '@store/contract'
import { useState } from 'react'
import { Button, Col, Form } from 'react-bootstrap'
import { FilterForm, FilterSelect, isFiltered, useFilterParams } from '../common/filter-form'

export interface AuditFilters {
  actor?: string
  entity?: AuditEntity
  entity_id?: number
  from?: string
  to?: string
}

const FILTER_NAMES = ['actor', 'entity', 'entity_id', 'from', 'to'] as const satisfies (keyof AuditFilters)[]

/** How each kind of record reads in the filter and the log. */
export const ENTITY_LABELS: Record<AuditEntity, MessageDescriptor> = {
  product: msg`Product`,
  category: msg`Category`,
  order: msg`Order`,
  delivery_zone: msg`Delivery zone`,
  bank_account: msg`Bank account`,
  payment_settings: msg`Payment rules`,
  payment: msg`Payment`,
  coupon: msg`Coupon`,
  user: msg`Person`,
  location: msg`Location`,
  stock: msg`Stock`,
  stock_settings: msg`Stock settings`,
  delivery_settings: msg`Delivery services`,
  store_details: msg`Store details`,
  delivery_run: msg`Delivery run`,
  delivery_stop: msg`Delivery stop`,
  cash_hand_in: msg`Cash hand-in`,
  claim: msg`Claim`,
  claim_settings: msg`Returns policy`,
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const day = (value: string | null | undefined) => (value && DAY.test(value) ? value : undefined)

/**
 * The audit log's filters, kept in the query string (`?actor=sana&entity=order&entity_id=41&from=
 * 2026-11-01&to=2026-11-30`): the History links of a product or an order open the log filtered to it.
 * Values the API would refuse are left out rather than sent.
 */
export const useAuditFilters = () =>
  useFilterParams<AuditFilters>(FILTER_NAMES, (params) => {
    const entity = AuditEntity.safeParse(params.get('entity'))
    const id = Id.safeParse(params.get('entity_id') ?? undefined)
    return {
      actor: params.get('actor')?.trim() || undefined,
      entity: entity.success ? entity.data : undefined,
      entity_id: id.success ? id.data : undefined,
      from: day(params.get('from')),
      to: day(params.get('to')),
    }
  })

type Draft = Record<keyof AuditFilters, string>

const draftOf = (filters: AuditFilters): Draft => ({
  actor: filters.actor ?? '',
  entity: filters.entity ?? '',
  entity_id: filters.entity_id === undefined ? '' : String(filters.entity_id),
  from: filters.from ?? '',
  to: filters.to ?? '',
})

/**
 * Who, what, which record and which days; applied together with Filter (or Enter). Give it a new `key`
 * when the URL's filters change, so the fields show what is applied.
 */
export function AuditFilterForm({
  filters,
  onChange,
}: {
  filters: AuditFilters
  onChange(filters: AuditFilters): void
}) {
  const { i18n, t } = useLingui()
  const [draft, setDraft] = useState(() => draftOf(filters))
  const [idError, setIdError] = useState<string>()
  const set = (name: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }))

  function submit() {
    const entity = AuditEntity.safeParse(draft.entity)
    const id = draft.entity_id.trim() ? Id.safeParse(draft.entity_id.trim()) : null
    if (id && !id.success) {
      setIdError(t`Enter a record number, such as 41.`)
      return
    }
    setIdError(undefined)
    onChange({
      actor: draft.actor.trim() || undefined,
      entity: entity.success ? entity.data : undefined,
      entity_id: id?.data,
      from: day(draft.from),
      to: day(draft.to),
    })
  }

  return (
    <FilterForm
      label={t`Filter the audit log`}
      filtered={isFiltered(filters)}
      onSubmit={submit}
      onClear={() => onChange({})}
    >
      <Form.Group as={Col} xs={12} md={6} xl={3} controlId="audit-actor">
        <Form.Label>
          <Trans>Who</Trans>
        </Form.Label>
        <Form.Control
          dir="auto"
          type="search"
          value={draft.actor}
          maxLength={254}
          placeholder={t`Email of a staff member`}
          onChange={set('actor')}
        />
      </Form.Group>
      <FilterSelect
        id="audit-entity"
        label={t`What`}
        value={draft.entity}
        anyLabel={t`Everything`}
        options={AuditEntity.options.map((entity) => [entity, i18n._(ENTITY_LABELS[entity])])}
        onChange={(entity) => setDraft((current) => ({ ...current, entity: entity ?? '' }))}
        xs={6}
        md={3}
        xl={2}
      />
      <Form.Group as={Col} xs={6} md={3} xl={1} controlId="audit-entity-id">
        <Form.Label>
          <Trans>Record id</Trans>
        </Form.Label>
        <Form.Control
          dir="auto"
          inputMode="numeric"
          value={draft.entity_id}
          maxLength={10}
          isInvalid={Boolean(idError)}
          aria-invalid={Boolean(idError)}
          aria-describedby={idError ? 'audit-entity-id-error' : undefined}
          onChange={set('entity_id')}
        />
        <Form.Control.Feedback type="invalid" id="audit-entity-id-error">
          {idError}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group as={Col} xs={6} md={3} xl={2} controlId="audit-from">
        <Form.Label>
          <Trans context="date range">From</Trans>
        </Form.Label>
        <Form.Control type="date" value={draft.from} onChange={set('from')} />
      </Form.Group>
      <Form.Group as={Col} xs={6} md={3} xl={2} controlId="audit-to">
        <Form.Label>
          <Trans context="date range">To</Trans>
        </Form.Label>
        <Form.Control type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} />
      </Form.Group>
      <Col xs="auto">
        <Button type="submit" variant="outline-primary">
          <Trans>Filter</Trans>
        </Button>
      </Col>
    </FilterForm>
  )
}
