import type { ChosenOption } from '@store/contract'

/** The options chosen for a cart line or an order item: "Fabric: Beige linen · Size: 3-seater". */
export function ChosenOptions({ options }: { options: ChosenOption[] }) {
  if (options.length === 0) return null
  return (
    <span className="line-options" dir="auto">
      {options.map((option) => `${option.name}: ${option.value}`).join(' · ')}
    </span>
  )
}
