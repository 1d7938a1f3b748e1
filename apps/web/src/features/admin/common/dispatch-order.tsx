import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { DispatchOrder, StopStatus } from '@store/contract'
import Badge from 'react-bootstrap/Badge'
import { ChosenOptions } from '../../../components/chosen-options'

type Needs = Pick<DispatchOrder, 'floor' | 'lift' | 'assembly'>

/** What the van's crew must be ready for: "Ground floor", "3rd floor, no lift · Assemble". */
export function useDeliveryNeeds() {
  const { t } = useLingui()
  return ({ floor, lift, assembly }: Needs) => {
    const where = floor === 0 ? t`Ground floor` : lift ? t`Floor ${floor}, lift` : t`Floor ${floor}, no lift`
    return assembly ? t`${where} · Assemble` : where
  }
}

/** An order's pieces as the checkout lists them: "Oak Side Table × 2", with the options chosen. */
export function DispatchItems({ order }: { order: Pick<DispatchOrder, 'items'> }) {
  return (
    <ul className="list-unstyled mb-0 dispatch-items">
      {order.items.map((item, index) => (
        // Two items may share a name with other options: the place in the order tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no id here and never move
        <li key={index}>
          <bdi>{item.name}</bdi> <span className="text-body-secondary">× {item.quantity}</span>{' '}
          <ChosenOptions options={item.options} />
        </li>
      ))}
    </ul>
  )
}

const STOP_LABELS = {
  planned: msg`Planned`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
} as const

const STOP_COLOURS: Record<StopStatus, string> = {
  planned: 'secondary',
  delivered: 'success',
  failed: 'danger',
}

export function StopStatusBadge({ status }: { status: StopStatus }) {
  const { i18n } = useLingui()
  return <Badge bg={STOP_COLOURS[status]}>{i18n._(STOP_LABELS[status])}</Badge>
}
