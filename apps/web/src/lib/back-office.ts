import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { can, type Permission, type Role } from '@store/contract'
import { i18n } from './i18n'

/** One page of the back office's menu: where it is, its name, and the permission that opens it. */
export interface BackOfficeSection {
  to: string
  /** The menu's word for it, in the reader's language when read */
  readonly label: string
  permission: Permission
}

const section = (to: string, name: MessageDescriptor, permission: Permission): BackOfficeSection => ({
  to,
  get label() {
    return i18n._(name)
  },
  permission,
})

/**
 * The back office's work sections in menu order, each with the permission of the contract's table
 * that opens it. The menu shows those a role holds; a staff member lands on the first of them. (Each
 * staff member's own two-factor page sits apart, with the account's links.)
 */
export const BACK_OFFICE_SECTIONS: readonly BackOfficeSection[] = [
  section('/adminuser/dashboard', msg`Dashboard`, 'sales'),
  section('/adminuser/products', msg`Products`, 'catalogue'),
  section('/adminuser/categories', msg`Categories`, 'catalogue'),
  section('/adminuser/orders', msg`Orders`, 'orders'),
  section('/adminuser/messages', msg`Messages`, 'messages'),
  section('/adminuser/coupons', msg`Coupons`, 'settings'),
  section('/adminuser/delivery-zones', msg`Delivery`, 'settings'),
  section('/adminuser/people', msg`People`, 'people'),
  section('/adminuser/audit', msg`Audit log`, 'audit'),
]

/** The sections a role may open, in menu order (none for a customer). */
export const sectionsFor = (role: Role | null | undefined) =>
  BACK_OFFICE_SECTIONS.filter((section) => can(role, section.permission))

/**
 * Where a staff member's back office starts: the first section their role opens (owner and manager
 * the dashboard, catalogue the products, orders the orders, support the messages).
 */
export const backOfficeHome = (role: Role | null | undefined) => sectionsFor(role)[0]?.to ?? TWO_FACTOR_PAGE

export const TWO_FACTOR_PAGE = '/adminuser/two-factor'
