import type { User } from '@store/contract'
import { backOfficeHome } from '../../lib/back-office'

/**
 * docs/product.md §2, with staff roles: after login a staff member goes to the first back-office page their
 * role opens (the dashboard for owners and managers), everyone else to the home page.
 */
export const homeFor = (user: User) => (user.is_staff ? backOfficeHome(user.role) : '/')
