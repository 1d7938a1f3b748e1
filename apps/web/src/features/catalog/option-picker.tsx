import { Trans } from '@lingui/react/macro'
import { formatPkr, type OptionChoices, type ProductOption, toPaisa } from '@store/contract'
import { isolated } from '../../lib/i18n'

/** "+PKR 4,000", "−PKR 30,000", or nothing for a value at the base price. */
function deltaLabel(delta: string): string {
  const paisa = toPaisa(delta)
  if (paisa === 0) return ''
  return paisa > 0 ? `+${formatPkr(paisa)}` : formatPkr(paisa)
}

interface OptionPickerProps {
  productId: number
  options: ProductOption[]
  choices: OptionChoices
  onChoose(optionId: number, valueId: number): void
  /** The options the shopper was asked to choose and has not */
  missing: number[]
}

/**
 * One radio group per option (Fabric, Size, …), drawn as buttons: arrow keys move within a group, and a
 * screen reader hears the option's name, each value with its price change, and which one is chosen.
 */
export function OptionPicker({ productId, options, choices, onChoose, missing }: OptionPickerProps) {
  return (
    <div className="option-picker">
      {options.map((option) => {
        const unchosen = missing.includes(option.id)
        const errorId = `option-${productId}-${option.id}-error`
        const optionName = isolated(option.name.toLowerCase())
        return (
          <fieldset
            key={option.id}
            className={`option-group${unchosen ? ' is-missing' : ''}`}
            aria-describedby={unchosen ? errorId : undefined}
          >
            <legend className="option-name">
              <bdi>{option.name}</bdi>
              {choices[String(option.id)] !== undefined && (
                <span className="option-chosen">
                  : <bdi>{option.values.find((value) => value.id === choices[String(option.id)])?.label}</bdi>
                </span>
              )}
            </legend>
            <div className="option-values">
              {option.values.map((value) => {
                const id = `option-${productId}-${option.id}-${value.id}`
                const delta = deltaLabel(value.price_delta)
                return (
                  <span key={value.id}>
                    <input
                      type="radio"
                      className="btn-check"
                      name={`option-${productId}-${option.id}`}
                      id={id}
                      value={value.id}
                      checked={choices[String(option.id)] === value.id}
                      onChange={() => onChoose(option.id, value.id)}
                    />
                    <label className="btn btn-outline-secondary option-value" htmlFor={id}>
                      <bdi>{value.label}</bdi>
                      {delta && (
                        <span className="option-delta" dir="ltr">
                          {delta}
                        </span>
                      )}
                    </label>
                  </span>
                )
              })}
            </div>
            {unchosen && (
              <p id={errorId} className="option-error" role="alert">
                <Trans>Choose the {optionName}.</Trans>
              </p>
            )}
          </fieldset>
        )
      })}
    </div>
  )
}
