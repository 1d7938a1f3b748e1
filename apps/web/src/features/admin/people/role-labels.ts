import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Role } from '@store/contract'

/** How each role of the contract reads on screen. */
export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  customer: msg`Customer`,
  owner: msg`Owner`,
  manager: msg`Manager`,
  catalogue: msg`Catalogue`,
  orders: msg`Orders`,
  support: msg`Support`,
  delivery: msg`Delivery`,
}
