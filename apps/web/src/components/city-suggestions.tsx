import type { DeliveryZone } from '@store/contract'

/**
 * The cities the shop delivers to, offered under a city field as the shopper types (a datalist
 * filters itself); the field names it with `list={id}`.
 */
export function CitySuggestions({ id, zones }: { id: string; zones: readonly DeliveryZone[] }) {
  return (
    <datalist id={id}>
      {zones.map((zone) => (
        <option key={zone.id} value={zone.city} />
      ))}
    </datalist>
  )
}
