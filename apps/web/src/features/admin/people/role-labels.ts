import type { Role } from '@store/contract'

/** How each role of the contract reads on screen. */
export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  owner: 'Owner',
  manager: 'Manager',
  catalogue: 'Catalogue',
  orders: 'Orders',
  support: 'Support',
}
