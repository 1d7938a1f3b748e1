import { Trans, useLingui } from '@lingui/react/macro'
import type { Product } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import Col from 'react-bootstrap/Col'
import Row from 'react-bootstrap/Row'
import { Price } from '../../../components/price'
import { productSearchQuery } from '../../../data/catalog'
import { formatPrice } from '../../../lib/format'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { type DeskErrors, DeskField, DeskSelect } from './desk-field'
import { type LineValues, newLine } from './desk-values'
import { SearchPicker } from './search-picker'

const SEARCH_DELAY_MS = 250

/**
 * The order's lines: products found as staff type (the catalogue's own search), each with a select
 * for every option, its quantity and, for an owner or a manager, another unit price with a reason.
 */
export function OrderLines({
  items,
  onChange,
  errors,
  mayOverride,
}: {
  items: LineValues[]
  onChange(items: LineValues[]): void
  errors: DeskErrors
  mayOverride: boolean
}) {
  const { t } = useLingui()
  const [term, setTerm] = useState('')
  const search = useDebouncedValue(term.trim(), SEARCH_DELAY_MS)
  const found = useQuery(productSearchQuery(search))
  const results = search === term.trim() ? (found.data ?? []) : []

  const change = (index: number, part: Partial<LineValues>) =>
    onChange(items.map((line, at) => (at === index ? { ...line, ...part } : line)))

  return (
    <div className="d-grid gap-3">
      <SearchPicker<Product>
        id="desk-product-search"
        label={t`Add a product`}
        placeholder={t`Product name`}
        term={term}
        onTermChange={setTerm}
        results={results}
        searching={found.isFetching || search !== term.trim()}
        nothingFound={t`No product matches.`}
        keyOf={(product) => product.id}
        render={(product) => (
          <span className="d-flex justify-content-between gap-2">
            <bdi>{product.name}</bdi>
            <span className="text-nowrap">{formatPrice(product.price)}</span>
          </span>
        )}
        onPick={(product) => {
          onChange([...items, newLine(product)])
          setTerm('')
        }}
        error={errors.items}
      />
      {items.length === 0 ? (
        <p className="text-body-secondary mb-0">
          <Trans>No products yet: search for one above.</Trans>
        </p>
      ) : (
        <ol className="list-unstyled d-grid gap-3 mb-0" aria-label={t`Lines of the order`}>
          {items.map((line, index) => (
            <LineEditor
              // A line is its place in the order: two lines may hold one product with other options.
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own until saved
              key={index}
              index={index}
              line={line}
              errors={errors}
              mayOverride={mayOverride}
              onChange={(part) => change(index, part)}
              onRemove={() => onChange(items.filter((_, at) => at !== index))}
            />
          ))}
        </ol>
      )}
    </div>
  )
}

function LineEditor({
  index,
  line,
  errors,
  mayOverride,
  onChange,
  onRemove,
}: {
  index: number
  line: LineValues
  errors: DeskErrors
  mayOverride: boolean
  onChange(part: Partial<LineValues>): void
  onRemove(): void
}) {
  const { t } = useLingui()
  const name = line.product.name
  const id = `desk-line-${index}`
  const error = (field: string) => errors[`items.${index}.${field}`]
  // The options' sentence goes under the ones still open (under all when none is).
  const someOpen = line.product.options.some((option) => !line.options[String(option.id)])
  return (
    <li className="border rounded p-2 p-sm-3" data-testid="desk-line">
      <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
        <div>
          <div className="fw-semibold">
            <bdi>{name}</bdi>
          </div>
          <div className="small text-body-secondary">
            <Trans>
              Catalogue price <Price amount={line.product.price} />
            </Trans>
          </div>
        </div>
        <Button variant="outline-danger" size="sm" onClick={onRemove} aria-label={t`Remove ${name}`}>
          <Trans>Remove</Trans>
        </Button>
      </div>
      <Row className="g-2">
        {line.product.options.map((option) => {
          const optionName = option.name
          return (
            <Col xs={12} sm={6} key={option.id}>
              <DeskSelect
                id={`${id}-option-${option.id}`}
                label={t`${optionName} of ${name}`}
                error={someOpen && line.options[String(option.id)] ? undefined : error('options')}
                value={line.options[String(option.id)] ?? ''}
                onChange={(value) => onChange({ options: { ...line.options, [String(option.id)]: value } })}
              >
                <option value="">{t`Choose…`}</option>
                {option.values.map((value) => (
                  <option key={value.id} value={value.id}>
                    {value.label}
                    {Number(value.price_delta) !== 0 &&
                      ` (${Number(value.price_delta) > 0 ? '+' : ''}${formatPrice(value.price_delta)})`}
                  </option>
                ))}
              </DeskSelect>
            </Col>
          )
        })}
        <Col xs={6} sm={3}>
          <DeskField
            id={`${id}-quantity`}
            label={t`Quantity of ${name}`}
            error={error('quantity')}
            value={line.quantity}
            onChange={(quantity) => onChange({ quantity })}
            type="number"
            min={1}
            max={1000}
            inputMode="numeric"
          />
        </Col>
        {mayOverride && (
          <>
            <Col xs={6} sm={3}>
              <DeskField
                id={`${id}-unit-price`}
                label={t`Unit price of ${name}`}
                error={error('unit_price')}
                help={t`Empty: the catalogue's price`}
                value={line.unit_price}
                onChange={(unit_price) => onChange({ unit_price })}
                inputMode="decimal"
              />
            </Col>
            {line.unit_price.trim() !== '' && (
              <Col xs={12} sm={6}>
                <DeskField
                  id={`${id}-price-reason`}
                  label={t`Why this price for ${name}`}
                  error={error('price_reason')}
                  value={line.price_reason}
                  onChange={(price_reason) => onChange({ price_reason })}
                  maxLength={200}
                  dir="auto"
                />
              </Col>
            )}
          </>
        )}
      </Row>
    </li>
  )
}
