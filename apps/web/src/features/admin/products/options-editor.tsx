import { Trans, useLingui } from '@lingui/react/macro'
import { formatPkr, type ProductOption, toPaisa } from '@store/contract'
import { useRef } from 'react'
import { Button, Card, Form, InputGroup } from 'react-bootstrap'
import { amountInput } from '../common/amount-input'

export interface EditedValue {
  key: number
  id?: number
  label: string
  price_delta: string
}

export interface EditedOption {
  key: number
  id?: number
  name: string
  values: EditedValue[]
}

let nextKey = 0
const newKey = () => nextKey++

/** The product's saved options, as the editor holds them (keys for React, ids kept for the server). */
export function editableOptions(options: ProductOption[]): EditedOption[] {
  return options.map((option) => ({
    key: newKey(),
    id: option.id,
    name: option.name,
    values: option.values.map((value) => ({
      key: newKey(),
      id: value.id,
      label: value.label,
      price_delta: amountInput(value.price_delta),
    })),
  }))
}

/** What the server takes (docs/api.md: one JSON field), without the editor's keys. */
export function optionsPayload(options: EditedOption[]) {
  return options.map(({ id, name, values }) => ({
    ...(id !== undefined && { id }),
    name,
    values: values.map(({ id: valueId, label, price_delta }) => ({
      ...(valueId !== undefined && { id: valueId }),
      label,
      price_delta: price_delta.trim() === '' ? '0' : price_delta.trim(),
    })),
  }))
}

/** The price a value sells at in paisa, or null while the base price or the change is not a number yet. */
function resultingPrice(basePrice: string, delta: string): number | null {
  const base = basePrice.trim()
  const change = delta.trim() === '' ? '0' : delta.trim()
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(base) || !/^-?\d{1,10}(\.\d{1,2})?$/.test(change)) return null
  return toPaisa(base) + toPaisa(change)
}

function moved<T>(list: T[], from: number, to: number): T[] {
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  if (item !== undefined) copy.splice(to, 0, item)
  return copy
}

interface OptionsEditorProps {
  options: EditedOption[]
  onChange(options: EditedOption[]): void
  /** The price typed above, for the preview of each value's price */
  basePrice: string
  error?: string
}

/**
 * Options and their values (e.g. Fabric: Emerald velvet, Beige linen +4,000), in the order shoppers
 * see them, with the price each value makes. Buttons move and remove; nothing is saved until the form is.
 */
export function OptionsEditor({ options, onChange, basePrice, error }: OptionsEditorProps) {
  const { t } = useLingui()
  const lastAdded = useRef<number | null>(null)
  const update = (index: number, option: EditedOption) =>
    onChange(options.map((current, at) => (at === index ? option : current)))

  function addOption() {
    const key = newKey()
    lastAdded.current = key
    onChange([...options, { key, name: '', values: [{ key: newKey(), label: '', price_delta: '0' }] }])
  }

  return (
    <div className="d-grid gap-3">
      {options.length === 0 && (
        <p className="text-body-secondary small mb-0">
          <Trans>No options: the product sells at one price. Add one for fabrics, sizes or finishes.</Trans>
        </p>
      )}
      {options.map((option, index) => {
        const place = index + 1
        const label = option.name.trim() || t`Option ${place}`
        return (
          <Card key={option.key} className="border">
            <Card.Body className="d-grid gap-2">
              <div className="d-flex flex-wrap gap-2 align-items-end">
                <Form.Group className="flex-grow-1" controlId={`option-name-${option.key}`}>
                  <Form.Label className="small mb-1">
                    <Trans>Option {place} name</Trans>
                  </Form.Label>
                  <Form.Control
                    dir="auto"
                    value={option.name}
                    // Options are the product's texts, which are English: so are the examples.
                    placeholder="Fabric"
                    maxLength={60}
                    autoFocus={lastAdded.current === option.key}
                    onChange={(event) => update(index, { ...option, name: event.target.value })}
                  />
                </Form.Group>
                <Button
                  variant="outline-secondary"
                  size="sm"
                  disabled={index === 0}
                  onClick={() => onChange(moved(options, index, index - 1))}
                  aria-label={t`Move ${label} up`}
                >
                  ↑
                </Button>
                <Button
                  variant="outline-secondary"
                  size="sm"
                  disabled={index === options.length - 1}
                  onClick={() => onChange(moved(options, index, index + 1))}
                  aria-label={t`Move ${label} down`}
                >
                  ↓
                </Button>
                <Button
                  variant="outline-danger"
                  size="sm"
                  onClick={() => onChange(options.filter((_, at) => at !== index))}
                  aria-label={t`Remove ${label}`}
                >
                  <Trans>Remove</Trans>
                </Button>
              </div>
              <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={t`Values of ${label}`}>
                {option.values.map((value, valueIndex) => {
                  // Named by place, not by the label being typed, so a screen reader's name stays put.
                  const valuePlace = valueIndex + 1
                  const valueLabel = t`value ${valuePlace}`
                  const setValue = (changed: EditedValue) =>
                    update(index, {
                      ...option,
                      values: option.values.map((current, at) => (at === valueIndex ? changed : current)),
                    })
                  const paisa = resultingPrice(basePrice, value.price_delta)
                  const price = paisa === null ? null : paisa < 0 ? t`below zero` : formatPkr(paisa)
                  return (
                    <li key={value.key} className="d-flex flex-wrap gap-2 align-items-center">
                      <Form.Control
                        dir="auto"
                        className="flex-grow-1 w-auto"
                        value={value.label}
                        placeholder="Beige linen"
                        maxLength={60}
                        aria-label={t`${label}, ${valueLabel}: label`}
                        onChange={(event) => setValue({ ...value, label: event.target.value })}
                      />
                      <InputGroup className="w-auto">
                        <InputGroup.Text>± PKR</InputGroup.Text>
                        <Form.Control
                          dir="auto"
                          value={value.price_delta}
                          inputMode="decimal"
                          className="options-delta"
                          aria-label={t`${label}, ${valueLabel}: price change`}
                          onChange={(event) => setValue({ ...value, price_delta: event.target.value })}
                        />
                      </InputGroup>
                      <output className="small text-body-secondary options-preview">
                        {price && `= ${price}`}
                      </output>
                      <Button
                        variant="outline-secondary"
                        size="sm"
                        disabled={valueIndex === 0}
                        onClick={() =>
                          update(index, {
                            ...option,
                            values: moved(option.values, valueIndex, valueIndex - 1),
                          })
                        }
                        aria-label={t`Move ${valueLabel} of ${label} up`}
                      >
                        ↑
                      </Button>
                      <Button
                        variant="outline-secondary"
                        size="sm"
                        disabled={valueIndex === option.values.length - 1}
                        onClick={() =>
                          update(index, {
                            ...option,
                            values: moved(option.values, valueIndex, valueIndex + 1),
                          })
                        }
                        aria-label={t`Move ${valueLabel} of ${label} down`}
                      >
                        ↓
                      </Button>
                      <Button
                        variant="link"
                        size="sm"
                        className="text-danger"
                        disabled={option.values.length === 1}
                        onClick={() =>
                          update(index, {
                            ...option,
                            values: option.values.filter((_, at) => at !== valueIndex),
                          })
                        }
                        aria-label={t`Remove ${valueLabel} from ${label}`}
                      >
                        ×
                      </Button>
                    </li>
                  )
                })}
              </ul>
              <div>
                <Button
                  variant="outline-primary"
                  size="sm"
                  onClick={() =>
                    update(index, {
                      ...option,
                      values: [...option.values, { key: newKey(), label: '', price_delta: '0' }],
                    })
                  }
                >
                  <Trans>Add value to {label}</Trans>
                </Button>
              </div>
            </Card.Body>
          </Card>
        )
      })}
      {error && (
        <p className="text-danger small mb-0" role="alert">
          {error}
        </p>
      )}
      <div>
        <Button variant="outline-primary" onClick={addOption} disabled={options.length >= 10}>
          <Trans>Add option</Trans>
        </Button>
      </div>
    </div>
  )
}
