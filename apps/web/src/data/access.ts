import { can, type Permission, SECOND_FACTOR_REQUIRED } from '@store/contract'
import { type QueryCache, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { ApiError } from '../lib/api'
import { useSession } from './auth'

/**
 * Whether the signed-in user's role holds a permission of the contract's table. The back office shows
 * only what this allows; the server refuses the rest anyway.
 */
export function useCan(permission: Permission): boolean {
  const { user } = useSession()
  return can(user?.role, permission)
}

/** Whether some query of the cache was refused for want of two-factor sign-in. */
function refusedForSecondFactor(cache: QueryCache): boolean {
  return cache
    .getAll()
    .some(({ state }) => state.error instanceof ApiError && state.error.detail === SECOND_FACTOR_REQUIRED)
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
    () => refusedForSecondFactor(cache),
  )
  return refused && user?.is_staff && !user.two_factor_enabled ? SECOND_FACTOR_REQUIRED : undefined
}
