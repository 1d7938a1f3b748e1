// No zod here: the shop's first bundle asks `can()` (the header's back-office link) without the schemas.

/** The staff roles, most powerful first (docs/api.md "Staff roles and the audit log"). */
export const STAFF_ROLES = ['owner', 'manager', 'catalogue', 'orders', 'support', 'delivery'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** Every role: a customer, or staff (the contract's `Role` schema checks one) */
export const ROLES = ['customer', ...STAFF_ROLES] as const
type RoleName = (typeof ROLES)[number]

/**
 * What each staff role may do: the one table that decides every staff route (a route names the
 * permission it needs), the back office's menus and buttons, and the access matrix test. docs/roles.md
 * shows it.
 */
export const permissions = {
  backOffice: {
    allows: 'open the back office: its work badges, two-factor setup',
    roles: ['owner', 'manager', 'catalogue', 'orders', 'support', 'delivery'],
  },
  sales: { allows: 'see the sales dashboard and the sales reports', roles: ['owner', 'manager'] },
  catalogue: {
    allows: 'add, change and delete products, their images and categories',
    roles: ['owner', 'manager', 'catalogue'],
  },
  orders: {
    allows: 'see every order, change its status and payment, see receipts',
    roles: ['owner', 'manager', 'orders'],
  },
  messages: {
    allows: 'read and answer every customer conversation',
    roles: ['owner', 'manager', 'orders', 'support'],
  },
  dispatch: {
    allows: 'drive runs: see their stops, mark them delivered or failed with the cash collected',
    roles: ['owner', 'manager', 'delivery'],
  },
  settings: {
    allows: 'delivery zones and services, the bank account, coupons and payment rules',
    roles: ['owner', 'manager'],
  },
  people: { allows: 'see customers and staff, their orders and conversations', roles: ['owner', 'manager'] },
  roles: { allows: "change a person's role, disable or enable an account", roles: ['owner'] },
  audit: { allows: 'read the audit log', roles: ['owner', 'manager'] },
} as const satisfies Record<string, { allows: string; roles: readonly StaffRole[] }>
export type Permission = keyof typeof permissions

export const PERMISSIONS = Object.keys(permissions) as Permission[]

/** Whether someone with this role has this permission (customers and nobody have none). */
export function can(role: RoleName | null | undefined, permission: Permission): boolean {
  return (permissions[permission].roles as readonly string[]).includes(role ?? 'customer')
}

/** What a staff route answers (403) to staff without two-factor sign-in when REQUIRE_STAFF_2FA is on. */
export const SECOND_FACTOR_REQUIRED =
  'This shop requires two-factor sign-in for staff. Set it up under Two-factor sign-in in the back office first.'

/** Who may call a route: anyone, any logged-in user, or staff holding a permission. */
export type Access = 'anyone' | 'user' | { staff: Permission }
