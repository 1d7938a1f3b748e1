import { can, type Permission, type Role } from '@store/contract'

/**
 * One page of the back office's menu: where it is and the permission that opens it. (Its name is in
 * the back office's own catalog, app/admin/sections.ts: the shop's bundle carries none of its texts.)
 */
export interface BackOfficeSection {
  to: string
  permission: Permission
}

/**
 * The back office's work sections in menu order, each with the permission of the contract's table
 * that opens it. The menu shows those a role holds; a staff member lands on the first of them. (Each
 * staff member's own two-factor page sits apart, with the account's links.)
 */
export const BACK_OFFICE_SECTIONS = [
  { to: '/adminuser/dashboard', permission: 'sales' },
  { to: '/adminuser/reports', permission: 'sales' },
  { to: '/adminuser/products', permission: 'catalogue' },
  { to: '/adminuser/categories', permission: 'catalogue' },
  { to: '/adminuser/locations', permission: 'catalogue' },
  { to: '/adminuser/low-stock', permission: 'catalogue' },
  { to: '/adminuser/orders', permission: 'orders' },
  { to: '/adminuser/claims', permission: 'orders' },
  { to: '/adminuser/dispatch', permission: 'orders' },
  { to: '/adminuser/dispatch/cash', permission: 'orders' },
  { to: '/adminuser/deliveries', permission: 'dispatch' },
  { to: '/adminuser/messages', permission: 'messages' },
  { to: '/adminuser/coupons', permission: 'settings' },
  { to: '/adminuser/delivery-zones', permission: 'settings' },
  { to: '/adminuser/payment-rules', permission: 'settings' },
  { to: '/adminuser/store-details', permission: 'settings' },
  { to: '/adminuser/claims/settings', permission: 'settings' },
  { to: '/adminuser/people', permission: 'people' },
  { to: '/adminuser/audit', permission: 'audit' },
] as const satisfies readonly BackOfficeSection[]

/** The sections a role may open, in menu order (none for a customer). */
export const sectionsFor = (role: Role | null | undefined) =>
  BACK_OFFICE_SECTIONS.filter((section) => can(role, section.permission))

/**
 * Where a staff member's back office starts: the first section their role opens (owner and manager
 * the dashboard, catalogue the products, orders the orders, support the messages, delivery their
 * deliveries).
 */
export const backOfficeHome = (role: Role | null | undefined) => sectionsFor(role)[0]?.to ?? TWO_FACTOR_PAGE

export const TWO_FACTOR_PAGE = '/adminuser/two-factor'
