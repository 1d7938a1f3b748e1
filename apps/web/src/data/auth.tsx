import {
  type LoginBody,
  type PasswordResetBody,
  type PasswordResetConfirmBody,
  type RegisterBody,
  type UpdateProfileBody,
  type User,
  paths,
} from '@store/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { call, refreshTokens, tokens } from '../lib/api'

/** SPEC §1 and §4: the splash stays about 500 ms after the session check. */
export const SPLASH_MIN_MS = 500

interface Session {
  user: User | null
  /** True until the stored session has been checked */
  loading: boolean
  /** Stores both tokens and fetches the profile; throws the API's error */
  login(credentials: LoginBody): Promise<User>
  /** Registers, then logs in with the same credentials (SPEC §4) */
  signup(details: RegisterBody): Promise<User>
  /** Clears the user and both tokens; the server forgets the refresh token too */
  logout(): void
  /** The server's answer after a profile change becomes the session's user */
  replaceUser(user: User): void
}

const SessionContext = createContext<Session | null>(null)

function expiresInFuture(token: string): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? '')) as {
      exp?: number
    }
    return typeof payload.exp === 'number' && payload.exp * 1000 > Date.now()
  } catch {
    return false
  }
}

const fetchProfile = () => call(paths.auth.profile)

/** SPEC §4 session start: a live access token → profile; an expired one → refresh first; else logged out. */
async function restoreSession(): Promise<User | null> {
  const access = tokens.access
  if (!access) return null
  if (!expiresInFuture(access) && !(await refreshTokens())) {
    tokens.clear()
    return null
  }
  try {
    return await fetchProfile()
  } catch {
    tokens.clear()
    return null
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null)
  const [loading, setLoading] = useState(true)
  const queryClient = useQueryClient()

  useEffect(() => {
    let cancelled = false
    restoreSession().then((restored) => {
      if (cancelled) return
      setUser(restored)
      // SPEC §4: the loading flag clears about 500 ms after the check.
      setTimeout(() => !cancelled && setLoading(false), SPLASH_MIN_MS)
    })
    return () => {
      cancelled = true
    }
  }, [])

  const login = useCallback(async (credentials: LoginBody) => {
    const pair = await call(paths.auth.login, { body: credentials })
    if ('mfa_required' in pair) throw new Error('two-factor sign-in is not wired yet')
    tokens.store(pair)
    const profile = await fetchProfile()
    setUser(profile)
    return profile
  }, [])

  const signup = useCallback(
    async (details: RegisterBody) => {
      await call(paths.auth.register, { body: details })
      return login({ email: details.email, password: details.password })
    },
    [login],
  )

  const logout = useCallback(() => {
    const refresh = tokens.refresh
    if (refresh) call(paths.auth.logout, { body: { refresh } }).catch(() => {})
    tokens.clear()
    setUser(null)
    // Nothing of this user's cart, orders or messages stays in memory for the next one.
    queryClient.clear()
  }, [queryClient])

  const value = useMemo(
    () => ({ user, loading, login, signup, logout, replaceUser: setUser }),
    [user, loading, login, signup, logout],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used inside <SessionProvider>')
  return session
}

/**
 * Changes the profile. A new password ends every session on the server, this one too, so the app logs
 * straight back in with it: other devices are signed out, this one carries on.
 */
export function useUpdateProfile() {
  const { login, replaceUser } = useSession()
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) => {
      const user = await call(paths.auth.updateProfile, { body })
      if (body.password) return login({ email: user.email, password: body.password })
      return user
    },
    onSuccess: replaceUser,
  })
}

/** Asks for a reset link; the server answers alike whether or not the email has an account. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: PasswordResetBody) => call(paths.auth.passwordReset, { body }) })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) => call(paths.auth.passwordResetConfirm, { body }),
  })
}
