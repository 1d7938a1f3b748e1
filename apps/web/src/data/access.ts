import { can, type Permission } from '@store/contract'
import { type QueryCache, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { ApiError } from '../lib/api'
import { useSession } from './auth'

/**
 * Whether the signed-in user's role holds a permission of the contract's table. The back office shows
 * only what this allows; the server refuses the rest anyway. (Back office only: `can` brings zod along.)
 */
export function useCan(permission: Permission): boolean {
  const { user } = useSession()
  return can(user?.role, permission)
}

/** The sentence of a 403 some query of the cache got, if any. */
function refusalIn(cache: QueryCache): string | undefined {
  for (const query of cache.getAll()) {
    const { error } = query.state
    if (query.state.status === 'error' && error instanceof ApiError && error.status === 403) return error.detail
  }
  return undefined
}

/**
 * The server's sentence when it refuses the back office to staff without two-factor sign-in
 * (API.md: REQUIRE_STAFF_2FA answers staff routes 403 with a sentence saying so). The menu and the
 * pages ask only for what the role may see, so a 403 to a staff member without two-factor sign-in is
 * that refusal; undefined otherwise.
 */
export function useSecondFactorRefusal(): string | undefined {
  const { user } = useSession()
  const cache = useQueryClient().getQueryCache()
  const detail = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => refusalIn(cache),
  )
  return user?.is_staff && !user.two_factor_enabled ? detail : undefined
}
