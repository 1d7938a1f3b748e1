import { can, type Permission, SECOND_FACTOR_REQUIRED } from '@store/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { refusedForSecondFactor, useSession } from './auth'

/**
 * Whether the signed-in user's role holds a permission of the contract's table. The back office shows
 * only what this allows; the server refuses the rest anyway.
 */
export function useCan(permission: Permission): boolean {
  const { user } = useSession()
  return can(user?.role, permission)
}

/**
 * The server's sentence when it refuses the back office to staff without two-factor sign-in
 * (REQUIRE_STAFF_2FA), once some page has met it; undefined otherwise.
 */
export function useSecondFactorRefusal(): string | undefined {
  const { user } = useSession()
  const cache = useQueryClient().getQueryCache()
  const refused = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => cache.getAll().some(refusedForSecondFactor),
  )
  return refused && user?.is_staff && !user.two_factor_enabled ? SECOND_FACTOR_REQUIRED : undefined
}
