import type { Permission } from '@store/contract'
import { Outlet } from 'react-router'
import { useCan } from '../../data/access'
import { AccessDenied } from '../guards'

/**
 * The pages below need this permission of the contract's table: a role without it is told so inside
 * the back office's frame (its menu still shows where it may go), never given a page that fails.
 */
export function RequirePermission({ permission }: { permission: Permission }) {
  // The layout's <main> holds this: the refusal is a plain block inside it.
  return useCan(permission) ? <Outlet /> : <AccessDenied as="div" />
}
