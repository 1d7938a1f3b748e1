import { z } from 'zod'

/** The staff roles, most powerful first (API.md "Staff roles and the audit log"). */
export const STAFF_ROLES = ['owner', 'manager', 'catalogue', 'orders', 'support'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const Role = z.enum(['customer', ...STAFF_ROLES])
export type Role = z.infer<typeof Role>

/**
 * What each staff role may do: the one table that decides every staff route (a route names the
 * permission it needs), the back office's menus and buttons, and the access matrix test. The README
 * shows it.
 */
export const permissions = {
  /** Open the back office: its work badges and two-factor setup */
  backOffice: ['owner', 'manager', 'catalogue', 'orders', 'support'],
  /** Sales figures: the dashboard */
  sales: ['owner', 'manager'],
  /** Products, their images, and categories */
  catalogue: ['owner', 'manager', 'catalogue'],
  /** Every order: list, read, change status and payment, see receipts */
  orders: ['owner', 'manager', 'orders'],
  /** Every customer conversation: read and answer */
  messages: ['owner', 'manager', 'orders', 'support'],
  /** Delivery zones, the bank account and coupons */
  settings: ['owner', 'manager'],
  /** The people page: customers and staff, their orders and conversations */
  people: ['owner', 'manager'],
  /** Change a person's role, disable or enable an account */
  roles: ['owner'],
  /** Read the audit log */
  audit: ['owner', 'manager'],
} as const satisfies Record<string, readonly StaffRole[]>
export type Permission = keyof typeof permissions

export const PERMISSIONS = Object.keys(permissions) as Permission[]

/** Whether someone with this role has this permission (customers and nobody have none). */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return (permissions[permission] as readonly string[]).includes(role ?? 'customer')
}

/** Who may call a route: anyone, any logged-in user, or staff holding a permission. */
export type Access = 'anyone' | 'user' | { staff: Permission }
