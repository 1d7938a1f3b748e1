import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ProductFacets } from '@store/contract'
import { amountFrom } from '@store/contract'
import { type FormEvent, useId, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Offcanvas from 'react-bootstrap/Offcanvas'
import type { ListQuery } from '../../data/catalog'
import { formatPrice } from '../../lib/format'

export interface ListingFiltersProps {
  query: ListQuery
  facets: ProductFacets | undefined
  /** Sets (or with null, removes) URL parameters; a list sets a repeated parameter */
  onChange(update: Record<string, string | string[] | null>): void
  onClear(): void
  /** The phone's offcanvas is open */
  show: boolean
  onHide(): void
}

const PRICE_BOUNDS = [
  { name: 'min_price', label: msg`Min` },
  { name: 'max_price', label: msg`Max` },
] as const

function toggled(list: string[] | undefined, value: string): string[] {
  const current = list ?? []
  return current.includes(value) ? current.filter((item) => item !== value) : [...current, value]
}

/** Checkboxes of one facet (materials, colours), each with how many products it would show. */
function FacetChecks({
  legend,
  counts,
  chosen,
  onToggle,
}: {
  legend: string
  counts: { value: string; count: number }[]
  chosen: string[] | undefined
  onToggle(value: string): void
}) {
  const id = useId()
  if (counts.length === 0 && !chosen?.length) return null
  // A chosen value stays listed even when the other filters leave it no products.
  const shown = [...counts]
  for (const value of chosen ?? []) {
    if (!shown.some((facet) => facet.value === value)) shown.push({ value, count: 0 })
  }
  return (
    <fieldset className="listing-filter">
      <legend>{legend}</legend>
      {shown.map((facet, index) => (
        <Form.Check
          key={facet.value}
          id={`${id}-${index}`}
          type="checkbox"
          label={
            <>
              <bdi>{facet.value}</bdi> <span className="facet-count">({facet.count})</span>
            </>
          }
          checked={chosen?.includes(facet.value) ?? false}
          onChange={() => onToggle(facet.value)}
        />
      ))}
    </fieldset>
  )
}

/**
 * The listing's filters: category, price range, material, colour and stock, with facet counts. Beside
 * the grid from lg up; on a phone in an offcanvas opened by the page's Filters button.
 */
export function ListingFilters({ query, facets, onChange, onClear, show, onHide }: ListingFiltersProps) {
  const { t } = useLingui()
  const id = useId()
  const [priceError, setPriceError] = useState<string>()
  // The chosen category stays listed (at 0) when the other filters leave it no products.
  const categories =
    facets && query.category && !facets.categories.some((category) => category.name === query.category)
      ? [...facets.categories, { name: query.category, count: 0 }]
      : (facets?.categories ?? [])

  function applyPrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const typed = (name: string) => String(form.get(name) ?? '').trim()
    const [min, max] = [typed('min_price'), typed('max_price')]
    const [minAmount, maxAmount] = [amountFrom(min), amountFrom(max)]
    // A box left empty clears its bound; one that holds no amount says so and keeps what was typed.
    if ((min && !minAmount) || (max && !maxAmount)) {
      setPriceError(t`Enter amounts such as 20000 or 20,000.`)
      return
    }
    setPriceError(undefined)
    onChange({ min_price: minAmount ?? null, max_price: maxAmount ?? null })
  }

  return (
    <Offcanvas show={show} onHide={onHide} responsive="lg" placement="start" aria-labelledby={`${id}-title`}>
      <Offcanvas.Header closeButton closeLabel={t`Close`}>
        <Offcanvas.Title id={`${id}-title`}>
          <Trans>Filters</Trans>
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="listing-filters">
        <div className="d-flex align-items-center justify-content-between">
          <h2 className="h6 mb-0 d-none d-lg-block">
            <Trans>Filters</Trans>
          </h2>
          <Button variant="link" size="sm" className="px-0" onClick={onClear}>
            <Trans>Clear all</Trans>
          </Button>
        </div>

        {categories.length > 0 && (
          <fieldset className="listing-filter">
            <legend>
              <Trans>Category</Trans>
            </legend>
            <Form.Check
              id={`${id}-category-all`}
              type="radio"
              name={`${id}-category`}
              label={t`All categories`}
              checked={!query.category}
              onChange={() => onChange({ category: null })}
            />
            {categories.map((category, index) => (
              <Form.Check
                key={category.name}
                id={`${id}-category-${index}`}
                type="radio"
                name={`${id}-category`}
                label={
                  <>
                    <bdi>{category.name}</bdi> <span className="facet-count">({category.count})</span>
                  </>
                }
                checked={query.category === category.name}
                onChange={() => onChange({ category: category.name })}
              />
            ))}
          </fieldset>
        )}

        <form className="listing-filter" onSubmit={applyPrice} aria-labelledby={`${id}-price`}>
          <p id={`${id}-price`} className="listing-filter-title">
            <Trans>Price (PKR)</Trans>
          </p>
          {facets && (
            <p className="small text-muted mb-2">
              <span dir="ltr">
                {formatPrice(facets.price.min)} – {formatPrice(facets.price.max)}
              </span>
            </p>
          )}
          <div className="d-flex gap-2 align-items-end">
            {PRICE_BOUNDS.map(({ name, label }) => (
              <Form.Group key={name} controlId={`${id}-${name}`}>
                <Form.Label className="small mb-1">{t(label)}</Form.Label>
                <Form.Control
                  name={name}
                  inputMode="decimal"
                  defaultValue={query[name] ?? ''}
                  // A new URL value replaces what the box shows.
                  key={`${name}-${query[name]}`}
                  size="sm"
                />
              </Form.Group>
            ))}
            <Button type="submit" size="sm" variant="outline-primary" className="text-nowrap">
              <Trans>Apply</Trans>
            </Button>
          </div>
          {priceError && (
            <p className="text-danger small mt-1 mb-0" role="alert">
              {priceError}
            </p>
          )}
        </form>

        <FacetChecks
          legend={t`Material`}
          counts={facets?.materials ?? []}
          chosen={query.material}
          onToggle={(value) => onChange({ material: toggled(query.material, value) })}
        />
        <FacetChecks
          legend={t`Colour`}
          counts={facets?.colours ?? []}
          chosen={query.colour}
          onToggle={(value) => onChange({ colour: toggled(query.colour, value) })}
        />

        <div className="listing-filter">
          <Form.Check
            type="switch"
            id={`${id}-in-stock`}
            label={
              <>
                <Trans>In stock only</Trans>{' '}
                {facets && <span className="facet-count">({facets.in_stock})</span>}
              </>
            }
            checked={query.in_stock === 'true'}
            onChange={(event) => onChange({ in_stock: event.target.checked ? 'true' : null })}
          />
        </div>
      </Offcanvas.Body>
    </Offcanvas>
  )
}
